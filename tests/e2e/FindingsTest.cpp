// Findings a user can trust (issue 22): errors described by the pointer they
// came from and confirmed natively, typed inputs, how many test files a run
// writes, and replays that rebuild the program as it was analysed.
#include "CliFixture.h"

#include <string>

#ifndef COSMO_E2E_PROGRAMS_DIR
#error "tests/e2e/CMakeLists.txt defines COSMO_E2E_PROGRAMS_DIR"
#endif

namespace cosmo::e2e {
namespace {

using json = nlohmann::json;

std::string programPath(const std::string &relative) {
  return (std::filesystem::path(COSMO_E2E_PROGRAMS_DIR) / relative).string();
}

struct DescribedError {
  std::string program;  // under tests/programs
  std::string kind;     // report.json's kind
  std::string message;  // a part of the error's message
};

void PrintTo(const DescribedError &e, std::ostream *os) { *os << e.program; }

class ErrorDescription : public CliFixture,
                         public testing::WithParamInterface<DescribedError> {};

// Each program has one error; --confirm replays it natively.
TEST_P(ErrorDescription, NamesThePointersObjectAndIsConfirmedNatively) {
  const DescribedError &expected = GetParam();
  ProcessResult r = cosmo({"check", "--confirm", "--out=out",
                           programPath(expected.program)},
                          120);
  ASSERT_EQ(r.exitCode, 1) << r.err;
  json rep = report("out");
  ASSERT_EQ(rep["errors"].size(), 1u) << rep["errors"].dump(2);
  const json &error = rep["errors"][0];
  EXPECT_EQ(error["kind"], expected.kind);
  std::string message = error["message"].get<std::string>();
  EXPECT_NE(message.find(expected.message), std::string::npos) << message;
  EXPECT_EQ(error["replay"], "confirmed") << error["replay_detail"];
}

INSTANTIATE_TEST_SUITE_P(
    Programs, ErrorDescription,
    testing::Values(
        DescribedError{"errors/heap_underflow.c", "out-of-bounds",
                       "at offset -1 of heap object 'malloc at line 8' of 16 "
                       "bytes"},
        DescribedError{"errors/stack_underflow.c", "out-of-bounds",
                       "at offset -1 of stack object 'line' of 16 bytes"},
        DescribedError{"errors/null_minus_offset.c", "null-deref",
                       "8 bytes at NULL - 16"},
        DescribedError{"errors/null_plus_large_offset.c", "null-deref",
                       "4 bytes at NULL + 8000"},
        DescribedError{"errors/null_function_pointer.c", "null-deref",
                       "call through a null function pointer"},
        DescribedError{"errors/oob_global_write_const.c", "out-of-bounds",
                       "global object"}),
    [](const testing::TestParamInfo<DescribedError> &info) {
      std::string name = std::filesystem::path(info.param.program).stem();
      return name;
    });

} // namespace
} // namespace cosmo::e2e
