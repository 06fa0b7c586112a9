//===- StateMerger.cpp - joining states at a function's join points -------===//
//
// `--merge`: seed 000 sections 1.2-1.3. Dynamic symbolic execution keeps
// one state per path; static symbolic execution joins the states that
// reach the same location. A state that enters a block with more than one
// predecessor (after its phis) waits there, out of the searcher, until no
// other state can run; then the waiting states at the earliest location
// (by the reverse post-order of each frame's function) are joined where
// they are compatible, and go on as fewer states.
//
// Two states a, b that share the first k constraints of their path
// conditions join as: path condition prefix && (g_a || g_b), where g_a and
// g_b are the conjunctions of the rest; every register and memory byte
// that differs becomes union(<g_a, v_a>, <g_b, v_b>) = ite(g_a, v_a, v_b)
// (seed 001's guarded unions; memory through its def. 7, merge, in
// memory::ObjectState::merged). The join is exact: on inputs where g_a
// holds the state is a's, elsewhere b's, and a's model is a model of the
// join.
//
// `auto` refuses a join that would turn a value the function later
// branches on (statically: an operand, through data flow, of a branch, a
// switch, a call or a return) into a union of more than two constants, or
// a value it addresses memory with (of a load's or store's address, a
// pointer passed on) into a union of constants at all: every later use
// would ask the solver about each of them, or split on them, which costs
// more than the paths it saves (query-count estimation, Kuznetsov et al.
// 2012). Nor does it join states whose memory differs: which bytes decide
// later branches is not known statically, and unions in memory (an array
// being sorted) compound at every join until the solver gives up.
//
//===----------------------------------------------------------------------===//

#include "cosmo/summary/StateMerger.h"

#include "cosmo/memory/SymbolicHeap.h"

#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/InstIterator.h>

#include <algorithm>
#include <set>

namespace cosmo::summary {

using engine::RegisterFile;
using engine::RegValue;
using engine::StackFrame;

namespace {

/// The constants a guarded union of constants can take; none when one of
/// its values is not a constant.
std::optional<std::set<ExprRef>> unionConstants(const ExprRef &e) {
  std::set<ExprRef> out;
  std::vector<const expr::Expr *> work{e.get()};
  while (!work.empty()) {
    const expr::Expr *n = work.back();
    work.pop_back();
    if (n->kind() == expr::Kind::Ite) {
      work.push_back(n->child(1));
      work.push_back(n->child(2));
    } else if (n->isConst()) {
      out.insert(ExprRef(n));
    } else {
      return std::nullopt;
    }
  }
  return out;
}

} // namespace

StateMerger::StateMerger(Executor &x, bool careful, CompositionStats &stats)
    : x_(x), ctx_(x.ctx()), careful_(careful), stats_(stats) {}

const StateMerger::FunctionInfo &
StateMerger::infoOf(const llvm::Function &f) {
  auto [it, isNew] = info_.try_emplace(&f);
  FunctionInfo &info = it->second;
  if (!isNew)
    return info;
  unsigned index = 0;
  for (const llvm::BasicBlock *b :
       llvm::ReversePostOrderTraversal<const llvm::Function *>(&f))
    info.order[b] = index++;
  // Values that decide an address (a union of two constants already
  // splits every access), then those that decide a branch, closed under
  // operands.
  std::vector<const llvm::Value *> addressing, branching;
  for (const llvm::Instruction &i : llvm::instructions(f)) {
    if (auto *br = llvm::dyn_cast<llvm::BranchInst>(&i)) {
      if (br->isConditional())
        branching.push_back(br->getCondition());
    } else if (auto *sw = llvm::dyn_cast<llvm::SwitchInst>(&i)) {
      branching.push_back(sw->getCondition());
    } else if (auto *ld = llvm::dyn_cast<llvm::LoadInst>(&i)) {
      addressing.push_back(ld->getPointerOperand());
    } else if (auto *st = llvm::dyn_cast<llvm::StoreInst>(&i)) {
      addressing.push_back(st->getPointerOperand());
      if (st->getValueOperand()->getType()->isPointerTy())
        addressing.push_back(st->getValueOperand());
    } else if (llvm::isa<llvm::CallBase>(&i) ||
               llvm::isa<llvm::ReturnInst>(&i) ||
               llvm::isa<llvm::IndirectBrInst>(&i)) {
      for (const llvm::Use &u : i.operands())
        (u->getType()->isPointerTy() ? addressing : branching)
            .push_back(u.get());
    }
  }
  auto close = [&](std::vector<const llvm::Value *> work, unsigned limit) {
    while (!work.empty()) {
      const llvm::Value *v = work.back();
      work.pop_back();
      if (!llvm::isa<llvm::Instruction>(v) && !llvm::isa<llvm::Argument>(v))
        continue;
      if (!info.unionLimit.try_emplace(v, limit).second)
        continue;
      if (auto *i = llvm::dyn_cast<llvm::Instruction>(v))
        for (const llvm::Use &u : i->operands())
          work.push_back(u.get());
    }
  };
  close(std::move(addressing), 1);
  close(std::move(branching), 2);
  return info;
}

void StateMerger::onBlockEntry(ExecutionState &s,
                               const llvm::BasicBlock *target) {
  if (target->hasNPredecessorsOrMore(2))
    s.waiting = true;
}

std::vector<std::tuple<uintptr_t, unsigned, size_t>>
StateMerger::locationOf(const ExecutionState &s) {
  std::vector<std::tuple<uintptr_t, unsigned, size_t>> key;
  for (const StackFrame &f : s.stack) {
    const FunctionInfo &info = infoOf(*f.function);
    auto it = info.order.find(f.block);
    key.emplace_back(reinterpret_cast<uintptr_t>(f.function),
                     it == info.order.end() ? 0 : it->second,
                     std::distance(f.block->begin(), f.pc));
  }
  return key;
}

void StateMerger::onWaiting(ExecutionState &s) {
  waiting_.emplace_back(&s, x_.exploration().steps);
}

bool StateMerger::releaseStates() {
  if (waiting_.empty())
    return false;
  // A state that never reaches a join (a long loop) must not starve the
  // waiting ones. waiting_ keeps the order they came in: the first has
  // waited longest.
  constexpr uint64_t kMaxWait = 4096;
  engine::Exploration &e = x_.exploration();
  if (!e.searcher->empty() && e.steps - waiting_.front().second <= kMaxWait)
    return false;
  // The waiting states at the earliest location.
  std::vector<std::vector<std::tuple<uintptr_t, unsigned, size_t>>> keys;
  for (const auto &[p, since] : waiting_)
    keys.push_back(locationOf(*p));
  auto earliest = *std::min_element(keys.begin(), keys.end());
  std::vector<ExecutionState *> group;
  std::vector<std::pair<ExecutionState *, uint64_t>> rest;
  for (size_t k = 0; k < waiting_.size(); ++k) {
    if (keys[k] == earliest)
      group.push_back(waiting_[k].first);
    else
      rest.push_back(waiting_[k]);
  }
  waiting_ = std::move(rest);

  std::vector<ExecutionState *> joined;
  for (ExecutionState *s : group) {
    auto into = std::find_if(joined.begin(), joined.end(), [&](auto *j) {
      return mergeStates(*j, *s);
    });
    if (into == joined.end()) {
      joined.push_back(s);
      continue;
    }
    ++stats_.statesMerged;
    e.states.erase(s);
  }
  for (ExecutionState *s : joined) {
    s->waiting = false;
    e.searcher->add(s);
  }
  return true;
}

bool StateMerger::mergeStates(ExecutionState &a, ExecutionState &b) {
  // The same place, stack objects and inputs.
  if (a.stack.size() != b.stack.size() || a.namePrefix != b.namePrefix ||
      a.inputs.size() != b.inputs.size() ||
      !a.hookStates.joinable(b.hookStates))
    return false;
  for (size_t k = 0; k < a.stack.size(); ++k) {
    const StackFrame &fa = a.stack[k], &fb = b.stack[k];
    if (fa.function != fb.function || fa.block != fb.block ||
        fa.pc != fb.pc || fa.callSite != fb.callSite ||
        fa.allocas != fb.allocas || fa.varArgs != fb.varArgs)
      return false;
  }
  for (size_t k = 0; k < a.inputs.size(); ++k)
    if (a.inputs[k].var != b.inputs[k].var ||
        a.inputs[k].byteVars != b.inputs[k].byteVars)
      return false;
  if (a.lazyPointers.size() != b.lazyPointers.size())
    return false;
  for (auto ia = a.lazyPointers.begin(), ib = b.lazyPointers.begin();
       ia != a.lazyPointers.end(); ++ia, ++ib)
    if (ia->first != ib->first || ia->second.target != ib->second.target ||
        ia->second.createdTarget != ib->second.createdTarget)
      return false;
  const auto &oa = a.memory.objects(), &ob = b.memory.objects();
  if (oa.size() != ob.size())
    return false;
  for (auto ia = oa.begin(), ib = ob.begin(); ia != oa.end(); ++ia, ++ib)
    if (ia->first != ib->first || ia->second.object != ib->second.object ||
        ia->second.freed != ib->second.freed)
      return false;

  // The guards: what each path added after the constraints they share.
  std::span<const ExprRef> ca = a.constraints.list(),
                           cb = b.constraints.list();
  size_t shared = 0;
  while (shared < ca.size() && shared < cb.size() && ca[shared] == cb[shared])
    ++shared;
  if (shared == ca.size() || shared == cb.size())
    return false; // no condition tells the two apart
  ExprRef ga = ctx_.andAll(ca.subspan(shared));
  ExprRef gb = ctx_.andAll(cb.subspan(shared));

  // Registers.
  bool careful = careful_;
  std::vector<RegisterFile> registers;
  for (size_t k = 0; k < a.stack.size(); ++k) {
    const StackFrame &fa = a.stack[k], &fb = b.stack[k];
    RegisterFile regs = fa.registers;
    for (unsigned r = 0; r < fb.registers.size(); ++r) {
      const RegValue &vb = fb.registers.at(r);
      const RegValue &va = regs.at(r);
      if (!vb.isSet() || va == vb)
        continue;
      if (!va.isSet()) {
        regs.setAt(r, vb);
        continue;
      }
      ExprRef ta = va.toExpr(ctx_), tb = vb.toExpr(ctx_);
      if (ta->sort() != tb->sort())
        return false;
      memory::GuardedValue arms[] = {{ga, ta}, {gb, tb}};
      ExprRef joinedValue = memory::guardedUnion(ctx_, arms);
      if (careful) {
        const auto &limits = infoOf(*fa.function).unionLimit;
        auto limit = limits.find(regs.slots()->values[r]);
        auto constants = unionConstants(joinedValue);
        if (limit != limits.end() && constants &&
            constants->size() > limit->second)
          return false;
      }
      regs.setAt(r, RegValue::of(joinedValue));
    }
    registers.push_back(std::move(regs));
  }
  // Memory.
  std::vector<std::pair<uint64_t, std::shared_ptr<memory::ObjectState>>>
      objects;
  for (auto ia = oa.begin(), ib = ob.begin(); ia != oa.end(); ++ia, ++ib) {
    if (ia->second.state == ib->second.state || ia->second.freed)
      continue; // a freed object's bytes are never read again
    if (careful)
      return false;
    auto m = memory::ObjectState::merged(ctx_, ga, *ia->second.state,
                                         *ib->second.state);
    if (!m)
      return false;
    objects.emplace_back(ia->first, std::move(m));
  }

  // Compatible: a becomes the join.
  for (size_t k = 0; k < a.stack.size(); ++k)
    a.stack[k].registers = std::move(registers[k]);
  for (auto &[base, state] : objects)
    a.memory.bind(a.memory.findByBase(base)->object, std::move(state));
  solver::ConstraintSet joinedPc(a.constraints.tracksIndependence());
  for (size_t k = 0; k < shared; ++k)
    joinedPc.add(ca[k]);
  joinedPc.add(ctx_.orE(ga, gb));
  a.constraints = std::move(joinedPc);
  // a.model, a model of a's path condition, satisfies the join.
  a.symbolicBranches = std::max(a.symbolicBranches, b.symbolicBranches);
  a.instructions = std::max(a.instructions, b.instructions);
  a.nextObjectIndex = std::max(a.nextObjectIndex, b.nextObjectIndex);
  a.nextObjectId = std::max(a.nextObjectId, b.nextObjectId);
  a.nameCounter = std::max(a.nameCounter, b.nameCounter);
  a.hookStates.join(b.hookStates);
  return true;
}

} // namespace cosmo::summary
