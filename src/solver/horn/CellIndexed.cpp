//===- CellIndexed.cpp - relations over arrays as relations over cells ----===//
//
// See CellIndexed.h. Reads are translated exactly where the residue of
// their offset modulo the cell size is known (the cell is the offset less
// it) and over-approximately elsewhere (a read at an offset of unknown
// residue is the field at that residue, or any value when it is none).
// Stores are read through exactly, byte by byte, with the bytes one store
// group writes into one cell taken together.
//
//===----------------------------------------------------------------------===//

#include "horn/CellIndexed.h"
#include "horn/ArrayElements.h"

#include "cosmo/expr/Transform.h"

#include <fmt/format.h>

#include <llvm/Support/MathExtras.h>

#include <map>

namespace cosmo::solver {

using expr::Expr;
using expr::Kind;

namespace {

/// A term the translation cannot take: the system stays as it is.
struct Untranslatable {
  std::string why;
};

/// The residue of 64-bit offset `e` modulo `stride` (a power of two),
/// exactly; none when it depends on a value.
std::optional<uint64_t> residue(const Expr *e, uint64_t stride) {
  uint64_t mask = stride - 1;
  unsigned bits = llvm::Log2_64(stride);
  switch (e->kind()) {
  case Kind::BVConst:
    return e->bvValue().getLoBits(bits).getZExtValue() & mask;
  case Kind::Add:
  case Kind::Sub: {
    auto a = residue(e->child(0), stride), b = residue(e->child(1), stride);
    if (!a || !b)
      return std::nullopt;
    return (e->kind() == Kind::Add ? *a + *b : *a - *b) & mask;
  }
  case Kind::Mul:
    for (unsigned k = 0; k < 2; ++k)
      if (e->child(k)->kind() == Kind::BVConst) {
        uint64_t c = e->child(k)->bvValue().getLoBits(bits).getZExtValue();
        if ((c & mask) == 0)
          return 0;
        if (auto o = residue(e->child(1 - k), stride))
          return (c * *o) & mask;
      }
    return std::nullopt;
  case Kind::Shl:
    if (e->child(1)->kind() == Kind::BVConst) {
      uint64_t k = e->child(1)->bvValue().getLimitedValue(64);
      if (k >= bits)
        return 0;
      if (auto o = residue(e->child(0), stride))
        return (*o << k) & mask;
    }
    return std::nullopt;
  case Kind::ZExt:
  case Kind::SExt:
    // Extending adds a multiple of 2^w, a multiple of the stride.
    if (e->child(0)->width() >= bits)
      return residue(e->child(0), stride);
    return std::nullopt;
  case Kind::Extract:
    if (e->aux1() == 0 && e->aux0() + 1 >= bits)
      return residue(e->child(0), stride);
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

/// The translation of one clause.
class ClauseCells {
public:
  ClauseCells(expr::ExprContext &ctx,
              const std::vector<std::vector<CellView>> &views,
              unsigned &fresh)
      : ctx_(ctx), views_(views), fresh_(fresh) {}

  HornClause translate(const HornClause &c);

private:
  /// An atom of the body at one cell of each of its arrays.
  struct Instance {
    size_t atom;
    std::vector<ExprRef> cells;               ///< per array (view)
    std::vector<std::vector<ExprRef>> fields; ///< per array, per field
    std::vector<std::vector<ExprRef>> succ;   ///< the successor's fields
    std::vector<std::vector<ExprRef>> pointed; ///< the pointed cell's
    /// Per array: whether its cell is a fresh one no read has named yet
    /// (a read of that array at another cell may take it).
    std::vector<bool> unnamed;
  };
  /// What an atom's view puts after its cell: the cell's fields, its
  /// successor's and the pointed cell's.
  struct CellArgs {
    ExprRef cell;
    std::vector<ExprRef> fields, succ, pointed;
  };
  /// A body atom's array variable: the atom and which of its arrays.
  struct ArrayOf {
    size_t atom, view;
  };
  const std::vector<CellView> &viewsOf(size_t atom) const {
    return views_[body_[atom]->relation];
  }
  bool tracked(const Expr *e);
  ExprRef rewrite(const ExprRef &e);
  /// Whether read `r` (recognised in `e`) is of the bytes at exactly
  /// r.at, r.at + 1, ...
  bool consecutive(const Expr *e, const ElementAccess &r);
  /// The value of `bytes` bytes at offset `at` (rewritten) of `array`.
  ExprRef read(const ExprRef &array, const ExprRef &at, unsigned bytes);
  /// Field `f` of the cell at aligned offset `cell` of `array`.
  ExprRef field(const ExprRef &array, const ExprRef &cell, size_t f,
                const CellView &view);
  /// Every field of the cell at `cell` of `array`, in the view's order.
  std::vector<ExprRef> fieldsAt(const ExprRef &array, const ExprRef &cell,
                                const CellView &view) {
    std::vector<ExprRef> out;
    for (size_t f = 0; f < view.fields.size(); ++f)
      out.push_back(field(array, cell, f, view));
    return out;
  }
  /// A fresh value of each field of `view`, named `prefix` and its offset.
  std::vector<ExprRef> freshFields(const CellView &view, char prefix) {
    std::vector<ExprRef> out;
    for (const auto &[offset, bytes] : view.fields)
      out.push_back(freshVar(fmt::format("{}{}", prefix, offset),
                             expr::Sort::bv(8 * bytes)));
    return out;
  }
  /// The view of the relation array `array` is built from.
  const CellView &viewOf(const Expr *array);
  /// An instance of body atom `atom` at `cell` of its array `view` (any
  /// cell of its other arrays).
  Instance &instance(size_t atom, size_t view, const ExprRef &cell);
  /// The fields at `cell` of an array variable no body atom has.
  const std::vector<ExprRef> &own(const ExprRef &array, const ExprRef &cell,
                                  const CellView &view);
  ExprRef freshVar(const std::string &what, expr::Sort s) {
    return ctx_.var(fmt::format("cell{}.{}", fresh_++, what), s);
  }
  ExprRef aligned(const ExprRef &cell, uint64_t stride) {
    return ctx_.eq(ctx_.band(cell, ctx_.bv(64, stride - 1)), ctx_.bv(64, 0));
  }
  /// `value` (of `width` bits) with its byte `b` replaced by `byte`.
  ExprRef withByte(const ExprRef &value, unsigned b, const ExprRef &byte);

  expr::ExprContext &ctx_;
  const std::vector<std::vector<CellView>> &views_;
  unsigned &fresh_;
  std::vector<const HornAtom *> body_;
  /// Array variable -> the body atoms' arrays it is (a loop's array that
  /// the next loop reads is both its atom's and the next one's).
  std::map<const Expr *, std::vector<ArrayOf>> arrays_;
  std::map<const Expr *, bool> trackedMemo_;
  std::map<const Expr *, ExprRef> rewritten_;
  std::map<std::tuple<const Expr *, const Expr *, size_t>, ExprRef> fields_;
  std::vector<Instance> instances_;
  struct OwnCell {
    const Expr *array, *cell;
    std::vector<ExprRef> fields;
  };
  std::vector<OwnCell> own_;
  std::vector<ExprRef> side_; ///< alignment of the cells the clause names
};

bool ClauseCells::tracked(const Expr *e) {
  if (auto it = trackedMemo_.find(e); it != trackedMemo_.end())
    return it->second;
  bool t = e->kind() == Kind::ArrayVar && arrays_.count(e);
  for (unsigned k = 0; !t && k < e->numChildren(); ++k)
    t = tracked(e->child(k));
  trackedMemo_[e] = t;
  return t;
}

ClauseCells::Instance &ClauseCells::instance(size_t atom, size_t view,
                                             const ExprRef &cell) {
  for (Instance &i : instances_)
    if (i.atom == atom && i.cells[view] == cell)
      return i;
  // An instance made for a read of another of the atom's arrays is at any
  // cell of this one: it takes this read's. (The relation holds at every
  // pair of cells, one of each array, so any pair is an instance. A walk
  // over the list both as the builder left it and as it is now read the
  // two at three and four cells: seven instances, with their pairwise
  // agreements, where four do.)
  for (Instance &i : instances_)
    if (i.atom == atom && i.unnamed[view]) {
      i.cells[view] = cell;
      i.unnamed[view] = false;
      return i;
    }
  Instance i{atom, {}, {}, {}, {}, {}};
  const std::vector<CellView> &views = viewsOf(atom);
  for (size_t v = 0; v < views.size(); ++v) {
    // (A fresh cell's alignment is stated once the clause is read, if no
    // read has taken the cell by then.)
    i.unnamed.push_back(v != view);
    i.cells.push_back(v == view ? cell : freshVar("j", expr::Sort::bv(64)));
    i.fields.push_back(freshFields(views[v], 'f'));
    i.succ.push_back(views[v].link ? freshFields(views[v], 's')
                                   : std::vector<ExprRef>{});
    i.pointed.push_back(views[v].pointer ? freshFields(views[v], 'p')
                                         : std::vector<ExprRef>{});
  }
  instances_.push_back(std::move(i));
  return instances_.back();
}

const std::vector<ExprRef> &ClauseCells::own(const ExprRef &array,
                                             const ExprRef &cell,
                                             const CellView &view) {
  for (const OwnCell &o : own_)
    if (o.array == array.get() && o.cell == cell.get()) {
      if (o.fields.size() != view.fields.size())
        throw Untranslatable{"an array read with two layouts"};
      return o.fields;
    }
  OwnCell o{array.get(), cell.get(), freshFields(view, 'f')};
  for (const OwnCell &other : own_)
    if (other.array == o.array) {
      if (other.fields.size() != o.fields.size())
        throw Untranslatable{"an array read with two layouts"};
      std::vector<ExprRef> same;
      for (size_t f = 0; f < o.fields.size(); ++f)
        same.push_back(ctx_.eq(other.fields[f], o.fields[f]));
      side_.push_back(ctx_.implies(ctx_.eq(ExprRef(other.cell), cell),
                                   ctx_.andAll(same)));
    }
  own_.push_back(std::move(o));
  return own_.back().fields;
}

ExprRef ClauseCells::withByte(const ExprRef &value, unsigned b,
                              const ExprRef &byte) {
  unsigned n = value->width() / 8;
  ExprRef out;
  for (unsigned k = 0; k < n; ++k) {
    ExprRef part = k == b ? byte : ctx_.extract(value, 8 * k + 7, 8 * k);
    out = out ? ctx_.concat(part, out) : part;
  }
  return out;
}

const CellView &ClauseCells::viewOf(const Expr *array) {
  // Arrays that flow into one another share their layout: any tracked
  // variable below says which.
  if (array->kind() == Kind::ArrayVar)
    if (auto it = arrays_.find(array); it != arrays_.end())
      return viewsOf(it->second[0].atom)[it->second[0].view];
  for (unsigned k = 0; k < array->numChildren(); ++k)
    if (tracked(array->child(k)))
      return viewOf(array->child(k));
  throw Untranslatable{"an array with no relation's layout"};
}

ExprRef ClauseCells::field(const ExprRef &array, const ExprRef &cell,
                           size_t f, const CellView &view) {
  auto key = std::make_tuple(array.get(), cell.get(), f);
  if (auto it = fields_.find(key); it != fields_.end())
    return it->second;
  auto [offset, bytes] = view.fields[f];
  ExprRef out;
  switch (array->kind()) {
  case Kind::ArrayVar:
    if (auto it = arrays_.find(array.get()); it != arrays_.end()) {
      // An instance of each atom the array is an argument of, agreeing.
      std::vector<ExprRef> same;
      for (const ArrayOf &of : it->second) {
        const CellView &mine = viewsOf(of.atom)[of.view];
        if (mine.stride != view.stride || mine.fields != view.fields)
          throw Untranslatable{"arrays of two layouts flow into one another"};
        ExprRef value = instance(of.atom, of.view, cell).fields[of.view][f];
        if (out)
          same.push_back(ctx_.eq(out, value));
        else
          out = value;
      }
      if (!same.empty())
        side_.push_back(ctx_.andAll(same));
      break;
    }
    // An array of the clause's own (the arrival's content): its fields
    // at each cell are values of their own, equal at equal cells, as a
    // universally quantified array's are (its reads elsewhere in the
    // clause stay reads: an over-approximation).
    out = own(array, cell, view)[f];
    break;
  case Kind::ConstArray: {
    out = ExprRef(array->child(0));
    for (unsigned b = 1; b < bytes; ++b)
      out = ctx_.concat(ExprRef(array->child(0)), out);
    break;
  }
  case Kind::Ite:
    out = ctx_.ite(rewrite(ExprRef(array->child(0))),
                   field(ExprRef(array->child(1)), cell, f, view),
                   field(ExprRef(array->child(2)), cell, f, view));
    break;
  case Kind::Store: {
    // The group of stores at the top that write into one cell at known
    // residues: for `cell` that cell, the field holds their bytes over
    // what is below; any other cell, what is below.
    const Expr *e = array.get();
    ExprRef groupCell;
    std::map<unsigned, ExprRef> written; // byte of the field -> value
    while (e->kind() == Kind::Store) {
      ExprRef at = rewrite(ExprRef(e->child(1)));
      std::optional<uint64_t> r = residue(at.get(), view.stride);
      if (!r)
        break;
      ExprRef c = ctx_.sub(at, ctx_.bv(64, *r));
      if (groupCell && c != groupCell)
        break;
      groupCell = c;
      if (*r >= offset && *r < offset + bytes)
        written.emplace(static_cast<unsigned>(*r - offset),
                        rewrite(ExprRef(e->child(2)))); // the latest wins
      e = e->child(0);
    }
    if (groupCell) {
      ExprRef below = field(ExprRef(e), cell, f, view);
      if (written.empty()) {
        out = below;
        break;
      }
      ExprRef mine = below;
      for (const auto &[b, byte] : written)
        mine = withByte(mine, b, byte);
      out = ctx_.ite(ctx_.eq(cell, groupCell), mine, below);
      break;
    }
    // A store at an offset of unknown residue: byte by byte.
    ExprRef at = rewrite(ExprRef(e->child(1)));
    ExprRef byte = rewrite(ExprRef(e->child(2)));
    ExprRef below = field(ExprRef(e->child(0)), cell, f, view);
    out = below;
    for (unsigned b = 0; b < bytes; ++b) {
      ExprRef here = ctx_.add(cell, ctx_.bv(64, offset + b));
      out = ctx_.ite(ctx_.eq(here, at), withByte(out, b, byte), out);
    }
    break;
  }
  default:
    throw Untranslatable{"an array term other than stores and ites"};
  }
  fields_.emplace(key, out);
  return out;
}

ExprRef ClauseCells::read(const ExprRef &array, const ExprRef &at,
                          unsigned bytes) {
  const CellView &view = viewOf(array.get());
  auto fieldAt = [&](uint64_t r) -> std::optional<size_t> {
    for (size_t f = 0; f < view.fields.size(); ++f)
      if (view.fields[f].first == r && view.fields[f].second == bytes)
        return f;
    return std::nullopt;
  };
  if (std::optional<uint64_t> r = residue(at.get(), view.stride)) {
    ExprRef cell = ctx_.sub(at, ctx_.bv(64, *r));
    if (auto f = fieldAt(*r))
      return field(array, cell, *f, view);
    // Part of one field.
    for (size_t f = 0; f < view.fields.size(); ++f) {
      auto [offset, size] = view.fields[f];
      if (*r >= offset && *r + bytes <= offset + size) {
        unsigned lo = 8 * static_cast<unsigned>(*r - offset);
        return ctx_.extract(field(array, cell, f, view), lo + 8 * bytes - 1,
                            lo);
      }
    }
    // Bytes of no field, or of two: any value.
    return freshVar("any", expr::Sort::bv(8 * bytes));
  }
  // Unknown residue: the field there, if one of this size is; any value
  // where none is (over-approximate, as the header says).
  ExprRef cell = ctx_.band(at, ctx_.bv(64, ~(view.stride - 1)));
  ExprRef r = ctx_.band(at, ctx_.bv(64, view.stride - 1));
  ExprRef out = freshVar("any", expr::Sort::bv(8 * bytes));
  for (size_t f = 0; f < view.fields.size(); ++f)
    if (view.fields[f].second == bytes)
      out = ctx_.ite(ctx_.eq(r, ctx_.bv(64, view.fields[f].first)),
                     field(array, cell, f, view), out);
  return out;
}

bool ClauseCells::consecutive(const Expr *e, const ElementAccess &r) {
  // elementRead compares offsets through extensions; a cell read needs
  // byte k at exactly `at + k`.
  for (unsigned k = r.bytes; k-- > 0;) {
    const Expr *byte = e->kind() == Kind::Concat ? e->child(0) : e;
    if (byte->child(1) != ctx_.add(ExprRef(r.at), ctx_.bv(64, k)).get())
      return false;
    if (e->kind() == Kind::Concat)
      e = e->child(1);
  }
  return true;
}

ExprRef ClauseCells::rewrite(const ExprRef &e) {
  if (!tracked(e.get()))
    return e;
  if (auto it = rewritten_.find(e.get()); it != rewritten_.end())
    return it->second;
  ExprRef out;
  if (std::optional<ElementAccess> r = elementRead(e.get());
      r && tracked(r->array) && consecutive(e.get(), *r)) {
    out = read(ExprRef(r->array), rewrite(ExprRef(r->at)), r->bytes);
  } else if (e->kind() == Kind::Select) {
    out = read(ExprRef(e->child(0)), rewrite(ExprRef(e->child(1))), 1);
  } else if (e->sort().isArray()) {
    throw Untranslatable{"an array used other than by reads and stores"};
  } else {
    std::vector<ExprRef> children;
    for (unsigned k = 0; k < e->numChildren(); ++k)
      children.push_back(rewrite(ExprRef(e->child(k))));
    out = ctx_.rebuild(e.get(), children);
  }
  rewritten_.emplace(e.get(), out);
  return out;
}

HornClause ClauseCells::translate(const HornClause &c) {
  for (size_t k = 0; k < c.body.size(); ++k) {
    const HornAtom &a = c.body[k];
    body_.push_back(&a);
    const std::vector<CellView> &views = views_[a.relation];
    for (size_t v = 0; v < views.size(); ++v) {
      const ExprRef &array = a.args[views[v].position];
      if (array->kind() != Kind::ArrayVar)
        throw Untranslatable{"a body atom's array that is not a variable"};
      arrays_[array.get()].push_back(ArrayOf{k, v});
    }
  }
  HornClause out;
  ExprRef constraint = rewrite(c.constraint);
  // An atom's arguments with each array as a cell and its fields.
  auto withCells = [&](const HornAtom &a, auto &&cellOf) {
    HornAtom at{a.relation, {}};
    const std::vector<CellView> &views = views_[a.relation];
    size_t v = 0;
    for (unsigned p = 0; p < a.args.size(); ++p) {
      if (v < views.size() && p == views[v].position) {
        CellArgs cell = cellOf(v, a.args[p]);
        at.args.push_back(cell.cell);
        for (const auto *part : {&cell.fields, &cell.succ, &cell.pointed})
          at.args.insert(at.args.end(), part->begin(), part->end());
        ++v;
        continue;
      }
      at.args.push_back(rewrite(a.args[p]));
    }
    return at;
  };
  if (c.head) {
    const std::vector<CellView> &views = views_[c.head->relation];
    out.head = withCells(*c.head, [&](size_t v, const ExprRef &array) {
      CellArgs out{freshVar("j", expr::Sort::bv(64)), {}, {}, {}};
      side_.push_back(aligned(out.cell, views[v].stride));
      out.fields = fieldsAt(array, out.cell, views[v]);
      if (views[v].link)
        out.succ = fieldsAt(
            array, successorCell(ctx_, out.fields[*views[v].link], views[v]),
            views[v]);
      if (views[v].pointer)
        out.pointed = fieldsAt(
            array,
            pointedCell(ctx_,
                        rewrite(c.head->args[views[v].pointer->argument]),
                        views[v]),
            views[v]);
      return out;
    });
  }
  // Every body atom with an array has an instance (its scalars hold of
  // some cell).
  for (size_t k = 0; k < c.body.size(); ++k)
    if (!views_[c.body[k].relation].empty() &&
        std::none_of(instances_.begin(), instances_.end(),
                     [&](const Instance &i) { return i.atom == k; })) {
      // (Its cell is as fresh as the others: aligned at the end if no
      // read takes it.)
      instance(k, 0, freshVar("j", expr::Sort::bv(64))).unnamed[0] = true;
    }
  // Two instances of one atom: at one cell they agree (fields and
  // successors), and they have one pointed cell; where one's link or its
  // pointer points, the other's fields are its successor's or its pointed
  // cell's (an instance may link to itself).
  for (size_t a = 0; a < instances_.size(); ++a)
    for (size_t b = 0; b < instances_.size(); ++b) {
      const Instance &x = instances_[a], &y = instances_[b];
      if (x.atom != y.atom)
        continue;
      for (size_t v = 0; v < x.cells.size(); ++v) {
        if (a < b) {
          std::vector<ExprRef> same;
          for (size_t f = 0; f < x.fields[v].size(); ++f)
            same.push_back(ctx_.eq(x.fields[v][f], y.fields[v][f]));
          for (size_t f = 0; f < x.succ[v].size(); ++f)
            same.push_back(ctx_.eq(x.succ[v][f], y.succ[v][f]));
          side_.push_back(ctx_.implies(ctx_.eq(x.cells[v], y.cells[v]),
                                       ctx_.andAll(same)));
          for (size_t f = 0; f < x.pointed[v].size(); ++f)
            side_.push_back(ctx_.eq(x.pointed[v][f], y.pointed[v][f]));
        }
        const CellView &view = viewsOf(x.atom)[v];
        auto at = [&](const ExprRef &cell, const std::vector<ExprRef> &of) {
          std::vector<ExprRef> same;
          for (size_t f = 0; f < view.fields.size(); ++f)
            same.push_back(ctx_.eq(of[f], y.fields[v][f]));
          side_.push_back(
              ctx_.implies(ctx_.eq(cell, y.cells[v]), ctx_.andAll(same)));
        };
        if (view.link)
          at(successorCell(ctx_, x.fields[v][*view.link], view), x.succ[v]);
        // (The atom's instances share their pointed cell: its first
        // gives it.)
        bool first = std::none_of(
            instances_.begin(), instances_.begin() + static_cast<long>(a),
            [&](const Instance &i) { return i.atom == x.atom; });
        if (view.pointer && first)
          at(pointedCell(ctx_,
                         rewrite(body_[x.atom]->args[view.pointer->argument]),
                         view),
             x.pointed[v]);
      }
    }
  for (size_t k = 0; k < c.body.size(); ++k) {
    const HornAtom &a = c.body[k];
    if (views_[a.relation].empty()) {
      out.body.push_back(withCells(a, [](size_t, const ExprRef &) {
        return CellArgs{};
      }));
      continue;
    }
    for (const Instance &i : instances_)
      if (i.atom == k)
        out.body.push_back(withCells(a, [&](size_t v, const ExprRef &) {
          return CellArgs{i.cells[v], i.fields[v], i.succ[v], i.pointed[v]};
        }));
  }
  for (const Instance &i : instances_)
    for (size_t v = 0; v < i.cells.size(); ++v)
      if (i.unnamed[v])
        side_.push_back(aligned(i.cells[v], viewsOf(i.atom)[v].stride));
  side_.push_back(constraint);
  out.constraint = ctx_.andAll(side_);
  // Nothing of the arrays may be left.
  auto left = [&](const ExprRef &t) {
    for (const ExprRef &v : expr::freeVariables(t))
      if (v->kind() == Kind::ArrayVar && arrays_.count(v.get()))
        throw Untranslatable{"an array left after the translation"};
  };
  left(out.constraint);
  if (out.head)
    for (const ExprRef &t : out.head->args)
      left(t);
  for (const HornAtom &a : out.body)
    for (const ExprRef &t : a.args)
      left(t);
  return out;
}

} // namespace

namespace {

/// The cell at (zext(address) * scale + delta) rounded down to `stride`:
/// where a link or a pointer (a value of the program's) lands among the
/// region's cells.
ExprRef cellAt(expr::ExprContext &ctx, const ExprRef &address, uint64_t scale,
               uint64_t delta, uint64_t stride) {
  ExprRef offset = ctx.zextOrTrunc(address, 64);
  if (scale != 1)
    offset = ctx.mul(offset, ctx.bv(64, scale));
  return ctx.band(ctx.add(offset, ctx.bv(64, delta)),
                  ctx.bv(64, ~(stride - 1)));
}

} // namespace

ExprRef successorCell(expr::ExprContext &ctx, const ExprRef &link,
                      const CellView &view) {
  return cellAt(ctx, link, 1, view.linkDelta, view.stride);
}

ExprRef pointedCell(expr::ExprContext &ctx, const ExprRef &pointer,
                    const CellView &view) {
  assert(view.pointer);
  return cellAt(ctx, pointer, view.pointer->scale, view.pointer->delta,
                view.stride);
}

CellPositions cellPositions(const std::vector<CellView> &views,
                            size_t originalArity) {
  CellPositions out;
  unsigned at = 0;
  size_t v = 0;
  for (unsigned i = 0; i < originalArity; ++i) {
    if (v < views.size() && views[v].position == i) {
      size_t n = views[v].fields.size();
      auto take = [&](bool present) {
        std::vector<unsigned> positions;
        for (size_t f = 0; present && f < n; ++f)
          positions.push_back(at++);
        return positions;
      };
      out.cell.push_back(at++);
      out.fields.push_back(take(true));
      out.succ.push_back(take(views[v].link.has_value()));
      out.pointed.push_back(take(views[v].pointer.has_value()));
      ++v;
      continue;
    }
    out.scalars.push_back(at++);
  }
  return out;
}

std::optional<CellIndexedSystem>
indexByCell(expr::ExprContext &ctx, const HornSystem &system, std::string &why,
            const CellExtras &extras) {
  const std::optional<CellLink> &link = extras.link;
  ElementLayouts layouts(ctx, system, /*subFields=*/true);
  CellIndexedSystem out;
  bool any = false;
  for (size_t r = 0; r < system.relations().size(); ++r) {
    const HornRelation &rel = system.relations()[r];
    std::vector<CellView> views;
    std::vector<expr::Sort> args;
    for (unsigned i = 0; i < rel.args.size(); ++i) {
      if (!rel.args[i].isArray()) {
        args.push_back(rel.args[i]);
        continue;
      }
      const ElementLayout *l = layouts.ofArgument(r, i);
      if (!l || l->none() || !llvm::isPowerOf2_64(l->stride)) {
        why = fmt::format("an array of '{}' has no cells of a power of two "
                          "bytes",
                          rel.name);
        return std::nullopt;
      }
      CellView view;
      view.position = i;
      view.stride = l->stride;
      view.fields = l->fields;
      views.push_back(std::move(view));
      if (link && link->stride == l->stride)
        for (size_t f = 0; f < l->fields.size(); ++f)
          if (l->fields[f] == std::make_pair(link->offset, link->bytes)) {
            views.back().link = f;
            views.back().linkDelta = link->delta;
          }
      if (auto it = extras.pointers.find(r);
          it != extras.pointers.end() &&
          it->second.first + 1 == views.size() &&
          it->second.second.argument < rel.args.size() &&
          rel.args[it->second.second.argument].isBV())
        views.back().pointer = it->second.second;
      args.push_back(expr::Sort::bv(64));
      unsigned copies =
          1 + views.back().link.has_value() + views.back().pointer.has_value();
      for (unsigned k = 0; k < copies; ++k)
        for (const auto &[offset, bytes] : l->fields)
          args.push_back(expr::Sort::bv(8 * bytes));
    }
    any |= !views.empty();
    out.views.push_back(std::move(views));
    out.system.addRelation(rel.name, std::move(args));
  }
  if (!any) {
    why = "no relation has an array";
    return std::nullopt;
  }
  try {
    for (const HornClause &c : system.clauses()) {
      // (Names of a clause's own: a clause reads the same whatever the
      // others are, which ShownSteps needs to recognise it.)
      unsigned fresh = 0;
      ClauseCells cells(ctx, out.views, fresh);
      out.system.addClause(cells.translate(c));
    }
  } catch (const Untranslatable &u) {
    why = u.why;
    return std::nullopt;
  }
  return out;
}

HornAnswer originalCellAnswer(expr::ExprContext &ctx,
                              const HornSystem &original,
                              const CellIndexedSystem &cells,
                              HornAnswer answer) {
  if (answer.status != HornAnswer::Safe)
    return answer;
  HornAnswer out = answer;
  size_t n = original.relations().size();
  // (Kept for later questions over single cells only: a successor view's
  // relations have other arguments.)
  if (!cells.linked())
    out.cellInvariants = answer.invariants;
  out.cellInvariants.resize(n);
  out.invariants.assign(n, nullptr);
  out.quantified.assign(n, {});
  for (size_t r = 0; r < n; ++r) {
    if (r >= answer.invariants.size() || !answer.invariants[r])
      continue;
    const HornRelation &rel = original.relations()[r];
    const std::vector<CellView> &views = cells.views[r];
    // Each argument of the cell relation as a term over the original's:
    // a cell as `stride * k` for a bound element index k (every aligned
    // offset is one), its fields as reads of the array there.
    expr::Substitution back;
    std::vector<ExprRef> bound;
    unsigned at = 0;
    size_t v = 0;
    for (unsigned i = 0; i < rel.args.size(); ++i) {
      if (v == views.size() || i != views[v].position) {
        back[cells.system.argument(ctx, r, at++)] = original.argument(ctx, r, i);
        continue;
      }
      ExprRef k = ctx.var(fmt::format("{}.element{}", rel.name, i),
                          expr::Sort::bv(64));
      bound.push_back(k);
      ExprRef j = ctx.mul(ctx.bv(64, views[v].stride), k);
      back[cells.system.argument(ctx, r, at++)] = j;
      ExprRef array = original.argument(ctx, r, i);
      // Each field of the cell at `c` as the next arguments; its values.
      auto readCell = [&](const ExprRef &c) {
        std::vector<ExprRef> values;
        for (const auto &[offset, bytes] : views[v].fields) {
          values.push_back(
              elementAt(ctx, array, ctx.add(c, ctx.bv(64, offset)), bytes));
          back[cells.system.argument(ctx, r, at++)] = values.back();
        }
        return values;
      };
      std::vector<ExprRef> mine = readCell(j);
      if (views[v].link)
        readCell(successorCell(ctx, mine[*views[v].link], views[v]));
      if (views[v].pointer)
        readCell(pointedCell(
            ctx, original.argument(ctx, r, views[v].pointer->argument),
            views[v]));
      ++v;
    }
    ExprRef inv = expr::substitute(ctx, answer.invariants[r], back);
    if (bound.empty()) {
      out.invariants[r] = inv;
      continue;
    }
    // Conjuncts without a cell are the relation's own; the others hold
    // of every element.
    std::vector<ExprRef> parts{inv}, plain;
    for (size_t k = 0; k < parts.size(); ++k) {
      if (parts[k]->kind() == Kind::And) {
        for (unsigned c = 0; c < parts[k]->numChildren(); ++c)
          parts.push_back(ExprRef(parts[k]->child(c)));
        continue;
      }
      std::vector<ExprRef> vars = expr::freeVariables(parts[k]), mine;
      for (const ExprRef &b : bound)
        if (std::find(vars.begin(), vars.end(), b) != vars.end())
          mine.push_back(b);
      // (One about the cell alone holds of every cell: nothing to say.)
      bool readsArray =
          std::any_of(vars.begin(), vars.end(), [](const ExprRef &x) {
            return x->sort().isArray();
          });
      if (mine.empty())
        plain.push_back(parts[k]);
      else if (readsArray)
        out.quantified[r].push_back({mine, parts[k]});
    }
    out.invariants[r] = ctx.andAll(plain);
  }
  out.method = std::string(kCellMethodPrefix) + answer.method;
  return out;
}

} // namespace cosmo::solver
