#include "ProgramFiles.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace cosmo::e2e {

namespace {

// Appends _2, _3, ... to names that sanitising made equal.
void makeTestNamesUnique(std::vector<ProgramFile> &programs) {
  std::set<std::string> used;
  for (ProgramFile &program : programs) {
    std::string name = program.testName;
    for (int suffix = 2; !used.insert(name).second; ++suffix)
      name = program.testName + "_" + std::to_string(suffix);
    program.testName = name;
  }
}

ProgramFile programAt(const std::filesystem::path &root, const std::string &relativePath) {
  return {std::filesystem::absolute(root / relativePath).lexically_normal(), relativePath,
          testNameFor(relativePath)};
}

} // namespace

std::string testNameFor(const std::string &relativePath) {
  std::string name = relativePath;
  std::replace_if(
      name.begin(), name.end(),
      [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
  return name;
}

std::vector<ProgramFile> findProgramFiles(const std::filesystem::path &root,
                                          const std::string &only) {
  std::vector<ProgramFile> programs;
  if (!only.empty()) {
    programs.push_back(programAt(root, only));
    return programs;
  }
  if (!std::filesystem::is_directory(root))
    return programs;
  for (const auto &entry : std::filesystem::recursive_directory_iterator(root))
    if (entry.is_regular_file() && entry.path().extension() == ".c")
      programs.push_back(
          programAt(root, entry.path().lexically_relative(root).generic_string()));
  std::sort(programs.begin(), programs.end(),
            [](const ProgramFile &a, const ProgramFile &b) { return a.relativePath < b.relativePath; });
  makeTestNamesUnique(programs);
  return programs;
}

void PrintTo(const ProgramFile &program, std::ostream *os) { *os << program.relativePath; }

} // namespace cosmo::e2e
