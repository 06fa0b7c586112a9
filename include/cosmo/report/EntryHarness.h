//===- cosmo/report/EntryHarness.h - calling an --entry function -*- C++ -*-===//
//
// The tests of an --entry run call one function with symbolic arguments and
// lazily initialised input memory (seed 002 section IV.C). Natively, a
// generated harness includes the program and runtime/harness.c, builds the
// inputs a test vector describes (each object malloc'ed, the pointers
// between them as the path resolved them: null, a fresh object, an alias)
// and calls the entry with them. The harness is built once per run (it
// depends only on the entry's prototype); each vector becomes a harness
// file the harness reads (COSMO_HARNESS_FILE, format in runtime/harness.c).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_ENTRYHARNESS_H
#define COSMO_REPORT_ENTRYHARNESS_H

#include "cosmo/engine/Results.h"

#include <llvm/Support/Error.h>

#include <map>
#include <string>
#include <vector>

namespace cosmo::report {

/// The function an --entry run analysed, with its C prototype.
struct EntryCall {
  std::string entry;
  engine::EntrySignature signature;
};

/// The harness's C source: `program` and `runtimeDir`/harness.c included
/// (absolute paths), then a main that calls `call.entry`.
std::string entryHarnessSource(const EntryCall &call,
                               const std::string &program,
                               const std::string &runtimeDir);

/// The harness file for `test`: its argument and input-memory inputs as
/// buffers, its input pointers, which buffer each parameter copies. Fails
/// when the vector names inputs it does not have.
llvm::Expected<std::string> harnessFileText(const EntryCall &call,
                                            const engine::TestVector &test);

/// The inputs that become harness buffers (in the vector's order).
bool isHarnessInput(const engine::TestInput &input);

/// A vector's harness buffers: buffer i is `list[i]`, found by name in
/// `index`.
struct HarnessInputs {
  std::vector<const engine::TestInput *> list;
  std::map<std::string, size_t> index;
};
HarnessInputs harnessInputs(const engine::TestVector &test);

/// `type` without a top-level const or volatile (a variable to copy into).
std::string assignableType(const std::string &type);

} // namespace cosmo::report

#endif // COSMO_REPORT_ENTRYHARNESS_H
