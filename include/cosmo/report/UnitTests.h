//===- cosmo/report/UnitTests.h - unit tests from --entry runs --*- C++ -*-===//
//
// --emit-tests: a C (or GoogleTest) file with one test per completed path
// of an --entry run. Each test builds the path's inputs (objects and the
// pointers between them, as the harness does), calls the function, and
// checks what the call did natively: the return value and the final bytes
// of every input object, pointers among them compared as pointers. What the
// call does is observed by running the harness twice with the heap at other
// addresses: a value that changes is an address, and is not checked.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_UNITTESTS_H
#define COSMO_REPORT_UNITTESTS_H

#include "cosmo/report/EntryHarness.h"
#include "cosmo/report/Replay.h"

#include <llvm/Support/Error.h>

#include <string>
#include <vector>

namespace cosmo::report {

enum class UnitTestFormat { C, GTest };

/// What one native call did, read from the harness's observation file.
struct Observation {
  std::vector<uint8_t> ret; // empty for void
  std::optional<std::pair<long, uint64_t>> retPointer; // input, offset
  bool retNull = false;
  std::map<long, std::vector<uint8_t>> memory; // input -> final bytes
  /// (input, offset) -> (input, offset) pointed to.
  std::map<std::pair<long, uint64_t>, std::pair<long, uint64_t>> pointers;
};

llvm::Expected<Observation> parseObservation(const std::string &text);

/// Runs the harness on `test` and reads what the call did; `spacer` moves
/// the heap (runtime/harness.c).
llvm::Expected<Observation> observeCall(const NativeReplayer &harness,
                                        const engine::TestVector &test,
                                        const std::string &name,
                                        unsigned spacer);

struct ObservedTest {
  std::string file; // the vector's file, for comments ("tests/test-000002.json")
  engine::TestVector test;
  Observation first, second; // two runs, the heap elsewhere
};

/// Observes `test` (read from `file`) twice, the heap elsewhere the second
/// time.
llvm::Expected<ObservedTest> observeTest(const NativeReplayer &harness,
                                         const std::string &file,
                                         const engine::TestVector &test);

struct UnitTestFile {
  std::string name, text;
};

/// The files to write into the unit test directory: the tests, and a
/// Makefile (C) or CMakeLists.txt (GoogleTest) that builds and runs them
/// (with cosmo's include directory, and its replay runtime for what the
/// program calls of cosmo.h or SV-COMP's functions). ILP32 runs build with
/// -m32 (the tests' inputs are laid out for it).
std::vector<UnitTestFile>
unitTestFiles(const EntryCall &call, const std::string &program,
              const std::vector<ObservedTest> &tests, UnitTestFormat format,
              const NativeToolchain &toolchain,
              engine::DataModel dataModel = engine::DataModel::LP64,
              const NativeSources &sources = {});

} // namespace cosmo::report

#endif // COSMO_REPORT_UNITTESTS_H
