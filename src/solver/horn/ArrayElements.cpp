//===- ArrayElements.cpp - byte arrays seen as arrays of elements ---------===//
//
// See ArrayElements.h.
//
//===----------------------------------------------------------------------===//

#include "horn/ArrayElements.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace cosmo::solver {

using expr::Kind;

namespace {

/// Coefficients beyond this are not worth an element view.
constexpr int64_t kMaxCoefficient = int64_t(1) << 32;

bool addLinear(const Expr *e, int64_t scale, LinearOffset &out,
               unsigned depth) {
  if (depth > 16 || scale == 0 || std::abs(scale) > kMaxCoefficient)
    return false;
  switch (e->kind()) {
  case Kind::BVConst:
    if (e->bvValue().getMinSignedBits() > 40)
      return false;
    out.constant += scale * e->bvValue().getSExtValue();
    return true;
  case Kind::SExt:
  case Kind::ZExt:
    return addLinear(e->child(0), scale, out, depth + 1);
  case Kind::Add:
    return addLinear(e->child(0), scale, out, depth + 1) &&
           addLinear(e->child(1), scale, out, depth + 1);
  case Kind::Sub:
    return addLinear(e->child(0), scale, out, depth + 1) &&
           addLinear(e->child(1), -scale, out, depth + 1);
  case Kind::Mul:
    for (unsigned k = 0; k < 2; ++k)
      if (e->child(k)->kind() == Kind::BVConst &&
          e->child(k)->bvValue().getMinSignedBits() <= 33)
        return addLinear(e->child(1 - k),
                         scale * e->child(k)->bvValue().getSExtValue(), out,
                         depth + 1);
    break;
  case Kind::Shl:
    if (e->child(1)->kind() == Kind::BVConst &&
        e->child(1)->bvValue().ult(32))
      return addLinear(e->child(0),
                       scale * (int64_t(1)
                                << e->child(1)->bvValue().getZExtValue()),
                       out, depth + 1);
    break;
  default:
    break;
  }
  for (auto &[t, c] : out.terms)
    if (t == e) {
      c += scale;
      return true;
    }
  out.terms.emplace_back(e, scale);
  return true;
}

bool sameTerms(const LinearOffset &a, const LinearOffset &b) {
  if (a.terms.size() != b.terms.size())
    return false;
  for (const auto &[t, c] : a.terms) {
    bool found = false;
    for (const auto &[u, d] : b.terms)
      found |= t == u && c == d;
    if (!found)
      return false;
  }
  return true;
}

/// The array an array term is built on: below its stores and ites (every
/// one, for an ite).
void roots(const Expr *e, std::vector<const Expr *> &out) {
  while (e->kind() == Kind::Store)
    e = e->child(0);
  if (e->kind() == Kind::Ite) {
    roots(e->child(1), out);
    roots(e->child(2), out);
    return;
  }
  out.push_back(e);
}

} // namespace

std::optional<LinearOffset> LinearOffset::over(unsigned bytes) const {
  LinearOffset r;
  if (constant % bytes != 0)
    return std::nullopt;
  r.constant = constant / bytes;
  for (const auto &[t, c] : terms) {
    if (c % bytes != 0)
      return std::nullopt;
    if (c != 0)
      r.terms.emplace_back(t, c / bytes);
  }
  return r;
}

int64_t LinearOffset::residue(unsigned stride) const {
  int64_t s = stride;
  return ((constant % s) + s) % s;
}

std::optional<LinearOffset> LinearOffset::cell(unsigned stride) const {
  LinearOffset shifted = *this;
  shifted.constant -= residue(stride);
  return shifted.over(stride);
}

std::optional<LinearOffset> linearOffset(const Expr *offset) {
  LinearOffset out;
  if (!addLinear(offset, 1, out, 0))
    return std::nullopt;
  std::erase_if(out.terms, [](const auto &t) { return t.second == 0; });
  return out;
}

ExprRef elementAt(expr::ExprContext &ctx, const ExprRef &array,
                  const ExprRef &at, unsigned bytes) {
  ExprRef value;
  for (unsigned k = 0; k < bytes; ++k) {
    ExprRef byte = ctx.select(array, ctx.add(at, ctx.bv(64, k)));
    value = value ? ctx.concat(byte, value) : byte;
  }
  return value;
}

std::optional<ElementAccess> elementRead(const Expr *e) {
  // concat(b[n-1], concat(..., b[0])): the bytes from the highest down.
  std::vector<const Expr *> bytes;
  while (e->kind() == Kind::Concat) {
    bytes.push_back(e->child(0));
    e = e->child(1);
  }
  bytes.push_back(e);
  ElementAccess r;
  r.bytes = static_cast<unsigned>(bytes.size());
  for (unsigned k = 0; k < r.bytes; ++k) {
    const Expr *b = bytes[r.bytes - 1 - k]; // byte k
    if (b->kind() != Kind::Select || b->width() != 8)
      return std::nullopt;
    if (k == 0)
      r.array = b->child(0);
    else if (b->child(0) != r.array)
      return std::nullopt;
    std::optional<LinearOffset> off = linearOffset(b->child(1));
    if (!off)
      return std::nullopt;
    if (k == 0) {
      r.offset = *off;
      r.at = b->child(1);
    } else if (!sameTerms(*off, r.offset) ||
             off->constant != r.offset.constant + k)
      return std::nullopt;
  }
  return r;
}

std::optional<ElementAccess> elementWrite(const Expr *e, unsigned bytes) {
  if (bytes == 0 || bytes > 8)
    return std::nullopt;
  ElementAccess r;
  r.bytes = bytes;
  llvm::APInt constant(8 * bytes, 0);
  unsigned extracts = 0, copied = 0;
  // The low bytes of an extended value are the narrower value's own
  // (the simplifier reads extract(7, 0, sext(b)) as extract(7, 0, b)).
  std::vector<const Expr *> narrow;
  for (unsigned k = bytes; k-- > 0;) { // byte k, the highest outermost
    if (e->kind() != Kind::Store)
      return std::nullopt;
    std::optional<LinearOffset> off = linearOffset(e->child(1));
    if (!off)
      return std::nullopt;
    if (k == bytes - 1)
      r.offset = *off;
    else if (!sameTerms(*off, r.offset) ||
             off->constant != r.offset.constant - (bytes - 1 - k))
      return std::nullopt;
    const Expr *b = e->child(2);
    if (b->kind() == Kind::BVConst) {
      constant.insertBits(b->bvValue(), 8 * k);
    } else if (b->kind() == Kind::Select && b->width() == 8) {
      ++copied;
      std::optional<LinearOffset> from = linearOffset(b->child(1));
      if (!from)
        return std::nullopt;
      if (k == bytes - 1) {
        r.copyArray = b->child(0);
        r.copyOffset = *from;
      } else if (b->child(0) != r.copyArray ||
                 !sameTerms(*from, r.copyOffset) ||
                 from->constant != r.copyOffset.constant - (bytes - 1 - k)) {
        return std::nullopt;
      }
    } else {
      ++extracts;
      if (b->kind() != Kind::Extract || b->aux0() != 8 * k + 7 ||
          b->aux1() != 8 * k)
        return std::nullopt;
      if (b->child(0)->width() == 8 * bytes) {
        if (r.value && r.value != b->child(0))
          return std::nullopt;
        r.value = b->child(0);
      } else {
        narrow.push_back(b->child(0)); // checked against the value below
      }
    }
    if (k == 0) {
      r.at = e->child(1);
      if (b->kind() == Kind::Select)
        r.copyAt = b->child(1);
    }
    e = e->child(0);
  }
  for (const Expr *x : narrow)
    if (!r.value ||
        !((r.value->kind() == Kind::SExt || r.value->kind() == Kind::ZExt) &&
          r.value->child(0) == x))
      return std::nullopt;
  r.offset.constant -= bytes - 1; // the offset of byte 0
  r.array = e;
  if (copied) {
    if (copied != bytes || bytes < 2)
      return std::nullopt; // some bytes copied, some not; or one byte
    r.copyOffset.constant -= bytes - 1;
    return r;
  }
  if (extracts == 0)
    r.constant = constant;
  else if (extracts != bytes)
    return std::nullopt; // some bytes a value's, some constants
  return r;
}

std::optional<std::pair<size_t, LinearOffset>>
ElementLayout::locate(const LinearOffset &offset, unsigned bytes) const {
  int64_t residue = offset.residue(stride);
  for (size_t f = 0; f < fields.size(); ++f)
    if (fields[f].first == residue && fields[f].second == bytes) {
      if (std::optional<LinearOffset> cell = offset.cell(stride))
        return std::make_pair(f, *cell);
      return std::nullopt;
    }
  return std::nullopt;
}

bool ElementLayout::outsideFields(const LinearOffset &offset) const {
  if (!offset.cell(stride))
    return false;
  int64_t residue = offset.residue(stride);
  for (const auto &[at, bytes] : fields)
    if (residue >= at && residue < at + bytes)
      return false;
  return !fields.empty();
}

namespace {

/// One read or write of a class: where and how many bytes.
using Access = std::pair<LinearOffset, unsigned>;

/// The layout of a class accessed by `accesses` (see ElementLayouts).
ElementLayout layoutOf(const std::vector<Access> &accesses, bool subFields) {
  ElementLayout none;
  none.fields.clear();
  int64_t stride = 0;
  for (const auto &[offset, bytes] : accesses)
    for (const auto &[t, c] : offset.terms)
      stride = std::gcd(stride, std::abs(c));
  if (stride > 0 && stride <= 4096) {
    ElementLayout cells;
    cells.stride = static_cast<unsigned>(stride);
    cells.fields.clear();
    bool overlap = false;
    for (const auto &[offset, bytes] : accesses) {
      auto residue =
          static_cast<unsigned>(offset.residue(cells.stride));
      std::pair<unsigned, unsigned> field{residue, bytes};
      if (residue + bytes > cells.stride)
        overlap = true;
      if (std::find(cells.fields.begin(), cells.fields.end(), field) ==
          cells.fields.end())
        cells.fields.push_back(field);
    }
    std::sort(cells.fields.begin(), cells.fields.end());
    if (subFields) {
      std::vector<std::pair<unsigned, unsigned>> whole;
      for (const auto &f : cells.fields)
        if (std::none_of(cells.fields.begin(), cells.fields.end(),
                         [&](const std::pair<unsigned, unsigned> &g) {
                           return g != f && g.first <= f.first &&
                                  f.first + f.second <= g.first + g.second;
                         }))
          whole.push_back(f);
      cells.fields = std::move(whole);
    }
    for (size_t f = 1; f < cells.fields.size(); ++f)
      overlap |= cells.fields[f - 1].first + cells.fields[f - 1].second >
                 cells.fields[f].first;
    if (!overlap)
      return cells;
  }
  // One element size everywhere: cells of that element.
  unsigned bytes = accesses.front().second;
  for (const auto &[offset, b] : accesses)
    if (b != bytes || !offset.over(bytes))
      return none;
  ElementLayout elements;
  elements.stride = bytes;
  elements.fields = {{0, bytes}};
  return elements;
}

} // namespace

ElementLayouts::ElementLayouts(expr::ExprContext &ctx, const HornSystem &system,
                               bool subFields) {
  arguments_.resize(system.relations().size());
  for (size_t r = 0; r < system.relations().size(); ++r)
    for (unsigned i = 0; i < system.relations()[r].args.size(); ++i)
      arguments_[r].push_back(system.relations()[r].args[i].isArray()
                                  ? system.argument(ctx, r, i).get()
                                  : nullptr);
  std::set<const Expr *> seen, grouped;
  std::vector<std::pair<const Expr *, Access>> accesses;
  // A write of `bytes` bytes at the top of store `e`, noted; its lower
  // stores are not writes of their own (the low bytes of a sign-extended
  // value are the narrower value's).
  auto writeOf = [&](const Expr *e, unsigned bytes) {
    std::optional<ElementAccess> a = elementWrite(e, bytes);
    if (!a)
      return;
    accesses.push_back({e, {a->offset, bytes}});
    const Expr *x = e;
    for (unsigned k = 0; k < bytes; ++k, x = x->child(0))
      grouped.insert(x);
  };
  auto visit = [&](auto &&self, const Expr *e) -> void {
    if (!seen.insert(e).second)
      return;
    if (e->kind() == Kind::Concat)
      if (std::optional<ElementAccess> a = elementRead(e)) {
        accesses.push_back({a->array, {a->offset, a->bytes}});
        // Its bytes' selects, not its inner concats (reads of fewer bytes).
        const Expr *x = e;
        for (; x->kind() == Kind::Concat; x = x->child(1))
          self(self, x->child(0));
        self(self, x);
        return;
      }
    // Single bytes (an int compared with a constant is compared byte by
    // byte; a constant is stored byte by byte), for readers of parts of
    // fields.
    if (subFields && (e->kind() == Kind::Select ||
                      (e->kind() == Kind::Store && !grouped.count(e) &&
                       e->child(2)->kind() == Kind::BVConst)))
      if (std::optional<LinearOffset> at = linearOffset(e->child(1)))
        accesses.push_back(
            {e->kind() == Kind::Select ? e->child(0) : e, {*at, 1}});
    if (e->kind() == Kind::Store && !grouped.count(e) &&
        e->child(2)->kind() == Kind::Extract &&
        e->child(2)->aux1() + 8 == e->child(2)->child(0)->width() &&
        e->child(2)->child(0)->width() % 8 == 0)
      writeOf(e, e->child(2)->child(0)->width() / 8);
    // (A copied element, stores of another array's bytes, is not noted:
    // how many bytes it copies is the layout's to say, IntAbstraction.)
    if (e->sort().isArray() && e->kind() != Kind::ArrayVar) {
      std::vector<const Expr *> rs;
      roots(e, rs);
      for (const Expr *x : rs)
        unite(e, x);
    }
    for (unsigned k = 0; k < e->numChildren(); ++k)
      self(self, e->child(k));
  };
  for (const HornClause &c : system.clauses()) {
    visit(visit, c.constraint.get());
    auto atom = [&](const HornAtom &a) {
      for (unsigned i = 0; i < a.args.size(); ++i) {
        visit(visit, a.args[i].get());
        if (arguments_[a.relation][i])
          unite(a.args[i].get(), arguments_[a.relation][i]);
      }
    };
    for (const HornAtom &a : c.body)
      atom(a);
    if (c.head)
      atom(*c.head);
  }
  // Layouts are computed once every class is united: by representatives.
  std::map<const Expr *, std::vector<Access>> byClass;
  for (const auto &[array, access] : accesses)
    byClass[find(array)].push_back(access);
  for (const auto &[root, list] : byClass)
    layouts_.emplace(root, layoutOf(list, subFields));
}

const Expr *ElementLayouts::find(const Expr *e) const {
  auto it = parent_.find(e);
  if (it == parent_.end() || it->second == e)
    return e;
  const Expr *root = find(it->second);
  parent_[e] = root;
  return root;
}

void ElementLayouts::unite(const Expr *a, const Expr *b) {
  const Expr *ra = find(a), *rb = find(b);
  if (ra != rb)
    parent_[ra] = rb;
}

const ElementLayout &ElementLayouts::of(const Expr *e) const {
  auto it = layouts_.find(find(e));
  return it == layouts_.end() ? bytes_ : it->second;
}

const ElementLayout *ElementLayouts::ofArgument(size_t r, unsigned i) const {
  const Expr *a = arguments_[r][i];
  return a ? &of(a) : nullptr;
}

} // namespace cosmo::solver
