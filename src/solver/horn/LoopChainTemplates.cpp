//===- LoopChainTemplates.cpp - templates passed between loops in a chain -===//
//
// The facts CellTemplateBuilder offers across the entry clauses of a chain
// of loops (a builder, then walks over its list):
//  - a relation whose entry passes on another's values (a walk after the
//    loop that built its list) is offered that loop's templates, and the
//    loop is offered what the walk needs at its entry -- also once the
//    loop's own pointer is at a node, when it has one;
//  - a walk that writes no cell inherits the guards of the loops whose
//    arrays flow into its own;
//  - a later loop's relation carries the earlier loop's values as
//    parameters (entryParameters), and a value every entry sets to one
//    constant is known (entryValue): CellTemplates.cpp's facts of a loop
//    that goes on with an earlier loop's list read them.
//
//===----------------------------------------------------------------------===//

#include "horn/CellTemplateBuilder.h"

#include "cosmo/expr/Transform.h"

#include <algorithm>
#include <optional>

namespace cosmo::solver {

using expr::Expr;
using expr::Kind;

std::vector<expr::Substitution>
CellTemplateBuilder::entryArguments(size_t r) {
  std::vector<expr::Substitution> out;
  for (const HornClause &c : cells_.system.clauses()) {
    if (!c.head || c.head->relation != r ||
        std::any_of(c.body.begin(), c.body.end(),
                    [&](const HornAtom &a) { return a.relation == r; }))
      continue;
    expr::Substitution atEntry;
    for (unsigned i = 0; i < c.head->args.size(); ++i)
      atEntry[cells_.system.argument(ctx_, r, i)] = c.head->args[i];
    out.push_back(std::move(atEntry));
  }
  return out;
}

ExprRef CellTemplateBuilder::entryValue(size_t r, const ExprRef &t) {
  ExprRef value;
  for (const expr::Substitution &atEntry : entryArguments(r)) {
    ExprRef v = expr::substitute(ctx_, t, atEntry);
    if (v->kind() != Kind::BVConst || (value && value != v))
      return nullptr;
    value = v;
  }
  return value;
}

std::map<ExprRef, ExprRef, expr::ExprIdLess>
CellTemplateBuilder::entryParameters(size_t r) {
  std::map<ExprRef, ExprRef, expr::ExprIdLess> out;
  std::vector<expr::Substitution> entries = entryArguments(r);
  if (entries.empty())
    return out;
  size_t arity = cells_.system.relations()[r].args.size();
  size_t candidates = std::min(arity, original_.relations()[r].args.size());
  auto arg = [&](size_t i) { return cells_.system.argument(ctx_, r, i); };
  // The arguments no iteration changes.
  std::vector<bool> unchanged(arity, true);
  for (const HornClause &c : cells_.system.clauses())
    if (c.head && c.head->relation == r)
      for (const HornAtom &a : c.body)
        if (a.relation == r)
          for (size_t k = 0; k < arity; ++k)
            unchanged[k] = unchanged[k] && a.args[k] == c.head->args[k];
  for (size_t i = 0; i < arity; ++i) {
    // The first argument each entry sets to what it sets argument i to.
    std::optional<size_t> found;
    for (const expr::Substitution &atEntry : entries) {
      const ExprRef &v = atEntry.at(arg(i));
      std::optional<size_t> here;
      for (size_t k = 0; k < candidates && v->kind() == Kind::Var && !here;
           ++k)
        if (k != i && atEntry.at(arg(k)) == v && (!found || *found == k))
          here = k;
      found = here;
      if (!found)
        break;
    }
    if (found && unchanged[*found])
      out[arg(i)] = arg(*found);
  }
  return out;
}

ExprRef CellTemplateBuilder::portFact(const ExprRef &f,
                                      std::pair<size_t, size_t> from,
                                      std::pair<size_t, size_t> to) {
  const CellView &a = cells_.views[from.first][from.second],
                 &b = cells_.views[to.first][to.second];
  if (a.stride != b.stride || a.fields != b.fields)
    return nullptr;
  CellPositions pa = cellPositions(cells_.views[from.first],
                                 original_.relations()[from.first].args.size()),
                pb = cellPositions(cells_.views[to.first],
                                 original_.relations()[to.first].args.size());
  expr::Substitution sub;
  sub[cells_.system.argument(ctx_, from.first, pa.cell[from.second])] =
      cells_.system.argument(ctx_, to.first, pb.cell[to.second]);
  for (size_t k = 0; k < a.fields.size(); ++k)
    sub[cells_.system.argument(ctx_, from.first, pa.fields[from.second][k])] =
        cells_.system.argument(ctx_, to.first, pb.fields[to.second][k]);
  if (a.link == b.link && a.link)
    for (size_t k = 0; k < a.fields.size(); ++k)
      sub[cells_.system.argument(ctx_, from.first, pa.succ[from.second][k])] =
          cells_.system.argument(ctx_, to.first, pb.succ[to.second][k]);
  for (const ExprRef &v : expr::freeVariables(f))
    if (!sub.count(v))
      return nullptr;
  return expr::substitute(ctx_, f, sub);
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
