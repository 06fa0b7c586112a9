//===- TestVectorFile.cpp - test vector JSON in, replay file out ----------===//

#include "cosmo/report/TestVectorFile.h"

#include "Bytes.h"

#include "cosmo/report/Report.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <set>

namespace cosmo::report {

using nlohmann::json;

namespace {

constexpr int kVectorVersion = 1;

/// Thrown inside the reader only; parseTestVector turns it into an Error.
struct Malformed {
  std::string what;
};

[[noreturn]] void malformed(std::string what) {
  throw Malformed{std::move(what)};
}

const json &member(const json &object, const std::string &context,
                   const char *key) {
  if (!object.is_object() || !object.contains(key))
    malformed(fmt::format("{} has no \"{}\"", context, key));
  return object.at(key);
}

std::string stringMember(const json &object, const std::string &context,
                         const char *key) {
  const json &value = member(object, context, key);
  if (!value.is_string())
    malformed(fmt::format("{}.{} is not a string", context, key));
  return value.get<std::string>();
}

uint64_t unsignedMember(const json &object, const std::string &context,
                        const char *key) {
  const json &value = member(object, context, key);
  if (!value.is_number_unsigned())
    malformed(fmt::format("{}.{} is not a non-negative integer", context, key));
  return value.get<uint64_t>();
}

std::string optionalString(const json &object, const char *key) {
  if (!object.contains(key) || !object.at(key).is_string())
    return "";
  return object.at(key).get<std::string>();
}

engine::ErrorKind knownErrorKind(const std::string &name) {
  if (std::optional<engine::ErrorKind> kind = engine::errorKindNamed(name))
    return *kind;
  malformed(fmt::format("error.kind \"{}\" is not an error kind cosmo reports",
                        name));
}

/// The type of an input of `size` bytes (or of one of a struct's fields).
engine::InputType readInputType(const json &input, const std::string &context,
                                const std::string &label, uint64_t size) {
  engine::InputType type;
  type.name = optionalString(input, "type");
  std::string kind = optionalString(input, "type_kind");
  if (kind.empty())
    return type;
  if (!engine::setInputKind(type, kind))
    malformed(fmt::format("{}.type_kind \"{}\" is not a kind of input",
                          context, kind));
  if (input.contains("element_size"))
    type.elementBytes = static_cast<unsigned>(
        unsignedMember(input, context, "element_size"));
  bool array = type.kind == engine::InputType::Kind::SignedArray ||
               type.kind == engine::InputType::Kind::UnsignedArray;
  if (array && (type.elementBytes == 0 || size % type.elementBytes))
    malformed(fmt::format("{} is an array without a fitting element_size",
                          label));
  if (type.kind == engine::InputType::Kind::Struct) {
    const json &fields = member(input, context, "fields");
    if (!fields.is_array())
      malformed(fmt::format("{}.fields is not an array", context));
    for (size_t k = 0; k < fields.size(); ++k) {
      std::string where = fmt::format("{}.fields[{}]", context, k);
      engine::InputField f;
      f.name = stringMember(fields[k], where, "name");
      f.offset = unsignedMember(fields[k], where, "offset");
      f.size = unsignedMember(fields[k], where, "size");
      if (f.offset + f.size > size)
        malformed(fmt::format("{} lies outside its {} bytes", where, size));
      f.type = readInputType(fields[k], where, label, f.size);
      type.fields.push_back(std::move(f));
    }
  }
  return type;
}

engine::TestInput readInput(const json &input, size_t index) {
  std::string context = fmt::format("inputs[{}]", index);
  engine::TestInput result;
  result.name = optionalString(input, "name");
  result.function = optionalString(input, "function");
  result.source = stringMember(input, context, "source");
  static const std::set<std::string> sources = {
      "nondet", "symbolic", "argument", "input-memory", "global", "acsl",
      "argc",   "argv",     "stdin",    "file",         "env"};
  if (!sources.count(result.source))
    malformed(fmt::format("{}.source \"{}\" is not one of nondet, symbolic, "
                          "argument, input-memory, global, acsl, argc, argv, "
                          "stdin, file, env",
                          context, result.source));
  uint64_t size = unsignedMember(input, context, "size");
  std::string hex = stringMember(input, context, "hex");
  std::string label =
      result.name.empty() ? context : "input '" + result.name + "'";
  if (hex.size() != 2 * size)
    malformed(fmt::format("{} has size {} but {} hex digits", label, size,
                          hex.size()));
  std::optional<std::vector<uint8_t>> bytes = bytesOfHex(hex);
  if (!bytes)
    for (size_t i = 0; i < size; ++i)
      if (!bytesOfHex(std::string_view(hex).substr(2 * i, 2)))
        malformed(fmt::format("{} has a non-hex digit in \"{}\"", label,
                              hex.substr(2 * i, 2)));
  result.bytes = std::move(*bytes);
  if (input.contains("location"))
    result.location = locationFromJson(input.at("location"));
  result.type = readInputType(input, context, label, result.bytes.size());
  return result;
}

RecordedTest readVector(const json &vector) {
  if (!vector.is_object())
    malformed("not a JSON object");
  if (vector.contains("version") &&
      vector.at("version") != json(kVectorVersion))
    malformed(
        fmt::format("test vector version {} (this cosmo reads version {})",
                    vector.at("version").dump(), kVectorVersion));
  RecordedTest result;
  result.program = stringMember(vector, "vector", "program");
  result.entry = vector.contains("entry")
                     ? stringMember(vector, "vector", "entry")
                     : "main";
  if (vector.contains("data_model")) {
    std::string model = stringMember(vector, "vector", "data_model");
    std::optional<engine::DataModel> known = engine::dataModelNamed(model);
    if (!known)
      malformed(fmt::format("data_model \"{}\" is not LP64 or ILP32", model));
    result.dataModel = *known;
  }
  engine::TestVector &test = result.test;
  test.outcome = stringMember(vector, "vector", "outcome");
  bool hasError = vector.contains("error") && !vector.at("error").is_null();
  if (test.outcome == "error") {
    if (!hasError)
      malformed("outcome \"error\" without an \"error\" object");
    const json &error = vector.at("error");
    test.errorKind = knownErrorKind(stringMember(error, "error", "kind"));
    uint64_t line = unsignedMember(error, "error", "line");
    test.errorLocation.line = static_cast<unsigned>(line);
    test.errorLocation.file = optionalString(error, "file");
    test.errorLocation.function = optionalString(error, "function");
    if (error.contains("callers")) {
      const json &callers = error.at("callers");
      if (!callers.is_array())
        malformed("error.callers is not an array");
      for (const json &call : callers) {
        if (!call.is_object())
          malformed("an entry of error.callers is not an object");
        engine::SourceLocation at;
        at.line = static_cast<unsigned>(
            unsignedMember(call, "error.callers", "line"));
        at.file = optionalString(call, "file");
        at.function = optionalString(call, "function");
        test.errorCallers.push_back(std::move(at));
      }
    }
  } else if (test.outcome == "completed") {
    if (hasError)
      malformed("outcome \"completed\" with a non-null \"error\"");
  } else {
    malformed(
        fmt::format("outcome must be \"completed\" or \"error\", not \"{}\"",
                    test.outcome));
  }
  const json &inputs = member(vector, "vector", "inputs");
  if (!inputs.is_array())
    malformed("\"inputs\" is not an array");
  for (size_t i = 0; i < inputs.size(); ++i)
    test.inputs.push_back(readInput(inputs[i], i));
  if (vector.contains("build")) {
    const json &build = vector.at("build");
    auto strings = [&](const char *key) {
      std::vector<std::string> out;
      const json &list = member(build, "build", key);
      if (!list.is_array())
        malformed(fmt::format("build.{} is not an array", key));
      for (const json &item : list) {
        if (!item.is_string())
          malformed(fmt::format("build.{} holds a non-string", key));
        out.push_back(item.get<std::string>());
      }
      return out;
    };
    result.buildFiles = strings("files");
    result.buildFlags = strings("flags");
  }
  if (vector.contains("signature")) {
    const json &sig = vector.at("signature");
    engine::EntrySignature s;
    s.returnType = stringMember(sig, "signature", "return");
    for (const json &p : member(sig, "signature", "params"))
      s.params.emplace_back(stringMember(p, "parameter", "name"),
                            stringMember(p, "parameter", "type"));
    result.signature = std::move(s);
  }
  if (vector.contains("pointers")) {
    auto named = [&](const std::string &name) {
      for (const engine::TestInput &in : test.inputs)
        if (in.name == name)
          return true;
      return false;
    };
    for (const json &p : vector.at("pointers")) {
      engine::InputPointer ip;
      ip.holder = stringMember(p, "pointer", "in");
      ip.offset = unsignedMember(p, "pointer", "offset");
      if (p.contains("to") && !p.at("to").is_null())
        ip.target = stringMember(p, "pointer", "to");
      if (!named(ip.holder) || (!ip.target.empty() && !named(ip.target)))
        malformed("a pointer names an input the vector does not have");
      test.pointers.push_back(std::move(ip));
    }
  }
  return result;
}

// nlohmann's messages start with "[json.exception.parse_error.101] ".
std::string withoutExceptionId(const std::string &message) {
  if (!message.empty() && message.front() == '[') {
    size_t end = message.find("] ");
    if (end != std::string::npos)
      return message.substr(end + 2);
  }
  return message;
}

llvm::Error vectorError(const std::string &name, const std::string &what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: %s",
                                 name.c_str(), what.c_str());
}

} // namespace

llvm::Expected<RecordedTest> parseTestVector(llvm::StringRef text,
                                             const std::string &name) {
  json vector;
  try {
    vector = json::parse(text.begin(), text.end());
  } catch (const json::exception &e) {
    return vectorError(name, "not valid JSON: " + withoutExceptionId(e.what()));
  }
  try {
    RecordedTest result = readVector(vector);
    result.file = name;
    return result;
  } catch (const Malformed &m) {
    return vectorError(name, "malformed test vector: " + m.what);
  } catch (const json::exception &e) {
    return vectorError(name, "malformed test vector: " +
                                 withoutExceptionId(e.what()));
  }
}

llvm::Expected<RecordedTest> readTestVector(const std::string &path) {
  if (llvm::sys::fs::is_directory(path))
    return vectorError(path, "is a directory, not a test vector");
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return vectorError(path, "cannot read: " + buffer.getError().message());
  return parseTestVector((*buffer)->getBuffer(), path);
}

std::optional<ErrorSite> recordedError(const engine::TestVector &test) {
  if (!test.errorKind)
    return std::nullopt;
  return ErrorSite{engine::errorKindName(*test.errorKind),
                   static_cast<int>(test.errorLocation.line)};
}

std::vector<int> recordedCallerLines(const engine::TestVector &test) {
  std::vector<int> lines;
  for (const engine::SourceLocation &call : test.errorCallers)
    lines.push_back(static_cast<int>(call.line));
  return lines;
}

bool isReplayedInput(const engine::TestInput &input) {
  return input.source == "nondet" || input.source == "symbolic" ||
         input.source == "acsl";
}

bool isEnvironmentInput(const engine::TestInput &input) {
  return input.source == "argc" || input.source == "argv" ||
         input.source == "stdin" || input.source == "file" ||
         input.source == "env";
}

std::string replayFileText(const engine::TestVector &test) {
  std::string text;
  for (const engine::TestInput &input : test.inputs) {
    if (!isReplayedInput(input))
      continue;
    text += fmt::format("{} {} {}\n", input.source, input.bytes.size(),
                        hexOf(input.bytes));
  }
  return text;
}

ProcessEnvironment processEnvironmentOf(const engine::TestVector &test) {
  ProcessEnvironment env;
  std::optional<int64_t> argc;
  auto text = [](const engine::TestInput &in, bool toNul) {
    std::string bytes(in.bytes.begin(), in.bytes.end());
    return toNul ? bytes.substr(0, bytes.find('\0')) : bytes;
  };
  for (const engine::TestInput &in : test.inputs) {
    if (in.source == "argc") {
      argc = signedValue(in.bytes);
    } else if (in.source == "argv") {
      env.arguments.push_back(text(in, true));
    } else if (in.source == "stdin") {
      env.standardInput = text(in, false);
    } else if (in.source == "file") {
      env.files.emplace_back(in.name, text(in, false));
    } else if (in.source == "env") {
      env.variables.emplace_back(in.name, text(in, true));
    }
  }
  // With --sym-args, argc says how many of the arguments the path had.
  if (argc && *argc >= 1 &&
      static_cast<size_t>(*argc - 1) < env.arguments.size())
    env.arguments.resize(static_cast<size_t>(*argc - 1));
  return env;
}

std::string ProcessEnvironment::text() const {
  std::string out;
  auto hex = [](const std::string &bytes) {
    return hexOf(std::span(reinterpret_cast<const uint8_t *>(bytes.data()),
                           bytes.size()));
  };
  auto add = [&](const std::string &kind, const std::string &name,
                 const std::string &bytes) {
    out += fmt::format("{} {} {} {}\n", kind, hex(name), bytes.size(),
                       hex(bytes));
  };
  for (const std::string &a : arguments)
    add("argv", "", a);
  if (standardInput)
    add("stdin", "", *standardInput);
  for (const auto &[name, bytes] : files)
    add("file", name, bytes);
  for (const auto &[name, value] : variables)
    add("env", name, value);
  return out;
}

llvm::Error writeReplayFile(const engine::TestVector &test,
                            const std::string &path) {
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec);
  if (!ec) {
    out << replayFileText(test);
    out.close();
    if (out.has_error()) {
      ec = out.error();
      out.clear_error(); // reported here, not by the destructor
    }
  }
  if (ec)
    return llvm::createStringError(ec, "cannot write %s: %s", path.c_str(),
                                   ec.message().c_str());
  return llvm::Error::success();
}

} // namespace cosmo::report
