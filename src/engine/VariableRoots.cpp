//===- VariableRoots.cpp - registers a frame still holds ------------------===//

#include "VariableRoots.h"

#include <llvm/IR/CFG.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/Instructions.h>

#include <vector>

namespace cosmo::engine {

namespace {

/// Whether `block`'s phis take `v` on the edge from `from`.
bool phiTakes(const llvm::BasicBlock &block, const llvm::BasicBlock *from,
              const llvm::Value *v) {
  for (const llvm::PHINode &phi : block.phis())
    for (unsigned k = 0; k < phi.getNumIncomingValues(); ++k)
      if (phi.getIncomingBlock(k) == from && phi.getIncomingValue(k) == v)
        return true;
  return false;
}

/// Whether `scope` is `var`'s scope or nested in it.
bool inScopeOf(const llvm::DILocalVariable *var, const llvm::DIScope *scope) {
  const llvm::DIScope *own = var->getScope();
  while (scope) {
    if (scope == own)
      return true;
    auto *block = llvm::dyn_cast<llvm::DILexicalBlockBase>(scope);
    if (!block)
      return false;
    scope = block->getScope();
  }
  return false;
}

} // namespace

bool VariableRoots::held(const llvm::Instruction &at, const llvm::Value *v) {
  return usedAfter(at, v) || variableValueAt(at, v);
}

bool VariableRoots::usedAfter(const llvm::Instruction &at,
                              const llvm::Value *v) const {
  auto *def = llvm::dyn_cast<llvm::Instruction>(v);
  const llvm::BasicBlock *defBlock = def ? def->getParent() : nullptr;
  std::set<const llvm::Instruction *> users;
  for (const llvm::User *u : v->users())
    if (auto *i = llvm::dyn_cast<llvm::Instruction>(u);
        i && !llvm::isa<llvm::PHINode>(i) && !llvm::isa<llvm::DbgInfoIntrinsic>(i))
      users.insert(i);
  // The rest of `at`'s block, then every block reachable from it that is
  // not entered through the definition (which makes the value anew).
  const llvm::BasicBlock *start = at.getParent();
  for (auto it = std::next(at.getIterator()); it != start->end(); ++it)
    if (users.count(&*it))
      return true;
  std::set<const llvm::BasicBlock *> seen;
  std::vector<const llvm::BasicBlock *> todo{start};
  while (!todo.empty()) {
    const llvm::BasicBlock *b = todo.back();
    todo.pop_back();
    for (const llvm::BasicBlock *next : llvm::successors(b)) {
      if (phiTakes(*next, b, v))
        return true;
      if (next == defBlock || !seen.insert(next).second)
        continue;
      for (const llvm::Instruction &i : *next)
        if (users.count(&i))
          return true;
      todo.push_back(next);
    }
  }
  return false;
}

bool VariableRoots::variableValueAt(const llvm::Instruction &at,
                                    const llvm::Value *v) {
  llvm::SmallVector<llvm::DbgValueInst *, 4> records;
  llvm::findDbgValues(records, const_cast<llvm::Value *>(v));
  const llvm::DILocation *loc = at.getDebugLoc().get();
  for (const llvm::DbgValueInst *d : records) {
    if (d->getFunction() != at.getFunction())
      continue;
    const llvm::DILocalVariable *var = d->getVariable();
    if (loc && !inScopeOf(var, loc->getScope()))
      continue;
    DebugValues latest = reachingAt(at, var);
    if (latest.size() == 1 && *latest.begin() == d)
      return true;
  }
  return false;
}

VariableRoots::DebugValues
VariableRoots::reachingAt(const llvm::Instruction &at,
                          const llvm::DILocalVariable *var) {
  auto recordOf = [&](const llvm::Instruction &i) -> const llvm::DbgValueInst * {
    auto *d = llvm::dyn_cast<llvm::DbgValueInst>(&i);
    return d && d->getVariable() == var ? d : nullptr;
  };
  const llvm::DbgValueInst *last = nullptr;
  for (auto it = at.getParent()->begin(); &*it != &at; ++it)
    if (const llvm::DbgValueInst *d = recordOf(*it))
      last = d;
  if (last)
    return {last};
  const llvm::Function *f = at.getFunction();
  auto [found, fresh] = atEntry_.try_emplace({f, var});
  auto &entry = found->second;
  if (fresh) {
    // Each block's last record of `var`, then IN = union of the
    // predecessors' OUT until nothing changes.
    std::map<const llvm::BasicBlock *, const llvm::DbgValueInst *> lastIn;
    for (const llvm::BasicBlock &b : *f)
      for (const llvm::Instruction &i : b)
        if (const llvm::DbgValueInst *d = recordOf(i))
          lastIn[&b] = d;
    auto out = [&](const llvm::BasicBlock *b) -> DebugValues {
      auto l = lastIn.find(b);
      return l != lastIn.end() ? DebugValues{l->second} : entry[b];
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (const llvm::BasicBlock &b : *f) {
        DebugValues in;
        for (const llvm::BasicBlock *p : llvm::predecessors(&b)) {
          DebugValues o = out(p);
          in.insert(o.begin(), o.end());
        }
        if (in != entry[&b]) {
          entry[&b] = std::move(in);
          changed = true;
        }
      }
    }
  }
  return entry[at.getParent()];
}

} // namespace cosmo::engine
