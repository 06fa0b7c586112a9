//===- Z3Translator.h - cosmo terms to Z3 and Z3 models back ----*- C++ -*-===//
//
// Private to the solver layer: both Z3 backends translate terms through one
// cache (each node once per run) and read models back the same way.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_Z3TRANSLATOR_H
#define COSMO_SOLVER_Z3TRANSLATOR_H

#include "cosmo/expr/Assignment.h"

#include <z3++.h>

#include <chrono>
#include <optional>
#include <span>
#include <unordered_map>

namespace cosmo::solver {

inline double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

class Z3Translator {
public:
  /// `arraysAsFunctions`: a read select(A, i) becomes A(i) of an
  /// uninterpreted function, for queries whose arrays are only read
  /// (Theories::arraysOnlyRead), which Z3's Ackermann reduction then decides as
  /// bit-vectors.
  /// `selectsAsIte`: reads through long chains of constant-index stores
  /// as ite terms (selectOf), for path queries; the Horn solver's
  /// questions keep their arrays (its quantified checks slowed down).
  explicit Z3Translator(bool arraysAsFunctions = false,
                        bool selectsAsIte = true)
      : arraysAsFunctions_(arraysAsFunctions), selectsAsIte_(selectsAsIte) {}

  z3::context &z3() { return z3_; }

  /// The Z3 term of `e` (cached; the cache keeps `e` alive).
  z3::expr translate(const expr::Expr *e);
  /// The Z3 term of constraint `c` (Bool), conjoined with the range
  /// lemmas of the divisions and remainders in it (divisionLemmas).
  z3::expr translateConstraint(const expr::Expr *c);
  /// Values under `m` of every variable and array in `constraints`.
  expr::Assignment extractModel(const z3::model &m,
                                std::span<const expr::ExprRef> constraints);
  /// Forget every translation (bounds memory on very long runs).
  void clearIfLarge();

  /// The theories a query's terms use, found in one walk.
  struct Theories {
    /// Arrays or quantifiers: not for the incremental QF_BV solver.
    bool arrays = false;
    /// Quantifiers (ACSL's assumed \forall): Z3's general solver only.
    bool quantifiers = false;
    /// Arrays are only read: no store, no array compared or chosen by an
    /// ite, no quantifier (the queries arraysAsFunctions translates).
    bool arraysOnlyRead = true;
    /// Floating-point terms: Z3's general solver (FloatOps.h's kinds go to
    /// its floating-point theory).
    bool floats = false;
    /// Constant arrays (zero-initialised objects): Z3's general solver (Z3
    /// 4.8.12's QF_ABV logic does not have them).
    bool constArrays = false;
  };
  static Theories theoriesOf(std::span<const expr::ExprRef> constraints);
  /// Z3's reason for `unknown` in cosmo's words.
  static std::string unknownReason(const std::string &z3Reason);

private:
  z3::sort sortOf(expr::Sort s);
  /// `bound`: upperBound(e).
  z3::expr build(const expr::Expr *e, std::optional<uint64_t> bound);
  /// A select; through a chain of kStoresAsIte to kMaxStoresAsIte stores
  /// at constant indices, as an ite over them. Z3 4.8.12's time on
  /// `a[j] != j` over the store chain of a concrete loop's a[i] = i
  /// doubles with every 4 more stores (0.5 s for 16 ints, 5 s for 32,
  /// nothing in 60 s for 64); over the ite, 1 s for 1024 ints in a run,
  /// but 70 s and 600 MB for 2048 (past the query's time limit: Z3 does
  /// not stop while it builds), so longer chains stay arrays (the query
  /// ends at its limit).
  z3::expr selectOf(const expr::Expr *e);
  static constexpr size_t kStoresAsIte = 16;
  static constexpr size_t kMaxStoresAsIte = 4096;
  /// An upper bound of the unsigned value of bit-vector `e`, from the
  /// bounds of its children (already translated); none when it is wider
  /// than 64 bits and nothing better is known.
  std::optional<uint64_t> upperBound(const expr::Expr *e) const;
  expr::ArrayValue arrayValue(const z3::model &m, const z3::expr &arr);
  /// A floating-point term over its operands' translations (Z3Floats.cpp).
  z3::expr buildFloat(const expr::Expr *e);
  /// Valid facts about division or remainder `e` (none for other terms).
  void divisionLemmas(const expr::Expr *e, z3::expr_vector &out);

  struct Entry {
    expr::ExprRef keepAlive; // the cache is keyed by node address
    z3::expr z3;
    std::optional<uint64_t> upperBound; // bit-vectors: see upperBound()
    /// A division or remainder with lemmas is this node or below it.
    bool divisionBelow = false;
  };
  static constexpr size_t kMaxCache = 1u << 20;

  /// The function standing for array variable `a` (arraysAsFunctions).
  z3::func_decl functionOf(const expr::Expr *a);

  bool arraysAsFunctions_;
  bool selectsAsIte_;
  z3::context z3_;
  std::unordered_map<const expr::Expr *, Entry> cache_;
};

} // namespace cosmo::solver

#endif // COSMO_SOLVER_Z3TRANSLATOR_H
