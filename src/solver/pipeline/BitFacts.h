//===- BitFacts.h - bits a path condition fixes -----------------*- C++ -*-===//
//
// Known bits of terms in every model of a set of constraints, in LLVM's
// KnownBits domain. Facts are read off constraints of a few shapes (a term
// equal to a constant, a masked bit that is not zero, an unsigned bound,
// conjunctions of those) and pushed down to subterms through the operations
// that can be undone bit by bit (masks, shifts, extensions, adding or
// multiplying by an odd constant); a condition is then evaluated bottom-up
// with KnownBits' transfer functions, each node's bits joined with what the
// facts say about it.
//
// This decides the forced branches of arithmetic chains without a solver:
// after `n & 1` held, the parity of `3 * n + 1` is known. Everything here
// over-approximates the set of models, so a decided condition has that
// value in every model; an undecided one says nothing. A contradiction
// among the facts (only possible for an unsatisfiable path condition)
// disables every answer.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_BITFACTS_H
#define COSMO_SOLVER_BITFACTS_H

#include "cosmo/expr/Expr.h"

#include <llvm/Support/KnownBits.h>

#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

namespace cosmo::solver {

class BitFacts {
public:
  /// Facts of the conjunction of `constraints` (Bool terms).
  explicit BitFacts(std::span<const expr::ExprRef> constraints);

  /// The value of Bool term `c` in every model, when the facts decide it.
  std::optional<bool> decide(const expr::ExprRef &c);
  /// Bits of BitVec term `t` that have one value in every model.
  llvm::KnownBits bits(const expr::ExprRef &t);

private:
  void assume(const expr::Expr *c, bool value, unsigned depth);
  void learn(const expr::Expr *t, const llvm::KnownBits &k, unsigned depth);
  llvm::KnownBits compute(const expr::Expr *t);
  std::optional<bool> computeBool(const expr::Expr *c);

  // What was asked stays alive: the memos key on node addresses.
  std::vector<expr::ExprRef> asked_;
  std::unordered_map<const expr::Expr *, llvm::KnownBits> facts_;
  std::unordered_map<const expr::Expr *, bool> truths_;
  std::unordered_map<const expr::Expr *, llvm::KnownBits> bitsMemo_;
  std::unordered_map<const expr::Expr *, std::optional<bool>> boolMemo_;
  unsigned depth_ = 0; // of compute/computeBool's recursion
  bool conflict_ = false;
  bool changed_ = false; // a fact was learned in this pass
};

} // namespace cosmo::solver

#endif // COSMO_SOLVER_BITFACTS_H
