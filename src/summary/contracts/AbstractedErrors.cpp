//===- AbstractedErrors.cpp - errors found through an abstraction ---------===//
//
// Seed 003 verifies a function against the invariants of its loops and the
// contracts of its callees: a path that crossed one of them (a havoc, then
// assumptions) stands for more states than the program reaches. An error
// on such a path shows that the annotations do not prove the clause, not
// that the program breaks it: a loop invariant too weak for the
// postcondition finds "violations" with inputs that break nothing. So the
// error is claimed only when a concrete run shows it: the same entry, its
// inputs pinned to the error path's model, annotated loops running and
// contracted calls calling (ContractHooks::concrete), each clause
// still checked where it stands (and, once per place, the same run with
// free inputs, bounded). What that run finds it reports itself, with its
// own inputs; when it does not meet the error, the path is `unknown` with
// the reason.
//
//===----------------------------------------------------------------------===//

#include "common/ConfirmingRun.h"
#include "contracts/ContractHooks.h"

#include <fmt/format.h>

#include <map>
#include <optional>
#include <set>

namespace cosmo::summary {

using engine::ErrorKind;
using engine::SourceLocation;

namespace {

/// Seconds and states the confirming run may take.
constexpr double kConfirmSeconds = 5;
constexpr size_t kConfirmStates = 64;
/// Bytes of an input array pinned beyond those the model names (its
/// default value, at the low offsets the run is likely to read).
constexpr uint64_t kPinnedDefaultBytes = 256;
constexpr size_t kPinnedBytesMax = 4096;
/// Milliseconds for a model with small inputs.
constexpr unsigned kSmallModelMs = 2000;
/// Paths whose error at one place get confirming runs.
constexpr unsigned kConfirmPathsPerPlace = 4;

} // namespace

bool ContractHooks::onPathEnd(ExecutionState &s, const engine::PathEnd &end) {
  if (end.kind != engine::PathEnd::Kind::Error || concrete())
    return false;
  const ContractPath *d = find(s);
  if (!d || d->abstraction.empty())
    return false;
  std::vector<SourceLocation> stack =
      end.stack.empty() ? x_.stackOf(s) : end.stack;
  SourceLocation at = stack.empty() ? SourceLocation{} : stack.front();
  if (!x_.errorReported(end.error, at))
    reportAbstractedError(s, end.error, at, end.model);
  return true;
}

bool ContractHooks::confirmOnConcreteRun(ErrorKind kind,
                                         const SourceLocation &at,
                                         const expr::Assignment *model,
                                         const ExecutionState &from) {
  // Only the inputs are pinned: the run's other variables (a quantifier's,
  // a havoc's) are named by counters that may mean something else in it.
  // Pointers are not: the run places its objects where it does.
  std::set<std::string> scalars, bytes, arrays;
  for (const engine::InputRecord &in : from.inputs) {
    if (in.type.kind == engine::InputType::Kind::Pointer)
      continue;
    if (in.var)
      scalars.insert(in.var->name());
    for (const ExprRef &b : in.byteVars)
      bytes.insert(b->name());
    if (in.array)
      arrays.insert(in.array->name());
  }
  ConfirmingRun run(x_, "the run that confirms an error found through "
                        "annotations",
                    kConfirmSeconds, kConfirmStates);
  if (model) {
    // Memory inputs are named alike up to the first abstraction: their
    // bytes as in the model (the contents of an input array: those it
    // names, then its default).
    run.pinScalars(*model,
                   [&](const ExprRef &v) { return scalars.count(v->name()); })
        .pinBytes(*model,
                  [&](const ExprRef &v) { return bytes.count(v->name()); })
        .pinArrays(*model, arrays, kPinnedBytesMax, kPinnedDefaultBytes);
  }
  return run.reaches(kind, at, {&concreteMark_});
}

void ContractHooks::reportAbstractedError(ExecutionState &s, ErrorKind kind,
                                          const SourceLocation &at,
                                          solver::Model model) {
  bool impossible = false;
  if (!model)
    model = x_.errorModel(s, kind, at, impossible);
  if (!model) {
    if (!impossible)
      ++x_.summary().stats.pathsCut;
    return;
  }
  // Runs for the first few paths that meet the error at this place (each
  // may take seconds): the later ones add an `unknown` only.
  unsigned &tries =
      confirmationTries_[{static_cast<int>(kind), at.file, at.line}];
  if (tries++ < kConfirmPathsPerPlace) {
    // A model whose inputs are small first: a concrete run from the entry
    // then reaches the state the abstraction jumped to in a few iterations
    // (a havocked counter is bounded by inputs the invariants name).
    ExprRef small = ctx_.trueE();
    for (const engine::InputRecord &in : s.inputs)
      if (in.var && in.var->sort().isBV() && in.var->width() >= 8) {
        unsigned w = in.var->width();
        small = ctx_.andE(
            small, ctx_.ult(ctx_.add(in.var, ctx_.bv(w, 64)), ctx_.bv(w, 128)));
      }
    if (!small->isTrue()) {
      solver::SolverResult r =
          x_.ask(s, small, /*wantModel=*/true, kSmallModelMs);
      if (r.isSat() && r.model &&
          confirmOnConcreteRun(kind, at, r.model.get(), s))
        return;
    }
    if (confirmOnConcreteRun(kind, at, model.get(), s))
      return;
    // The abstraction may have jumped to a state no input reaches with
    // those values (a counter's parity): once per place, a bounded run of
    // the entry with free inputs.
    if (tries == 1 && confirmOnConcreteRun(kind, at, nullptr, s))
      return;
  }
  ++x_.summary().stats.pathsCut;
  x_.noteUnknown(fmt::format(
      "a possible {} at {}:{} through {} that a run on its inputs does not "
      "show (the annotations may not be strong enough to prove it)",
      engine::errorKindName(kind), at.file, at.line, data(s).abstraction));
}

} // namespace cosmo::summary
