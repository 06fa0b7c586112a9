//===- Results.cpp - names of results, for reports ------------------------===//
//
// The cosmo_results library: what the report layer needs of the engine's
// results besides the data itself, so that it does not link the engine.
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Results.h"

namespace cosmo::engine {

RunListener::~RunListener() = default;

const char *errorKindName(ErrorKind k) {
  switch (k) {
#define X(id, name, msg)                                                       \
  case ErrorKind::id: return name;
    COSMO_ERROR_KINDS(X)
#undef X
  }
  return "?";
}

std::optional<ErrorKind> errorKindNamed(std::string_view name) {
#define X(id, text, msg)                                                       \
  if (name == text)                                                            \
    return ErrorKind::id;
  COSMO_ERROR_KINDS(X)
#undef X
  return std::nullopt;
}

const char *dataModelName(DataModel m) {
  switch (m) {
  case DataModel::LP64: return "LP64";
  case DataModel::ILP32: return "ILP32";
  }
  return "?";
}

std::optional<DataModel> dataModelNamed(std::string_view name) {
  for (DataModel m : {DataModel::LP64, DataModel::ILP32})
    if (name == dataModelName(m))
      return m;
  return std::nullopt;
}

const char *verdictName(Verdict v) {
  switch (v) {
  case Verdict::True: return "true";
  case Verdict::False: return "false";
  case Verdict::Unknown: return "unknown";
  }
  return "?";
}

namespace {
constexpr std::pair<std::string_view, InputType::Kind> kInputKinds[] = {
    {"signed", InputType::Kind::Signed},
    {"unsigned", InputType::Kind::Unsigned},
    {"bool", InputType::Kind::Bool},
    {"char", InputType::Kind::Char},
    {"unsigned-char", InputType::Kind::Char},
    {"pointer", InputType::Kind::Pointer},
    {"float", InputType::Kind::Float},
    {"text", InputType::Kind::Text},
    {"signed-array", InputType::Kind::SignedArray},
    {"unsigned-array", InputType::Kind::UnsignedArray},
    {"struct", InputType::Kind::Struct}};
} // namespace

std::string inputKindName(const InputType &type) {
  if (type.kind == InputType::Kind::Char && !type.signedChar)
    return "unsigned-char";
  for (const auto &[name, kind] : kInputKinds)
    if (kind == type.kind)
      return std::string(name);
  return "";
}

bool setInputKind(InputType &type, std::string_view name) {
  for (const auto &[known, kind] : kInputKinds)
    if (known == name) {
      type.kind = kind;
      type.signedChar = name != "unsigned-char";
      return true;
    }
  return false;
}

} // namespace cosmo::engine
