//===- IncrementalZ3Solver.cpp - Z3 with assumption literals --------------===//
//
// Seed 004 section 5.2: one long-lived Z3 solver. The first time
// a constraint c is asked about, a fresh Boolean p_c is made and
// (=> p_c c) asserted; a query is check-sat under the literals of its
// constraints. Lemmas Z3 learns are stated over the p's, so they stay valid
// and useful for every later query, whatever order the searcher asks in
// (stack-based push/pop would tie the solver to depth-first search).
//
// For QF_BV Z3 answers such queries with its incremental bit-blasting SAT
// solver. Queries over arrays go to a fresh QF_ABV solver each: in
// incremental mode Z3 would answer them with its SMT core, which takes
// seconds where the QF_ABV tactic (array elimination, then bit-blasting)
// takes milliseconds (tests/programs/memory/calloc_matrix.c: 3 s timeouts
// against 10 ms).
//
//===----------------------------------------------------------------------===//

#include "z3/Z3Translator.h"

#include "cosmo/solver/Pipeline.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <optional>

namespace cosmo::solver {

namespace {

using expr::Expr;

class IncrementalZ3Solver final : public Solver {
public:
  IncrementalZ3Solver(expr::ExprContext &ctx, const PipelineOptions &opts,
                      PipelineStats &stats)
      : timeoutMs_(opts.timeoutMs), resetFloor_(opts.incrementalResetFloor),
        stats_(stats),
        arrays_(createZ3Solver(ctx, SolverOptions{opts.timeoutMs}, &stats)) {}

  void setTimeoutMs(unsigned ms) override {
    timeoutMs_ = ms;
    arrays_->setTimeoutMs(ms);
  }
  void interrupt() override {
    interrupted_ = true;
    tr_.z3().interrupt();
    arrays_->interrupt();
  }

protected:
  SolverResult doCheck(const Query &q) override {
    if (interrupted_)
      return SolverResult::unknown("interrupted");
    std::vector<ExprRef> constraints = q.conjuncts();
    // A constraint with a literal is known to be free of arrays and
    // floating point (the QF_BV solver's theories).
    for (const ExprRef &c : constraints)
      if (!literals_.count(c.get())) {
        Z3Translator::Theories t = Z3Translator::theoriesOf(std::span(&c, 1));
        if (t.arrays || t.floats)
          return arrays_->check(q);
      }
    auto start = std::chrono::steady_clock::now();
    SolverResult result;
    try {
      result = solve(constraints, q.wantModel);
    } catch (const z3::exception &e) {
      result = SolverResult::unknown(std::string("z3: ") + e.msg());
    }
    // Do not trust a solver that failed or gave up half-way: Z3 4.8's
    // incremental QF_BV solver, stopped by its time limit, answers the next
    // query sat with a model of none of its constraints (Z3SolverTest's
    // AnAnswerAfterATimeoutCarriesAModelOfTheQuery).
    if (result.isUnknown())
      reset();
    if (interrupted_ && result.isUnknown())
      result.reason = "interrupted";
    // Constraints of other paths stay in Z3 as clauses its SAT core must
    // still satisfy (with their literal false) on every check: keep the
    // solver near the size of the path being asked about.
    if (literals_.size() >
        std::max<size_t>(resetFloor_, kResetFactor * constraints.size()))
      reset();
    stats_.z3.record(result.status, secondsSince(start));
    return result;
  }

private:
  struct Literal {
    ExprRef keepAlive; // literals are keyed by node address
    z3::expr p;
  };

  void reset() {
    if (!solver_)
      return;
    solver_.reset();
    literals_.clear();
    byLiteral_.clear();
    timeoutSet_ = ~0u;
    ++stats_.z3.resets;
  }

  z3::expr literalFor(const ExprRef &c) {
    if (auto it = literals_.find(c.get()); it != literals_.end())
      return it->second.p;
    z3::context &z3 = tr_.z3();
    z3::expr p(z3, Z3_mk_fresh_const(z3, "p", Z3_mk_bool_sort(z3)));
    solver_->add(z3::implies(p, tr_.translateConstraint(c.get())));
    literals_.emplace(c.get(), Literal{c, p});
    byLiteral_.emplace(p.id(), c);
    return p;
  }

  SolverResult solve(const std::vector<ExprRef> &constraints, bool wantModel) {
    for (const ExprRef &c : constraints)
      if (c->isFalse())
        return SolverResult::unsat();
    z3::context &z3 = tr_.z3();
    if (!solver_) {
      tr_.clearIfLarge();
      solver_.emplace(z3, "QF_BV");
    }
    if (timeoutSet_ != timeoutMs_) {
      z3::params p(z3);
      p.set("timeout", timeoutMs_ ? timeoutMs_ : 4294967295u);
      solver_->set(p);
      timeoutSet_ = timeoutMs_;
    }
    z3::expr_vector assumptions(z3);
    for (const ExprRef &c : constraints)
      if (!c->isTrue())
        assumptions.push_back(literalFor(c));
    switch (solver_->check(assumptions)) {
    case z3::unsat: {
      std::vector<ExprRef> core;
      z3::expr_vector lits = solver_->unsat_core();
      for (unsigned i = 0; i < lits.size(); ++i)
        if (auto it = byLiteral_.find(lits[i].id()); it != byLiteral_.end())
          core.push_back(it->second);
      return SolverResult::unsat(std::move(core));
    }
    case z3::unknown:
      return SolverResult::unknown(
          Z3Translator::unknownReason(solver_->reason_unknown()));
    case z3::sat:
      break;
    }
    if (!wantModel)
      return SolverResult::sat();
    return SolverResult::sat(std::make_shared<expr::Assignment>(
        tr_.extractModel(solver_->get_model(), constraints)));
  }

  static constexpr size_t kResetFactor = 2;

  Z3Translator tr_; // first: the solver below uses its context
  unsigned timeoutMs_;
  std::atomic<bool> interrupted_{false};
  unsigned resetFloor_;
  PipelineStats &stats_;
  std::optional<z3::solver> solver_; // QF_BV, created on demand
  std::unordered_map<const Expr *, Literal> literals_;
  std::unordered_map<unsigned, ExprRef> byLiteral_; // Z3 ast id -> c
  unsigned timeoutSet_ = ~0u;
  std::unique_ptr<Solver> arrays_; // a fresh solver per query
};

} // namespace

std::unique_ptr<Solver> createIncrementalZ3Solver(expr::ExprContext &ctx,
                                                  const PipelineOptions &opts,
                                                  PipelineStats &stats) {
  return std::make_unique<IncrementalZ3Solver>(ctx, opts, stats);
}

} // namespace cosmo::solver
