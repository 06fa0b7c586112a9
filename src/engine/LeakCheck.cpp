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

void Executor::endProgram(ExecutionState &s, bool byExit,
                          const llvm::Instruction &at,
                          std::optional<ExprRef> returned) {
  if (!s.atexitHandlers.empty()) {
    const llvm::Function *handler = s.atexitHandlers.back();
    s.atexitHandlers.pop_back();
    s.ending = ExecutionState::Ending{byExit, &at, std::move(returned)};
    StackFrame frame; // no call site: its return goes on ending
    frame.function = handler;
    frame.block = &handler->getEntryBlock();
    frame.pc = frame.block->begin();
    frame.registers = registersFor(*handler);
    s.stack.push_back(std::move(frame));
    return;
  }
  if (checkHeapAt(s,
                  byExit ? HeapCheckPoint::Exit : HeapCheckPoint::ProgramEnd,
                  at, returned ? *returned : ExprRef()))
    terminateCompleted(s, byExit ? std::nullopt : returned);
}

bool Executor::checkHeapAt(ExecutionState &s, HeapCheckPoint point,
                           const llvm::Instruction &at,
                           const ExprRef &returned, const StackFrame *done) {
  // Every return comes here: the common case (no check asked) first.
  if ((!opts_.checkLeaks && !opts_.checkCleanup) || !s.namePrefix.empty())
    return true;
  bool end =
      point == HeapCheckPoint::Exit || point == HeapCheckPoint::ProgramEnd;
  bool cleanup = opts_.checkCleanup && end && opts_.entry == "main";
  if (!opts_.checkLeaks && !cleanup)
    return true;
  memory::HeapReachability heap(ctx_, s.memory, pointerBits());
  auto mentionedBy = [&](const RegisterFile &regs) {
    std::set<uint64_t> out;
    for (unsigned k = 0; k < regs.size(); ++k)
      if (regs.at(k).isSet())
        out.merge(heap.blocksMentioned(regs.at(k).toExpr(ctx_)));
    return out;
  };
  std::vector<uint64_t> unfreed;
  if (point == HeapCheckPoint::Return) {
    // Only a block the frame pointed to can have lost its last pointer
    // there, and not one the value returned or a caller's register still
    // mentions (the common case, decided without scanning memory).
    std::set<uint64_t> dropped = mentionedBy(done->registers);
    for (uint64_t base : done->allocas)
      dropped.merge(heap.blocksStoredIn(base));
    for (uint64_t base : heap.blocksMentioned(returned))
      dropped.erase(base);
    for (const StackFrame &f : s.stack) {
      if (dropped.empty())
        return true;
      for (uint64_t base : mentionedBy(f.registers))
        dropped.erase(base);
    }
    if (dropped.empty())
      return true;
    unfreed.assign(dropped.begin(), dropped.end());
  } else {
    for (const auto &[base, entry] : s.memory.objects())
      if (entry.object->kind == memory::ObjectKind::Heap && !entry.freed)
        unfreed.push_back(base);
  }
  if (unfreed.empty())
    return true;

  // Reported where the block was allocated, as Valgrind does: the same
  // place whichever return or exit finds it, and whether the function
  // that dropped it ran inline or through its summary.
  auto siteOf = [&](uint64_t base) {
    const memory::MemoryObject &o = *s.memory.findByBase(base)->object;
    return std::vector<SourceLocation>{
        {o.siteFile, o.siteLine, o.siteFunction, 0}};
  };
  auto nameOf = [&](uint64_t base) {
    return s.memory.findByBase(base)->object->name;
  };
  SourceLocation here = locationOf(&at);

  if (opts_.checkLeaks) {
    for (const auto &[base, entry] : s.memory.objects())
      if (!entry.freed && entry.object->kind != memory::ObjectKind::Heap &&
          entry.object->kind != memory::ObjectKind::Function)
        heap.addRootObject(base);
    heap.addRootValue(returned, true);
    for (size_t i = 0; i < s.stack.size(); ++i) {
      const StackFrame &f = s.stack[i];
      // Where the frame stands: the call of the frame above it (none for
      // an atexit handler's: its registers may be stale), or `at`.
      const llvm::Instruction *standing =
          i + 1 < s.stack.size() ? s.stack[i + 1].callSite : &at;
      const FunctionSlots *slots = f.registers.slots();
      for (unsigned k = 0; k < f.registers.size(); ++k) {
        const RegValue &r = f.registers.at(k);
        if (!r.isSet())
          continue;
        ExprRef value = r.toExpr(ctx_);
        if (heap.blocksMentioned(value).empty())
          continue;
        // A return leaves every caller's register to the caller: only a
        // block no register mentions is lost there. At exit, a register
        // neither used again nor a variable's value holds nothing of the
        // program's (with debug information to say so).
        if (point != HeapCheckPoint::Exit || !standing) {
          heap.addRootValue(value, false);
          continue;
        }
        const llvm::Value *v = slots->values[k];
        if (heldAt(*standing, v))
          heap.addRootValue(value, true);
        else if (!f.function->getSubprogram())
          heap.addRootValue(value, false);
      }
    }
    memory::HeapReachability::Outcome o = heap.classify(unfreed);
    if (!o.lost.empty()) {
      std::string where =
          point == HeapCheckPoint::Exit ? "at the program's exit"
          : point == HeapCheckPoint::LoopIteration
              ? "in an iteration of the loop"
              : "when " + at.getFunction()->getName().str() + " returns";
      terminateError(s, ErrorKind::Leak,
                     fmt::format("the block of {} is lost {} (line {}){}",
                                 nameOf(o.lost.front()), where, here.line,
                                 o.lost.size() > 1
                                     ? fmt::format(", and {} more",
                                                   o.lost.size() - 1)
                                     : ""),
                     siteOf(o.lost.front()));
      return false;
    }
    if (!o.undecided.empty() && end && !cleanup) {
      terminateCut(s, fmt::format("cannot tell whether the block of {} is "
                                  "still pointed to at the program's end "
                                  "(line {}): a symbolic or stale pointer, "
                                  "or pointers stored at symbolic offsets",
                                  nameOf(o.undecided.front()), here.line));
      return false;
    }
  }
  if (cleanup) {
    terminateError(s, ErrorKind::Cleanup,
                   fmt::format("the block of {} is not freed at the "
                               "program's end (line {}){}",
                               nameOf(unfreed.front()), here.line,
                               unfreed.size() > 1
                                   ? fmt::format(", nor {} more",
                                                 unfreed.size() - 1)
                                   : ""),
                   siteOf(unfreed.front()));
    return false;
  }
  return true;
}

} // namespace cosmo::engine
