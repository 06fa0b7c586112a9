#include "ReplayFile.h"

#include "TextUtil.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace cosmo::e2e {

namespace {

bool isReplayed(const VectorInput &input) {
  return input.source == "nondet" || input.source == "symbolic";
}

void checkHex(const TestVector &vector, const VectorInput &input) {
  bool digitsOnly = std::all_of(input.hex.begin(), input.hex.end(), [](char c) {
    return std::isxdigit(static_cast<unsigned char>(c)) != 0;
  });
  if (!digitsOnly || input.hex.size() != 2 * input.size)
    throw std::runtime_error(fmt::format(
        "{}: input '{}' has size {} but hex \"{}\" ({} hex digits)", vector.file.string(),
        input.name, input.size, abbreviate(input.hex, 80), input.hex.size()));
}

} // namespace

std::string replayFileText(const TestVector &vector) {
  std::string text;
  for (const VectorInput &input : vector.inputs) {
    if (!isReplayed(input))
      continue;
    checkHex(vector, input);
    text += fmt::format("{} {} {}\n", input.source, input.size, input.hex);
  }
  return text;
}

void writeReplayFile(const TestVector &vector, const std::filesystem::path &file) {
  writeTextFile(file, replayFileText(vector));
}

} // namespace cosmo::e2e
