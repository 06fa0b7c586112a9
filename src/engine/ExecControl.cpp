//===- ExecControl.cpp - dispatch, branches, phis, calls, returns ---------===//

#include "cosmo/engine/Executor.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Operator.h>

#include <fmt/format.h>

#include <bit>

namespace cosmo::engine {

namespace {
std::string invalidCallMessage(uint64_t target) {
  if (target == 0)
    return "call through a null function pointer";
  if (target < memory::kNullPageSize)
    return fmt::format("call through a null function pointer plus {}",
                       target);
  return fmt::format("call through invalid function pointer {:#x}", target);
}
} // namespace

std::pair<uint64_t, llvm::Type *>
Executor::aggregateMember(llvm::Type *t,
                              llvm::ArrayRef<unsigned> indices) const {
  uint64_t offset = 0;
  for (unsigned idx : indices) {
    if (auto *st = llvm::dyn_cast<llvm::StructType>(t)) {
      offset += layout_.getStructLayout(st)->getElementOffset(idx);
      t = st->getElementType(idx);
    } else {
      t = t->getArrayElementType();
      offset += idx * layout_.getTypeAllocSize(t);
    }
  }
  return {offset, t};
}

void Executor::executeInstruction(ExecutionState &s,
                                      const llvm::Instruction &i) {
  using llvm::Instruction;
  switch (i.getOpcode()) {
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
  case Instruction::Shl:
  case Instruction::LShr:
  case Instruction::AShr:
  case Instruction::And:
  case Instruction::Or:
  case Instruction::Xor:
    executeBinary(s, llvm::cast<llvm::BinaryOperator>(i));
    return;
  case Instruction::Trunc:
  case Instruction::ZExt:
  case Instruction::SExt:
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
    executeCast(s, llvm::cast<llvm::CastInst>(i));
    return;
  case Instruction::ICmp:
    executeCompare(s, llvm::cast<llvm::ICmpInst>(i));
    return;
  case Instruction::Select: {
    if (isUncomputedType(i.getType()))
      throw Unsupported{fmt::format("long double or vector select at {}:{}",
                                    locationOf(&i).file, locationOf(&i).line)};
    ExprRef c = asBool(eval(s, i.getOperand(0)));
    bind(s, &i, ctx_.ite(c, eval(s, i.getOperand(1)), eval(s, i.getOperand(2))));
    return;
  }
  case Instruction::GetElementPtr: {
    auto &gep = llvm::cast<llvm::GEPOperator>(llvm::cast<llvm::User>(i));
    if (i.getType()->isVectorTy())
      throw Unsupported{"vector getelementptr"};
    bind(s, &i, ctx_.add(eval(s, gep.getPointerOperand()), gepOffset(s, gep)));
    return;
  }
  case Instruction::Load:
    executeLoad(s, llvm::cast<llvm::LoadInst>(i));
    return;
  case Instruction::Store:
    executeStore(s, llvm::cast<llvm::StoreInst>(i));
    return;
  case Instruction::Alloca:
    executeAlloca(s, llvm::cast<llvm::AllocaInst>(i));
    return;
  case Instruction::Br:
    executeBranch(s, llvm::cast<llvm::BranchInst>(i));
    return;
  case Instruction::Switch:
    executeSwitch(s, llvm::cast<llvm::SwitchInst>(i));
    return;
  case Instruction::IndirectBr: {
    auto &ib = llvm::cast<llvm::IndirectBrInst>(i);
    ExprRef target = eval(s, ib.getAddress());
    ExecutionState *rest = &s;
    for (unsigned k = 0; k < ib.getNumDestinations() && rest; ++k) {
      const llvm::BasicBlock *bb = ib.getDestination(k);
      ExprRef addr = evalConstant(
          *rest, llvm::BlockAddress::get(const_cast<llvm::BasicBlock *>(bb)));
      Split sp = split(*rest, ctx_.eq(target, addr));
      if (sp.onTrue)
        transferToBlock(*sp.onTrue, bb);
      rest = sp.onFalse;
    }
    if (rest)
      terminateCut(*rest, "indirect branch to an unknown address");
    return;
  }
  case Instruction::PHI:
    return; // evaluated on entry to the block (transferToBlock)
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
  case Instruction::FDiv:
  case Instruction::FRem:
  case Instruction::FNeg:
    executeFloatBinary(s, i);
    return;
  case Instruction::FCmp:
    executeFloatCompare(s, llvm::cast<llvm::FCmpInst>(i));
    return;
  case Instruction::FPToSI:
  case Instruction::FPToUI:
  case Instruction::SIToFP:
  case Instruction::UIToFP:
  case Instruction::FPExt:
  case Instruction::FPTrunc:
    executeFloatCast(s, llvm::cast<llvm::CastInst>(i));
    return;
  case Instruction::Call:
    if (llvm::isa<llvm::DbgInfoIntrinsic>(i))
      return; // debug records: the hottest no-op at -O0 -g
    executeCall(s, llvm::cast<llvm::CallBase>(i));
    return;
  case Instruction::Ret:
    executeReturn(s, llvm::cast<llvm::ReturnInst>(i));
    return;
  case Instruction::Unreachable:
    terminateCut(s, fmt::format("reached an unreachable instruction at {}:{}",
                                locationOf(&i).file, locationOf(&i).line));
    return;
  case Instruction::Freeze:
    bind(s, &i, eval(s, i.getOperand(0)));
    return;
  case Instruction::ExtractValue: {
    auto &ev = llvm::cast<llvm::ExtractValueInst>(i);
    ExprRef agg = eval(s, ev.getAggregateOperand());
    auto [offset, t] =
        aggregateMember(ev.getAggregateOperand()->getType(), ev.getIndices());
    unsigned bits = storeBits(t);
    bind(s, &i,
         decode(ctx_.extract(agg, static_cast<unsigned>(offset * 8 + bits - 1),
                             static_cast<unsigned>(offset * 8)),
                t));
    return;
  }
  case Instruction::InsertValue: {
    auto &iv = llvm::cast<llvm::InsertValueInst>(i);
    ExprRef agg = eval(s, iv.getAggregateOperand());
    auto [offset, t] =
        aggregateMember(iv.getAggregateOperand()->getType(), iv.getIndices());
    ExprRef v = encode(eval(s, iv.getInsertedValueOperand()), t);
    unsigned lo = static_cast<unsigned>(offset * 8), w = agg->width();
    unsigned hi = lo + v->width();
    ExprRef r = v;
    if (lo > 0)
      r = ctx_.concat(r, ctx_.extract(agg, lo - 1, 0));
    if (hi < w)
      r = ctx_.concat(ctx_.extract(agg, w - 1, hi), r);
    bind(s, &i, r);
    return;
  }
  default: break;
  }
  throw Unsupported{fmt::format("unsupported instruction '{}' at {}:{}",
                                i.getOpcodeName(), locationOf(&i).file,
                                locationOf(&i).line)};
}

void Executor::transferToBlock(ExecutionState &s,
                                   const llvm::BasicBlock *target) {
  StackFrame &f = s.frame();
  const llvm::BasicBlock *from = f.block;
  const BlockEntry &entry = f.registers.slots()->blocks.find(target)->second;
  if (entry.hasFloatPhi)
    throw Unsupported{fmt::format("long double or vector phi at {}:{}",
                                  locationOf(&*target->begin()).file,
                                  locationOf(&*target->begin()).line)};
  // All phis read their inputs before any is written.
  llvm::SmallVector<RegValue, 4> values;
  for (const BlockEntry::Phi &p : entry.phis) {
    const FastOperand *in = nullptr;
    for (const auto &[pred, op] : p.incoming)
      if (pred == from) {
        in = &op;
        break;
      }
    if (!in)
      throw Unsupported{"a phi without a value for the block it came from"};
    if (in->slot >= 0)
      values.push_back(f.registers.at(static_cast<unsigned>(in->slot)));
    else if (in->slot == FastOperand::kConstant)
      values.push_back(in->constant);
    else
      values.push_back(
          evalValue(s, p.phi->getIncomingValueForBlock(from)));
    if (!values.back().isSet())
      throw Unsupported{"use of a value with no definition on this path: " +
                        p.phi->getIncomingValueForBlock(from)->getName().str()};
  }
  for (size_t k = 0; k < values.size(); ++k)
    f.registers.setAt(entry.phis[k].slot, std::move(values[k]));
  f.previousBlock = from;
  f.block = target;
  f.pc = entry.firstNonPhi;
  f.fastHint = entry.firstNonPhiIndex;
  // Nothing past here can fail an assertion: the path has shown all it can
  // (the program's own run only; an isolated run's rest is its caller's).
  if (assertionReach_ && s.namePrefix.empty() &&
      s.stack.front().function == entry_ && !assertionAhead(s, *target)) {
    // (Counted when the path is: a hook may take its end, as a confirming
    // run's watch does.)
    uint64_t completed = summary_.stats.pathsCompleted;
    terminateCompleted(s);
    if (summary_.stats.pathsCompleted != completed)
      ++summary_.stats.pathsPastAssertions;
    return;
  }
  // A loop that never ends still loses blocks: each back edge may have
  // overwritten a register's last pointer (checked ever more rarely, the
  // checks scanning the heap; a lost block stays lost for the next).
  if (opts_.checkLeaks && !entry.backEdgesFrom.empty() &&
      llvm::is_contained(entry.backEdgesFrom, from) &&
      std::has_single_bit(++s.backEdges) &&
      !checkHeapAt(s, HeapCheckPoint::LoopIteration, *entry.firstNonPhi))
    return;
  if (run_->covered.insert(target))
    claimCoverage(s);
  // A state that forks only stands at its block: the searcher learns that
  // it is new code when some state runs it.
  if (&s == run_->stepping && !s.forkedThisStep)
    ranBlocks_.insert(target);
  for (ExecutionHooks *h : run_->hooks)
    h->onBlockEntry(s, target);
}

void Executor::executeBranch(ExecutionState &s, const llvm::BranchInst &i) {
  if (i.isUnconditional()) {
    transferToBlock(s, i.getSuccessor(0));
    return;
  }
  ExprRef c = asBool(eval(s, i.getCondition()));
  if (observesBranches(s) &&
      decideBranch(s, i, {c, ctx_.notE(c)},
                   {i.getSuccessor(0), i.getSuccessor(1)}))
    return;
  Split sp = split(s, c);
  if (sp.onTrue)
    takeBranch(*sp.onTrue, i, 0, i.getSuccessor(0));
  if (sp.onFalse)
    takeBranch(*sp.onFalse, i, 1, i.getSuccessor(1));
}

void Executor::executeSwitch(ExecutionState &s, const llvm::SwitchInst &i) {
  ExprRef v = asBV(eval(s, i.getCondition()));
  // One condition per distinct successor, in first-appearance order; the
  // default comes last. Hooks name a choice by this index.
  std::vector<const llvm::BasicBlock *> succs;
  std::vector<ExprRef> conds;
  for (auto c : i.cases()) {
    ExprRef eq = ctx_.eq(v, ctx_.bv(c.getCaseValue()->getValue()));
    auto it = std::find(succs.begin(), succs.end(), c.getCaseSuccessor());
    if (it == succs.end()) {
      succs.push_back(c.getCaseSuccessor());
      conds.push_back(eq);
    } else {
      ExprRef &cond = conds[it - succs.begin()];
      cond = ctx_.orE(cond, eq);
    }
  }
  size_t defaultChoice = succs.size();
  if (observesBranches(s)) {
    std::vector<ExprRef> all = conds;
    all.push_back(ctx_.notE(ctx_.orAll(conds)));
    std::vector<const llvm::BasicBlock *> targets = succs;
    targets.push_back(i.getDefaultDest());
    if (decideBranch(s, i, all, targets))
      return;
  }
  if (v->isConst()) {
    size_t k = 0;
    while (k < defaultChoice && !conds[k]->isTrue())
      ++k;
    takeBranch(s, i, static_cast<unsigned>(k),
               k < defaultChoice ? succs[k] : i.getDefaultDest());
    return;
  }
  ExecutionState *rest = &s;
  for (size_t k = 0; k < defaultChoice; ++k) {
    if (!rest)
      return;
    Split sp = split(*rest, conds[k]);
    if (sp.onTrue)
      takeBranch(*sp.onTrue, i, static_cast<unsigned>(k), succs[k]);
    rest = sp.onFalse;
  }
  if (rest)
    takeBranch(*rest, i, static_cast<unsigned>(defaultChoice),
               i.getDefaultDest());
}

void Executor::executeCall(ExecutionState &s, const llvm::CallBase &call) {
  if (call.isInlineAsm())
    throw Unsupported{fmt::format("inline assembly at {}:{}",
                                  locationOf(&call).file,
                                  locationOf(&call).line)};
  std::vector<ExprRef> args;
  for (const llvm::Use &a : call.args()) {
    if (isUncomputedType(a->getType()))
      throw Unsupported{fmt::format(
          "call with a long double or vector argument at {}:{}",
          locationOf(&call).file, locationOf(&call).line)};
    if (a->getType()->isMetadataTy()) {
      args.push_back(ctx_.bv(64, 0));
      continue;
    }
    args.push_back(eval(s, a.get()));
  }
  const llvm::Value *callee = call.getCalledOperand()->stripPointerCasts();
  if (auto *f = llvm::dyn_cast<llvm::Function>(callee)) {
    callFunction(s, call, *f, std::move(args));
    return;
  }
  // Through a function pointer: one fork per function it can be.
  ExprRef target = eval(s, call.getCalledOperand());
  ExecutionState *rest = &s;
  if (target->isConst()) {
    uint64_t a = target->bvValue().getZExtValue();
    auto it = functionAt_.find(a);
    if (it == functionAt_.end()) {
      terminateError(s,
                     a < memory::kNullPageSize ? ErrorKind::NullDeref
                                               : ErrorKind::OutOfBounds,
                     invalidCallMessage(a));
      return;
    }
    callFunction(s, call, *it->second, std::move(args));
    return;
  }
  for (unsigned n = 0; rest && n < 64; ++n) {
    auto value = concreteValue(*rest, target);
    if (!value) {
      terminateCut(*rest, "solver could not resolve a function pointer");
      return;
    }
    // The path takes the value it is reported or called with.
    Split sp = split(*rest, ctx_.eq(target, pointer(*value)));
    auto it = functionAt_.find(*value);
    if (sp.onTrue && it == functionAt_.end())
      terminateError(*sp.onTrue,
                     *value < memory::kNullPageSize ? ErrorKind::NullDeref
                                                    : ErrorKind::OutOfBounds,
                     invalidCallMessage(*value));
    else if (sp.onTrue)
      callFunction(*sp.onTrue, call, *it->second, args);
    rest = sp.onFalse;
  }
  if (rest)
    terminateCut(*rest, "function pointer may reach too many functions");
}

void Executor::callFunction(ExecutionState &s, const llvm::CallBase &call,
                                const llvm::Function &f,
                                std::vector<ExprRef> args) {
  if (f.isIntrinsic()) {
    if (!handleIntrinsic(s, call, f, args))
      throw Unsupported{fmt::format("unsupported intrinsic '{}' at {}:{}",
                                    f.getName().str(), locationOf(&call).file,
                                    locationOf(&call).line)};
    return;
  }
  if (f.isDeclaration())
    for (ExecutionHooks *h : run_->hooks)
      if (h->onExternalCall(s, call, f, args))
        return;
  if (handleSpecial(s, call, f, args))
    return;
  if (!f.isDeclaration())
    checkCallMatches(call, f, args);
  if (f.isDeclaration()) {
    std::string name = f.getName().str();
    switch (opts_.externals) {
    case ExternalPolicy::Havoc:
      if (!call.getType()->isVoidTy())
        bind(s, &call,
             makeSymbolicValue(s, call.getType(), name + "()", "havoc", name));
      return;
    case ExternalPolicy::Error:
    case ExternalPolicy::Unknown:
      terminateCut(s, fmt::format("call to external function '{}' at {}:{}",
                                  name, locationOf(&call).file,
                                  locationOf(&call).line));
      return;
    }
  }
  if (opts_.maxRecursion) {
    unsigned active = 0;
    for (const StackFrame &fr : s.stack)
      active += fr.function == &f;
    if (active >= opts_.maxRecursion) {
      terminateCut(s, fmt::format("recursion bound of {} active calls of "
                                  "'{}' reached (--max-recursion)",
                                  opts_.maxRecursion, f.getName().str()));
      return;
    }
  }
  // A hook may handle the call without a frame.
  for (ExecutionHooks *h : run_->hooks)
    if (h->onCall(s, call, f, args))
      return;
  StackFrame frame;
  frame.function = &f;
  frame.block = &f.getEntryBlock();
  frame.pc = frame.block->begin();
  frame.callSite = &call;
  frame.registers = registersFor(f);
  if (f.isVarArg()) {
    frame.varArgs = layOutVarArgs(s, call, f, args);
    frame.allocas.push_back(*frame.varArgs);
  }
  unsigned k = 0;
  for (const llvm::Argument &a : f.args()) {
    if (k < args.size())
      frame.registers.set(&a, RegValue::of(args[k]));
    ++k;
  }
  s.stack.push_back(std::move(frame));
  if (run_->covered.insert(&f.getEntryBlock()))
    claimCoverage(s);
  for (ExecutionHooks *h : run_->hooks)
    h->onCallEntered(s, f, args);
}

void Executor::checkCallMatches(const llvm::CallBase &call,
                                    const llvm::Function &f,
                                    const std::vector<ExprRef> &args) {
  // A call through a declaration of another type (an old-style C
  // declaration, or libc models built for another data model) would bind
  // values of the wrong width: not something to run inexactly. bitsOf(t)
  // is the width of a term of type `t` (i1 is a Bool: 1).
  auto bitsOf = [&](const llvm::Type *t) -> unsigned {
    if (t->isVoidTy())
      return 0;
    return t->isIntegerTy() ? t->getIntegerBitWidth() : storeBits(t);
  };
  bool matches = call.getType()->isVoidTy() ||
                 bitsOf(call.getType()) == bitsOf(f.getReturnType());
  for (unsigned k = 0; k < f.arg_size() && k < args.size(); ++k) {
    const ExprRef &a = args[k];
    matches &= bitsOf(f.getArg(k)->getType()) ==
               (a->sort().isBool() ? 1u : a->width());
  }
  if (!matches)
    throw Unsupported{fmt::format(
        "call to '{}' at {}:{} does not match its definition's parameter or "
        "return types",
        f.getName().str(), locationOf(&call).file, locationOf(&call).line)};
}

void Executor::returnValue(ExecutionState &s, const llvm::CallBase &call,
                               ExprRef value) {
  if (!call.getType()->isVoidTy() && value)
    bind(s, &call, std::move(value));
}

void Executor::executeReturn(ExecutionState &s, const llvm::ReturnInst &i) {
  ExprRef value;
  if (const llvm::Value *rv = i.getReturnValue()) {
    if (isUncomputedType(rv->getType()))
      throw Unsupported{fmt::format("long double or vector return at {}:{}",
                                    locationOf(&i).file, locationOf(&i).line)};
    value = eval(s, rv);
  }
  for (ExecutionHooks *h : run_->hooks)
    h->onReturning(s, value);
  if (s.terminated)
    return;
  StackFrame done = std::move(s.stack.back());
  s.stack.pop_back();
  for (ExecutionHooks *h : run_->hooks)
    h->onReturn(s);
  for (uint64_t base : done.allocas)
    s.memory.markFreed(base);
  if (s.ending && !done.callSite) { // an atexit handler returned
    ExecutionState::Ending ending = *s.ending;
    endProgram(s, ending.byExit, *ending.at, ending.returned);
    return;
  }
  if (s.stack.empty()) {
    endProgram(s, false, i, value);
    return;
  }
  if (!checkHeapAt(s, HeapCheckPoint::Return, i, value, &done))
    return;
  returnValue(s, *done.callSite, std::move(value));
}

} // namespace cosmo::engine
