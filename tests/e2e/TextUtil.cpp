#include "TextUtil.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace cosmo::e2e {

std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    lines.push_back(line);
    if (end == std::string_view::npos)
      break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

std::vector<std::string> splitWords(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream stream{std::string(text)};
  for (std::string word; stream >> word;)
    words.push_back(word);
  return words;
}

std::string_view trimWhitespace(std::string_view text) {
  constexpr std::string_view whitespace = " \t\r\n";
  std::size_t begin = text.find_first_not_of(whitespace);
  if (begin == std::string_view::npos)
    return {};
  std::size_t end = text.find_last_not_of(whitespace);
  return text.substr(begin, end - begin + 1);
}

std::string abbreviate(std::string_view text, std::size_t maxChars) {
  if (text.size() <= maxChars)
    return std::string(text);
  std::size_t head = maxChars / 4;
  std::size_t tail = maxChars - head;
  return std::string(text.substr(0, head)) + "\n[... " +
         std::to_string(text.size() - head - tail) +
         " characters omitted ...]\n" +
         std::string(text.substr(text.size() - tail));
}

std::string indentLines(std::string_view text, std::string_view indent) {
  std::string result;
  for (std::string_view line : splitLines(text)) {
    result += indent;
    result += line;
    result += '\n';
  }
  return result;
}

std::string readTextFile(const std::filesystem::path &file) {
  std::ifstream stream(file, std::ios::binary);
  if (!stream)
    throw std::runtime_error("cannot read " + file.string());
  std::ostringstream contents;
  contents << stream.rdbuf();
  return contents.str();
}

void writeTextFile(const std::filesystem::path &file, std::string_view text) {
  std::ofstream stream(file, std::ios::binary | std::ios::trunc);
  stream << text;
  if (!stream)
    throw std::runtime_error("cannot write " + file.string());
}

} // namespace cosmo::e2e
