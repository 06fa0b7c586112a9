//===- ByteArrayTerms.h - memory terms as the engine builds them -*- C++ -*-===//
//
// The Horn tests build the systems a loop over memory gives: cosmo's
// memory is byte arrays, a value of n bytes read as a concat of n selects
// and written as n stores, little-endian (memory/ObjectMemory).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_UNITTESTS_BYTEARRAYTERMS_H
#define COSMO_UNITTESTS_BYTEARRAYTERMS_H

#include "cosmo/expr/ExprContext.h"

namespace cosmo::solver::testing {

/// The `bytes` bytes of array `a` from byte offset `off` (64 bits) on, as
/// ObjectState reads them.
inline expr::ExprRef readBytes(expr::ExprContext &ctx, const expr::ExprRef &a,
                               const expr::ExprRef &off, unsigned bytes) {
  expr::ExprRef r;
  for (unsigned k = 0; k < bytes; ++k) {
    expr::ExprRef b = ctx.select(a, ctx.add(off, ctx.bv(64, k)));
    r = r ? ctx.concat(b, r) : b;
  }
  return r;
}

/// `a` with `v` written at byte offset `off`, as ObjectState writes it.
inline expr::ExprRef writeBytes(expr::ExprContext &ctx, expr::ExprRef a,
                                const expr::ExprRef &off,
                                const expr::ExprRef &v) {
  for (unsigned k = 0; k < v->width() / 8; ++k)
    a = ctx.store(a, ctx.add(off, ctx.bv(64, k)),
                  ctx.extract(v, 8 * k + 7, 8 * k));
  return a;
}

} // namespace cosmo::solver::testing

#endif // COSMO_UNITTESTS_BYTEARRAYTERMS_H
