//===- WalkTemplates.cpp - templates of walks and of loops in a chain ----===//
//
// The facts CellTemplateBuilder offers across loops (CellTemplates.cpp
// has those of one loop's cells):
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
//    or above p's (links point down);
//  - a relation whose entry passes on another's values (a walk after the
//    loop that built its list) is offered that loop's templates, and the
//    loop is offered what the walk needs at its entry -- also once the
//    loop's own pointer is at a node, when it has one;
//  - a walk that writes no cell inherits the guards of the loops whose
//    arrays flow into its own.
//
//===----------------------------------------------------------------------===//

#include "horn/CellTemplateBuilder.h"

#include "cosmo/expr/Transform.h"

#include <algorithm>

namespace cosmo::solver {

using expr::Expr;
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

std::map<size_t, std::vector<ExprRef>>
CellTemplateBuilder::inheritedGuards() {
  // (Through a chain of loops: a walk past the walk that unlinked nodes
  // of the builder's list inherits the builder's.)
  std::map<size_t, std::vector<ExprRef>> inherited;
  for (bool changed = true; changed;) {
    changed = false;
    for (const EntryPort &port : ports_) {
      std::vector<ExprRef> theirs = inherited[port.from];
      for (const auto &[key, found] : found_)
        if (key.first == port.from)
          theirs.insert(theirs.end(), found.guards.begin(), found.guards.end());
      std::vector<ExprRef> &mine = inherited[port.to];
      for (const ExprRef &g : theirs) {
        auto vars = expr::freeVariables(g);
        if (!std::all_of(vars.begin(), vars.end(), [&](const ExprRef &v) {
              return port.sub.count(v) > 0;
            }))
          continue;
        ExprRef h = expr::substitute(ctx_, g, port.sub);
        if (std::find(mine.begin(), mine.end(), h) == mine.end()) {
          mine.push_back(h);
          changed = true;
        }
      }
    }
  }
  return inherited;
}

std::vector<CellTemplateBuilder::EntryPort> CellTemplateBuilder::entryPorts() {
  // Where each original argument of relation `r` is among its cell
  // relation's: a scalar's index, or an array's view.
  struct Place {
    std::optional<unsigned> scalar;
    std::optional<size_t> view;
  };
  auto placesOf = [&](size_t r) {
    const std::vector<CellView> &views = cells_.views[r];
    size_t arity = original_.relations()[r].args.size();
    CellPositions p = cellPositions(views, arity);
    std::vector<Place> places(arity);
    size_t v = 0, k = 0;
    for (unsigned i = 0; i < arity; ++i) {
      if (v < views.size() && views[v].position == i)
        places[i].view = v++;
      else
        places[i].scalar = p.scalars[k++];
    }
    return places;
  };
  auto root = [](const Expr *e) {
    while (e->kind() == Kind::Store)
      e = e->child(0);
    return e;
  };
  std::vector<EntryPort> ports;
  for (const HornClause &c : original_.clauses()) {
    if (!c.head || std::any_of(c.body.begin(), c.body.end(),
                               [&](const HornAtom &a) {
                                 return a.relation == c.head->relation;
                               }))
      continue;
    size_t to = c.head->relation;
    std::vector<Place> into = placesOf(to);
    CellPositions pt =
        cellPositions(cells_.views[to], original_.relations()[to].args.size());
    for (const HornAtom &a : c.body) {
      size_t from = a.relation;
      std::vector<Place> outOf = placesOf(from);
      CellPositions pf = cellPositions(cells_.views[from],
                                     original_.relations()[from].args.size());
      EntryPort port{from, to, {}, {}};
      for (unsigned i = 0; i < a.args.size(); ++i)
        for (unsigned k = 0; k < c.head->args.size(); ++k) {
          const Expr *h = c.head->args[k].get();
          if (outOf[i].scalar && into[k].scalar && h == a.args[i].get() &&
              a.args[i]->kind() == Kind::Var) {
            port.sub[cells_.system.argument(ctx_, from, *outOf[i].scalar)] =
                cells_.system.argument(ctx_, to, *into[k].scalar);
          } else if (outOf[i].view && into[k].view &&
                     root(h) == a.args[i].get()) {
            // The same array, maybe written past the loop: Houdini keeps
            // only what the entry's stores leave true.
            size_t vf = *outOf[i].view, vt = *into[k].view;
            const CellView &x = cells_.views[from][vf],
                           &y = cells_.views[to][vt];
            if (x.stride != y.stride || x.fields != y.fields)
              continue;
            auto same = [&](const std::vector<unsigned> &f,
                            const std::vector<unsigned> &t) {
              for (size_t n = 0; n < f.size() && n < t.size(); ++n)
                port.sub[cells_.system.argument(ctx_, from, f[n])] =
                    cells_.system.argument(ctx_, to, t[n]);
            };
            same({pf.cell[vf]}, {pt.cell[vt]});
            same(pf.fields[vf], pt.fields[vt]);
            if (x.link && x.link == y.link)
              same(pf.succ[vf], pt.succ[vt]);
          }
        }
      // And back: each scalar `to` gets as a term over `from`'s scalars.
      expr::Substitution fromArgs;
      for (unsigned i = 0; i < a.args.size(); ++i)
        if (outOf[i].scalar && a.args[i]->kind() == Kind::Var)
          fromArgs[a.args[i]] =
              cells_.system.argument(ctx_, from, *outOf[i].scalar);
      for (const auto &[x, y] : port.sub)
        port.back[y] = x;
      for (unsigned k = 0; k < c.head->args.size(); ++k) {
        if (!into[k].scalar)
          continue;
        ExprRef mine = cells_.system.argument(ctx_, to, *into[k].scalar);
        auto vars = expr::freeVariables(c.head->args[k]);
        if (port.back.count(mine) || vars.empty() ||
            !std::all_of(vars.begin(), vars.end(), [&](const ExprRef &x) {
              return fromArgs.count(x) > 0;
            }))
          continue;
        port.back[mine] = expr::substitute(ctx_, c.head->args[k], fromArgs);
      }
      ports.push_back(std::move(port));
    }
  }
  return ports;
}

void CellTemplateBuilder::portThroughEntries(
    std::map<std::string, std::vector<ExprRef>> &out) {
  std::vector<std::pair<std::string, ExprRef>> ported;
  auto over = [](const ExprRef &t, const expr::Substitution &sub) {
    auto vars = expr::freeVariables(t);
    return !vars.empty() &&
           std::all_of(vars.begin(), vars.end(),
                       [&](const ExprRef &v) { return sub.count(v) > 0; });
  };
  // Each relation's scalars, as a substitution `over` can test.
  auto scalarsOf = [&](size_t r) {
    expr::Substitution mine;
    CellPositions p = cellPositions(cells_.views[r],
                                    original_.relations()[r].args.size());
    for (unsigned i : p.scalars)
      mine[cells_.system.argument(ctx_, r, i)] =
          cells_.system.argument(ctx_, r, i);
    return mine;
  };
  for (const EntryPort &port : ports_) {
    const std::string &from = original_.relations()[port.from].name,
                      &to = original_.relations()[port.to].name;
    auto templates = out.find(from);
    if (templates == out.end())
      continue;
    for (const ExprRef &t : templates->second)
      if (over(t, port.sub))
        ported.push_back({to, expr::substitute(ctx_, t, port.sub)});
    // And back: what the next loop needs of its entry (a walk's first
    // node), the builder needs at its exit; over single cells, only facts
    // of the scalars (the walk's first pointer).
    // With a walk's pointer, each also once the pointer is at a node
    // (past the sentinel: a walk that unlinks nodes leaves the next one
    // its facts only then).
    if (auto theirs = out.find(to); theirs != out.end()) {
      expr::Substitution scalars = scalarsOf(port.to);
      std::vector<ExprRef> atNode = nodePremises(port.from);
      for (const ExprRef &t : theirs->second)
        if (over(t, port.back) && (linked_ || over(t, scalars))) {
          ExprRef mine = expr::substitute(ctx_, t, port.back);
          ported.push_back({from, mine});
          for (const ExprRef &n : atNode)
            ported.push_back({from, ctx_.implies(n, mine)});
        }
    }
  }
  for (auto &[name, t] : ported) {
    std::vector<ExprRef> &mine = out[name];
    if (std::find(mine.begin(), mine.end(), t) == mine.end())
      mine.push_back(t);
  }
}

} // namespace cosmo::solver
