//===- IncrementalZ3Solver.cpp - Z3 with assumption literals --------------===//
//
// Seed 004 section 5.2: one long-lived Z3 solver per logic. The first time
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

#include "Z3Translator.h"

#include "cosmo/solver/Pipeline.h"

#include <algorithm>
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
        stats_(stats), bv_("QF_BV"),
        arrays_(createZ3Solver(ctx, SolverOptions{opts.timeoutMs}, &stats)) {}

  void setTimeoutMs(unsigned ms) override {
    timeoutMs_ = ms;
    arrays_->setTimeoutMs(ms);
  }

protected:
  SolverResult doCheck(const Query &q) override {
    std::vector<ExprRef> constraints = q.conjuncts();
    if (Z3Translator::usesArrays(constraints))
      return arrays_->check(q);
    auto start = std::chrono::steady_clock::now();
    ++stats_.z3.queries;
    SolverResult result;
    Instance &inst = bv_;
    try {
      result = solve(inst, constraints, q.wantModel);
    } catch (const z3::exception &e) {
      result = SolverResult::unknown(std::string("z3: ") + e.msg());
      reset(inst); // do not trust a solver that failed half-way
    }
    switch (result.status) {
    case Validity::Sat: ++stats_.z3.sat; break;
    case Validity::Unsat: ++stats_.z3.unsat; break;
    case Validity::Unknown: ++stats_.z3.unknown; break;
    }
    // Constraints of other paths stay in Z3 as clauses its SAT core must
    // still satisfy (with their literal false) on every check: keep the
    // solver near the size of the path being asked about.
    if (inst.literals.size() >
        std::max<size_t>(resetFloor_, kResetFactor * constraints.size()))
      reset(inst);
    stats_.z3.seconds += std::chrono::duration<double>(
                             std::chrono::steady_clock::now() - start)
                             .count();
    return result;
  }

private:
  struct Literal {
    ExprRef keepAlive; // literals are keyed by node address
    z3::expr p;
  };
  struct Instance {
    explicit Instance(const char *l) : logic(l) {}
    const char *logic;
    std::optional<z3::solver> solver;
    std::unordered_map<const Expr *, Literal> literals;
    std::unordered_map<unsigned, ExprRef> byLiteral; // Z3 ast id -> c
    unsigned timeoutSet = ~0u;
  };

  void reset(Instance &inst) {
    if (!inst.solver)
      return;
    inst.solver.reset();
    inst.literals.clear();
    inst.byLiteral.clear();
    inst.timeoutSet = ~0u;
    ++stats_.z3.resets;
  }

  z3::expr literalFor(Instance &inst, const ExprRef &c) {
    if (auto it = inst.literals.find(c.get()); it != inst.literals.end())
      return it->second.p;
    z3::context &z3 = tr_.z3();
    z3::expr p(z3, Z3_mk_fresh_const(z3, "p", Z3_mk_bool_sort(z3)));
    inst.solver->add(z3::implies(p, tr_.translate(c.get())));
    inst.literals.emplace(c.get(), Literal{c, p});
    inst.byLiteral.emplace(p.id(), c);
    return p;
  }

  SolverResult solve(Instance &inst, const std::vector<ExprRef> &constraints,
                     bool wantModel) {
    for (const ExprRef &c : constraints)
      if (c->isFalse())
        return SolverResult::unsat();
    z3::context &z3 = tr_.z3();
    if (!inst.solver) {
      tr_.clearIfLarge();
      inst.solver.emplace(z3, inst.logic);
    }
    if (inst.timeoutSet != timeoutMs_) {
      z3::params p(z3);
      p.set("timeout", timeoutMs_ ? timeoutMs_ : 4294967295u);
      inst.solver->set(p);
      inst.timeoutSet = timeoutMs_;
    }
    z3::expr_vector assumptions(z3);
    for (const ExprRef &c : constraints)
      if (!c->isTrue())
        assumptions.push_back(literalFor(inst, c));
    switch (inst.solver->check(assumptions)) {
    case z3::unsat: {
      std::vector<ExprRef> core;
      z3::expr_vector lits = inst.solver->unsat_core();
      for (unsigned i = 0; i < lits.size(); ++i)
        if (auto it = inst.byLiteral.find(lits[i].id());
            it != inst.byLiteral.end())
          core.push_back(it->second);
      return SolverResult::unsat(std::move(core));
    }
    case z3::unknown:
      return SolverResult::unknown(
          Z3Translator::unknownReason(inst.solver->reason_unknown()));
    case z3::sat: break;
    }
    if (!wantModel)
      return SolverResult::sat();
    return SolverResult::sat(std::make_shared<expr::Assignment>(
        tr_.extractModel(inst.solver->get_model(), constraints)));
  }

  Z3Translator tr_;
  unsigned timeoutMs_;
  unsigned resetFloor_;
  static constexpr size_t kResetFactor = 2;
  PipelineStats &stats_;
  Instance bv_;
  std::unique_ptr<Solver> arrays_; // fresh solver per query
};

} // namespace

std::unique_ptr<Solver> createIncrementalZ3Solver(expr::ExprContext &ctx,
                                                  const PipelineOptions &opts,
                                                  PipelineStats &stats) {
  return std::make_unique<IncrementalZ3Solver>(ctx, opts, stats);
}

} // namespace cosmo::solver
