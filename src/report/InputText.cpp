//===- InputText.cpp - test inputs as C values ----------------------------===//

#include "InputText.h"

#include "Bytes.h"

#include "cosmo/report/TestVectorFile.h"

#include <fmt/format.h>

#include <cstring>
#include <span>

namespace cosmo::report {

namespace {

using Kind = engine::InputType::Kind;

// A character as C writes it between quotes (`quote` needs escaping).
std::string escaped(uint8_t c, char quote) {
  switch (c) {
  case '\n':
    return "\\n";
  case '\t':
    return "\\t";
  case '\r':
    return "\\r";
  case '\\':
    return "\\\\";
  default:
    break;
  }
  if (c == static_cast<uint8_t>(quote))
    return std::string("\\") + quote;
  if (c >= 0x20 && c < 0x7f)
    return std::string(1, static_cast<char>(c));
  // Three octal digits: a following digit cannot extend the escape.
  return fmt::format("\\{:03o}", c);
}

// `bytes` as a C string literal; past `limit` bytes, "... (N more bytes)".
std::string stringLiteral(std::span<const uint8_t> bytes,
                          std::size_t limit = SIZE_MAX) {
  std::string out = "\"";
  for (std::size_t k = 0; k < bytes.size(); ++k) {
    if (k == limit)
      return out + fmt::format("\"... ({} more bytes)", bytes.size() - k);
    out += escaped(bytes[k], '"');
  }
  return out + "\"";
}

std::string stringLiteral(const std::string &bytes) {
  return stringLiteral(std::span(
      reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()));
}

std::string integerText(std::span<const uint8_t> bytes, bool isSigned) {
  return isSigned ? std::to_string(signedValue(bytes))
                  : std::to_string(unsignedValue(bytes));
}

std::optional<std::string> scalarText(const engine::TestInput &in) {
  const engine::InputType &type = in.type;
  std::span<const uint8_t> bytes(in.bytes);
  if (bytes.empty() || bytes.size() > 8)
    return std::nullopt;
  switch (type.kind) {
  case Kind::Signed:
    return integerText(bytes, true);
  case Kind::Unsigned:
  case Kind::Bool:
    return integerText(bytes, false);
  case Kind::Char: {
    std::string number = integerText(bytes, type.signedChar);
    if (bytes.size() != 1)
      return number;
    return number + " '" + escaped(bytes[0], '\'') + "'";
  }
  case Kind::Float: {
    // Digits enough to read back as the same value (%.9g for a
    // float, %.17g for a double); a NaN also shows its bits.
    if (bytes.size() == 4) {
      float f;
      std::memcpy(&f, bytes.data(), 4);
      return f != f ? fmt::format("nan (0x{:08x})", unsignedValue(bytes))
                    : fmt::format("{:.9g}", f);
    }
    if (bytes.size() == 8) {
      double d;
      std::memcpy(&d, bytes.data(), 8);
      return d != d ? fmt::format("nan (0x{:016x})", unsignedValue(bytes))
                    : fmt::format("{:.17g}", d);
    }
    return std::nullopt;
  }
  case Kind::Pointer: {
    uint64_t address = unsignedValue(bytes);
    return address == 0 ? std::string("NULL")
                        : fmt::format("{:#x}", address);
  }
  case Kind::Unknown:
    if (in.source == "symbolic" || in.source == "input-memory")
      return std::nullopt;
    return integerText(bytes, true);
  default:
    return std::nullopt;
  }
}

std::string arrayText(const engine::TestInput &in, std::size_t maxElements) {
  const engine::InputType &type = in.type;
  std::size_t width = type.elementBytes;
  std::size_t count = in.bytes.size() / width;
  std::string out = "{";
  for (std::size_t k = 0; k < count; ++k) {
    if (k == maxElements) {
      out += fmt::format(", ... ({} more)", count - k);
      break;
    }
    if (k)
      out += ", ";
    std::span<const uint8_t> element(in.bytes.data() + k * width, width);
    out += width > 8 ? "0x" + hexOf(element)
                     : integerText(element, type.kind == Kind::SignedArray);
  }
  return out + "}";
}

} // namespace

std::optional<std::string> cValueOf(const engine::TestInput &in,
                                    std::size_t maxElements) {
  switch (in.type.kind) {
  case Kind::Text:
    return stringLiteral(in.bytes, maxElements * 4);
  case Kind::SignedArray:
  case Kind::UnsignedArray:
    if (in.type.elementBytes == 0)
      return std::nullopt;
    return arrayText(in, maxElements);
  case Kind::Struct: {
    std::string out = "{";
    for (const engine::InputField &f : in.type.fields) {
      if (f.offset + f.size > in.bytes.size())
        return std::nullopt;
      engine::TestInput field;
      field.source = in.source;
      field.bytes.assign(in.bytes.begin() + f.offset,
                         in.bytes.begin() + f.offset + f.size);
      field.type = f.type;
      out += (out.size() > 1 ? ", ." : ".") + f.name + " = " +
             cValueOf(field, maxElements).value_or("0x" + hexOf(field.bytes));
    }
    return out + "}";
  }
  default:
    return scalarText(in);
  }
}

std::string inputLine(const engine::TestInput &in) {
  std::string why = in.type.name;
  if (!in.function.empty())
    why += (why.empty() ? "" : ", ") + in.function;
  if (std::optional<std::string> value = cValueOf(in, 16))
    return why.empty() ? *value : fmt::format("{} ({})", *value, why);
  std::string bytes = fmt::format("{} byte{}", in.bytes.size(),
                                  in.bytes.size() == 1 ? "" : "s");
  // A line of the summary, not the input: a buffer of a megabyte is in the
  // test file, the terminal gets its first bytes.
  constexpr std::size_t kShownBytes = 64;
  std::string hex =
      in.bytes.size() <= kShownBytes
          ? hexOf(in.bytes)
          : hexOf(std::span(in.bytes.data(), kShownBytes)) + "...";
  return fmt::format("hex {} ({}{})", hex, bytes,
                     why.empty() ? "" : ", " + why);
}

std::string inputLines(const engine::TestVector &test,
                       const std::string &indent) {
  std::string out;
  ProcessEnvironment env = processEnvironmentOf(test);
  bool hasArguments = false;
  for (const engine::TestInput &in : test.inputs)
    hasArguments |= in.source == "argc" || in.source == "argv";
  if (hasArguments) {
    out += indent + "argv = {\"prog\"";
    for (const std::string &a : env.arguments)
      out += ", " + stringLiteral(a);
    out += "}\n";
  }
  if (env.standardInput)
    out += indent + "stdin = " + stringLiteral(*env.standardInput) + "\n";
  for (const auto &[name, bytes] : env.files)
    out += fmt::format("{}file {} = {}\n", indent, name, stringLiteral(bytes));
  for (const auto &[name, value] : env.variables)
    out += fmt::format("{}variable {} = {}\n", indent, name,
                       stringLiteral(value));
  for (const engine::TestInput &in : test.inputs)
    // acsl: a quantifier's choice, for native runs
    if (!isEnvironmentInput(in) && in.source != "acsl")
      out += fmt::format("{}input {} = {}\n", indent, in.name, inputLine(in));
  return out;
}

} // namespace cosmo::report
