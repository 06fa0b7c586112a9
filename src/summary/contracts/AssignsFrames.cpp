//===- AssignsFrames.cpp - assigns clauses and the havoc of annotations ---===//
//
// Seed 003's `assigns`: while a contracted function runs in its isolated
// run (or an annotated loop's iteration), every write to memory that
// existed when it began must fall in one of its clause's ranges; an
// `assigns` error where it can fall outside. A call that uses a contract,
// and a loop abstracted by its invariants, give fresh values to what the
// clauses (or the loop's stores, from the IR) allow to change.
//
//===----------------------------------------------------------------------===//

#include "common/LoopWrites.h"
#include "contracts/ContractHooks.h"

#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <fmt/format.h>

namespace cosmo::summary {

namespace {

/// Objects up to this size keep their byte form when havocked (queries
/// without arrays).
constexpr uint64_t kHavocBytesMax = 4096;

} // namespace

ExecutionState *ContractHooks::onWrite(const ResolvedAccess &a, uint64_t bytes,
                                       const ExprRef &symbolicBytes) {
  const ContractPath *d = find(*a.state);
  if (!d || d->assigns.empty())
    return a.state;
  return checkAssigns(a, symbolicBytes ? symbolicBytes : x_.pointer(bytes));
}

void ContractHooks::onBlockEntry(ExecutionState &s, const llvm::BasicBlock *) {
  if (const ContractPath *d = find(s); d && !d->assigns.empty())
    leaveLoopAssigns(s);
}

void ContractHooks::onReturn(ExecutionState &s) {
  if (const ContractPath *d = find(s);
      d && !d->assigns.empty() && !s.stack.empty())
    leaveLoopAssigns(s);
}

ExecutionState *ContractHooks::checkAssigns(const ResolvedAccess &a,
                                            const ExprRef &bytes) {
  ExecutionState *s = a.state;
  // Each frame checks the write in turn; the path goes on where every
  // frame allows it.
  for (size_t k = 0; s && k < data(*s).assigns.size(); ++k) {
    const AssignsFrame &f = data(*s).assigns[k];
    if (s->stack.size() <= f.depth)
      continue; // the contract's own checking code
    const memory::ObjectEntry *e = s->memory.findByBase(a.base);
    // The call's own objects (its stack, its heap blocks) are its to write;
    // input objects met during the call were the caller's all along.
    if (e && e->object->kind != memory::ObjectKind::Input &&
        a.base >= f.freshFrom)
      continue;
    // The function's own stack objects the loop writes: its havoc gave
    // them fresh values (havocLoop).
    if (f.havocked.count(a.base))
      continue;
    ExprRef start = ctx_.add(x_.pointer(a.base),
                             ctx_.zextOrTrunc(a.offset, x_.pointerBits()));
    ExprRef end = ctx_.add(start, bytes);
    ExprRef allowed = ctx_.falseE();
    for (const auto &[lo, hi] : f.ranges)
      allowed =
          ctx_.orE(allowed, ctx_.andE(ctx_.ule(lo, start), ctx_.ule(end, hi)));
    std::string what = e ? e->object->name : "memory";
    std::string clause =
        f.loopBody
            ? fmt::format("the loop assigns clause (line {})", f.line)
            : fmt::format("{}'s assigns clause (line {})", f.function, f.line);
    s = x_.checkError(
        *s, ctx_.notE(allowed), engine::ErrorKind::Assigns,
        fmt::format("a write to '{}' that {} does not allow", what, clause));
  }
  return s;
}

void ContractHooks::leaveLoopAssigns(ExecutionState &s) {
  while (!data(s).assigns.empty() && data(s).assigns.back().loopBody) {
    const AssignsFrame &f = data(s).assigns.back();
    bool inLoop =
        s.stack.size() > f.depth + 1 ||
        (s.stack.size() == f.depth + 1 &&
         std::count(f.loopBody->begin(), f.loopBody->end(), s.frame().block));
    if (inLoop)
      return;
    data(s).assigns.pop_back();
  }
}

void ContractHooks::havocObject(ExecutionState &s, uint64_t base) {
  const memory::ObjectEntry *e = s.memory.findByBase(base);
  if (!e)
    return;
  if (e->object->readOnly)
    throw engine::Unsupported{"ACSL: assigns of a read-only object"};
  memory::ObjectState &os = s.memory.writable(base);
  // Small objects keep their byte form (queries without arrays); an
  // object of symbolic size may be far too large for one.
  ExprRef fresh = ctx_.arrayVar(s.freshName("havoc"));
  if (e->object->symbolicSize || os.capacity() > kHavocBytesMax)
    os = memory::ObjectState::unbounded(os.capacity(), fresh);
  else
    os = memory::ObjectState(os.capacity(), fresh);
}

void ContractHooks::havocLoop(ExecutionState &s, bool memory) {
  const llvm::BasicBlock *head = data(s).annotatedLoopHead;
  if (!head)
    throw engine::Unsupported{"ACSL: a loop havoc outside an annotated loop"};
  const frontend::RecursiveVertex *v = loopVertex(head);
  for (const llvm::PHINode &phi : head->phis()) {
    const llvm::Type *t = phi.getType();
    if (!t->isIntegerTy() && !t->isPointerTy())
      throw engine::Unsupported{
          "ACSL: a loop carries a value of a type cosmo cannot "
          "havoc"};
    unsigned bits =
        t->isPointerTy() ? x_.pointerBits() : t->getIntegerBitWidth();
    std::string name = phi.hasName() ? phi.getName().str() : "loop";
    x_.bind(s, &phi,
            bits == 1 ? ctx_.var(s.freshName(name), expr::Sort::boolean())
                      : ctx_.var(s.freshName(name), expr::Sort::bv(bits)));
  }
  for (uint64_t base : loopWriteTargets(s, *v, /*ownOnly=*/!memory))
    havocObject(s, base);
}

std::set<uint64_t> ContractHooks::loopWriteTargets(
    ExecutionState &s, const frontend::RecursiveVertex &v, bool ownOnly) {
  // Every object the loop's stores may reach, found from the IR: the
  // whole object is havocked. With `loop assigns` (ownOnly), the
  // function's own stack objects the loop stores to or passes to a call:
  // the clause names the others, and the iteration's writes to them are
  // checked against it (checkAssigns).
  std::set<uint64_t> bases;
  auto target = [&](const llvm::Value *u) {
    if (ownOnly && !llvm::isa<llvm::AllocaInst>(u))
      return;
    if (!llvm::isa<llvm::AllocaInst>(u) && !llvm::isa<llvm::Argument>(u) &&
        !llvm::isa<llvm::GlobalVariable>(u))
      throw engine::Unsupported{
          "ACSL: the annotated loop writes through a pointer it "
          "computes; give `loop assigns`"};
    ExprRef addr = x_.eval(s, u);
    if (!addr->isConst())
      throw engine::Unsupported{
          "ACSL: the annotated loop writes through a symbolic "
          "pointer; give `loop assigns`"};
    if (const memory::ObjectEntry *e =
            s.memory.find(addr->bvValue().getZExtValue()))
      bases.insert(e->object->address);
  };
  for (const LoopWrite &w : loopWrites(v)) {
    if (const auto *call = llvm::dyn_cast<llvm::CallBase>(w.at);
        call && !llvm::isa<llvm::MemIntrinsic>(call)) {
      const llvm::Function *f = call->getCalledFunction();
      if (!ownOnly)
        throw engine::Unsupported{fmt::format(
            "ACSL: the annotated loop calls '{}', which may write memory; "
            "give `loop assigns`",
            f ? f->getName().str() : "a function pointer")};
      if (!w.object)
        continue;
    }
    target(w.object);
  }
  return bases;
}

} // namespace cosmo::summary
