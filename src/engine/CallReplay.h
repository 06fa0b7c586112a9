//===- CallReplay.h - a memoization tree composed into one call -*- C++ -*-===//
//
// Seed 002 algorithm 2. At a call of a summarised function, each (numeric
// PC, heap PC) pair of the callee's tree is checked against the calling
// context; the pairs that can hold stay live. The call then runs guided by
// the tree: at a conditional, the successors with a live pair below them
// are exactly the feasible ones, so no solver is asked (and at an error
// check, the error side is feasible exactly when a live error pair of that
// check is left, the good side when a live pair lies past it; see
// ExecutorImpl::guidedCheck). Pairs are first checked by the caller's path
// facts (PathFacts.h): those they make false need no query, nor does the
// one pair left of a tree whose pairs cover all inputs. Why this is exact:
// the tree is complete (every path of the isolated run ended in a leaf or
// a frontier), so the inputs reaching a node are the union of the pairs
// below it; and the calling context maps to one input of the isolated run
// (composeCall refuses contexts that do not), on which the call behaves as
// the isolated run did until the paths part.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_ENGINE_CALLREPLAY_H
#define COSMO_ENGINE_CALLREPLAY_H

#include "cosmo/expr/Transform.h"
#include "cosmo/solver/Solver.h"
#include "cosmo/summary/MemoTree.h"

#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

namespace llvm {
class Instruction;
}

namespace cosmo::engine {

using expr::ExprRef;

/// An instruction as a memoization tree's site, and back (the tree does not
/// depend on the IR; a site is only ever made from an instruction).
inline summary::Site siteOf(const llvm::Instruction *i) {
  return reinterpret_cast<summary::Site>(i);
}
inline const llvm::Instruction *instructionAt(summary::Site site) {
  return reinterpret_cast<const llvm::Instruction *>(site);
}

/// How a pair of a callee's tree stands in a calling context.
enum class PairFit {
  Consistent,      ///< its heap facts hold: its pc decides
  Inconsistent,    ///< its heap facts do not hold here
  Unrepresentable, ///< the tree cannot say (the call is inlined)
};

/// A calling context as a callee's tree sees it (ExecutorImpl::fitCall):
/// formals mapped to actuals, the globals it reads to their bytes, and for
/// each pair whose heap facts hold, its input objects placed at objects
/// of the caller (seed 002 algorithm 3's heap check, exact for the
/// contexts it accepts).
struct CallContext {
  /// Each input object's first byte variable and address: pairs with the
  /// same placement have the same substitution.
  using Placement = std::vector<std::pair<const expr::Expr *, uint64_t>>;
  struct Pair {
    PairFit fit = PairFit::Inconsistent;
    Placement where; ///< Consistent: its key in `placed`
    /// By input object: where the caller has it.
    std::vector<std::optional<uint64_t>> objectAddress;
  };
  /// One placement's substitution, and what it has rewritten so far.
  struct Placed {
    expr::Substitution sub;
    expr::RewriteMemo memo;
  };
  std::vector<Pair> pairs; ///< by pair of the tree
  std::map<Placement, Placed> placed;
  /// Every value the substitutions map to is a constant: the call's
  /// arguments and the memory it reads are concrete (SmartUnroll).
  bool concrete = true;
  /// The caller's bytes read so far, by address.
  std::unordered_map<uint64_t, ExprRef> bytes;

  /// `e` of (consistent) pair `k` in the caller's terms.
  ExprRef inCaller(expr::ExprContext &ctx, size_t k, const ExprRef &e) {
    Placed &p = placed.at(pairs[k].where);
    return expr::substitute(ctx, e, p.sub, p.memo);
  }
};

struct Composition {
  const summary::MemoTree *tree = nullptr;
  std::vector<uint8_t> livePairs;  // by pair
  std::vector<uint8_t> liveBelow;  // by node
  std::vector<uint8_t> frontierAt; // by node: a live frontier pair ends here
  /// By node: a model of the calling context and a live pair below the
  /// node (null when none is known): the model a guided side takes.
  std::vector<solver::Model> modelBelow;
};

} // namespace cosmo::engine

#endif // COSMO_ENGINE_CALLREPLAY_H
