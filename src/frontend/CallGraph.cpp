//===- CallGraph.cpp - functions in bottom-up order -----------------------===//
//
// A small graph of direct calls between defined functions, walked by LLVM's
// scc_iterator (Tarjan's algorithm), which yields components in reverse
// topological order: exactly the bottom-up order seed 002 needs.
//
//===----------------------------------------------------------------------===//

#include "cosmo/frontend/CallGraph.h"

#include <llvm/ADT/GraphTraits.h>
#include <llvm/ADT/SCCIterator.h>
#include <llvm/IR/GlobalAlias.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>

namespace cosmo::frontend {

namespace {

struct CallNode {
  const llvm::Function *function = nullptr;
  std::vector<CallNode *> callees; // distinct, in first-call order
};

/// Nodes of the defined functions reachable from the root (or all); the
/// root node first. A virtual root calls every function when there is none.
struct DirectCallGraph {
  std::vector<std::unique_ptr<CallNode>> nodes;
  CallNode *root = nullptr;
};

DirectCallGraph buildGraph(const llvm::Module &m, const llvm::Function *root) {
  DirectCallGraph g;
  std::map<const llvm::Function *, CallNode *> nodeOf;
  auto node = [&](const llvm::Function *f) {
    auto [it, fresh] = nodeOf.emplace(f, nullptr);
    if (fresh) {
      g.nodes.push_back(std::make_unique<CallNode>());
      g.nodes.back()->function = f;
      it->second = g.nodes.back().get();
    }
    return it->second;
  };
  if (root) {
    g.root = node(root);
  } else {
    g.root = node(nullptr); // virtual: calls every defined function
    for (const llvm::Function &f : m)
      if (!f.isDeclaration())
        g.root->callees.push_back(node(&f));
  }
  // Fill in callees breadth-first from the root.
  for (size_t k = 0; k < g.nodes.size(); ++k) {
    CallNode *n = g.nodes[k].get();
    if (!n->function)
      continue;
    std::set<const llvm::Function *> seen;
    for (const llvm::Instruction &i : llvm::instructions(*n->function))
      if (const auto *call = llvm::dyn_cast<llvm::CallBase>(&i))
        if (const llvm::Function *callee = directCallee(*call);
            callee && seen.insert(callee).second)
          n->callees.push_back(node(callee));
  }
  return g;
}

} // namespace
} // namespace cosmo::frontend

namespace llvm {
template <> struct GraphTraits<cosmo::frontend::DirectCallGraph *> {
  using NodeRef = cosmo::frontend::CallNode *;
  using ChildIteratorType = std::vector<NodeRef>::iterator;
  static NodeRef getEntryNode(cosmo::frontend::DirectCallGraph *g) {
    return g->root;
  }
  static ChildIteratorType child_begin(NodeRef n) { return n->callees.begin(); }
  static ChildIteratorType child_end(NodeRef n) { return n->callees.end(); }
};
} // namespace llvm

namespace cosmo::frontend {

const llvm::Function *directCallee(const llvm::CallBase &call) {
  const llvm::Value *v = call.getCalledOperand()->stripPointerCasts();
  if (const auto *alias = llvm::dyn_cast<llvm::GlobalAlias>(v))
    v = alias->getAliasee()->stripPointerCasts();
  const auto *f = llvm::dyn_cast<llvm::Function>(v);
  return f && !f->isDeclaration() ? f : nullptr;
}

std::vector<CallGraphComponent>
bottomUpComponents(const llvm::Module &m, const llvm::Function *root) {
  DirectCallGraph g = buildGraph(m, root);
  std::map<const llvm::Function *, unsigned> position;
  unsigned k = 0;
  for (const llvm::Function &f : m)
    position[&f] = k++;
  std::vector<CallGraphComponent> out;
  for (auto it = llvm::scc_begin(&g); !it.isAtEnd(); ++it) {
    CallGraphComponent c;
    for (CallNode *n : *it)
      if (n->function)
        c.functions.push_back(n->function);
    if (c.functions.empty())
      continue; // the virtual root
    std::sort(c.functions.begin(), c.functions.end(),
              [&](const llvm::Function *a, const llvm::Function *b) {
                return position[a] < position[b];
              });
    c.recursive = it.hasCycle();
    out.push_back(std::move(c));
  }
  return out;
}

unsigned conditionalBranchCount(const llvm::Function &f) {
  unsigned n = 0;
  for (const llvm::BasicBlock &b : f) {
    const llvm::Instruction *t = b.getTerminator();
    if (const auto *br = llvm::dyn_cast_or_null<llvm::BranchInst>(t);
        br && br->isConditional())
      ++n;
    else if (llvm::isa_and_nonnull<llvm::SwitchInst>(t) ||
             llvm::isa_and_nonnull<llvm::IndirectBrInst>(t))
      ++n;
  }
  return n;
}

} // namespace cosmo::frontend
