//===- AssertionReach.cpp - where an assertion may still fail -------------===//
//
// Two fixpoints: over functions (a function may when one of its calls may:
// to an assertion function, to a function that may, or through a pointer
// while some address-taken function may), then, in each function, over
// blocks backwards from the blocks holding such a call.
//
//===----------------------------------------------------------------------===//

#include "cosmo/frontend/AssertionReach.h"

#include <llvm/IR/CFG.h>
#include <llvm/IR/GlobalAlias.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <array>
#include <vector>

namespace cosmo::frontend {

bool isAssertionFunction(llvm::StringRef name) {
  static constexpr std::array<llvm::StringLiteral, 9> names = {
      "reach_error",  "__VERIFIER_error", "__assert_fail",
      "__assert_rtn", "__assert",         "klee_report_error",
      "cosmo_assert", "klee_assert",      "__VERIFIER_assert"};
  return llvm::is_contained(names, name);
}

namespace {

/// The function `call` calls, through casts and aliases; null for a call
/// through a pointer.
const llvm::Function *calleeOf(const llvm::CallBase &call) {
  const llvm::Value *v = call.getCalledOperand()->stripPointerCasts();
  if (const auto *a = llvm::dyn_cast<llvm::GlobalAlias>(v))
    v = a->getAliasee()->stripPointerCasts();
  return llvm::dyn_cast<llvm::Function>(v);
}

/// Declared functions that take no function's address and call none of
/// the program's back, whatever their pointer arguments.
bool callsNothingBack(llvm::StringRef name) {
  static constexpr std::array<llvm::StringLiteral, 16> names = {
      "malloc", "calloc",  "realloc", "free",    "memcpy", "memmove",
      "memset", "memcmp",  "strlen",  "strcmp",  "strncmp", "strcpy",
      "strncpy", "printf", "puts",    "alloca"};
  return llvm::is_contained(names, name);
}

/// Functions that make the program run code later, from somewhere no
/// block's successors show (exit and signal handlers, threads), or jump
/// back to an earlier point (non-local jumps).
bool runsCodeOutOfFlow(llvm::StringRef name) {
  static constexpr std::array<llvm::StringLiteral, 13> names = {
      "atexit",  "on_exit",  "__cxa_atexit", "signal",   "sigaction",
      "pthread_create", "thrd_create", "setjmp", "_setjmp", "sigsetjmp",
      "__sigsetjmp", "longjmp", "siglongjmp"};
  return llvm::is_contained(names, name) || name == "_longjmp";
}

} // namespace

AssertionReach::AssertionReach(const llvm::Module &m) {
  bool outOfFlow = false;
  for (const llvm::Function &f : m)
    if (!f.use_empty() && runsCodeOutOfFlow(f.getName()))
      outOfFlow = true;
  if (const llvm::GlobalVariable *d = m.getNamedGlobal("llvm.global_dtors"))
    outOfFlow |= d->hasInitializer() && !d->getInitializer()->isNullValue();

  // Functions: the assertion functions a program defines (an empty
  // reach_error, called through a pointer, still fails), then those whose
  // calls may, until no function's calls add one.
  for (const llvm::Function &f : m)
    if (!f.isDeclaration() && isAssertionFunction(f.getName())) {
      functionsThatMay_.insert(&f);
      addressTakenMay_ |= f.hasAddressTaken();
    }
  for (bool grew = true; grew;) {
    grew = false;
    for (const llvm::Function &f : m) {
      if (f.isDeclaration() || functionsThatMay_.count(&f))
        continue;
      for (const llvm::Instruction &i : llvm::instructions(f))
        if (const auto *call = llvm::dyn_cast<llvm::CallBase>(&i);
            call && fromCall(*call)) {
          functionsThatMay_.insert(&f);
          addressTakenMay_ |= f.hasAddressTaken();
          grew = true;
          break;
        }
    }
  }
  if (outOfFlow) {
    everywhere_ = true;
    return;
  }

  // Blocks: backwards from those holding a call that may.
  std::vector<const llvm::BasicBlock *> work;
  for (const llvm::Function *f : functionsThatMay_)
    for (const llvm::BasicBlock &b : *f)
      for (const llvm::Instruction &i : b)
        if (const auto *call = llvm::dyn_cast<llvm::CallBase>(&i);
            call && fromCall(*call)) {
          if (blocksThatMay_.insert(&b).second)
            work.push_back(&b);
          break;
        }
  while (!work.empty()) {
    const llvm::BasicBlock *b = work.back();
    work.pop_back();
    for (const llvm::BasicBlock *p : llvm::predecessors(b))
      if (blocksThatMay_.insert(p).second)
        work.push_back(p);
  }
}

bool AssertionReach::fromCall(const llvm::CallBase &call) const {
  if (everywhere_)
    return true;
  if (call.isInlineAsm() || llvm::isa<llvm::IntrinsicInst>(call))
    return false;
  const llvm::Function *callee = calleeOf(call);
  if (!callee)
    return addressTakenMay_;
  if (isAssertionFunction(callee->getName()))
    return true;
  if (!callee->isDeclaration())
    return functionsThatMay_.count(callee) != 0;
  if (!addressTakenMay_ || callsNothingBack(callee->getName()))
    return false;
  // A declared function may call back a function whose address it gets.
  for (const llvm::Use &a : call.args())
    if (a->getType()->isPointerTy())
      return true;
  return false;
}

bool AssertionReach::fromBlock(const llvm::BasicBlock &b) const {
  return everywhere_ || blocksThatMay_.count(&b) != 0;
}

bool AssertionReach::afterCall(const llvm::CallBase &call) const {
  if (everywhere_)
    return true;
  for (const llvm::Instruction *i = call.getNextNode(); i;
       i = i->getNextNode())
    if (const auto *c = llvm::dyn_cast<llvm::CallBase>(i); c && fromCall(*c))
      return true;
  for (const llvm::BasicBlock *s : llvm::successors(call.getParent()))
    if (fromBlock(*s))
      return true;
  return false;
}

} // namespace cosmo::frontend
