//===- HornSolver.h - the steps of solveHorn ---------------------*- C++ -*-===//
//
// Private to the solver layer: the solver of cosmo/solver/Horn.h, whose
// steps live in HornSolver.cpp (Spacer over the integers, Spacer over
// bit-vectors), HoudiniChecks.cpp (Houdini over bit-vectors: the queries
// that decide), HornEqualities.cpp (the
// sampled linear and polynomial equalities), ElementTemplates.cpp
// (quantified candidates of loops that write arrays) and
// InstanceChecks.cpp (their Houdini steps on ground instances).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_HORNSOLVER_H
#define COSMO_SOLVER_HORNSOLVER_H

#include "horn/AffineEqualities.h"
#include "horn/CandidateSubsumption.h"
#include "horn/HornEncodings.h"
#include "z3/Z3Translator.h"

#include "cosmo/solver/Horn.h"

#include <z3++.h>

#include <chrono>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace cosmo::solver {

using Clock = std::chrono::steady_clock;

/// The top-level conjuncts of `e`.
void conjuncts(const z3::expr &e, std::vector<z3::expr> &out);
/// Appends `c` unless it is `true` or already there.
void addCandidate(std::vector<ExprRef> &candidates, const ExprRef &c);
/// `formula` with each product of two non-constant bit-vectors a fresh
/// value (the same product the same value; small conjuncts first in
/// sum-of-monomials form); none when it has none. What this refutes,
/// `formula` does not satisfy either.
/// With `pin`, variables two bounds pin to one value are first replaced
/// by it (a <= y <= a, a < y <= a + 1, ...), and the variables
/// equalities define eliminated.
std::optional<z3::expr> withOpaqueProducts(const z3::expr &formula,
                                           bool pin = true);

class HornSolver {
public:
  HornSolver(expr::ExprContext &ctx, const HornSystem &system,
             const HornOptions &options)
      : ctx_(ctx), system_(system), earlier_(options.earlier),
        templates_(options.templates), templatesOnly_(options.templatesOnly),
        earlierAlone_(options.earlierAlone),
        shownSteps_(options.shownSteps),
        budget_(options.timeoutSeconds), start_(Clock::now()),
        deadline_(start_ + std::chrono::milliseconds(static_cast<int64_t>(
                               options.timeoutSeconds * 1000))) {}

  HornAnswer solve();

private:
  double left() const {
    return std::chrono::duration<double>(deadline_ - Clock::now()).count();
  }
  /// A cap on one query, for the default budget (3 s), grown in
  /// proportion to a larger one: a longer --horn-timeout gives each
  /// quantified check more time too (which a loaded machine needs).
  double checkCap(double atDefault) const {
    return atDefault * std::max(1.0, budget_ / 3);
  }
  /// Candidate conjuncts per relation.
  using Candidates = std::vector<std::vector<ExprRef>>;
  /// Time for a Houdini query on instances of the quantified conjuncts:
  /// mostly answered in milliseconds, and when not, the quantified query
  /// often is (a select from a long store chain at a symbolic index). An
  /// array of structs writes a field of several bytes amid the others':
  /// measured, its instances take a second (Z3 4.8.12).
  static constexpr double kGroundCheckSeconds = 1.5;
  /// Step 1: candidates from Spacer's integer invariants, first without
  /// their exact (wide) readings, then with them: the modular ones with
  /// the templates prove most loops, and Houdini's bit-vector queries
  /// over the wide readings take many times longer. Empty when Spacer
  /// over the integers did not prove the system.
  std::optional<std::pair<Candidates, Candidates>>
  integerCandidates(const Candidates &assumed, std::string &why);
  /// The same from one Spacer strategy, by `deadline`.
  std::optional<std::pair<Candidates, Candidates>>
  integerCandidates(SpacerStrategy strategy, Clock::time_point deadline,
                    const Candidates &assumed, std::string &why);
  /// The index of the cell of `stride` bytes that byte `offset` is in.
  ExprRef cellOf(const Expr *offset, unsigned stride);
  /// Whether clause `c` preserves `keeps` (none: whether `c`, a query,
  /// cannot hold), its quantified candidates instantiated at the element
  /// indices the clause reads and writes and at a witness of each
  /// quantified keep's negation: a ground query, which Z3 answers at once
  /// where the quantified one takes it seconds. True is exact (instances
  /// of what holds hold); false says nothing.
  bool preservedByInstances(const HornClause &c,
                            const std::vector<ExprRef> &keeps);
  /// Whether a Houdini query about clause `c` holds quantified
  /// candidates (of its body's relations or its head's).
  bool quantifies(const HornClause &c) const {
    auto any = [&](const HornAtom &a) {
      for (const ExprRef &x : (*candidates_)[a.relation])
        if (bound_.count(x))
          return true;
      return false;
    };
    return std::any_of(c.body.begin(), c.body.end(), any) ||
           (c.head && any(*c.head));
  }
  /// Steps 2-3 on step 1's candidates (the modular readings, then all):
  /// the set that refutes every query, or null.
  const Candidates *
  provedByHoudini(std::pair<Candidates, Candidates> &candidates,
                  std::string &why);
  /// Whether `premise` implies all of `keeps` with its products of
  /// variables as opaque values (withOpaqueProducts: exact when true),
  /// within kOpaqueCheckSeconds; false when it has no products.
  bool preservedOpaquely(const z3::expr &premise,
                         const std::vector<z3::expr> &keeps);
  /// Which of `keeps` a model of `premise` and not all of them with its
  /// products of variables as opaque values falsifies (none when there
  /// is no such model in kOpaqueCheckSeconds).
  std::vector<bool> falsifiedOpaquely(const z3::expr &premise,
                                      const std::vector<z3::expr> &keeps);
  /// Steps 2-3: true when the kept candidates refute every query.
  bool checkOverBitVectors(Candidates &candidates, std::string &why);
  /// Of `candidates`, those no other one implies (CandidateSubsumption.h;
  /// the quantified ones all).
  std::vector<ExprRef> strongestOf(const std::vector<ExprRef> &candidates);
  /// Step 4.
  HornAnswer bitVectorSpacer(HornAnswer answer);
  /// Before step 1: the earlier answers' invariants of relations of the
  /// same names, when they refute every query over bit-vectors.
  bool earlierInvariantsRefute(Candidates &candidates);
  /// The same over cells with HornOptions::earlierAlone, each relation
  /// without earlier invariants with its templates; then, when that
  /// fails, also the relations the queries read (their earlier
  /// invariants with the templates: another error past the same loop).
  bool earlierWithTemplatesRefute(Candidates &candidates);
  /// checkOverBitVectors within a third of the time left.
  bool refutesInAThird(Candidates &candidates);
  /// Adds to `out` the conjuncts of `formulas` over relation `r`'s
  /// arguments alone; whether it added any.
  bool addOverArguments(size_t r, const std::vector<ExprRef> &formulas,
                        std::vector<ExprRef> &out);
  /// Linear equalities among each relation's arguments (and polynomial
  /// ones of degree 2) that every clause preserves over bit-vectors
  /// (AffineEqualities.h), within a small share of the time: Spacer over
  /// the integers then assumes them.
  Candidates linearEqualities();
  /// Adds to `out`, per relation, the conditions its query clauses
  /// assert of its arguments (`R(args) /\ !e -> false` asserts e).
  void assertedCandidates(Candidates &out);
  /// Adds to `out`, per relation, `forall k. start <= k < i ==> a[k] ==
  /// v` for each element a[i] its iterations write as they move i by one
  /// (ElementTemplates.cpp); quantified (in bound_).
  void elementTemplates(Candidates &out);
  /// Whether clause `c`, an iteration of its head's relation (one body
  /// atom of it), leaves the polynomial of equality `f` (over that
  /// relation's arguments, equal to a constant) unchanged, the arguments
  /// before it that `given` (linear invariants of the relation) defines
  /// replaced by their values.
  bool unchangedByIteration(
      const HornClause &c, const ExprRef &f,
      const std::vector<EqualityCandidates::Definition> &given);
  /// Adds each candidate of a relation to the relations whose states it
  /// passes the candidate's arguments to, or takes them from, unchanged.
  void shareAcrossRelations(Candidates &candidates);
  /// Keeps of `polynomials` those that every clause into their relation
  /// preserves (an iteration leaving the polynomial unchanged, or the
  /// body atoms' `linear` invariants and the polynomials kept implying
  /// it): inductive together (recorded in proved_).
  void polynomialInvariants(
      Candidates &polynomials, const Candidates &linear,
      const std::vector<std::vector<EqualityCandidates::Definition>> &given);
  /// The conjuncts of `constraint` (through nested conjunctions) over the
  /// variables `sub` maps alone, mapped by it; with `negated`, of those
  /// that are negations, their operands.
  std::vector<ExprRef> conditionsOver(const ExprRef &constraint,
                                      const expr::Substitution &sub,
                                      bool negated);
  /// Adds to `out` what entry clauses state of their heads' arguments.
  void entryFacts(Candidates &out);
  /// `candidates` of relation `atom.relation` at `atom`'s arguments, over
  /// bit-vectors (the quantified ones with their quantifier).
  z3::expr at(const std::vector<ExprRef> &candidates, const HornAtom &atom);
  /// Whether `premise` and not all of `keeps` (none: just `premise`) can
  /// hold, within the time left, kQuantifiedCheckSeconds when
  /// `quantified` and `most` seconds when given; when sat and `holds` is
  /// given, which of `keeps` its model satisfies. `instances`: a ground
  /// query of quantifier instances over arrays, asked through Z3's
  /// simplify, solve-eqs and smt tactics (see preservedByInstances).
  /// `brief`: a ground query for `most` seconds through the smt tactic
  /// alone (its time is too short to share).
  z3::check_result check(const z3::expr &premise,
                         const std::vector<z3::expr> &keeps, bool quantified,
                         std::vector<bool> *holds = nullptr,
                         double most = 0, bool instances = false,
                         bool brief = false);
  /// The same for a ground query, one of `keeps` at a time in one
  /// incremental solver (the premise translated and bit-blasted once; what
  /// it learns kept): unsat when `premise` implies each, else sat with
  /// `holds` for the first model that falsifies one. Measured on seed
  /// 001's listing 1, a clause shown to preserve 60 conjuncts over cells:
  /// 2.6 s for four such clauses, against 3.1 s with all at once.
  /// Untimed: bounded by a Watchdog instead (in a child process, which
  /// has none of the threads behind Z3's timeouts: IsolatedRun.h).
  z3::check_result checkEach(const z3::expr &premise,
                             const std::vector<z3::expr> &keeps,
                             std::vector<bool> &holds, bool timed = true);

  expr::ExprContext &ctx_;
  const HornSystem &system_;
  const std::map<std::string, std::vector<ExprRef>> *earlier_;
  const std::map<std::string, std::vector<ExprRef>> *templates_;
  bool templatesOnly_;
  bool earlierAlone_;
  ShownSteps *shownSteps_;
  /// The Houdini step of clause `c` (not quantified) keeping `head`, as
  /// the implication ShownSteps holds.
  ExprRef stepOf(const HornClause &c, const std::vector<ExprRef> &head);
  /// The templates offered with the sampled equalities and orderings of
  /// the arguments (HornOptions::templates); true when they refute the
  /// queries.
  bool templatesRefute(const Candidates &equalities, Candidates &out);
  /// Whether, per relation, the conjunction of `kept` (its plain
  /// candidates) implies every candidate of `facts`, over bit-vectors
  /// within a small share of the time (false when not shown).
  bool impliesEach(const Candidates &kept, const Candidates &facts);
  /// The candidates templatesRefute checks: `equalities`, the templates,
  /// the earlier invariants (unless HornOptions::earlierAlone), the
  /// orderings of the arguments and the entry facts. With `alone`, a
  /// relation it marks that has earlier invariants gets them alone (the
  /// others their templates with them); false then when none has any.
  bool templateCandidates(const Candidates &equalities, Candidates &out,
                          const std::vector<bool> *alone);
  double budget_; ///< seconds
  Clock::time_point start_, deadline_;
  Z3Translator bv_{/*arraysAsFunctions=*/false, /*selectsAsIte=*/false};
  /// The candidates that quantify over array elements: `forall bound.
  /// candidate` (InvariantReader).
  std::map<ExprRef, std::vector<ExprRef>> bound_;
  /// Candidates shown inductive (polynomialInvariants), each with the
  /// invariants (relation, conjunct) it was shown inductive under.
  std::map<ExprRef, std::vector<std::pair<size_t, ExprRef>>> proved_;
  /// The cell sizes of the quantified candidates' arrays.
  std::set<unsigned> quantifiedStrides_;
  const Candidates *candidates_ = nullptr; ///< those checkOverBitVectors checks
  /// The last set checkOverBitVectors's Houdini kept (without the
  /// polynomials of proved_): inductive.
  Candidates inductive_;
  /// The candidates of a Houdini query: those no other one implies.
  CandidateSubsumption subsumption_;
};

} // namespace cosmo::solver

#endif // COSMO_SOLVER_HORNSOLVER_H
