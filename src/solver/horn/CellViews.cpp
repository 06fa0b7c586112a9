//===- CellViews.cpp - which links and pointers a cell view needs ---------===//
//
// A view of single cells (CellIndexed.h) is refined by a link, whose
// successor's fields it then carries, and by a walk's pointer, whose
// node's fields it then carries. Both are read off the cells the clauses
// read: a cell read at a function of a carried pointer alone, counted
// over the clauses (the most frequent first). A walk that writes a link
// of the node its pointer is at gets the pointer's node first
// (CellViewSearch.cpp).
//
//===----------------------------------------------------------------------===//

#include "horn/CellIndexed.h"

#include "cosmo/expr/Assignment.h"
#include "cosmo/expr/Transform.h"

#include <algorithm>
#include <map>
#include <set>

namespace cosmo::solver {

using expr::Kind;

std::optional<expr::Value> valueWithEvery(const ExprRef &e, uint64_t value,
                                          expr::Assignment &a) {
  for (const ExprRef &v : expr::freeVariables(e)) {
    if (!v->sort().isBV())
      return std::nullopt;
    if (!a.get(v))
      a.set(v, expr::Value::ofBits(llvm::APInt(v->width(), value)));
  }
  return expr::evaluate(e, a);
}

namespace {

/// The bits of `e` with every variable `value`.
std::optional<llvm::APInt> bitsWithEvery(const ExprRef &e, uint64_t value) {
  expr::Assignment a;
  std::optional<expr::Value> r = valueWithEvery(e, value, a);
  if (!r || r->isBool)
    return std::nullopt;
  return r->bits;
}

/// Calls `each(atom, positions, view, cell)` for the cell of each view of
/// each body atom of `cells` (a system of single cells).
template <typename Each>
void forEachBodyCell(const CellIndexedSystem &cells, Each &&each) {
  for (const HornClause &c : cells.system.clauses())
    for (const HornAtom &a : c.body) {
      const std::vector<CellView> &views = cells.views[a.relation];
      if (views.empty())
        continue;
      // (The original's arity: an array's cell and fields are one there;
      // no successors in this system.)
      size_t arity = a.args.size();
      for (const CellView &v : views)
        arity -= v.fields.size();
      CellPositions p = cellPositions(views, arity);
      for (size_t v = 0; v < views.size(); ++v)
        each(a, p, v, a.args[p.cell[v]]);
    }
}

/// Per (stride, field offset): how many body cells of `cells` are read at
/// an address computed from that field of a cell (`p->next->key` reads
/// the cell the `next` field holds). A field the clauses follow is a link.
std::map<std::pair<uint64_t, unsigned>, unsigned>
followedFields(const CellIndexedSystem &cells) {
  std::map<const expr::Expr *, std::pair<uint64_t, unsigned>> fieldOf;
  forEachBodyCell(cells, [&](const HornAtom &a, const CellPositions &p,
                             size_t v, const ExprRef &) {
    const CellView &view = cells.views[a.relation][v];
    for (size_t f = 0; f < view.fields.size(); ++f)
      if (a.args[p.fields[v][f]]->kind() == Kind::Var)
        fieldOf[a.args[p.fields[v][f]].get()] = {view.stride,
                                                 view.fields[f].first};
  });
  std::map<std::pair<uint64_t, unsigned>, unsigned> followed;
  forEachBodyCell(cells, [&](const HornAtom &, const CellPositions &, size_t,
                             const ExprRef &cell) {
    for (const ExprRef &x : expr::freeVariables(cell))
      if (auto it = fieldOf.find(x.get()); it != fieldOf.end())
        ++followed[it->second];
  });
  return followed;
}

} // namespace

std::vector<CellLink> cellLinks(const CellIndexedSystem &cells) {
  // The offsets of the cells clauses read at a carried pointer (a
  // function of an atom's scalars alone, `16 * p - base`), at a null
  // pointer: the link's delta. Counted, the most frequent first.
  std::map<std::pair<uint64_t, uint64_t>, unsigned> deltas;
  forEachBodyCell(cells, [&](const HornAtom &a, const CellPositions &p,
                             size_t v, const ExprRef &cell) {
    const std::vector<CellView> &views = cells.views[a.relation];
    if (cell->kind() == Kind::Var || cell->kind() == Kind::BVConst)
      return;
    auto vars = expr::freeVariables(cell);
    bool ofScalars =
        std::all_of(vars.begin(), vars.end(), [&](const ExprRef &x) {
          return std::any_of(p.scalars.begin(), p.scalars.end(),
                             [&](unsigned i) { return a.args[i] == x; });
        });
    if (vars.empty() || !ofScalars)
      return;
    std::optional<llvm::APInt> at = bitsWithEvery(cell, 0);
    // (Zero is no region's base: a cell counted from the array's start,
    // the frontier's, not a pointer's.)
    if (!at || at->getBitWidth() != 64 || at->isZero() ||
        (at->getZExtValue() & (views[v].stride - 1)))
      return;
    ++deltas[{views[v].stride, at->getZExtValue()}];
  });
  std::vector<std::pair<unsigned, std::pair<uint64_t, uint64_t>>> ranked;
  for (const auto &[key, n] : deltas)
    ranked.push_back({n, key});
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto &x, const auto &y) {
                     return x.first > y.first;
                   });
  const std::map<std::pair<uint64_t, unsigned>, unsigned> followed =
      followedFields(cells);
  // Each with a field of a pointer's size (8 bytes, then 4), the fields
  // the clauses follow first: under ILP32 a node's int key is as wide as
  // its link, and a view over the key's "successor" cost seed 001's
  // listing 1 its whole question.
  std::vector<CellLink> out;
  constexpr size_t kMostLinks = 3;
  for (const auto &[n, key] : ranked)
    for (unsigned bytes : {8u, 4u})
      for (const std::vector<CellView> &views : cells.views)
        for (const CellView &v : views) {
          // (A node: a link and something it links; an array of one
          // field is no list.)
          if (v.stride != key.first || v.fields.size() < 2)
            continue;
          auto timesFollowed = [&](unsigned offset) {
            auto it = followed.find({v.stride, offset});
            return it == followed.end() ? 0u : it->second;
          };
          std::vector<unsigned> offsets;
          for (const auto &[offset, size] : v.fields)
            if (size == bytes)
              offsets.push_back(offset);
          std::stable_sort(offsets.begin(), offsets.end(),
                           [&](unsigned x, unsigned y) {
                             return timesFollowed(x) > timesFollowed(y);
                           });
          for (unsigned offset : offsets) {
            CellLink l{v.stride, offset, bytes, key.second};
            if (out.size() < kMostLinks &&
                std::find(out.begin(), out.end(), l) == out.end())
              out.push_back(l);
          }
        }
  return out;
}

CellPointers cellPointers(const CellIndexedSystem &cells) {
  // Per relation, the cells clauses read at a linear function of one
  // scalar variable of an atom (`16 * p - base`): that argument, counted,
  // the most frequent kept.
  std::map<size_t, std::map<std::pair<size_t, CellPointer>, unsigned>> seen;
  forEachBodyCell(cells, [&](const HornAtom &a, const CellPositions &p,
                             size_t v, const ExprRef &cell) {
    const std::vector<CellView> &views = cells.views[a.relation];
    std::vector<ExprRef> vars = expr::freeVariables(cell);
    if (cell->kind() == Kind::Var || vars.size() != 1)
      return;
    // The scalar's position among the original arguments.
    std::optional<unsigned> argument;
    for (size_t k = 0; k < p.scalars.size(); ++k)
      if (a.args[p.scalars[k]] == vars[0]) {
        unsigned original = static_cast<unsigned>(k);
        for (const CellView &w : views)
          original += w.position <= original;
        argument = original;
      }
    if (!argument || vars[0]->width() > 64)
      return;
    // Linear: f(x) = delta + scale * x at three points.
    std::optional<llvm::APInt> f0 = bitsWithEvery(cell, 0),
                               f1 = bitsWithEvery(cell, 1),
                               f5 = bitsWithEvery(cell, 5);
    if (!f0 || !f1 || !f5 || f0->getBitWidth() != 64)
      return;
    llvm::APInt scale = *f1 - *f0;
    if (*f5 != *f0 + scale * 5 || scale.isZero())
      return;
    CellPointer ptr{*argument, scale.getZExtValue(), f0->getZExtValue()};
    ++seen[a.relation][{v, ptr}];
  });
  CellPointers out;
  for (const auto &[r, counts] : seen) {
    unsigned most = 0;
    for (const auto &[key, n] : counts)
      if (n > most) {
        most = n;
        out[r] = key;
      }
  }
  return out;
}

bool relinksAtPointers(expr::ExprContext &ctx, const HornSystem &system,
                       const CellIndexedSystem &cells,
                       const CellPointers &pointers,
                       const std::vector<CellLink> &links) {
  // A store in the head's array at a link's bytes of the cell the body's
  // pointer is at: its offset less that cell's, the same at pointers
  // of several cells, is a link's field.
  auto relinks = [&](const ExprRef &at, const ExprRef &cell,
                     const CellView &view) {
    ExprRef delta = ctx.sub(at, cell);
    std::optional<uint64_t> field;
    for (uint64_t k : {0, 1, 5}) {
      std::optional<llvm::APInt> d = bitsWithEvery(delta, k * view.stride);
      if (!d || d->getBitWidth() != 64 || (field && *field != *d))
        return false;
      field = d->getZExtValue();
    }
    return std::any_of(links.begin(), links.end(), [&](const CellLink &l) {
      return l.stride == view.stride && *field >= l.offset &&
             *field < l.offset + l.bytes;
    });
  };
  for (const HornClause &c : system.clauses()) {
    if (!c.head)
      continue;
    auto it = pointers.find(c.head->relation);
    if (it == pointers.end())
      continue;
    CellView view = cells.views[c.head->relation][it->second.first];
    view.pointer = it->second.second;
    for (const HornAtom &a : c.body) {
      if (a.relation != c.head->relation)
        continue;
      ExprRef cell = pointedCell(ctx, a.args[view.pointer->argument], view);
      // The head's array: stores down to the body's (and through ites).
      std::set<const expr::Expr *> seen;
      std::vector<const expr::Expr *> work{c.head->args[view.position].get()};
      while (!work.empty()) {
        const expr::Expr *e = work.back();
        work.pop_back();
        if (!e->sort().isArray() || !seen.insert(e).second)
          continue;
        if (e->kind() == Kind::Store &&
            relinks(ExprRef(e->child(1)), cell, view))
          return true;
        for (unsigned i = 0; i < e->numChildren(); ++i)
          work.push_back(e->child(i));
      }
    }
  }
  return false;
}

} // namespace cosmo::solver
