//===- LoopStructure.cpp - recursive vertices (seed 000 section 2.1) ------===//

#include "cosmo/frontend/LoopStructure.h"

#include "cosmo/frontend/CallGraph.h"
#include "cosmo/frontend/Frontend.h"

#include <llvm/IR/CFG.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/IntrinsicInst.h>

#include <algorithm>
#include <set>

namespace cosmo::frontend {

namespace {

/// Blocks reachable from `from` along `next` edges without passing through
/// `head` (`from` itself included; `head` only if it is `from`).
template <typename Next>
std::set<const llvm::BasicBlock *> reachAvoiding(const llvm::BasicBlock *from,
                                                 const llvm::BasicBlock *head,
                                                 Next next) {
  std::set<const llvm::BasicBlock *> seen{from};
  std::vector<const llvm::BasicBlock *> work{from};
  while (!work.empty()) {
    const llvm::BasicBlock *b = work.back();
    work.pop_back();
    for (const llvm::BasicBlock *n : next(b))
      if (n != head && seen.insert(n).second)
        work.push_back(n);
  }
  return seen;
}

} // namespace

bool LoopStructure::isRecursive(const llvm::BasicBlock *b) const {
  return vertexOf(b) != nullptr;
}

const RecursiveVertex *
LoopStructure::vertexOf(const llvm::BasicBlock *head) const {
  for (const RecursiveVertex &v : vertices)
    if (v.head == head)
      return &v;
  return nullptr;
}

LoopStructure loopStructureOf(const llvm::Function &f) {
  LoopStructure out;
  if (f.isDeclaration())
    return out;
  // Post-order by an explicit stack (deep CFGs); successors in the
  // terminator's order.
  std::vector<const llvm::BasicBlock *> postOrder;
  std::set<const llvm::BasicBlock *> visited;
  struct Frame {
    const llvm::BasicBlock *block;
    unsigned next;
  };
  const llvm::BasicBlock *entry = &f.getEntryBlock();
  std::vector<Frame> stack{{entry, 0}};
  visited.insert(entry);
  while (!stack.empty()) {
    Frame &top = stack.back();
    const llvm::Instruction *term = top.block->getTerminator();
    unsigned n = term ? term->getNumSuccessors() : 0;
    if (top.next < n) {
      const llvm::BasicBlock *s = term->getSuccessor(top.next++);
      if (visited.insert(s).second)
        stack.push_back({s, 0});
      continue;
    }
    postOrder.push_back(top.block);
    stack.pop_back();
  }
  // time(v) = |V| - (blocks already timed): the first block finished gets
  // |V|, the entry 1.
  unsigned size = postOrder.size();
  for (size_t k = 0; k < postOrder.size(); ++k)
    out.time[postOrder[k]] = size - k;

  // Definition 2: (u, v) is a back edge when time(u) >= time(v).
  std::map<const llvm::BasicBlock *, std::vector<const llvm::BasicBlock *>>
      latches;
  std::vector<const llvm::BasicBlock *> byTime(size);
  for (const auto &[b, t] : out.time)
    byTime[t - 1] = b;
  for (const llvm::BasicBlock *u : byTime)
    for (const llvm::BasicBlock *v : llvm::successors(u))
      if (out.time.at(u) >= out.time.at(v)) {
        auto &l = latches[v];
        if (std::find(l.begin(), l.end(), u) == l.end())
          l.push_back(u);
      }
  for (const llvm::BasicBlock *head : byTime) {
    auto it = latches.find(head);
    if (it == latches.end())
      continue;
    RecursiveVertex v{head, it->second, {}};
    // On a cycle through head: reachable from head and reaching head, both
    // without passing through head.
    auto forward = reachAvoiding(head, head, [](const llvm::BasicBlock *b) {
      return llvm::successors(b);
    });
    std::set<const llvm::BasicBlock *> backward;
    for (const llvm::BasicBlock *latch : v.latches) {
      auto r = reachAvoiding(latch, head, [](const llvm::BasicBlock *b) {
        return llvm::predecessors(b);
      });
      backward.insert(r.begin(), r.end());
    }
    v.body.push_back(head);
    for (const llvm::BasicBlock *b : byTime)
      if (b != head && forward.count(b) && backward.count(b))
        v.body.push_back(b);
    out.vertices.push_back(std::move(v));
  }
  return out;
}

std::string whereIs(const llvm::BasicBlock &b) {
  // Phis carry the line of their variable's declaration, not the block's.
  for (const llvm::Instruction &i : b)
    if (const llvm::DebugLoc &loc = i.getDebugLoc();
        loc && loc.getLine() && !llvm::isa<llvm::PHINode>(i) &&
        !llvm::isa<llvm::DbgInfoIntrinsic>(i))
      return loc->getFilename().str() + ":" + std::to_string(loc.getLine());
  return "block " + (b.hasName() ? b.getName().str() : std::string("?"));
}

std::string describeLoops(const llvm::Module &m) {
  std::string out;
  auto lines = [](const std::vector<const llvm::BasicBlock *> &blocks) {
    std::set<std::string> seen;
    std::string s;
    for (const llvm::BasicBlock *b : blocks)
      if (std::string w = whereIs(*b); seen.insert(w).second)
        s += (s.empty() ? "" : ", ") + w;
    return s;
  };
  for (const llvm::Function &f : m) {
    if (f.isDeclaration() || isModelFunction(f))
      continue;
    LoopStructure ls = loopStructureOf(f);
    out += "function " + f.getName().str() + ": " +
           std::to_string(ls.vertices.size()) +
           (ls.vertices.size() == 1 ? " recursive vertex\n"
                                    : " recursive vertices\n");
    for (const RecursiveVertex &v : ls.vertices)
      out += "  loop head " + whereIs(*v.head) + " (time " +
             std::to_string(ls.time.at(v.head)) + "): back edges from " +
             lines(v.latches) + "; body " + std::to_string(v.body.size()) +
             " blocks\n";
  }
  for (const CallGraphComponent &c : bottomUpComponents(m)) {
    if (!c.recursive)
      continue;
    std::string names;
    for (const llvm::Function *f : c.functions)
      if (!isModelFunction(*f))
        names += (names.empty() ? "" : ", ") + f->getName().str();
    if (!names.empty())
      out += "recursive: " + names + "\n";
  }
  return out;
}

} // namespace cosmo::frontend
