//===- AcslToC.h - one ACSL term as a C expression -------------*- C++ -*-===//
#ifndef COSMO_FRONTEND_ACSLTOC_H
#define COSMO_FRONTEND_ACSLTOC_H

#include "cosmo/frontend/Acsl.h"

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace cosmo::frontend::acsl {

/// A term cosmo cannot translate: the line and the message.
struct TranslateError {
  unsigned line;
  std::string msg;
};

/// How a property is used where it stands: checked (a violation is an
/// error) or assumed (paths where it fails are dropped). Quantifiers are
/// translated according to it (file comment of AcslToC.cpp).
enum class Use { Check, Assume };

struct TermScope {
  Use use = Use::Check;
  bool resultAllowed = false; // ensures
  bool oldAllowed = false;    // ensures
  /// \old(t) terms met, as C expressions of the pre-state; a use is
  /// replaced by `__cosmo_old_<index>`.
  std::vector<std::string> *olds = nullptr;
  const std::map<std::string, const LogicDefinition *> *logic = nullptr;
  /// For a native run: quantifiers in assumptions stand for what they
  /// assume (the inputs came from a model that satisfies them).
  bool native = false;
};

/// `s` as a C string literal on one line (line breaks become spaces).
std::string cStringLiteral(const std::string &s);

/// The C expression (int-valued for properties) of `t`; throws
/// TranslateError.
std::string propertyToC(const Term &t, TermScope &scope);

/// The C code that havocs location `loc` (an `assigns` entry), one
/// statement; throws TranslateError.
std::string havocToC(const Term &loc, TermScope &scope);

/// The C statement that allows writes to `loc` in a contract's check.
std::string assignableToC(const Term &loc, TermScope &scope);

/// Declarations every instrumented file starts with: the intrinsics and
/// the checked 128-bit arithmetic of ACSL integers.
const char *preludeText();

} // namespace cosmo::frontend::acsl

#endif // COSMO_FRONTEND_ACSLTOC_H
