//===- QuickUnsat.h - Z3's SMT core first, for proofs in tests -*- C++ -*-===//
//
// The property tests that prove terms equal (unittests/expr's simplifier
// check, unittests/memory's heap theorems) ask cosmo's Z3 backend, which
// hands each query to Z3's QF_BV tactic: it bit-blasts, which is what the
// engine's queries (multiplication, division) need. On these tests'
// queries -- chains of ite over 64-bit equalities, sums, a miter of two
// shapes of one term -- Z3's SMT core is mostly far faster (milliseconds
// against tens or hundreds), and on a few far slower. So a test asks
// QuickUnsat first, with a short limit, and the backend as before whenever
// it does not answer unsat in time: an answer other than unsat is never
// taken from here, so only the time a proof takes depends on this, never a
// test's outcome.
//
// Uses the solver layer's private Z3Translator (the backend's translation
// of cosmo terms); a test that includes this adds src/solver to its include
// path.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_UNITTESTS_QUICKUNSAT_H
#define COSMO_UNITTESTS_QUICKUNSAT_H

#include "z3/Z3Translator.h"

#include <span>

namespace cosmo::testing {

class QuickUnsat {
public:
  explicit QuickUnsat(unsigned timeoutMs = 300) : timeoutMs_(timeoutMs) {}

  /// Whether Z3's SMT core proves the conjunction of `constraints` unsat
  /// within the limit. The terms must outlive this object or come from a
  /// context that does (the translation cache keeps them).
  bool operator()(std::span<const expr::ExprRef> constraints) {
    z3::context &z = tr_.z3();
    z3::solver s = z3::tactic(z, "smt").mk_solver();
    z3::params p(z);
    p.set("timeout", timeoutMs_);
    s.set(p);
    for (const expr::ExprRef &c : constraints) {
      if (c->isFalse())
        return true;
      if (!c->isTrue())
        s.add(tr_.translate(c.get()));
    }
    try {
      return s.check() == z3::unsat;
    } catch (const z3::exception &) {
      return false; // the backend will say what is wrong
    }
  }

private:
  unsigned timeoutMs_;
  solver::Z3Translator tr_;
};

} // namespace cosmo::testing

#endif // COSMO_UNITTESTS_QUICKUNSAT_H
