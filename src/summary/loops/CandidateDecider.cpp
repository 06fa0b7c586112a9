//===- CandidateDecider.cpp - deciding errors past recursive states -------===//
//
// See CandidateDecider.h. The order of the checks: cheap and exact first
// (a run on the over-approximation's inputs, at a summarised call's
// extremes, on an accelerated path's), then the Horn question of seed 001
// §7, then what is exact again (an accelerated path checked iteration by
// iteration, unrolling from the arrival).
//
//===----------------------------------------------------------------------===//

#include "loops/CandidateDecider.h"
#include "recursion/RecursiveFunction.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>

namespace cosmo::summary {

using engine::PathEnd;
using engine::SourceLocation;

namespace {
/// Accelerated queries first with one phase per loop (one path repeated),
/// then with three (a path, another, the first again).
constexpr unsigned kAccelerationPhases[] = {1, 3};

/// `li` into the run's invariants, unless it is there already.
void addInvariant(std::vector<LoopInvariant> &invariants, LoopInvariant li) {
  if (std::none_of(invariants.begin(), invariants.end(),
                   [&](const LoopInvariant &o) {
                     return o.location.file == li.location.file &&
                            o.location.line == li.location.line &&
                            o.invariant == li.invariant;
                   }))
    invariants.push_back(std::move(li));
}
} // namespace

bool CandidateDecider::takePath(ExecutionState &s, const PathEnd &end) {
  switch (end.kind) {
  case PathEnd::Kind::Error:
    decide({x_.copyState(s), end});
    return true;
  case PathEnd::Kind::Completed:
    // A path of the over-approximation: counted, but its test could not be
    // trusted.
    ++x_.summary().stats.pathsCompleted;
    return true;
  case PathEnd::Kind::Infeasible:
    return true;
  case PathEnd::Kind::Cut:
    // Cut past a loop whose nodes are a region (a free of one, a link
    // to another object): the loop unrolled from its arrival explores
    // this path's inputs exactly, so the path is that exploration's.
    return !enclosing_ && pastNodeRegion(s) && unrollInstead(s);
  }
  return false;
}

bool CandidateDecider::unrollInstead(const ExecutionState &s) {
  // Unrolling from the first loop of the candidate's path explores every
  // path the candidate stands for, exactly: the verdict is then what
  // --loops=unroll would give (an error found, a proof when the loop is
  // bounded, no end otherwise). That loop is not summarised again.
  for (size_t id : LoopPathData::find(s)->atoms) {
    LoopInstance &inst = registry_.at(id);
    if (!inst.arrival)
      continue;
    registry_.unrolledHeads.insert(inst.head);
    if (!inst.resumed) {
      inst.resumed = true;
      ++registry_.stats.unrolledAfter;
      x_.addState(x_.copyState(*inst.arrival));
    }
    return true;
  }
  // The same for the first summarised call of a recursive function: it
  // runs again from its arrival, and the function is run from then on.
  SummarisedCall *call =
      registry_.firstProgramCall(LoopPathData::find(s)->calls);
  if (!call)
    return false;
  registry_.unrollCycleOf(*registry_.function(call->function).function);
  if (!call->resumed) {
    call->resumed = true;
    ++registry_.stats.unrolledAfter;
    x_.addState(x_.copyState(*call->arrival));
  }
  return true;
}

void CandidateDecider::recordInvariants(const HornQuestion &q,
                                      const solver::HornAnswer &a) {
  std::vector<LoopInvariant> &invariants = registry_.invariants;
  for (size_t r = 0; r < a.invariants.size(); ++r) {
    bool quantified = r < a.quantified.size() && !a.quantified[r].empty();
    if (!a.invariants[r] || (a.invariants[r]->isTrue() && !quantified))
      continue;
    if (q.instanceOf[r] == HornQuestion::kNone &&
        q.functionOf[r] == HornQuestion::kNone)
      continue; // a Call(f) relation: where f is called
    if (q.functionOf[r] != HornQuestion::kNone) {
      // One summary per function: the first proof's (each holds where the
      // calls of its question are made).
      const RecursiveFunction &fn = registry_.function(q.functionOf[r]);
      if (std::any_of(invariants.begin(), invariants.end(),
                      [&](const LoopInvariant &o) {
                        return o.ofFunction &&
                               o.function == fn.function->getName();
                      }))
        continue;
      addInvariant(invariants, {fn.where, fn.function->getName().str(),
                         describeSummary(x_.ctx(), q, registry_, r,
                                         a.invariants[r]),
                         /*ofFunction=*/true});
      continue;
    }
    LoopInstance &inst = registry_.at(q.instanceOf[r]);
    if (std::string c =
            witnessInvariant(x_.ctx(), q, registry_, r, a.invariants[r]);
        !c.empty())
      inst.witnessConjuncts.push_back(std::move(c));
    std::string text =
        describeInvariant(x_.ctx(), q, registry_, r, a.invariants[r]);
    if (quantified)
      for (const solver::HornAnswer::Quantified &f : a.quantified[r])
        if (std::string t = describeQuantified(x_.ctx(), q, registry_, r, f);
            !t.empty())
          text += (text.empty() ? "" : " && ") + ("(" + t + ")");
    // (Empty when every conjunct is over a node region's cosmo-made
    // addresses.)
    if (!text.empty())
      addInvariant(invariants, {inst.where, inst.function, std::move(text)});
  }
}

solver::HornAnswer CandidateDecider::solve(const HornQuestion &q,
                                           double scale) {
  LoopStats &st = registry_.stats;
  solver::HornAnswer a;
  if (!q.unsupported.empty()) {
    a.reason = q.unsupported;
    return a;
  }
  // --dump-horn: the question as asked, for other CHC solvers and for
  // reading the encoding (seed 001 §7's equations, one clause each).
  if (const std::string &dir = registry_.options.hornDumpDir; !dir.empty())
    std::ofstream(fmt::format("{}/horn-{}.smt2", dir, st.hornQueries + 1))
        << q.system.str();
  solver::HornOptions o;
  o.earlier = &registry_.provedInvariants;
  o.earlierCells = &registry_.provedCellInvariants;
  o.shownSteps = &registry_.shownSteps;
  o.cellRoutes = &registry_.cellRoutes;
  o.shelf = registry_.hornShelf;
  o.timeoutSeconds = budget(scale);
  a = solver::solveHorn(x_.ctx(), q.system, o);
  ++st.hornQueries;
  st.hornSeconds += a.seconds;
  st.houdiniStepsReused = registry_.shownSteps.reused;
  st.houdiniChecksBeside = registry_.shownSteps.checkedBeside;
  return a;
}

bool CandidateDecider::refutes(const HornQuestion &q,
                             const solver::HornAnswer &a) {
  if (a.status != solver::HornAnswer::Safe)
    return false;
  ++registry_.stats.refutedByHorn;
  if (a.method.starts_with(solver::kCellMethodPrefix))
    ++registry_.stats.refutedOverCells;
  auto keep = [&](std::map<std::string, std::vector<ExprRef>> &proved,
                  const std::vector<ExprRef> &invariants) {
    for (size_t r = 0; r < invariants.size(); ++r) {
      if (!invariants[r])
        continue;
      std::vector<ExprRef> &known = proved[q.system.relations()[r].name];
      const expr::Expr *inv = invariants[r].get();
      auto add = [&](const ExprRef &c) {
        if (!c->isTrue() &&
            std::find(known.begin(), known.end(), c) == known.end())
          known.push_back(c);
      };
      if (inv->kind() == expr::Kind::And)
        for (unsigned k = 0; k < inv->numChildren(); ++k)
          add(ExprRef(inv->child(k)));
      else
        add(invariants[r]);
    }
  };
  keep(registry_.provedInvariants, a.invariants);
  keep(registry_.provedCellInvariants, a.cellInvariants);
  if (q.exact)
    recordInvariants(q, a);
  return true;
}

bool CandidateDecider::pastNodeRegion(const ExecutionState &s) const {
  for (size_t id : LoopPathData::find(s)->atoms)
    if (!registry_.at(id).nodeSites.empty())
      return true;
  return false;
}

double CandidateDecider::budget(double scale) const {
  double most = x_.secondsLeft();
  // A longer question in a run with a time limit: half the time left at
  // most, so that the questions after it (and the runs that find errors)
  // keep some.
  if (scale > 1 && x_.options().timeoutSeconds > 0)
    most /= 2;
  return std::max(0.1,
                  std::min(registry_.options.hornTimeoutSeconds * scale, most));
}

solver::HornAnswer CandidateDecider::ask(const LoopCandidate &c,
                                         const HornQuestion &q) {
  // A summarised loop that makes nodes makes as many as its inputs say:
  // unrolling it instead, the alternative to a proof, does not end in a
  // run with no time limit, so the question is worth more time than
  // that and than the runs after it (seconds each, and they find no
  // error past a correct loop). Other loops' unrolling often ends (a
  // gcd's recursion, a loop over an array of constant size): they keep
  // --horn-timeout.
  // The longer time is given at once, not in steps: an answer takes as
  // long under any time that suffices, and each step that does not
  // suffice is time lost (seed 001's listing 1 asked with 3, then 12,
  // then 48 s: 15 s of its 28 s went to the first two). A run with a
  // time limit gives it half its time left at most (budget): SV-COMP's
  // forester-heap/sll-rb-sentinel-1 needs a 25 s question, beyond the
  // 6 s --svcomp asks others with.
  double scale = registry_.options.nodeLoopHornScale;
  if (scale <= 1 || enclosing_ || !pastNodeRegion(*c.state))
    return solve(q);
  ++registry_.stats.askedLonger;
  return solve(q, scale);
}

void CandidateDecider::report(LoopCandidate &c, solver::Model exact) {
  reporting_ = true;
  x_.terminateError(*c.state, c.end.error, c.end.message, c.end.stack,
                    std::move(exact));
  reporting_ = false;
}

bool CandidateDecider::confirmByExtremeParams(LoopCandidate &c) {
  size_t tried = 0;
  for (size_t id : LoopPathData::find(*c.state)->atoms)
    for (const ExprRef &p : registry_.at(id).params) {
      if (tried == kExtremeParams)
        return false;
      if (!p->sort().isBV() || p->isConst())
        continue;
      ++tried;
      if (confirmAtExtremes(x_, c, p))
        return true;
    }
  return false;
}

void CandidateDecider::decide(LoopCandidate c) {
  LoopStats &st = registry_.stats;
  if (!enclosing_) {
    // The run has reported an error of this kind here already: deciding
    // this one would add nothing to the report (as the run's own paths to
    // a reported place are not solved again).
    if (x_.errorReported(c.end.error, errorLocation(x_, *c.state, c.end))) {
      ++st.atReportedPlaces;
      return;
    }
    for (size_t id : LoopPathData::find(*c.state)->atoms)
      if (const LoopInstance &inst = registry_.at(id); inst.arrival) {
        if (inst.resumed)
          return; // the loop is being unrolled: that decides it
        if (registry_.unrolledHeads.count(inst.head) && unrollInstead(*c.state))
          return; // its summaries left an error undecided before
        break;
      }
    if (const SummarisedCall *call =
            registry_.firstProgramCall(LoopPathData::find(*c.state)->calls)) {
      if (call->resumed)
        return; // the call is being run: that decides it
      if (registry_.unrolledFunctions.count(
              registry_.function(call->function).function) &&
          unrollInstead(*c.state))
        return;
    }
  }
  ++st.errorCandidates;
  // A run on the path's model, not repeated when an earlier candidate's
  // run pinned the inputs alike and did not reach its error.
  FruitlessRuns &fruitless = *registry_.fruitlessRuns;
  auto runOnModel = [&](double seconds, bool *forked) {
    uint64_t skipped = fruitless.skipped;
    bool reached =
        confirmByRun(x_, c, nullptr, seconds, forked, false, &fruitless);
    st.runsNotRepeated += fruitless.skipped - skipped;
    return reached;
  };
  if (runOnModel(kQuickRunSeconds, nullptr)) {
    ++st.confirmedByRun;
    return;
  }
  // The Horn question before the long runs: a correct program's every
  // candidate pays for the runs (seconds each when its loops are long),
  // and the solver refutes most candidates in a fraction of a second.
  SourceLocation at = errorLocation(x_, *c.state, c.end);
  HornQuestion q = hornQuestionFor(x_, registry_, c);
  solver::HornAnswer a = ask(c, q);
  if (refutes(q, a))
    return;
  bool runForked = false;
  if (runOnModel(kRunSeconds, &runForked)) {
    ++st.confirmedByRun;
    return;
  }
  // Acceleration reads loops only: a summarised call's result would be
  // unconstrained there.
  bool hasCalls = !LoopPathData::find(*c.state)->calls.empty();
  if (const SummarisedCall *call =
          registry_.firstProgramCall(LoopPathData::find(*c.state)->calls);
      call && confirmAtExtremes(x_, c, firstInput(*call))) {
    ++st.confirmedByRun;
    return;
  }
  if (!hasCalls)
    for (unsigned phases : kAccelerationPhases)
      if (AcceleratedPath p =
              accelerate(x_, registry_, c, phases, /*runnable=*/true);
          p.inputs && confirmByRun(x_, c, p.inputs, kLongRunSeconds)) {
        ++st.confirmedByRun;
        return;
      }
  if (!q.exact && enclosing_) {
    // The enclosing loop's Rec may exclude it: asked again once that loop's
    // body is complete.
    enclosing_->candidates.push_back(std::move(c));
    --st.errorCandidates;
    return;
  }
  if (!hasCalls)
    for (unsigned phases : kAccelerationPhases)
      if (AcceleratedPath p =
              accelerate(x_, registry_, c, phases, /*runnable=*/false);
          p.exact) {
        // Too deep to run in seconds, but every iteration was checked.
        ++st.provedByAcceleration;
        report(c, p.exact);
        return;
      }
  if (a.status == solver::HornAnswer::Unsafe && q.exact && !q.forgetsEntry) {
    ++st.provedByHorn;
    // Reachable; unrolling from the arrival finds it with inputs that
    // reproduce it (Spacer's derivations are short). Only without an
    // arrival to unroll from is it reported with the over-approximation's.
    if (!enclosing_ && unrollInstead(*c.state))
      return;
    report(c);
    return;
  }
  // Undecided: the error may need many iterations that no phase of
  // constant steps describes (an array written in the loop). Runs on the
  // inputs that make the loops' parameters (their bounds, mostly) as large
  // and as small as the path allows often take them.
  if (!hasCalls && !enclosing_ && confirmByExtremeParams(c)) {
    ++st.confirmedByRun;
    return;
  }
  // The run on the path's own model forked past its bound on the inputs
  // the model leaves open (a summarised loop's body inputs, one in each
  // of 100,000 iterations): a longer run that does not fork on them may
  // get through. (One cut by time alone, a reactive loop that never
  // ends, would only spend the time again.)
  if (runForked && !enclosing_ &&
      confirmByRun(x_, c, nullptr, kLongRunSeconds, nullptr,
                   /*zeroTheRest=*/true)) {
    ++st.confirmedByRun;
    return;
  }
  ++st.undecided;
  const LoopPathData &d = *LoopPathData::find(*c.state);
  std::string past =
      d.atoms.empty()
          ? fmt::format("the recursive call at {}:{}",
                        registry_.call(d.calls.back()).where.file,
                        registry_.call(d.calls.back()).where.line)
          : fmt::format("the loop at {}:{}",
                        registry_.at(d.atoms.back()).where.file,
                        registry_.at(d.atoms.back()).where.line);
  std::string why = fmt::format(
      "whether the {} at {}:{} is reachable past {} was not decided: {}",
      engine::errorKindName(c.end.error), at.file, at.line, past,
      a.reason.empty() ? "the Horn solver answered unknown" : a.reason);
  if (!enclosing_ && unrollInstead(*c.state)) {
    // Unrolling may still decide it; if the run ends unknown (its time
    // limit), this is what kept it from ending true.
    x_.noteIfUnknown(why + " (the loop was unrolled for it)");
    return;
  }
  x_.noteUnknown(why);
}

} // namespace cosmo::summary
