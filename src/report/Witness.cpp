//===- Witness.cpp - SV-COMP violation witnesses --------------------------===//

#include "cosmo/report/Witness.h"

#include "Bytes.h"

#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/SHA256.h>

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <chrono>
#include <random>

namespace cosmo::report {

namespace {

/// A random (version 4) UUID.
std::string randomUuid() {
  std::random_device rd;
  std::array<uint8_t, 16> b;
  for (uint8_t &x : b)
    x = static_cast<uint8_t>(rd());
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  std::string h = hexOf(b);
  return h.substr(0, 8) + "-" + h.substr(8, 4) + "-" + h.substr(12, 4) + "-" +
         h.substr(16, 4) + "-" + h.substr(20);
}

std::string nowUtc() {
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}",
                     fmt::gmtime(std::chrono::system_clock::to_time_t(
                         std::chrono::system_clock::now())));
}

/// The C value of a scalar input (little-endian bytes).
std::string cValue(const engine::TestInput &in) {
  // __VERIFIER_nondet_uint, _ulong, _uchar, _unsigned, _bool, _size_t,
  // _pointer return unsigned values.
  bool isUnsigned = in.function.find("_u") != std::string::npos ||
                    in.function.find("bool") != std::string::npos ||
                    in.function.find("size_t") != std::string::npos ||
                    in.function.find("pointer") != std::string::npos;
  if (isUnsigned)
    return std::to_string(unsignedValue(in.bytes));
  int64_t v = signedValue(in.bytes);
  // The most negative value is not a C literal.
  if (v == INT64_MIN)
    return "(-9223372036854775807LL - 1)";
  return std::to_string(v);
}

void emitLocation(YAML::Emitter &y, const engine::SourceLocation &l,
                  const std::string &fileName) {
  y << YAML::Key << "location" << YAML::Value << YAML::BeginMap;
  y << YAML::Key << "file_name" << YAML::Value << fileName;
  y << YAML::Key << "line" << YAML::Value << l.line;
  if (l.column > 0)
    y << YAML::Key << "column" << YAML::Value << l.column;
  if (!l.function.empty())
    y << YAML::Key << "function" << YAML::Value << l.function;
  y << YAML::EndMap;
}

/// The program's text hashed (SHA-256, hex), or an error.
llvm::Expected<std::string> programHash(const WitnessTask &task) {
  auto text = llvm::MemoryBuffer::getFile(task.programFile);
  if (!text)
    return llvm::createStringError(text.getError(), "cannot read %s: %s",
                                   task.programFile.c_str(),
                                   text.getError().message().c_str());
  return hexOf(
      llvm::SHA256::hash(llvm::arrayRefFromStringRef((*text)->getBuffer())));
}

/// Opens the witness's one entry: its type and metadata.
void emitEntryStart(YAML::Emitter &y, const char *entryType,
                    const WitnessTask &task, const std::string &hash) {
  // Waypoints name the file as the task does.
  const std::string &fileName = task.programFile;
  y << YAML::BeginSeq << YAML::BeginMap;
  y << YAML::Key << "entry_type" << YAML::Value << entryType;
  y << YAML::Key << "metadata" << YAML::Value << YAML::BeginMap;
  y << YAML::Key << "format_version" << YAML::Value << YAML::DoubleQuoted
    << "2.0";
  y << YAML::Key << "uuid" << YAML::Value << randomUuid();
  y << YAML::Key << "creation_time" << YAML::Value
    << (task.creationTime.empty() ? nowUtc() : task.creationTime);
  y << YAML::Key << "producer" << YAML::Value << YAML::BeginMap
    << YAML::Key << "name" << YAML::Value << "cosmo" << YAML::Key
    << "version" << YAML::Value << YAML::DoubleQuoted << task.producerVersion
    << YAML::EndMap;
  y << YAML::Key << "task" << YAML::Value << YAML::BeginMap;
  y << YAML::Key << "input_files" << YAML::Value << YAML::BeginSeq << fileName
    << YAML::EndSeq;
  y << YAML::Key << "input_file_hashes" << YAML::Value << YAML::BeginMap
    << YAML::Key << fileName << YAML::Value << hash << YAML::EndMap;
  y << YAML::Key << "specification" << YAML::Value << task.specification;
  y << YAML::Key << "data_model" << YAML::Value << task.dataModel;
  y << YAML::Key << "language" << YAML::Value << "C";
  y << YAML::EndMap; // task
  y << YAML::EndMap; // metadata
}

llvm::Expected<std::string> finish(YAML::Emitter &y) {
  if (!y.good())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot write the witness: %s",
                                   y.GetLastError().c_str());
  return std::string(y.c_str()) + "\n";
}

} // namespace

llvm::Expected<std::string> violationWitness(const engine::ErrorReport &error,
                                             const WitnessTask &task) {
  llvm::Expected<std::string> hash = programHash(task);
  if (!hash)
    return hash.takeError();
  const std::string &fileName = task.programFile;
  YAML::Emitter y;
  emitEntryStart(y, "violation_sequence", task, *hash);

  y << YAML::Key << "content" << YAML::Value << YAML::BeginSeq;
  // Quoted: a plain scalar costs yaml-cpp a regular-expression match, and
  // a run can have hundreds of thousands of inputs (seconds of matching).
  y.SetStringFormat(YAML::DoubleQuoted);
  for (const engine::TestInput &in : error.test.inputs) {
    if (in.source != "nondet" || in.location.line == 0)
      continue;
    y << YAML::BeginMap << YAML::Key << "segment" << YAML::Value
      << YAML::BeginSeq << YAML::BeginMap << YAML::Key << "waypoint"
      << YAML::Value << YAML::BeginMap;
    y << YAML::Key << "type" << YAML::Value << "function_return";
    y << YAML::Key << "action" << YAML::Value << "follow";
    emitLocation(y, in.location, fileName);
    y << YAML::Key << "constraint" << YAML::Value << YAML::BeginMap
      << YAML::Key << "value" << YAML::Value
      << ("\\result == " + cValue(in)) << YAML::Key
      << "format" << YAML::Value << "acsl_expression" << YAML::EndMap;
    y << YAML::EndMap << YAML::EndMap << YAML::EndSeq << YAML::EndMap;
  }
  y.SetStringFormat(YAML::Auto);
  y << YAML::BeginMap << YAML::Key << "segment" << YAML::Value
    << YAML::BeginSeq << YAML::BeginMap << YAML::Key << "waypoint"
    << YAML::Value << YAML::BeginMap;
  y << YAML::Key << "type" << YAML::Value << "target";
  y << YAML::Key << "action" << YAML::Value << "follow";
  emitLocation(y, error.location, fileName);
  y << YAML::EndMap << YAML::EndMap << YAML::EndSeq << YAML::EndMap;
  y << YAML::EndSeq; // content
  y << YAML::EndMap << YAML::EndSeq;
  return finish(y);
}

llvm::Expected<std::string>
correctnessWitness(const std::vector<summary::LoopInvariant> &invariants,
                   const WitnessTask &task) {
  llvm::Expected<std::string> hash = programHash(task);
  if (!hash)
    return hash.takeError();
  YAML::Emitter y;
  emitEntryStart(y, "invariant_set", task, *hash);
  y << YAML::Key << "content" << YAML::Value << YAML::BeginSeq;
  for (const summary::LoopInvariant &l : invariants) {
    if (l.invariant.empty() || l.location.line == 0)
      continue;
    y << YAML::BeginMap << YAML::Key << "invariant" << YAML::Value
      << YAML::BeginMap;
    y << YAML::Key << "type" << YAML::Value << "loop_invariant";
    // The line of the loop's condition; its column is not the loop
    // statement's, so none is given.
    engine::SourceLocation line = l.location;
    line.column = 0;
    line.function = l.function;
    emitLocation(y, line, task.programFile);
    y << YAML::Key << "value" << YAML::Value << YAML::DoubleQuoted
      << l.invariant;
    y << YAML::Key << "format" << YAML::Value << "c_expression";
    y << YAML::EndMap << YAML::EndMap;
  }
  y << YAML::EndSeq; // content
  y << YAML::EndMap << YAML::EndSeq;
  return finish(y);
}

} // namespace cosmo::report
