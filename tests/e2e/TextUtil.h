// Small text helpers shared by the e2e runner's units.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace cosmo::e2e {

// The lines of `text`, without their '\n' (and a trailing '\r').
std::vector<std::string_view> splitLines(std::string_view text);

// Whitespace-separated words of `text`.
std::vector<std::string> splitWords(std::string_view text);

std::string_view trimWhitespace(std::string_view text);

// `text` if it has at most `maxChars` characters, else its head and tail
// around a "[... N characters omitted ...]" marker.
std::string abbreviate(std::string_view text, std::size_t maxChars = 4000);

// Every line of `text` prefixed with `indent`, for nesting in a message.
std::string indentLines(std::string_view text, std::string_view indent = "    ");

// The whole file; throws std::runtime_error naming the file on failure.
std::string readTextFile(const std::filesystem::path &file);

// Writes `text` to `file`; throws std::runtime_error on failure.
void writeTextFile(const std::filesystem::path &file, std::string_view text);

} // namespace cosmo::e2e
