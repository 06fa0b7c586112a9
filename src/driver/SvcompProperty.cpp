//===- SvcompProperty.cpp - SV-COMP's property files ----------------------===//

#include "cosmo/driver/SvcompProperty.h"

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/MemoryBuffer.h>

#include <algorithm>
#include <optional>

namespace cosmo::driver {

namespace {

llvm::Error failure(const std::string &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s",
                                 message.c_str());
}

/// The subproperty of an LTL formula `G ...`, if cosmo checks it.
std::optional<Subproperty> subpropertyOf(llvm::StringRef formula) {
  std::string f;
  for (char c : formula) // spaces do not matter: "G ! call(...)"
    if (c != ' ' && c != '\t')
      f += c;
  if (f == "G!call(reach_error())" || f == "G!call(__VERIFIER_error())")
    return Subproperty::UnreachCall;
  if (f == "Gvalid-free")
    return Subproperty::ValidFree;
  if (f == "Gvalid-deref")
    return Subproperty::ValidDeref;
  if (f == "Gvalid-memtrack")
    return Subproperty::ValidMemtrack;
  if (f == "Gvalid-memcleanup")
    return Subproperty::ValidMemcleanup;
  if (f == "G!overflow")
    return Subproperty::NoOverflow;
  return std::nullopt;
}

} // namespace

const char *subpropertyName(Subproperty p) {
  switch (p) {
  case Subproperty::UnreachCall: return "unreach-call";
  case Subproperty::ValidFree: return "valid-free";
  case Subproperty::ValidDeref: return "valid-deref";
  case Subproperty::ValidMemtrack: return "valid-memtrack";
  case Subproperty::ValidMemcleanup: return "valid-memcleanup";
  case Subproperty::NoOverflow: return "no-overflow";
  }
  return "?";
}

bool SvcompProperty::has(Subproperty p) const {
  return std::ranges::any_of(parts, [&](const auto &x) { return x.first == p; });
}

std::optional<Subproperty>
SvcompProperty::violatedBy(engine::ErrorKind kind) const {
  using K = engine::ErrorKind;
  std::optional<Subproperty> p;
  switch (kind) {
  case K::Assert: p = Subproperty::UnreachCall; break;
  case K::NullDeref:
  case K::OutOfBounds:
  case K::UseAfterFree: p = Subproperty::ValidDeref; break;
  case K::DoubleFree:
  case K::InvalidFree: p = Subproperty::ValidFree; break;
  case K::Leak: p = Subproperty::ValidMemtrack; break;
  case K::Cleanup: p = Subproperty::ValidMemcleanup; break;
  case K::Overflow: p = Subproperty::NoOverflow; break;
  default: break;
  }
  // A lost block is not freed at the end either.
  if (kind == K::Leak && !has(Subproperty::ValidMemtrack))
    p = Subproperty::ValidMemcleanup;
  if (p && has(*p))
    return p;
  return std::nullopt;
}

std::vector<engine::ErrorKind> SvcompProperty::violations() const {
  std::vector<engine::ErrorKind> out;
#define X(id, name, msg)                                                       \
  if (violatedBy(engine::ErrorKind::id))                                       \
    out.push_back(engine::ErrorKind::id);
  COSMO_ERROR_KINDS(X)
#undef X
  return out;
}

std::string SvcompProperty::lineOf(Subproperty p) const {
  for (const auto &[q, line] : parts)
    if (q == p)
      return line;
  return "";
}

llvm::Expected<SvcompProperty> readPropertyFile(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return failure("cannot read the property file " + path + ": " +
                   buffer.getError().message());
  SvcompProperty property;
  property.parts.clear();
  llvm::SmallVector<llvm::StringRef, 8> lines;
  (*buffer)->getBuffer().split(lines, '\n', -1, false);
  for (llvm::StringRef raw : lines) {
    llvm::StringRef line = raw.trim();
    if (line.empty() || line.startswith("//"))
      continue;
    // CHECK( init(main()), LTL(FORMULA) )
    size_t ltl = line.find("LTL(");
    size_t close = line.rfind(')');
    bool fromMain = line.startswith("CHECK(") &&
                    line.contains("init(main())");
    if (!fromMain || ltl == llvm::StringRef::npos || close == 0 ||
        close <= ltl)
      return failure(path + ": not a property cosmo reads: '" + line.str() +
                     "' (expected CHECK( init(main()), LTL(...) ))");
    llvm::StringRef body = line.substr(0, close).rtrim();
    if (!body.endswith(")"))
      return failure(path + ": not a property cosmo reads: '" + line.str() +
                     "'");
    llvm::StringRef formula =
        body.drop_back().substr(ltl + 4).trim();
    std::optional<Subproperty> p = subpropertyOf(formula);
    if (!p)
      return failure(path + ": cosmo does not check '" + formula.str() +
                     "' (it checks unreach-call, valid-memsafety, "
                     "valid-memcleanup and no-overflow)");
    property.parts.emplace_back(*p, line.str());
  }
  if (property.parts.empty())
    return failure(path + ": no CHECK line");
  // One property at a time: reachability, memory safety (any of its
  // three), cleanup, or overflow.
  auto family = [](Subproperty p) {
    switch (p) {
    case Subproperty::ValidFree:
    case Subproperty::ValidDeref:
    case Subproperty::ValidMemtrack: return 1;
    case Subproperty::UnreachCall: return 0;
    case Subproperty::ValidMemcleanup: return 2;
    case Subproperty::NoOverflow: return 3;
    }
    return -1;
  };
  for (const auto &[p, line] : property.parts)
    if (family(p) != family(property.parts.front().first))
      return failure(path + ": cosmo checks one property at a time ('" +
                     std::string(subpropertyName(property.parts.front().first)) +
                     "' and '" + subpropertyName(p) + "' are two)");
  return property;
}

} // namespace cosmo::driver
