//===- ProgramLinker.h - units into one program -----------------*- C++ -*-===//
//
// Links the program's units the way a C linker would, with errors a user can
// act on: a symbol defined in two units names both files; units built for
// different targets name both; a variable that no unit defines names the
// files that use it. With an entry function, only the units it needs are
// linked: the one defining it, then the definers of whatever a selected unit
// leaves undefined, transitively.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_PROGRAMLINKER_H
#define COSMO_FRONTEND_PROGRAMLINKER_H

#include <llvm/IR/Module.h>
#include <llvm/Support/Error.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cosmo::frontend {

struct Unit {
  std::string path;
  std::unique_ptr<llvm::Module> module;
};

/// The index of the unit that defines the function `name`, if one does.
std::optional<size_t> definerOf(const std::string &name,
                                const std::vector<Unit> &units);

/// Indices of every unit that defines the function `name`.
std::vector<size_t> definersOf(const std::string &name,
                               const std::vector<Unit> &units);

/// Indices into `units` of those `entry` needs, the definer of `entry`
/// first; an error if no unit defines it, or if several do and none of
/// them is among the first `chosen` units (those the user named).
llvm::Expected<std::vector<size_t>> unitsNeededBy(const std::string &entry,
                                                  const std::vector<Unit> &units,
                                                  size_t chosen = 0);

struct LinkedUnits {
  std::unique_ptr<llvm::Module> module;
  /// Global variables declared but not defined by any unit, with the files
  /// that use them (they may still come from stubs or libc models).
  std::map<std::string, std::vector<std::string>> undefinedVariables;
};

/// Links `units` (at least one) into the first.
llvm::Expected<LinkedUnits> linkUnits(std::vector<Unit> units);

/// An error naming the first of `undefined` that `m` still does not define.
llvm::Error
checkVariablesDefined(const llvm::Module &m,
                      const std::map<std::string, std::vector<std::string>> &undefined);

} // namespace cosmo::frontend

#endif // COSMO_FRONTEND_PROGRAMLINKER_H
