//===- RegisterFileTest.cpp - registers shared by a frame's copies -------===//
//
// A fork copies a frame's registers; the copies share chunks until one of
// them writes (Registers.h). What one copy writes the other must not see,
// and what neither wrote both must still read.
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Registers.h"

#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/SourceMgr.h>

#include <gtest/gtest.h>

#include <string>

using namespace cosmo;
using engine::FunctionSlots;
using engine::RegisterFile;
using engine::RegValue;

namespace {

// A function with more registers than one chunk holds.
std::unique_ptr<llvm::Module> manyRegisters(llvm::LLVMContext &ctx,
                                            unsigned adds) {
  std::string ir = "define i32 @f(i32 %a) {\nentry:\n";
  std::string prev = "%a";
  for (unsigned k = 0; k < adds; ++k) {
    ir += "  %v" + std::to_string(k) + " = add i32 " + prev + ", 1\n";
    prev = "%v" + std::to_string(k);
  }
  ir += "  ret i32 " + prev + "\n}\n";
  llvm::SMDiagnostic err;
  auto m = llvm::parseAssemblyString(ir, err, ctx);
  EXPECT_TRUE(m) << err.getMessage().str();
  return m;
}

TEST(RegisterFileTest, CopiesShareUntilOneWrites) {
  llvm::LLVMContext ctx;
  const unsigned adds = 3 * RegisterFile::kChunk + 5;
  auto m = manyRegisters(ctx, adds);
  FunctionSlots slots(*m->getFunction("f"), 64);
  ASSERT_EQ(slots.count, adds + 1); // the argument and each add

  RegisterFile a(slots);
  EXPECT_EQ(a.size(), adds + 1);
  EXPECT_FALSE(a.at(0).isSet());
  for (unsigned k = 0; k < a.size(); ++k)
    a.setAt(k, RegValue::concrete(32, k));

  RegisterFile b = a;
  b.setAt(2, RegValue::concrete(32, 1000));
  b.setAt(adds, RegValue::concrete(32, 2000));
  a.setAt(RegisterFile::kChunk + 1, RegValue::concrete(32, 3000));

  for (unsigned k = 0; k < a.size(); ++k) {
    uint64_t inA = k == RegisterFile::kChunk + 1 ? 3000 : k;
    uint64_t inB = k == 2 ? 1000 : k == adds ? 2000 : k;
    EXPECT_EQ(a.at(k).bits(), inA) << "register " << k;
    EXPECT_EQ(b.at(k).bits(), inB) << "register " << k;
  }
  // Lookup by value reads the same registers.
  const llvm::Value *arg = m->getFunction("f")->getArg(0);
  ASSERT_NE(a.find(arg), nullptr);
  EXPECT_EQ(a.find(arg)->bits(), 0u);
}

TEST(RegisterFileTest, UnwrittenRegistersReadAsUnset) {
  llvm::LLVMContext ctx;
  auto m = manyRegisters(ctx, 2 * RegisterFile::kChunk);
  FunctionSlots slots(*m->getFunction("f"), 64);
  RegisterFile a(slots);
  a.setAt(0, RegValue::concrete(32, 7));
  RegisterFile b = a;
  for (unsigned k = 1; k < a.size(); ++k) {
    EXPECT_FALSE(a.at(k).isSet());
    EXPECT_FALSE(b.at(k).isSet());
  }
  EXPECT_EQ(a.find(&*m->getFunction("f")->begin()->begin()), nullptr);
  EXPECT_EQ(b.at(0).bits(), 7u);
}

} // namespace
