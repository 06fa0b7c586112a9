//===- GlobalInputs.cpp - globals a function's own run takes as inputs ----===//
//
// A run of a function that must hold in every state a caller may leave
// (seed 003: a function verified once, its result assumed at every call)
// cannot take the program's initial globals: a caller may have changed
// them. The globals some code writes start with arbitrary values (inputs
// of source `global`); those only ever read keep their initialisers, which
// every state has.
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/EntrySignature.h"
#include "cosmo/engine/Executor.h"
#include "cosmo/frontend/CallGraph.h"
#include "cosmo/frontend/Frontend.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>

#include <fmt/format.h>

#include <set>

namespace cosmo::engine {

namespace {

/// The functions `entry` may reach: direct callees, and every function
/// whose address is taken wherever an indirect call is.
std::set<const llvm::Function *> reachableFrom(const llvm::Function &entry) {
  std::set<const llvm::Function *> seen{&entry};
  std::vector<const llvm::Function *> work{&entry};
  bool indirect = false;
  while (!work.empty()) {
    const llvm::Function *f = work.back();
    work.pop_back();
    for (const llvm::Instruction &i : llvm::instructions(*f)) {
      auto *call = llvm::dyn_cast<llvm::CallBase>(&i);
      if (!call)
        continue;
      if (const llvm::Function *callee = frontend::directCallee(*call)) {
        if (seen.insert(callee).second)
          work.push_back(callee);
      } else if (!call->getCalledFunction() && !indirect) {
        indirect = true; // through a pointer: any function whose address
                         // is taken
        for (const llvm::Function &g : *entry.getParent())
          if (g.hasAddressTaken() && seen.insert(&g).second)
            work.push_back(&g);
      }
    }
  }
  return seen;
}

/// Whether `t` holds a pointer anywhere.
bool holdsPointer(const llvm::Type *t) {
  if (t->isPointerTy())
    return true;
  for (const llvm::Type *sub : t->subtypes())
    if (holdsPointer(sub))
      return true;
  return false;
}

/// Walks the uses of `v` (through constant expressions and address
/// arithmetic): `written` when one may write through it (anything but a
/// load: a store, a call, an address that escapes), `usedBy` the functions
/// of the instructions that use it.
void classifyUses(const llvm::Value *v, bool &written,
                  std::set<const llvm::Function *> &usedBy) {
  for (const llvm::User *u : v->users()) {
    if (auto *c = llvm::dyn_cast<llvm::ConstantExpr>(u)) {
      classifyUses(c, written, usedBy);
      continue;
    }
    auto *i = llvm::dyn_cast<llvm::Instruction>(u);
    if (!i) {
      written = true; // in another global's initialiser: it may escape
      continue;
    }
    usedBy.insert(i->getFunction());
    if (llvm::isa<llvm::LoadInst>(i))
      continue;
    if (llvm::isa<llvm::GetElementPtrInst>(i) || llvm::isa<llvm::BitCastInst>(i)) {
      classifyUses(i, written, usedBy);
      continue;
    }
    written = true;
  }
}

} // namespace

GlobalInputs globalInputsOf(const llvm::Function &entry) {
  GlobalInputs out;
  std::set<const llvm::Function *> reachable = reachableFrom(entry);
  for (const llvm::GlobalVariable &g : entry.getParent()->globals()) {
    if (g.isConstant() || !g.hasInitializer())
      continue; // constant, or external: symbolic already
    bool written = false;
    std::set<const llvm::Function *> usedBy;
    classifyUses(&g, written, usedBy);
    bool used = false;
    for (const llvm::Function *f : usedBy)
      used |= reachable.count(f) && !frontend::isModelFunction(*f);
    if (written && used)
      (holdsPointer(g.getValueType()) ? out.pointerHolders : out.inputs)
          .push_back(&g);
  }
  return out;
}

std::optional<EntrySignature> Executor::entrySignature() const {
  std::optional<EntrySignature> sig =
      entry_ ? cSignatureOf(*entry_) : std::nullopt;
  if (sig && opts_.globalsAsInputs)
    for (const llvm::GlobalVariable *g : globalInputs_.inputs) {
      // A function's static (f.count) has no name a harness could use.
      llvm::StringRef name = g->getName();
      if (name.find('.') == llvm::StringRef::npos)
        sig->globals.push_back({name.str(), g->hasLocalLinkage()});
    }
  return sig;
}

void Executor::makeGlobalsInputs(ExecutionState &s) {
  for (const llvm::GlobalVariable *g : globalInputs_.pointerHolders)
    noteUnknown(fmt::format(
        "global '{}' holds pointers: the run takes its initial value, not "
        "every value a caller may leave there",
        g->getName().str()));
  for (const llvm::GlobalVariable *g : globalInputs_.inputs) {
    std::string name = g->getName().str();
    uint64_t base = globalAddress_.at(g);
    InputRecord in{name, "global", "", {}, fillWithInputBytes(s, base, name),
                   layout_.getTypeAllocSize(g->getValueType())};
    in.address = base;
    s.inputs.push_back(std::move(in));
  }
}

} // namespace cosmo::engine
