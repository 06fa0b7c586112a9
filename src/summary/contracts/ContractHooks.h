//===- ContractHooks.h - ACSL contracts as hooks of every exploration -*- C++
//-*-===//
//
// Seed 003 checks a program against its ACSL annotations by instrumenting
// them as C (frontend/AcslInstrument.h): a contract's `requires` becomes a
// check at every call and an assumption of its isolated run, an invariant
// a check, a havoc and an assumption. The calls of `__cosmo_acsl_*` that
// instrumentation writes get their meaning here (AcslIntrinsics.cpp), as
// do the `assigns` clauses every write is checked against
// (AssignsFrames.cpp) and the errors found on a path that crossed an
// abstraction, claimed only once a concrete run shows them
// (AbstractedErrors.cpp). The engine knows none of it: ContractHooks is
// a standing hook (Executor::addStandingHook), part of every exploration.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_CONTRACTS_CONTRACTHOOKS_H
#define COSMO_SUMMARY_CONTRACTS_CONTRACTHOOKS_H

#include "cosmo/engine/Executor.h"
#include "cosmo/frontend/LoopStructure.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace cosmo::summary {

using engine::ExecutionState;
using engine::ResolvedAccess;
using expr::ExprRef;

/// An assumed \forall being evaluated: its bound variable, where the body's
/// value is unknown (a term wider than 128 bits), and the path condition's
/// size when it began (a body that adds constraints branched: the path
/// cannot be quantified).
struct QuantifierCapture {
  ExprRef var;
  ExprRef unknown;
  size_t constraints = 0;
};

/// A function verified against its contract's `assigns`, or a loop's
/// iteration against its `loop assigns`: while it runs, a write outside
/// its ranges (and outside the objects it made) is an `assigns` error.
struct AssignsFrame {
  std::string function; ///< the contract's function (empty for a loop)
  unsigned line = 0;    ///< of the assigns clause
  /// [start, end) address ranges the clause allows.
  std::vector<std::pair<ExprRef, ExprRef>> ranges;
  /// Objects at or above this address were made after the frame began.
  uint64_t freshFrom = 0;
  /// Frames up to this depth are the checking code's, not the call's.
  size_t depth = 0;
  /// A loop's frame: the blocks of its body (the frame ends when the path
  /// leaves them).
  const std::vector<const llvm::BasicBlock *> *loopBody = nullptr;
  /// A loop's frame: the stack objects its havoc covers, not checked.
  std::set<uint64_t> havocked;

  bool operator==(const AssignsFrame &) const = default;
};

/// What a path carries of its annotations.
class ContractPath : public engine::HookState {
public:
  /// What made this path's state more general than the program's (a loop
  /// invariant's or a callee contract's havoc): an error on it is claimed
  /// only once a concrete run shows it.
  std::string abstraction;
  /// The `assigns` clauses the running code is checked against: a
  /// contract's, then the annotated loops' it is in, innermost last.
  std::vector<AssignsFrame> assigns;
  /// Assumed \forall bodies being evaluated, innermost last.
  std::vector<QuantifierCapture> captures;
  /// The loop head whose invariants were just established.
  const llvm::BasicBlock *annotatedLoopHead = nullptr;

  std::unique_ptr<engine::HookState> clone() const override {
    return std::make_unique<ContractPath>(*this);
  }
  bool joinable(const engine::HookState *other) const override;
  void join(const engine::HookState *other) override;
};

class ContractHooks : public engine::ExecutionHooks {
public:
  explicit ContractHooks(engine::Executor &x) : x_(x), ctx_(x.ctx()) {}

  bool onExternalCall(ExecutionState &s, const llvm::CallBase &call,
                      const llvm::Function &f,
                      std::vector<ExprRef> &args) override;
  ExprRef onLoad(ExecutionState &s, const llvm::LoadInst &load,
                 unsigned bytes) override;
  ExecutionState *onWrite(const ResolvedAccess &a, uint64_t bytes,
                          const ExprRef &symbolicBytes) override;
  void onBlockEntry(ExecutionState &s, const llvm::BasicBlock *) override;
  void onReturn(ExecutionState &s) override;
  bool onPathEnd(ExecutionState &s, const engine::PathEnd &end) override;

private:
  static ContractPath *find(const ExecutionState &s);
  static ContractPath &data(ExecutionState &s);

  // AcslIntrinsics.cpp
  bool handleIntrinsic(ExecutionState &s, const llvm::CallBase &call,
                       llvm::StringRef name, std::vector<ExprRef> &args);
  /// `(p + lo*elem .. p + (hi+1)*elem)` lies inside one object (ACSL's
  /// \valid), over the objects of `s`.
  ExprRef validRange(ExecutionState &s, const ExprRef &p, const ExprRef &lo,
                     const ExprRef &hi, uint64_t elem);
  /// An assumed \valid(p + (0 .. hi)) of an input pointer not yet resolved
  /// makes p's object: of exactly that many bytes (symbolic), or one of
  /// the input objects of its type met before. False when it does not
  /// apply (the range does not start at 0, p is no such pointer).
  bool shapeInputObject(ExecutionState &s, const llvm::CallBase &call,
                        const ExprRef &p, const ExprRef &lo, const ExprRef &hi,
                        uint64_t elem);
  /// The loop structure of `f`'s function, made on first use.
  const frontend::RecursiveVertex *loopVertex(const llvm::BasicBlock *head);

  // AssignsFrames.cpp
  /// Reports an `assigns` error where a write of `bytes` at `a` can fall
  /// outside the running contract's or loop's assigns clauses; returns the
  /// state that goes on (null when none does).
  ExecutionState *checkAssigns(const ResolvedAccess &a, const ExprRef &bytes);
  /// Ends the `loop assigns` frames of the loops the path has left.
  void leaveLoopAssigns(ExecutionState &s);
  /// Fresh values for what an annotated loop may change.
  void havocLoop(ExecutionState &s, bool memory);
  /// The objects an annotated loop may write, from its IR (ownOnly: the
  /// function's stack objects only).
  std::set<uint64_t> loopWriteTargets(ExecutionState &s,
                                      const frontend::RecursiveVertex &v,
                                      bool ownOnly);
  void havocObject(ExecutionState &s, uint64_t base);

  // AbstractedErrors.cpp
  /// An error on a path through a havoc of annotations: reported by a
  /// concrete run that shows it, else the path is unknown. `model`: the
  /// error path's, when its reporter gave one.
  void reportAbstractedError(ExecutionState &s, engine::ErrorKind kind,
                             const engine::SourceLocation &at,
                             solver::Model model);
  /// Runs the entry concretely on `model`'s inputs (all inputs free without
  /// one), reporting what it finds: whether that includes a `kind` error
  /// at `at`.
  bool confirmOnConcreteRun(engine::ErrorKind kind,
                            const engine::SourceLocation &at,
                            const expr::Assignment *model,
                            const ExecutionState &from);
  /// Whether the running exploration is a confirming run: annotated loops
  /// run and contracted calls call (no havoc), errors are claimed as met.
  bool concrete() const;

  engine::Executor &x_;
  expr::ExprContext &ctx_;
  /// Loop structures of the functions with annotated loops.
  std::map<const llvm::Function *, frontend::LoopStructure> loopStructures_;
  /// In the hooks of the confirming runs: what marks them (it does
  /// nothing).
  struct ConcreteRunMark : engine::ExecutionHooks {
  } concreteMark_;
  /// Errors found through annotations, by kind and place: how many of
  /// their paths asked for a confirming run.
  std::map<std::tuple<int, std::string, unsigned>, unsigned> confirmationTries_;
};

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_CONTRACTS_CONTRACTHOOKS_H
