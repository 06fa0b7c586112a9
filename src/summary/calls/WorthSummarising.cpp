//===- WorthSummarising.cpp - which functions --calls=auto summarises -----===//

#include "calls/WorthSummarising.h"

#include "cosmo/frontend/CallGraph.h"
#include "cosmo/frontend/LoopStructure.h"

#include <llvm/IR/InstIterator.h>

namespace cosmo::summary {

namespace {
/// Call sites outside loops from which a function is worth a summary
/// (measured on the end-to-end suite, issue 47: at three, composed
/// conditions made slower queries than the few paths inline explores).
constexpr unsigned kCallSites = 8;
} // namespace

CallSites::CallSites(const llvm::Module &m, const llvm::Function *entry) {
  for (const frontend::CallGraphComponent &c :
       frontend::bottomUpComponents(m, entry))
    for (const llvm::Function *caller : c.functions) {
      if (c.recursive)
        recursive_.insert(caller);
      frontend::LoopStructure loops = frontend::loopStructureOf(*caller);
      loops_[caller] = !loops.vertices.empty();
      std::set<const llvm::BasicBlock *> inLoop;
      for (const frontend::RecursiveVertex &v : loops.vertices)
        inLoop.insert(v.body.begin(), v.body.end());
      for (const llvm::Instruction &i : llvm::instructions(*caller))
        if (const auto *call = llvm::dyn_cast<llvm::CallBase>(&i))
          if (const llvm::Function *g = frontend::directCallee(*call)) {
            Calls &n = calls_[g];
            ++n.sites;
            n.inLoop |= inLoop.count(i.getParent()) > 0;
          }
    }
}

bool CallSites::hasLoop(const llvm::Function &f) const {
  auto it = loops_.find(&f);
  return it != loops_.end() ? it->second
                            : !frontend::loopStructureOf(f).vertices.empty();
}

std::string CallSites::whyNotWorthIt(
    const llvm::Function &f,
    const std::vector<const llvm::Function *> &closure) const {
  for (const llvm::Function *g : closure) {
    if (recursive_.count(g))
      return g == &f ? "recursive"
                     : "calls " + g->getName().str() + ", which is recursive";
    if (hasLoop(*g))
      return g == &f ? "has a loop" : "calls " + g->getName().str() +
                                          ", which has a loop";
  }
  auto it = calls_.find(&f);
  Calls n = it == calls_.end() ? Calls{} : it->second;
  if (n.sites < kCallSites && !n.inLoop)
    return n.sites == 0   ? "not called directly"
           : n.sites == 1 ? "called once, outside loops"
                          : "called at " + std::to_string(n.sites) +
                                " places, outside loops";
  return "";
}

} // namespace cosmo::summary
