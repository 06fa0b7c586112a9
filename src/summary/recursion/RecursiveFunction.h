//===- RecursiveFunction.h - recursive calls as recursive states -*- C++ -*-===//
//
// The data of RecursionSummarizer.cpp: the summary relation Sum(f) of each
// function of a summarisable call-graph cycle, the calls replaced by its
// atoms, and the entries a recursion runs again from.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_RECURSIVEFUNCTION_H
#define COSMO_SUMMARY_RECURSIVEFUNCTION_H

#include "loops/LoopInstance.h"

namespace cosmo::summary {

/// Sum(f) of a recursive function f (alone in its call-graph cycle, or
/// one of mutually recursive functions): a relation over its parameters and
/// its result, with Call(f) over the parameters of its calls (the
/// contexts: a summary need hold only where f is called, which is what
/// makes it true of machine integers when the inputs are bounded). Seed
/// 000 treats recursion exactly like loops: f's body is explored once, in
/// isolation, with fresh parameters and every call in it of a function of
/// its cycle an atom Sum(g)(args, result); each of its return paths is a
/// clause. Only functions over scalars that touch no memory but their own
/// locals are summarised (RecursionSummarizer.cpp says why).
struct RecursiveFunction {
  size_t id = 0;
  const llvm::Function *function = nullptr;
  std::string relation;        ///< Sum(f)'s name in the Horn system
  std::string contextRelation; ///< Call(f)'s
  engine::SourceLocation where;
  std::vector<ExprRef> params; ///< the body run's fresh parameters
  std::vector<std::string> paramNames;
  struct Return {
    std::vector<ExprRef> pc;    ///< its constraints past the call
    std::vector<size_t> calls;  ///< the recursive calls on it (in order)
    ExprRef value;              ///< the result (null: void)
    std::vector<ExprRef> globalsOut; ///< the values of `written`
  };
  std::vector<Return> returns;
  /// Paths of the body that reach an error: reachable from a call when
  /// Call(f) of that call's context meets the path (decided per call).
  struct BodyError {
    engine::PathEnd end;       ///< its stack always given
    std::vector<ExprRef> pc;   ///< past the call, as a Return's
    std::vector<size_t> calls; ///< the recursive calls before the error
  };
  std::vector<BodyError> errors;
  /// Every call its body's run made of a function of its cycle (the
  /// clauses of their Call relations in the context Call(f)).
  std::vector<size_t> innerCalls;
  /// The ids of the functions of its call-graph cycle (its own included).
  std::vector<size_t> component;
  /// The integer globals its cycle reads or writes (their values at entry
  /// are arguments of Call(f) and Sum(f), after the parameters), and those
  /// it writes (their values at return are Sum(f)'s last arguments).
  std::vector<const llvm::GlobalVariable *> globals, written;
  std::vector<ExprRef> globalsAtEntry; ///< the body run's, of `globals`
  bool complete = false;
};

/// --loops=auto: the program's state just before the outermost call of a
/// summarisable cycle (its calls are unrolled until 16 are active). When
/// the solver cannot decide a path while they are unrolled (deep
/// recursions build hard bit-vector path conditions), or the unrolling
/// has taken kRecursionUnrollSeconds, the run goes on from here once,
/// with the cycle summarised at its first call; the paths inside the
/// unrolling end unreported: that run covers them.
struct RecursionEntry {
  std::unique_ptr<ExecutionState> state;
  const llvm::Function *function = nullptr;
  size_t depth = 0; ///< frames below the call
  std::chrono::steady_clock::time_point created;
  bool resumed = false;
};
/// The unrolling of a recursion that is no longer cheap (wall seconds).
constexpr double kRecursionUnrollSeconds = 2;

/// Why a path inside a recursion that runs again ends (not reported).
constexpr const char *kCoveredByResumedRecursion =
    "covered by the run again of its recursion";

/// One call of a recursive function replaced by Sum(f)(args, result).
struct SummarisedCall {
  size_t id = 0;
  size_t function = 0; ///< RecursiveFunction id
  std::vector<ExprRef> args;
  ExprRef result; ///< null: void
  /// The values of the function's `globals` before the call, and fresh
  /// ones of its `written` globals after it.
  std::vector<ExprRef> globalsIn, globalsOut;
  engine::SourceLocation where;
  /// The path up to the call: its constraints, the loops and the calls it
  /// passed. For a call made in f's own body (`inner`), only what the body
  /// added after its start, in the context Call(f)(params).
  std::vector<ExprRef> pc;
  IdLog atoms, calls;
  bool inner = false;
  size_t caller = 0; ///< inner: the RecursiveFunction whose body made it
  /// In the program's run: its state just before the call, to run the
  /// call after all when an error past it cannot be decided.
  std::unique_ptr<ExecutionState> arrival;
  bool resumed = false;
};

/// Why the functions of a call-graph cycle cannot have summary relations
/// (empty when they can): SummarisableCycles.cpp.
/// Otherwise `globals` and `written` are the integer globals their bodies
/// read or write by name, and those they write.
std::string
whyCycleNotSummarisable(const std::vector<const llvm::Function *> &cycle,
                        std::vector<const llvm::GlobalVariable *> &globals,
                        std::vector<const llvm::GlobalVariable *> &written);

/// The first input of a summarised call (its first argument, else its
/// first global), whose extremes runs try; null when it has none.
inline ExprRef firstInput(const SummarisedCall &call) {
  if (!call.args.empty())
    return call.args.front();
  return call.globalsIn.empty() ? ExprRef() : call.globalsIn.front();
}

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_RECURSIVEFUNCTION_H
