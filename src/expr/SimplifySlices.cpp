//===- SimplifySlices.cpp - concatenation, extraction, extension ----------===//
//
// The builders of ExprContext, as Simplifier.cpp describes them (rules
// named and counted, exact for fixed-width arithmetic).
//
//===----------------------------------------------------------------------===//

#include "SimplifierRules.h"

namespace cosmo::expr {

//===--- Widths -----------------------------------------------------------===//

ExprRef ExprContext::concat(const ExprRef &hi, const ExprRef &lo) {
  assert(hi->sort().isBV() && lo->sort().isBV());
  if (isBVConst(hi) && isBVConst(lo))
    return bv(hi->bvValue().concat(lo->bvValue()));
  // The slice of x below hi's, as the builder makes it (an extract of a
  // sum may have become a sum of extracts): `part` if it is that slice.
  auto sliceBelow = [&](const Expr *part) {
    if (hi->kind() != Kind::Extract)
      return false;
    unsigned m = hi->aux1();
    return part->width() <= m &&
           extract(ExprRef(hi->child(0)), m - 1, m - part->width()).get() ==
               part;
  };
  if (sliceBelow(lo.get())) {
    // match: concat(x[h:m+1], x[m:l])  result: x[h:l]
    hit("concat-adjacent-extracts");
    return extract(ExprRef(hi->child(0)), hi->aux0(),
                   hi->aux1() - lo->width());
  }
  if (lo->kind() == Kind::Concat && sliceBelow(lo->child(0))) {
    // match: concat(x[h:m+1], concat(x[m:l], y))
    // result: concat(x[h:l], y)
    hit("concat-adjacent-extracts-nested");
    return concat(extract(ExprRef(hi->child(0)), hi->aux0(),
                          hi->aux1() - lo->child(0)->width()),
                  ExprRef(lo->child(1)));
  }
  // Bytes merged under one guard (a summary's writes, seed 001 def. 7)
  // read back as one word: the union of the words, not a word of unions.
  if (hi->kind() == Kind::Ite && lo->kind() == Kind::Ite &&
      hi->child(0) == lo->child(0)) {
    // match: concat(ite(c, a, b), ite(c, d, e))
    // result: ite(c, concat(a, d), concat(b, e))
    hit("concat-ite-same-cond");
    return ite(ExprRef(hi->child(0)),
               concat(ExprRef(hi->child(1)), ExprRef(lo->child(1))),
               concat(ExprRef(hi->child(2)), ExprRef(lo->child(2))));
  }
  if (hi->kind() == Kind::Ite && lo->kind() == Kind::Concat &&
      lo->child(0)->kind() == Kind::Ite &&
      hi->child(0) == lo->child(0)->child(0)) {
    // match: concat(ite(c, a, b), concat(ite(c, d, e), y))
    // result: concat(ite(c, concat(a, d), concat(b, e)), y)
    hit("concat-ite-same-cond-nested");
    return concat(concat(hi, ExprRef(lo->child(0))), ExprRef(lo->child(1)));
  }
  if (hi->kind() == Kind::Extract && hi->aux1() == lo->width() &&
      (hi->child(0)->kind() == Kind::SExt ||
       hi->child(0)->kind() == Kind::ZExt)) {
    // The high bits of an extension over the same extension's low bits
    // (or its operand itself): one wider extension.
    Kind ext = hi->child(0)->kind();
    const Expr *x = hi->child(0)->child(0);
    if (x == lo.get() || (lo->kind() == ext && lo->child(0) == x)) {
      // match: concat(ext(x)[h:m], ext(x)[m-1:0])  result: ext(x) to h+1
      hit("concat-extension-of-low");
      return ext == Kind::SExt ? sext(ExprRef(x), hi->aux0() + 1)
                               : zext(ExprRef(x), hi->aux0() + 1);
    }
  }
  if (isBV(hi, 0)) {
    // match: concat(0, x)  result: zext(x)
    hit("concat-zero-high");
    return zext(lo, hi->width() + lo->width());
  }
  ExprRef c[] = {hi, lo};
  return makeNode(Kind::Concat, Sort::bv(hi->width() + lo->width()), c);
}

std::optional<std::pair<ExprRef, ExprRef>>
ExprContext::simplifiedSlices(const ExprRef &a, unsigned hi, unsigned lo) {
  ExprRef x = extract(ExprRef(a->child(0)), hi, lo);
  ExprRef y = extract(ExprRef(a->child(1)), hi, lo);
  auto plain = [&](const ExprRef &e, unsigned i) {
    return e->kind() == Kind::Extract && e->child(0) == a->child(i);
  };
  if (plain(x, 0) || plain(y, 1))
    return std::nullopt;
  return std::pair(x, y);
}

ExprRef ExprContext::extract(const ExprRef &a, unsigned hi, unsigned lo) {
  assert(a->sort().isBV() && hi < a->width() && lo <= hi);
  unsigned w = hi - lo + 1;
  if (w == a->width())
    return a;
  if (isBVConst(a))
    return bv(a->bvValue().extractBits(w, lo));
  switch (a->kind()) {
  case Kind::Extract:
    // match: x[h2:l2][h:l]  result: x[h+l2 : l+l2]
    hit("extract-extract");
    return extract(ExprRef(a->child(0)), hi + a->aux1(), lo + a->aux1());
  case Kind::Concat: {
    unsigned lw = a->child(1)->width();
    if (hi < lw) {
      // match: concat(h, l)[i:j], i < |l|  result: l[i:j]
      hit("extract-concat-low");
      return extract(ExprRef(a->child(1)), hi, lo);
    }
    if (lo >= lw) {
      // match: concat(h, l)[i:j], j >= |l|  result: h[i-|l| : j-|l|]
      hit("extract-concat-high");
      return extract(ExprRef(a->child(0)), hi - lw, lo - lw);
    }
    break;
  }
  case Kind::ZExt:
  case Kind::SExt: {
    unsigned iw = a->child(0)->width();
    if (hi < iw) {
      // match: ext(x)[i:j], i < |x|  result: x[i:j]
      hit("extract-ext-low");
      return extract(ExprRef(a->child(0)), hi, lo);
    }
    if (a->kind() == Kind::ZExt && lo >= iw) {
      // match: zext(x)[i:j], j >= |x|  result: 0
      hit("extract-zext-high");
      return bv(w, 0);
    }
    if (lo == 0) {
      // match: ext(x)[i:0], i >= |x|  result: ext(x) to i+1 bits
      hit("extract-ext-narrower");
      return a->kind() == Kind::ZExt ? zext(ExprRef(a->child(0)), w)
                                     : sext(ExprRef(a->child(0)), w);
    }
    break;
  }
  case Kind::Shl:
    if (isBVConst(a->child(1)) && a->child(1)->bvValue().ult(a->width())) {
      unsigned s = a->child(1)->bvValue().getZExtValue();
      if (hi < s) {
        // match: (x << s)[i:j], i < s  result: 0
        hit("extract-shl-low");
        return bv(w, 0);
      }
      if (lo >= s) {
        // match: (x << s)[i:j], j >= s  result: x[i-s : j-s]
        hit("extract-shl-high");
        return extract(ExprRef(a->child(0)), hi - s, lo - s);
      }
    }
    break;
  case Kind::Add:
  case Kind::Mul:
    // The low bits of a sum or product are the sum or product of the
    // operands' low bits (a wide ACSL integer computed from a narrow C
    // one); only where both slices simplify, so that the bytes of a
    // stored `2 * i` stay slices of one value.
    if (lo == 0 && a->numChildren() == 2)
      if (auto xy = simplifiedSlices(a, hi, 0)) {
        // match: op(x, y)[i:0], op in {+, *}  result: op(x[i:0], y[i:0])
        hit("extract-low-arithmetic");
        return a->kind() == Kind::Add ? add(xy->first, xy->second)
                                      : mul(xy->first, xy->second);
      }
    break;
  case Kind::BAnd:
  case Kind::BOr:
  case Kind::BXor:
    // Bitwise operations work bit by bit (a wide integer assembled from
    // halves, `lo | hi << 64`, read back a half).
    if (auto xy = simplifiedSlices(a, hi, lo)) {
      // match: op(x, y)[i:j]  result: op(x[i:j], y[i:j])
      hit("extract-bitwise");
      return a->kind() == Kind::BAnd  ? band(xy->first, xy->second)
             : a->kind() == Kind::BOr ? bor(xy->first, xy->second)
                                      : bxor(xy->first, xy->second);
    }
    break;
  default: break;
  }
  ExprRef c[] = {a};
  return makeNode(Kind::Extract, Sort::bv(w), c, hi, lo);
}

ExprRef ExprContext::zext(const ExprRef &a, unsigned width) {
  assert(a->sort().isBV() && width >= a->width());
  if (width == a->width())
    return a;
  if (isBVConst(a))
    return bv(a->bvValue().zext(width));
  if (a->kind() == Kind::ZExt) {
    // match: zext(zext(x))  result: zext(x)
    hit("zext-zext");
    return zext(ExprRef(a->child(0)), width);
  }
  ExprRef c[] = {a};
  return makeNode(Kind::ZExt, Sort::bv(width), c, width);
}

ExprRef ExprContext::sext(const ExprRef &a, unsigned width) {
  assert(a->sort().isBV() && width >= a->width());
  if (width == a->width())
    return a;
  if (isBVConst(a))
    return bv(a->bvValue().sext(width));
  if (a->kind() == Kind::SExt) {
    // match: sext(sext(x))  result: sext(x)
    hit("sext-sext");
    return sext(ExprRef(a->child(0)), width);
  }
  ExprRef c[] = {a};
  return makeNode(Kind::SExt, Sort::bv(width), c, width);
}

} // namespace cosmo::expr
