//===- SummarisableCycles.cpp - which recursions summaries describe ------===//
//
// A cycle of the call graph gets summary relations (RecursionSummarizer.cpp)
// when a call of one of its functions changes nothing but its result and
// some integer globals: then the atom Sum(f)(args, globals, result,
// changes) describes it exactly, with no heap to compose. This file decides
// that from the IR, once per function, and finds the globals.
//
//===----------------------------------------------------------------------===//

#include "cosmo/frontend/AssertionReach.h"
#include "loops/LoopInstance.h"
#include "recursion/RecursiveFunction.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace cosmo::summary {

namespace {

bool isScalar(const llvm::Type *t) {
  return t->isIntegerTy() && t->getIntegerBitWidth() >= 8 &&
         t->getIntegerBitWidth() <= 64;
}

/// The integer globals the bodies of a cycle (and the functions they call)
/// read or write by name, whole: their values are arguments of the
/// cycle's relations, like parameters and results.
struct TouchedGlobals {
  std::vector<const llvm::GlobalVariable *> all; ///< in the order first met
  std::set<const llvm::GlobalVariable *> written;
  void add(const llvm::GlobalVariable *g, bool write) {
    if (std::find(all.begin(), all.end(), g) == all.end())
      all.push_back(g);
    if (write)
      written.insert(g);
  }
};

/// The integer global a load or store of `type` at `address` reads or
/// writes whole, or null.
const llvm::GlobalVariable *wholeIntegerGlobal(const llvm::Value *address,
                                               const llvm::Type *type) {
  const auto *g =
      llvm::dyn_cast<llvm::GlobalVariable>(address->stripPointerCasts());
  if (!g || g->getValueType() != type || !isScalar(type) ||
      type->getIntegerBitWidth() % 8 != 0)
    return nullptr;
  return g;
}

/// Declared functions a summarised body may call: they end a path as an
/// error or restrict it, and change no memory.
bool isErrorOrAssume(llvm::StringRef name) {
  static const std::set<std::string> assumes = {
      "__VERIFIER_assume", "klee_assume", "cosmo_assume",
      "assume_abort_if_not", "abort"};
  return frontend::isAssertionFunction(name) || assumes.count(name.str()) != 0;
}

/// Why the body of `g` (a function of the cycle, or one a body of it
/// calls) is not one a summary can describe: it reads or writes memory
/// other than its own locals, or calls something other than the functions
/// of the cycle (their calls are atoms), the functions above and other
/// such functions. Empty when it is.
std::string whyNotPure(const llvm::Function &g,
                       const std::set<const llvm::Function *> &cycle,
                       std::set<const llvm::Function *> &seen,
                       TouchedGlobals &globals) {
  for (const llvm::Instruction &i : llvm::instructions(g)) {
    if (const auto *call = llvm::dyn_cast<llvm::CallBase>(&i)) {
      if (llvm::isa<llvm::DbgInfoIntrinsic>(call) ||
          call->isLifetimeStartOrEnd())
        continue;
      const llvm::Function *callee = call->getCalledFunction();
      if (!callee)
        return "it calls through a pointer";
      if (cycle.count(callee))
        continue;
      if (callee->isDeclaration()) {
        if (!isErrorOrAssume(callee->getName()))
          return fmt::format("it calls '{}'", callee->getName().str());
        continue;
      }
      if (seen.insert(callee).second)
        if (std::string why = whyNotPure(*callee, cycle, seen, globals);
            !why.empty())
          return why;
      continue;
    }
    const llvm::Value *address = nullptr;
    const llvm::Type *type = nullptr;
    bool write = false;
    if (const auto *l = llvm::dyn_cast<llvm::LoadInst>(&i)) {
      address = l->getPointerOperand();
      type = l->getType();
    } else if (const auto *st = llvm::dyn_cast<llvm::StoreInst>(&i)) {
      if (st->getValueOperand()->getType()->isPointerTy())
        return "it stores a pointer";
      address = st->getPointerOperand();
      type = st->getValueOperand()->getType();
      write = true;
    } else if (i.mayReadOrWriteMemory() || llvm::isa<llvm::IntToPtrInst>(i) ||
               llvm::isa<llvm::PtrToIntInst>(i))
      return "it reads or writes memory";
    if (!address ||
        llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(address)))
      continue;
    const llvm::GlobalVariable *global = wholeIntegerGlobal(address, type);
    if (!global)
      return "it reads or writes memory other than its locals and integer "
             "globals";
    if (write && global->isConstant())
      return fmt::format("it writes the constant '{}'",
                         global->getName().str());
    globals.add(global, write);
  }
  return "";
}

/// Why `f`, a function of `cycle`, cannot have a summary relation (empty
/// when it can): see the header comment for what is summarised.
std::string whyNotSummarisable(const llvm::Function &f,
                               const std::set<const llvm::Function *> &cycle,
                               TouchedGlobals &globals) {
  if (f.isVarArg() ||
      !(isScalar(f.getReturnType()) || f.getReturnType()->isVoidTy()))
    return "its result is not an integer";
  for (const llvm::Argument &a : f.args())
    if (!isScalar(a.getType()))
      return "a parameter is not an integer";
  std::set<const llvm::Function *> seen = cycle;
  return whyNotPure(f, cycle, seen, globals);
}

} // namespace

std::string whyCycleNotSummarisable(
    const std::vector<const llvm::Function *> &cycle,
    std::vector<const llvm::GlobalVariable *> &globals,
    std::vector<const llvm::GlobalVariable *> &written) {
  std::set<const llvm::Function *> members(cycle.begin(), cycle.end());
  TouchedGlobals touched;
  for (const llvm::Function *g : cycle)
    if (std::string why = whyNotSummarisable(*g, members, touched);
        !why.empty())
      return cycle.size() == 1
                 ? why
                 : fmt::format("'{}' (in its cycle of calls): {}",
                               g->getName().str(), why);
  globals = touched.all;
  written.clear();
  for (const llvm::GlobalVariable *g : touched.all)
    if (touched.written.count(g))
      written.push_back(g);
  return "";
}


} // namespace cosmo::summary
