//===- DataModelTest.cpp - the engine under ILP32 and LP64 ---------------===//
//
// The same C programs compiled with -m32 (i386: 32-bit int, long and
// pointers) and -m64 (x86-64: 64-bit long and pointers): the engine takes
// the pointer width from the module's DataLayout, so verdicts, input sizes
// and memory layouts follow the target. The programs call no libc function:
// they test the engine alone.
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Executor.h"
#include "cosmo/frontend/Frontend.h"

#include <llvm/AsmParser/Parser.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MathExtras.h>
#include <llvm/Support/SourceMgr.h>

#include <gtest/gtest.h>

#include "../CProgramFiles.h"

#include <algorithm>
#include <fstream>
#include <string>

using namespace cosmo;
using engine::DataModel;
using engine::ErrorKind;
using engine::Verdict;

namespace {

using Collecting = unittest::CollectingListener;

const char *kPrelude =
    "typedef __SIZE_TYPE__ size_t;\n"
    "typedef __UINTPTR_TYPE__ uintptr_t;\n"
    "extern int __VERIFIER_nondet_int(void);\n"
    "extern unsigned long __VERIFIER_nondet_ulong(void);\n"
    "extern void reach_error(void);\n"
    "extern void __assert_fail(const char *, const char *, unsigned,\n"
    "                          const char *);\n"
    "#define assert(c) ((c) ? (void)0 : __assert_fail(#c, \"\", 0, \"\"))\n"
    "void *malloc(size_t);\n";
constexpr unsigned kPreludeLines = 9;

// Runs each test for -m32 (ILP32) and -m64 (LP64).
class DataModelTest : public ::testing::TestWithParam<DataModel> {
protected:
  void SetUp() override {
    fo_.includeDirs.push_back(COSMO_TEST_INCLUDE_DIR);
    fo_.clangFlags.push_back(ilp32() ? "-m32" : "-m64");
  }

  bool ilp32() const { return GetParam() == DataModel::ILP32; }

  /// Compiles `body` after the prelude (body line n is line
  /// kPreludeLines + n).
  std::unique_ptr<llvm::Module> compile(const std::string &body) {
    return files_.compile(body, ctx_, fo_);
  }

  engine::RunSummary run(const std::string &body, Collecting &l,
                         engine::EngineOptions eo = {}) {
    auto m = compile(body);
    if (!m)
      return {};
    eo.timeoutSeconds = 60; // a safety net, never reached when all is well
    engine::Executor ex(*m, eo, l);
    if (llvm::Error e = ex.prepare()) {
      ADD_FAILURE() << llvm::toString(std::move(e));
      return {};
    }
    EXPECT_EQ(ex.dataModel(), GetParam());
    return ex.run({});
  }

  unittest::CProgramFiles files_{kPrelude};
  llvm::LLVMContext ctx_;
  frontend::FrontendOptions fo_;
};

TEST_P(DataModelTest, SizesOfLongPointerAndSizeT) {
  Collecting l;
  engine::RunSummary s =
      run("int main(void) {\n"
          "  if (sizeof(long) != sizeof(void *)) reach_error();\n"
          "  if (sizeof(size_t) == 4) reach_error();\n" // line 3
          "  return 0;\n"
          "}\n",
          l);
  if (ilp32()) {
    EXPECT_EQ(s.verdict, Verdict::False) << s.reason;
    ASSERT_EQ(l.errors.size(), 1u);
    EXPECT_EQ(l.errors[0].location.line, kPreludeLines + 3);
  } else {
    EXPECT_EQ(s.verdict, Verdict::True) << s.reason;
  }
}

// A node region (a loop's list nodes as cells of one object) has room
// for more cells than a real process holds blocks of their size at once:
// the bound each allocation assumes cuts no real run. LP64: the user
// address space, 2^47 bytes. ILP32: each block takes a chunk of at least
// max(16, size + 4) bytes rounded up to 16 of the 4 GiB less the megabyte
// below the stack that no mapping enters; the region must still fit
// below 4 GiB.
TEST_P(DataModelTest, NodeRegionsHoldMoreCellsThanAProcessHasBlocks) {
  auto m = compile("int main(void) { return 0; }\n");
  ASSERT_TRUE(m);
  Collecting l;
  engine::Executor ex(*m, {}, l);
  ASSERT_FALSE(bool(ex.prepare()));
  const uint64_t heapBytes = (uint64_t(1) << 32) - (uint64_t(1) << 20);
  auto chunkOf = [](uint64_t size) {
    return std::max<uint64_t>(16, (size + 4 + 15) / 16 * 16);
  };
  // Nodes of sizes that are not powers of two are padded to cells of the
  // next one.
  for (uint64_t node : {4u, 8u, 12u, 16u, 24u, 32u, 40u, 64u}) {
    uint64_t bytes = ex.nodeRegionBytes(node);
    uint64_t cell = llvm::PowerOf2Ceil(node);
    EXPECT_EQ(bytes % cell, 0u) << node;
    if (!ilp32()) {
      EXPECT_EQ(bytes, uint64_t(1) << 47) << node;
      continue;
    }
    EXPECT_GE(bytes / cell, heapBytes / chunkOf(node)) << node;
    // (Cells larger than chunks, as 64 for 40-byte nodes in chunks of 48,
    // need more than 4 GiB: no such region, and no loop summarised.)
    if (cell <= chunkOf(node)) {
      EXPECT_LT(bytes, uint64_t(1) << 32) << node;
    }
  }
  if (ilp32()) {
    // Chunks of 16 bytes: 2^28 of them less a megabyte's.
    EXPECT_EQ(ex.nodeRegionBytes(8), 8 * (heapBytes / 16));
    // 12-byte nodes in cells of 16 take all of it, and still leave room
    // below 4 GiB for the program's other objects.
    EXPECT_EQ(ex.nodeRegionBytes(12), heapBytes);
  }
}

// A node's links are its fields that point to its own type (nested
// structs and arrays included); a pointer to another type is its data,
// and does not keep the struct from being a node type.
TEST_P(DataModelTest, NodeLinksAreTheFieldsThatPointToTheNodesOwnType) {
  auto m = compile("struct other { int v; };\n"
                   "struct item {\n"
                   "  int key;\n"
                   "  const char *label;\n"
                   "  struct item *next;\n"
                   "  struct { struct other *owner; struct item *back; } in;\n"
                   "  struct item *more[2];\n"
                   "};\n"
                   "int main(void) {\n"
                   "  struct item *n = malloc(sizeof *n);\n"
                   "  return n != 0;\n"
                   "}\n");
  ASSERT_TRUE(m);
  Collecting l;
  engine::Executor ex(*m, {}, l);
  ASSERT_FALSE(bool(ex.prepare()));
  auto *item = llvm::StructType::getTypeByName(ctx_, "struct.item");
  ASSERT_NE(item, nullptr);
  const uint64_t p = ilp32() ? 4 : 8;
  // key, label, next, {owner, back}, more[0], more[1]: int then pointers.
  std::vector<uint64_t> expected{2 * p, 4 * p, 5 * p, 6 * p};
  std::optional<std::vector<uint64_t>> links = ex.nodeLinks(item);
  ASSERT_TRUE(links.has_value());
  EXPECT_EQ(*links, expected);
  // A struct without a link is a node type with none; no other type is.
  auto *other = llvm::StructType::getTypeByName(ctx_, "struct.other");
  ASSERT_NE(other, nullptr);
  ASSERT_TRUE(ex.nodeLinks(other).has_value());
  EXPECT_TRUE(ex.nodeLinks(other)->empty());
  EXPECT_FALSE(ex.nodeLinks(llvm::Type::getInt32Ty(ctx_)).has_value());
}

TEST_P(DataModelTest, LongOverflowsOnlyAt32Bits) {
  Collecting l;
  engine::EngineOptions eo;
  eo.checkOverflow = true;
  engine::RunSummary s = run("int main(void) {\n"
                             "  long x = 2147483647L;\n"
                             "  long y = x + 1;\n" // line 3
                             "  return y > 0;\n"
                             "}\n",
                             l, eo);
  if (ilp32()) {
    EXPECT_EQ(s.verdict, Verdict::False) << s.reason;
    ASSERT_EQ(l.errors.size(), 1u);
    EXPECT_EQ(l.errors[0].kind, ErrorKind::Overflow);
    EXPECT_EQ(l.errors[0].location.line, kPreludeLines + 3);
  } else {
    EXPECT_EQ(s.verdict, Verdict::True) << s.reason;
  }
}

// A symbolic unsigned long ranges over 32 or 64 bits, and its test input
// has 4 or 8 bytes.
TEST_P(DataModelTest, UnsignedLongInputRangeAndSize) {
  Collecting l;
  engine::RunSummary s =
      run("int main(void) {\n"
          "  unsigned long n = __VERIFIER_nondet_ulong();\n"
          "  if (n > 4294967295UL) reach_error();\n" // line 3
          "  return 0;\n"
          "}\n",
          l);
  size_t bytes = ilp32() ? 4 : 8;
  if (ilp32()) {
    EXPECT_EQ(s.verdict, Verdict::True) << s.reason;
  } else {
    EXPECT_EQ(s.verdict, Verdict::False) << s.reason;
    ASSERT_EQ(l.errors.size(), 1u);
    ASSERT_EQ(l.errors[0].test.inputs.size(), 1u);
    const std::vector<uint8_t> &v = l.errors[0].test.inputs[0].bytes;
    ASSERT_EQ(v.size(), bytes);
    EXPECT_NE(v[4] | v[5] | v[6] | v[7], 0); // above 2^32 - 1
  }
  ASSERT_FALSE(l.completed.empty());
  for (const engine::TestVector &t : l.completed) {
    ASSERT_EQ(t.inputs.size(), 1u);
    EXPECT_EQ(t.inputs[0].bytes.size(), bytes);
  }
}

// uintptr_t arithmetic wraps at the pointer width.
TEST_P(DataModelTest, PointerSizedArithmeticWraps) {
  Collecting l;
  engine::RunSummary s =
      run("int main(void) {\n"
          "  char a[4];\n"
          "  uintptr_t p = (uintptr_t)a;\n"
          "  uintptr_t q = p + 4294967295u;\n"
          "  if (q + 1 == p) reach_error();\n" // line 5
          "  char *r = (char *)(q - 4294967295u);\n"
          "  r[3] = 1;\n"
          "  return a[3];\n"
          "}\n",
          l);
  if (ilp32()) {
    EXPECT_EQ(s.verdict, Verdict::False) << s.reason;
    ASSERT_EQ(l.errors.size(), 1u);
    EXPECT_EQ(l.errors[0].location.line, kPreludeLines + 5);
  } else {
    EXPECT_EQ(s.verdict, Verdict::True) << s.reason;
  }
}

// The layout of a struct with a pointer: the field after it moves, and an
// --entry run's input object and pointers follow.
TEST_P(DataModelTest, ListUnderEntryFindsNullDerefWithTargetLayout) {
  Collecting l;
  engine::EngineOptions eo;
  eo.entry = "second";
  eo.inputs = engine::InputShapes::Any; // n itself may be NULL
  eo.tests = engine::TestPolicy::All; // every completed path's pointers
  engine::RunSummary s = run("struct node { int value; struct node *next; };\n"
                             "int second(struct node *n) {\n"
                             "  return n->next->value;\n" // line 3
                             "}\n",
                             l, eo);
  EXPECT_EQ(s.verdict, Verdict::False) << s.reason;
  ASSERT_EQ(l.errors.size(), 1u);
  EXPECT_EQ(l.errors[0].kind, ErrorKind::NullDeref);
  EXPECT_EQ(l.errors[0].location.line, kPreludeLines + 3);
  size_t pointerBytes = ilp32() ? 4 : 8;
  bool sawNextPointer = false;
  for (const engine::TestVector &t : l.completed) {
    for (const engine::TestInput &in : t.inputs) {
      if (in.source == "argument")
        EXPECT_EQ(in.bytes.size(), pointerBytes) << in.name;
      else
        EXPECT_EQ(in.bytes.size(), 2 * pointerBytes) << in.name;
    }
    for (const engine::InputPointer &p : t.pointers)
      if (p.holder == "*n") {
        EXPECT_EQ(p.offset, pointerBytes);
        sawNextPointer = true;
      }
  }
  EXPECT_TRUE(sawNextPointer);
}

// Far more objects than 4 GiB holds at LP64's spacing: each must stay
// addressable through 32-bit pointers.
TEST_P(DataModelTest, ManyObjectsStayAddressable) {
  Collecting l;
  engine::RunSummary s = run("int main(void) {\n"
                             "  char *first = malloc(8), *p = first;\n"
                             "  for (int i = 0; i < 1000; i++) {\n"
                             "    p = malloc(8);\n"
                             "    p[7] = (char)i;\n"
                             "    char *q = (char *)(uintptr_t)p;\n"
                             "    if (q[7] != (char)i) reach_error();\n"
                             "  }\n"
                             "  first[0] = 1;\n"
                             "  return p[7] + first[0];\n"
                             "}\n",
                             l);
  EXPECT_EQ(s.verdict, Verdict::True) << s.reason;
  EXPECT_TRUE(l.errors.empty());
}

// Issue 19: ILP32 programs that allocate in a loop stopped at 65,529
// objects. Redzones sized to the object let hundreds of thousands of small
// blocks fit below 4 GiB, each still found at its own address; running out
// of space is checked at the layout (ObjectMemoryTest).
TEST_P(DataModelTest, ManySmallObjectsFitAndStayApart) {
  Collecting l;
  engine::RunSummary s = run("int main(void) {\n"
                             "  char *prev = malloc(4);\n"
                             "  for (int i = 0; i < 200000; i++) {\n"
                             "    char *p = malloc(4);\n"
                             "    if (p == prev) reach_error();\n"
                             "    p[3] = 1;\n"
                             "    prev = p;\n"
                             "  }\n"
                             "  return prev[3];\n"
                             "}\n",
                             l);
  EXPECT_TRUE(l.errors.empty());
  EXPECT_EQ(s.verdict, Verdict::True) << s.reason;
}

TEST_P(DataModelTest, ArgvHoldsTheProgramNameThenNull) {
  Collecting l;
  engine::RunSummary s = run("int main(int argc, char **argv) {\n"
                             "  if (argc != 1 || argv[1] != 0) reach_error();\n"
                             "  if (argv[0][0] != 'p') reach_error();\n"
                             "  return argv[0][4];\n"
                             "}\n",
                             l);
  EXPECT_EQ(s.verdict, Verdict::True) << s.reason;
}

// Heap blocks of symbolic size, function pointers and pointer comparisons
// with 32-bit addresses.
TEST_P(DataModelTest, SymbolicSizesAndFunctionPointers) {
  Collecting l;
  engine::RunSummary s =
      run("static int twice(int x) { return 2 * x; }\n"
          "static int thrice(int x) { return 3 * x; }\n"
          "int main(void) {\n"
          "  int n = __VERIFIER_nondet_int();\n"
          "  if (n <= 0 || n > 8) return 0;\n"
          "  int (*f)(int) = n > 4 ? twice : thrice;\n"
          "  char *p = malloc((size_t)n);\n"
          "  p[f(n) / 3] = 1;\n" // line 8
          "  return 0;\n"
          "}\n",
          l);
  // thrice: index n, one past the end; twice: 2n/3 < n is inside.
  EXPECT_EQ(s.verdict, Verdict::False) << s.reason;
  ASSERT_EQ(l.errors.size(), 1u);
  EXPECT_EQ(l.errors[0].kind, ErrorKind::OutOfBounds);
  EXPECT_EQ(l.errors[0].location.line, kPreludeLines + 8);
}

INSTANTIATE_TEST_SUITE_P(
    ILP32AndLP64, DataModelTest,
    ::testing::Values(DataModel::ILP32, DataModel::LP64),
    [](const ::testing::TestParamInfo<DataModel> &info) {
      return std::string(engine::dataModelName(info.param));
    });

TEST(DataModelNames, RoundTrip) {
  for (DataModel m : {DataModel::ILP32, DataModel::LP64})
    EXPECT_EQ(engine::dataModelNamed(engine::dataModelName(m)), m);
  EXPECT_FALSE(engine::dataModelNamed("LLP64"));
}

// Modules whose pointers are neither 32 nor 64 bits, or whose address
// arithmetic is narrower than their pointers, are refused up front.
TEST(DataModelPrepare, RejectsOtherPointerAndIndexWidths) {
  for (const char *layout : {"e-p:16:16", "e-p:64:64:64:32"}) {
    llvm::LLVMContext ctx;
    llvm::SMDiagnostic diag;
    std::string ir = std::string("target datalayout = \"") + layout +
                     "\"\ndefine i32 @main() {\n  ret i32 0\n}\n";
    auto m = llvm::parseAssemblyString(ir, diag, ctx);
    ASSERT_TRUE(m) << diag.getMessage().str();
    Collecting l;
    engine::Executor ex(*m, {}, l);
    llvm::Error e = ex.prepare();
    ASSERT_TRUE(bool(e)) << layout;
    std::string msg = llvm::toString(std::move(e));
    EXPECT_NE(msg.find("-bit"), std::string::npos) << msg;
  }
}

// A call whose arguments do not have the widths of the definition's
// parameters (here an old-style declaration; also libc models built for
// another data model) is not run inexactly.
TEST(DataModelCalls, MismatchedCallIsUnknown) {
  llvm::LLVMContext ctx;
  llvm::SMDiagnostic diag;
  auto m = llvm::parseAssemblyString(
      "define i32 @f(i32 %x) {\n  ret i32 %x\n}\n"
      "define i32 @main() {\n"
      "  %r = call i32 bitcast (i32 (i32)* @f to i32 (i64)*)(i64 1)\n"
      "  ret i32 %r\n}\n",
      diag, ctx);
  ASSERT_TRUE(m) << diag.getMessage().str();
  Collecting l;
  engine::Executor ex(*m, {}, l);
  ASSERT_FALSE(bool(ex.prepare()));
  engine::RunSummary s = ex.run({});
  EXPECT_EQ(s.verdict, Verdict::Unknown) << s.reason;
  EXPECT_NE(s.reason.find("does not match"), std::string::npos) << s.reason;
}

} // namespace
