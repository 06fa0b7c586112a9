//===- ContractHooks.cpp - a path's annotations, reads of logic terms -----===//

#include "contracts/ContractHooks.h"

namespace cosmo::summary {

bool ContractPath::joinable(const engine::HookState *other) const {
  // Paths join only under the same clauses and abstraction, outside a
  // quantifier's body: what each claims of its errors must stay true.
  const auto *o = static_cast<const ContractPath *>(other);
  if (!o)
    return abstraction.empty() && assigns.empty() && captures.empty();
  return abstraction == o->abstraction && assigns == o->assigns &&
         captures.empty() && o->captures.empty() &&
         annotatedLoopHead == o->annotatedLoopHead;
}

void ContractPath::join(const engine::HookState *) {}

ContractPath *ContractHooks::find(const ExecutionState &s) {
  return static_cast<ContractPath *>(
      s.hookStates.get(engine::hookSlot<ContractHooks>()));
}

ContractPath &ContractHooks::data(ExecutionState &s) {
  if (ContractPath *d = find(s))
    return *d;
  s.hookStates.set(engine::hookSlot<ContractHooks>(),
                   std::make_unique<ContractPath>());
  return *find(s);
}

ExprRef ContractHooks::onLoad(ExecutionState &s, const llvm::LoadInst &load,
                              unsigned bytes) {
  const ContractPath *d = find(s);
  if (!d || d->captures.empty())
    return nullptr;
  // Inside an assumed \forall's body: a logic term reads memory without
  // checks (ACSL: an invalid read has some value), from the object the
  // pointer came from.
  ExprRef bits;
  try {
    bits = x_.readFromProvenance(s, load.getPointerOperand(), bytes);
  } catch (const engine::Unsupported &u) {
    throw engine::Unsupported{"ACSL: an assumed \\forall: " + u.reason};
  }
  if (bits)
    return bits;
  // An input pointer no access has resolved yet (an empty \valid range):
  // what the body reads of it is assumed of nothing the program will see,
  // so the assumption is weaker than written.
  if (s.weakened.empty())
    s.weakened = "an assumed \\forall reads an input object not made yet";
  return x_.ctx().var(s.freshName("unmade"), expr::Sort::bv(8 * bytes));
}

bool ContractHooks::concrete() const {
  const std::vector<engine::ExecutionHooks *> &hooks = x_.exploration().hooks;
  return std::find(hooks.begin(), hooks.end(), &concreteMark_) != hooks.end();
}

} // namespace cosmo::summary
