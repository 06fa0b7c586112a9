//===- WalkTemplates.cpp - templates ordered against a walk's pointer -----===//
//
// The facts CellTemplateBuilder offers of a walk that unlinks nodes
// (CellTemplates.cpp has those of one loop's cells, LoopChainTemplates.cpp
// those passed between loops):
//  - with a pointed cell (a walk's pointer p, CellIndexed.h), for each
//    fact F of the data (key != x), under each guard (the loop before's
//    frontier included): p's node has F once p is a node of the region
//    (a sentinel on the stack is below the region's base, at a negative
//    cell); while p is at a node, every node with F links to one with F
//    (a walk past the walk that unlinked the others: seed 001's
//    Contains after RemoveAll); above p's cell, a node with F links to
//    one with F (walked); between the cell p's link points to and p's,
//    none has F (unlinked), and once p's link is null none below p has
//    it; below p's cell the facts of links hold (untouched); a carried
//    pointer's cell (the list's head) has F once p is a node, and is at
//    or above p's (links point down).
//
//===----------------------------------------------------------------------===//

#include "horn/CellTemplateBuilder.h"

#include "cosmo/expr/Transform.h"

#include <algorithm>

namespace cosmo::solver {

using expr::Kind;

void CellTemplateBuilder::pointedTemplates(
    std::map<std::string, std::vector<ExprRef>> &out,
    const std::map<size_t, std::vector<ExprRef>> &inherited) {
  for (size_t r = 0; r < cells_.views.size(); ++r) {
    const std::vector<CellView> &views = cells_.views[r];
    size_t arity = original_.relations()[r].args.size();
    CellPositions p = cellPositions(views, arity);
    for (size_t v = 0; v < views.size(); ++v) {
      const CellView &view = views[v];
      if (!view.pointer || !view.link)
        continue;
      auto arg = [&](unsigned i) { return cells_.system.argument(ctx_, r, i); };
      ExprRef pointer = pointerCell(r, v);
      ExprRef cellArg = arg(p.cell[v]);
      ExprRef link = arg(p.fields[v][*view.link]);
      ExprRef pointedLink = arg(p.pointed[v][*view.link]);
      auto nonNull = [&](const ExprRef &l) {
        return ctx_.notE(ctx_.eq(l, ctx_.bv(l->width(), 0)));
      };
      expr::Substitution toSucc, toPointed;
      for (size_t f = 0; f < view.fields.size(); ++f) {
        toSucc[arg(p.fields[v][f])] = arg(p.succ[v][f]);
        toPointed[arg(p.fields[v][f])] = arg(p.pointed[v][f]);
      }
      const Found &found = found_[{r, v}];
      std::vector<ExprRef> data, links;
      for (const ExprRef &f : found.facts) {
        auto vars = expr::freeVariables(f);
        bool place = std::find(vars.begin(), vars.end(), cellArg) != vars.end();
        bool linkOf = std::find(vars.begin(), vars.end(), link) != vars.end();
        (place || linkOf ? links : data).push_back(f);
      }
      std::vector<ExprRef> guards{ctx_.trueE()};
      guards.insert(guards.end(), found.guards.begin(), found.guards.end());
      if (auto it = inherited.find(r); it != inherited.end())
        guards.insert(guards.end(), it->second.begin(), it->second.end());
      // The cells carried pointers are at (a list's head).
      std::vector<ExprRef> carried;
      for (const ExprRef &at : found.pointers)
        if (at->kind() == Kind::Eq && at->child(0) == cellArg.get())
          carried.push_back(ExprRef(at->child(1)));
      ExprRef node = atNode(pointer);
      std::vector<ExprRef> &mine = out[cells_.system.relations()[r].name];
      auto add = [&](std::vector<ExprRef> premises, const ExprRef &fact) {
        ExprRef t = ctx_.implies(ctx_.andAll(premises), fact);
        if (std::find(mine.begin(), mine.end(), t) == mine.end())
          mine.push_back(t);
      };
      for (const ExprRef &f : data) {
        ExprRef notF = ctx_.notE(f);
        // The node the pointer is at has the fact (a walk keeps it).
        add({node}, expr::substitute(ctx_, f, toPointed));
        for (const ExprRef &c : carried)
          add({node, ctx_.eq(cellArg, c)}, f);
        for (const ExprRef &g : guards) {
          // While the pointer is at a node, every node with the fact links
          // to one with it (a walk past the walk that unlinked the others).
          add({node, g, f, nonNull(link)}, expr::substitute(ctx_, f, toSucc));
          // Above the pointer (walked), a node with the fact links to one
          // with it.
          add({ctx_.ult(pointer, cellArg), g, f, nonNull(link)},
              expr::substitute(ctx_, f, toSucc));
          // Between the pointer's successor and the pointer: unlinked,
          // those without it.
          add({node, nonNull(pointedLink),
               ctx_.ult(successorCell(ctx_, pointedLink, view), cellArg),
               ctx_.ult(cellArg, pointer), g},
              notF);
          for (const ExprRef &c : carried)
            add({ctx_.notE(node), ctx_.ult(c, cellArg), g}, notF);
          // Below the pointer, unlinked once its link is null.
          add({node, ctx_.eq(pointedLink, ctx_.bv(pointedLink->width(), 0)),
               ctx_.ult(cellArg, pointer), g},
              notF);
        }
      }
      // Below the pointer, the links are as the loop before left them.
      for (const ExprRef &f : links)
        for (const ExprRef &g : guards)
          add({ctx_.ult(cellArg, pointer), g}, f);
      // Links point down (a list pushed at its head, nodes unlinked from
      // it), so the carried head is at or above the pointer.
      for (const ExprRef &g : guards)
        add({g, nonNull(link)},
            ctx_.ult(successorCell(ctx_, link, view), cellArg));
      for (const ExprRef &c : carried)
        add({node}, ctx_.ule(pointer, c));
    }
  }
}

ExprRef CellTemplateBuilder::pointerCell(size_t r, size_t v) {
  const std::vector<CellView> &views = cells_.views[r];
  const CellView &view = views[v];
  CellPositions p = cellPositions(views, original_.relations()[r].args.size());
  // The pointer's scalar among the cell relation's arguments.
  unsigned k = view.pointer->argument;
  for (const CellView &w : views)
    k -= w.position < view.pointer->argument;
  return pointedCell(ctx_, cells_.system.argument(ctx_, r, p.scalars[k]),
                     view);
}

ExprRef CellTemplateBuilder::atNode(const ExprRef &pointer) {
  // (A sentinel elsewhere, on the stack, is at a cell below the region's
  // base: negative.)
  return ctx_.sle(ctx_.bv(64, 0), pointer);
}

std::vector<ExprRef> CellTemplateBuilder::nodePremises(size_t r) {
  std::vector<ExprRef> out;
  for (size_t v = 0; v < cells_.views[r].size(); ++v)
    if (cells_.views[r][v].pointer)
      out.push_back(atNode(pointerCell(r, v)));
  return out;
}

} // namespace cosmo::solver
