//===- SimplifyArrays.cpp - reads and writes of arrays --------------------===//
//
// The builders of ExprContext, as Simplifier.cpp describes them (rules
// named and counted, exact for fixed-width arithmetic).
//
//===----------------------------------------------------------------------===//

#include "SimplifierRules.h"

namespace cosmo::expr {

//===--- Arrays -----------------------------------------------------------===//

ExprRef ExprContext::select(const ExprRef &array, const ExprRef &index) {
  assert(array->sort().isArray() && index->sort() == Sort::bv(64));
  // match: select(store(a, i, v), j), i and j constants, or one term plus
  // two constants (the bytes of a value at a symbolic address), or apart
  // in a known low bit
  // result: v if i = j, else select(a, j)   (walks the store chain)
  // An index as a term plus a constant (add's constant is its first
  // child); a constant's term is null.
  auto split = [](const Expr *e) -> std::pair<const Expr *, const Expr *> {
    if (e->kind() == Kind::BVConst)
      return {nullptr, e};
    if (e->kind() == Kind::Add && e->child(0)->kind() == Kind::BVConst)
      return {e->child(1), e->child(0)};
    return {e, nullptr};
  };
  auto [term, offset] = split(index.get());
  ExprRef a = array;
  while (a->kind() == Kind::Store) {
    const Expr *i = a->child(1);
    if (i == index.get()) {
      hit("select-store-same");
      return ExprRef(a->child(2));
    }
    // (Hash-consed: the same term and constant would be the same index.)
    auto [storedTerm, storedOffset] = split(i);
    if (storedTerm == term &&
        !(storedOffset && offset &&
          storedOffset->bvValue() == offset->bvValue())) {
      if (term)
        hit("select-store-skip-offset");
      else
        hit("select-store-skip");
    } else if (lowBitsDiffer(i, index.get())) {
      // match: select(store(a, i, v), j), i and j apart in a low bit
      // known of both (two fields of nodes in cells of a power of two)
      hit("select-store-skip-low-bits");
    } else {
      break;
    }
    a = ExprRef(a->child(0));
  }
  if (a->kind() == Kind::ConstArray) {
    // match: select(const_array(b), j)  result: b
    hit("select-const-array");
    return ExprRef(a->child(0));
  }
  ExprRef c[] = {a, index};
  return makeNode(Kind::Select, Sort::bv(8), c);
}

ExprRef ExprContext::store(const ExprRef &array, const ExprRef &index,
                           const ExprRef &value) {
  assert(array->sort().isArray() && index->sort() == Sort::bv(64) &&
         value->sort() == Sort::bv(8));
  if (array->kind() == Kind::Store && array->child(1) == index.get()) {
    // match: store(store(a, i, v), i, w)  result: store(a, i, w)
    hit("store-overwrite");
    return store(ExprRef(array->child(0)), index, value);
  }
  ExprRef c[] = {array, index, value};
  return makeNode(Kind::Store, Sort::array(), c);
}

ExprRef ExprContext::constArray(const ExprRef &byte, unsigned tag) {
  assert(byte->kind() == Kind::BVConst && byte->width() == 8 &&
         "a constant array of a constant byte");
  ExprRef c[] = {byte};
  return makeNode(Kind::ConstArray, Sort::array(), c, tag);
}

} // namespace cosmo::expr
