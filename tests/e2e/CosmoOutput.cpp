#include "CosmoOutput.h"

#include "TextUtil.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <stdexcept>

namespace cosmo::e2e {

namespace {

using nlohmann::json;

[[noreturn]] void malformed(const std::filesystem::path &file, std::string_view what) {
  throw std::runtime_error(fmt::format("{}: {}", file.string(), what));
}

json parseJsonFile(const std::filesystem::path &file) {
  std::string text = readTextFile(file);
  try {
    return json::parse(text);
  } catch (const json::parse_error &error) {
    malformed(file, fmt::format("not valid JSON: {}", error.what()));
  }
}

// The member `key` of `object` as T, or a clear error.
template <typename T>
T member(const std::filesystem::path &file, const json &object, std::string_view context,
         const char *key) {
  if (!object.is_object() || !object.contains(key))
    malformed(file, fmt::format("{} has no \"{}\"", context, key));
  try {
    return object.at(key).get<T>();
  } catch (const json::exception &error) {
    malformed(file, fmt::format("{}.{} has the wrong type: {}", context, key, error.what()));
  }
}

template <typename T>
T optionalMember(const json &object, const char *key, T fallback) {
  if (!object.is_object() || !object.contains(key) || object.at(key).is_null())
    return fallback;
  try {
    return object.at(key).get<T>();
  } catch (const json::exception &) {
    return fallback;
  }
}

ErrorSite readErrorSite(const std::filesystem::path &file, const json &error,
                        std::string_view context) {
  return {member<std::string>(file, error, context, "kind"), member<int>(file, error, context, "line")};
}

} // namespace

CosmoReport readCosmoReport(const std::filesystem::path &reportJson) {
  json report = parseJsonFile(reportJson);
  CosmoReport result;
  result.verdict = member<std::string>(reportJson, report, "report", "verdict");
  result.reason = optionalMember<std::string>(report, "reason", "");
  json errors = member<json>(reportJson, report, "report", "errors");
  if (!errors.is_array())
    malformed(reportJson, "\"errors\" is not an array");
  for (std::size_t i = 0; i < errors.size(); ++i)
    result.errors.insert(readErrorSite(reportJson, errors[i], fmt::format("errors[{}]", i)));
  json latent = optionalMember<json>(report, "latent", json::array());
  for (std::size_t i = 0; i < latent.size(); ++i)
    result.latent.insert(readErrorSite(reportJson, latent[i], fmt::format("latent[{}]", i)));
  result.unknownReasons =
      optionalMember<std::vector<std::string>>(report, "unknown_reasons", {});
  return result;
}

std::vector<report::RecordedTest> readTestVectors(const std::filesystem::path &testsDir) {
  std::vector<std::filesystem::path> files;
  if (std::filesystem::is_directory(testsDir))
    for (const auto &entry : std::filesystem::directory_iterator(testsDir))
      if (entry.is_regular_file() && entry.path().extension() == ".json")
        files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::vector<report::RecordedTest> vectors;
  for (const auto &file : files) {
    auto vector = report::readTestVector(file.string());
    if (!vector)
      throw std::runtime_error(llvm::toString(vector.takeError()));
    vectors.push_back(std::move(*vector));
  }
  return vectors;
}

std::string describeInputs(const engine::TestVector &vector) {
  if (vector.inputs.empty())
    return "(no inputs)\n";
  std::string text;
  for (const engine::TestInput &input : vector.inputs) {
    std::string hex;
    for (uint8_t byte : input.bytes)
      hex += fmt::format("{:02x}", byte);
    std::string from = input.function.empty() ? "" : " from " + input.function;
    text += fmt::format("{}  ({}{}, {} bytes {})\n", input.name.empty() ? "?" : input.name,
                        input.source, from, input.bytes.size(), abbreviate(hex, 80));
  }
  return text;
}

} // namespace cosmo::e2e
