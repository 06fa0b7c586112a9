//===- cosmo/driver/SvcompProperty.h - SV-COMP's property files -*- C++ -*-===//
//
// `--property FILE.prp` (docs/svcomp.md): which of SV-COMP's properties a
// task asks, read from its property file's CHECK lines, and which of
// cosmo's error kinds violate each.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_DRIVER_SVCOMPPROPERTY_H
#define COSMO_DRIVER_SVCOMPPROPERTY_H

#include "cosmo/engine/Results.h"

#include <llvm/Support/Error.h>

#include <string>
#include <vector>

namespace cosmo::driver {

/// The subproperties a property file states (SV-COMP's names).
enum class Subproperty {
  UnreachCall,    ///< G ! call(reach_error())
  ValidFree,      ///< G valid-free
  ValidDeref,     ///< G valid-deref
  ValidMemtrack,  ///< G valid-memtrack
  ValidMemcleanup,///< G valid-memcleanup
  NoOverflow,     ///< G ! overflow
};
/// "unreach-call", "valid-free", ... as FALSE(...) names them.
const char *subpropertyName(Subproperty p);

struct SvcompProperty {
  /// With the CHECK line stating each, in the file's order.
  std::vector<std::pair<Subproperty, std::string>> parts = {
      {Subproperty::UnreachCall,
       "CHECK( init(main()), LTL(G ! call(reach_error())) )"}};

  bool has(Subproperty p) const;
  bool reachability() const { return has(Subproperty::UnreachCall); }
  /// The subproperty an error of `kind` violates, if one of this file's.
  std::optional<Subproperty> violatedBy(engine::ErrorKind kind) const;
  /// The error kinds that violate it.
  std::vector<engine::ErrorKind> violations() const;
  /// The CHECK line of `p` (the witness's specification).
  std::string lineOf(Subproperty p) const;
};

/// The property stated by the file at `path`; an error naming the line for
/// a property cosmo does not check (termination, data races ...) or a
/// combination it does not (reachability with memory safety, say).
llvm::Expected<SvcompProperty> readPropertyFile(const std::string &path);

} // namespace cosmo::driver

#endif // COSMO_DRIVER_SVCOMPPROPERTY_H
