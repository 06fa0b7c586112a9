//===- HornEncodings.h - a Horn system's terms for Spacer -------*- C++ -*-===//
//
// Steps 1 and 4 of Horn.h: the theories a Horn system goes to Spacer in --
// the integer abstraction that proposes invariants (arrays of integers
// indexed by element, ArrayElements.h) and the exact bit-vector system.
// Internal to the solver layer (HornSolver.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_HORNENCODINGS_H
#define COSMO_SOLVER_HORNENCODINGS_H

#include "horn/ArrayElements.h"
#include "z3/Z3Translator.h"

#include "cosmo/solver/Horn.h"

#include <llvm/ADT/APInt.h>
#include <llvm/ADT/StringExtras.h>
#include <z3++.h>

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <memory>
#include <vector>

namespace cosmo::solver {

using expr::Expr;

/// The terms of a Horn system in one Z3 theory, clause by clause.
class Encoding {
public:
  virtual ~Encoding() = default;
  virtual z3::sort sortOf(const expr::Sort &s) = 0;
  /// Starts `c`: the variables and facts that follow are its own.
  virtual void beginClause(const HornClause &c) = 0;
  virtual z3::expr term(const ExprRef &e) = 0;
  virtual z3::expr constraint(const ExprRef &e) = 0;
  /// What the clause's variables are known to satisfy (true: nothing).
  virtual z3::expr facts() = 0;
  /// The clause's variables, to quantify.
  virtual z3::expr_vector variables() = 0;
  /// How many arguments of the encoding argument `i` of relation `r` is
  /// (an array seen as one integer array per field: one per field).
  virtual unsigned parts(size_t /*r*/, unsigned /*i*/) { return 1; }
  /// The encoding's arguments for term `t` of an atom.
  virtual void argument(const ExprRef &t, z3::expr_vector &out) {
    out.push_back(term(t));
  }
};

/// A system loaded into a Spacer fixedpoint: one Z3 relation per
/// relation, and `error`, the head of the queries.
struct SpacerSystem {
  /// A reference to `fp` of its own, released last and in a try block:
  /// freeing a fixedpoint whose query was interrupted can throw out of
  /// Z3_fixedpoint_dec_ref (Z3 4.8.12, an exception its API does not
  /// catch), which z3::fixedpoint's destructor, noexcept, turns into
  /// std::terminate (a rare SIGABRT of the differential campaign).
  std::shared_ptr<void> lastReference;
  z3::fixedpoint fp;
  std::vector<z3::func_decl> relations;
  z3::func_decl error;
};

/// How Spacer generalises the lemmas that block a counterexample. No one
/// setting proves every loop (measured on the bench's Horn questions with
/// Z3 4.8.12): with equality generalisation, two counters that move
/// together (x - y == i - j) are proved in 0.02 s and never in 20 s
/// without; the plain Farkas interpolants prove some non-linear bounds
/// the default does not.
enum class SpacerStrategy {
  EqualityGeneralisation, ///< spacer.use_euf_gen
  PlainFarkas,            ///< spacer.iuc.arith=0
};

/// Per relation, formulas over HornSystem::argument known to hold of it
/// (inductive invariants found otherwise).
struct AssumedInvariants {
  expr::ExprContext &ctx;
  const std::vector<std::vector<ExprRef>> &byRelation;
};

/// Whether a relation of `system` has an array argument (Spacer then runs
/// with quantified lemmas).
bool hasArrays(const HornSystem &system);

/// `system` loaded into a Spacer fixedpoint through `encoding`; `assumed`
/// (when given) conjoined to each atom of its relation in clause bodies.
/// `linearQueries`: a query's atoms of relations that another of its
/// atoms' relations is derived from are left out (see
/// droppedQueryAtoms).
SpacerSystem
loadSpacer(z3::context &z3, const HornSystem &system, Encoding &encoding,
           SpacerStrategy strategy = SpacerStrategy::EqualityGeneralisation,
           const AssumedInvariants *assumed = nullptr,
           bool linearQueries = false);

/// The atoms of query clause `query` (by index) whose relation another of
/// its atoms' relations depends on through the clauses: a path through
/// two loops has an atom of each, and the second loop's entry clause has
/// the first's already. Without them the query is weaker (it derives the
/// error from more states), so invariants that refute it refute the query
/// itself; and Spacer digests a query with one atom far better than one
/// with two (two loops in sequence: 0.02 s against nothing in 20 s).
std::vector<size_t> droppedQueryAtoms(const HornSystem &system,
                                      const HornClause &query);

/// Step 1's abstraction: each bit-vector term as its signed value, an
/// Int; Bool stays Bool. Operations with no integer counterpart become
/// fresh values in their type's range.
/// An array is one array of integers per field of its layout, indexed by
/// cell (ArrayElements.h); a relation's array argument is as many
/// arguments.
class IntAbstraction final : public Encoding {
public:
  IntAbstraction(z3::context &z3, const ElementLayouts &layouts)
      : z3_(z3), layouts_(layouts) {}

  void beginClause(const HornClause &) override {
    memo_.clear();
    arrays_.clear();
    vars_.clear();
    ranges_.clear();
  }
  z3::expr term(const ExprRef &e) override { return term(e.get()); }
  z3::expr constraint(const ExprRef &e) override { return term(e.get()); }
  z3::expr facts() override {
    return ranges_.empty() ? z3_.bool_val(true) : z3::mk_and(exprs(ranges_));
  }
  z3::expr_vector variables() override { return exprs(vars_); }
  z3::sort sortOf(const expr::Sort &s) override {
    if (s.isArray())
      return z3_.array_sort(z3_.int_sort(), z3_.int_sort());
    return s.isBool() ? z3_.bool_sort() : z3_.int_sort();
  }
  unsigned parts(size_t r, unsigned i) override {
    const ElementLayout *l = layouts_.ofArgument(r, i);
    return l ? partsOf(*l) : 1;
  }
  void argument(const ExprRef &t, z3::expr_vector &out) override {
    if (!t->sort().isArray()) {
      out.push_back(term(t));
      return;
    }
    for (const z3::expr &a : arrayParts(t.get()))
      out.push_back(a);
  }

private:
  static unsigned partsOf(const ElementLayout &l) {
    return std::max<unsigned>(1, static_cast<unsigned>(l.fields.size()));
  }
  z3::expr term(const Expr *e);
  /// An array term's integer arrays, one per field of its layout (fresh
  /// ones when it is not built of field writes).
  std::vector<z3::expr> arrayParts(const Expr *e);
  /// The arrays of a write of one field at the top of store `e`; none
  /// when it is not one.
  std::optional<std::vector<z3::expr>> fieldWrite(const Expr *e);
  /// The element a write of copied bytes copies (fresh when its array
  /// has no such field).
  z3::expr copiedElement(const ElementAccess &write);
  /// A cell index as an integer.
  z3::expr index(const LinearOffset &cell);
  /// The element read by `access`, in its type's range.
  z3::expr element(const z3::expr &array, const z3::expr &at,
                   unsigned bytes) {
    z3::expr v = z3::select(array, at);
    ranges_.push_back(inRange(v, 8 * bytes));
    return v;
  }
  z3::expr_vector exprs(const std::vector<z3::expr> &v) {
    z3::expr_vector out(z3_);
    for (const z3::expr &e : v)
      out.push_back(e);
    return out;
  }
  /// 2^w.
  z3::expr power(unsigned w) {
    return z3_.int_val(
        llvm::toString(llvm::APInt::getOneBitSet(w + 1, w), 10, false).c_str());
  }
  z3::expr inRange(const z3::expr &x, unsigned w) {
    z3::expr half = power(w - 1);
    return -half <= x && x < half;
  }
  z3::expr unsignedView(const z3::expr &x, unsigned w) {
    return z3::ite(x >= 0, x, x + power(w));
  }
  z3::expr fresh(const expr::Sort &s) {
    z3::expr v = z3_.constant(("cosmo.abs" + std::to_string(fresh_++)).c_str(),
                              sortOf(s));
    vars_.push_back(v);
    if (s.isBV())
      ranges_.push_back(inRange(v, s.width));
    return v;
  }

  z3::context &z3_;
  const ElementLayouts &layouts_;
  std::unordered_map<const Expr *, z3::expr> memo_;
  std::unordered_map<const Expr *, std::vector<z3::expr>> arrays_;
  std::vector<z3::expr> vars_, ranges_;
  unsigned fresh_ = 0;
};

/// The system itself: cosmo's bit-vector terms as Z3 translates them for
/// every other query.
class BitVectorEncoding final : public Encoding {
public:
  explicit BitVectorEncoding(Z3Translator &tr) : tr_(tr) {}

  z3::sort sortOf(const expr::Sort &s) override {
    z3::context &z3 = tr_.z3();
    if (s.isArray())
      return z3.array_sort(z3.bv_sort(64), z3.bv_sort(8));
    return s.isBool() ? z3.bool_sort() : z3.bv_sort(s.width);
  }
  void beginClause(const HornClause &c) override {
    vars_ = HornSystem::variablesOf(c);
  }
  z3::expr term(const ExprRef &e) override { return tr_.translate(e.get()); }
  z3::expr constraint(const ExprRef &e) override {
    return tr_.translateConstraint(e.get());
  }
  z3::expr facts() override { return tr_.z3().bool_val(true); }
  z3::expr_vector variables() override {
    z3::expr_vector out(tr_.z3());
    for (const ExprRef &v : vars_)
      out.push_back(tr_.translate(v.get()));
    return out;
  }

private:
  Z3Translator &tr_;
  std::set<ExprRef> vars_;
};

} // namespace cosmo::solver

#endif // COSMO_SOLVER_HORNENCODINGS_H
