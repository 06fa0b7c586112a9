//===- LeakCheck.cpp - heap blocks lost or not freed ----------------------===//
//
// SV-COMP's valid-memtrack and valid-memcleanup, as its rules define them:
//  - a block is lost when no pointer to it (or one past its end) is left;
//    a return drops its frame's registers and stack objects; when main
//    returns, only globals are left; exit() and abort() leave every frame
//    (its variables in scope and the values its code still needs);
//  - at the program's end (main returns, exit, abort) a block not freed is
//    not cleaned up, reachable or not.
// Only the program's run checks: an isolated run's blocks reach the
// caller's run through its summary, and are checked there.
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Executor.h"
#include "cosmo/memory/HeapReachability.h"

#include "VariableRoots.h"

#include <fmt/format.h>

namespace cosmo::engine {

bool Executor::heldAt(const llvm::Instruction &at, const llvm::Value *v) {
  if (!variableRoots_)
    variableRoots_ = std::make_unique<VariableRoots>();
  return variableRoots_->held(at, v);
}

void Executor::abortProgram(ExecutionState &s, const llvm::Instruction &at) {
  if (checkHeapAt(s, HeapCheckPoint::Exit, at))
    terminateCompleted(s);
}

bool Executor::checkHeapAt(ExecutionState &s, HeapCheckPoint point,
                           const llvm::Instruction &at,
                           const ExprRef &returned, const StackFrame *done) {
  bool end = point != HeapCheckPoint::Return;
  bool cleanup = opts_.checkCleanup && end && opts_.entry == "main";
  if ((!opts_.checkLeaks && !cleanup) || !s.namePrefix.empty())
    return true;
  memory::HeapReachability heap(ctx_, s.memory, pointerBits());
  if (point == HeapCheckPoint::Return) {
    // Only a frame that held a heap pointer can have dropped the last one.
    bool heldHeap = false;
    const RegisterFile &regs = done->registers;
    for (unsigned k = 0; k < regs.size() && !heldHeap; ++k)
      if (regs.at(k).isSet())
        heldHeap = !heap.blocksMentioned(regs.at(k).toExpr(ctx_)).empty();
    if (!heldHeap && done->allocas.empty())
      return true;
  }
  std::vector<uint64_t> unfreed;
  for (const auto &[base, entry] : s.memory.objects())
    if (entry.object->kind == memory::ObjectKind::Heap && !entry.freed)
      unfreed.push_back(base);
  if (unfreed.empty())
    return true;

  auto stack = [&] {
    std::vector<SourceLocation> out{locationOf(&at)};
    if (point == HeapCheckPoint::Exit)
      return stackOf(s);
    std::vector<SourceLocation> callers = stackOf(s);
    out.insert(out.end(), callers.begin(), callers.end());
    return out;
  };
  auto nameOf = [&](uint64_t base) {
    return s.memory.findByBase(base)->object->name;
  };

  if (opts_.checkLeaks) {
    for (const auto &[base, entry] : s.memory.objects())
      if (!entry.freed && entry.object->kind != memory::ObjectKind::Heap &&
          entry.object->kind != memory::ObjectKind::Function)
        heap.addRootObject(base);
    heap.addRootValue(returned, true);
    for (size_t i = 0; i < s.stack.size(); ++i) {
      const StackFrame &f = s.stack[i];
      const llvm::Instruction &here =
          i + 1 < s.stack.size() ? *s.stack[i + 1].callSite : at;
      const FunctionSlots *slots = f.registers.slots();
      for (unsigned k = 0; k < f.registers.size(); ++k) {
        const RegValue &r = f.registers.at(k);
        if (!r.isSet())
          continue;
        ExprRef value = r.toExpr(ctx_);
        if (heap.blocksMentioned(value).empty())
          continue;
        // A return leaves every caller's register to the caller: only a
        // block no register mentions is lost there.
        bool sure = point == HeapCheckPoint::Exit &&
                    heldAt(here, slots->values[k]);
        heap.addRootValue(value, sure);
      }
    }
    memory::HeapReachability::Outcome o = heap.classify(unfreed);
    if (!o.lost.empty()) {
      std::string where = point == HeapCheckPoint::Return
                              ? "when " + at.getFunction()->getName().str() +
                                    " returns"
                          : point == HeapCheckPoint::Exit
                              ? "at the program's exit"
                              : "when " + opts_.entry + " returns";
      terminateError(s, ErrorKind::Leak,
                     fmt::format("memory allocated by {} is lost {}{}",
                                 nameOf(o.lost.front()), where,
                                 o.lost.size() > 1
                                     ? fmt::format(" (and {} more blocks)",
                                                   o.lost.size() - 1)
                                     : ""),
                     stack());
      return false;
    }
    if (!o.undecided.empty() && point != HeapCheckPoint::Return && !cleanup) {
      terminateCut(s, fmt::format("cannot tell whether memory allocated by "
                                  "{} is still pointed to at the program's "
                                  "end (a symbolic or stale pointer, or "
                                  "pointers stored at symbolic offsets)",
                                  nameOf(o.undecided.front())));
      return false;
    }
  }
  if (cleanup) {
    terminateError(s, ErrorKind::Cleanup,
                   fmt::format("memory allocated by {} is not freed at the "
                               "program's end{}",
                               nameOf(unfreed.front()),
                               unfreed.size() > 1
                                   ? fmt::format(" (and {} more blocks)",
                                                 unfreed.size() - 1)
                                   : ""),
                   stack());
    return false;
  }
  return true;
}

} // namespace cosmo::engine
