// ProgramFiles: the test programs under a directory (recursively, `*.c`),
// each with its path relative to that directory and a gtest-safe name.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

namespace cosmo::e2e {

struct ProgramFile {
  std::filesystem::path path;  // absolute
  std::string relativePath;    // "arith/div_zero.c"
  std::string testName;        // "arith_div_zero_c", unique among the list
};

// Sorted by relative path. An empty `only` lists every program, otherwise just
// the one at that relative path (even if it does not exist, so that a test
// for it fails and says so).
std::vector<ProgramFile> findProgramFiles(const std::filesystem::path &root,
                                          const std::string &only = {});

// `relativePath` with every character outside [A-Za-z0-9] replaced by '_'.
std::string testNameFor(const std::string &relativePath);

// So that gtest prints a ProgramFile parameter as its path.
void PrintTo(const ProgramFile &program, std::ostream *os);

} // namespace cosmo::e2e
