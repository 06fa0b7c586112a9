//===- LoopAcceleration.cpp - inputs for errors deep behind loops ---------===//
//
// A candidate past a recursive state stands for paths through any number
// of iterations; the over-approximation's model says nothing about how
// many. Where the loop's iterations move every carried value by a
// constant (`i += 1; s += 3`), k iterations of one path are a closed form
// (x + k*d), and a few phases of such runs (k1 iterations of one path,
// then k2 of another, ...) express the paths that reach most errors that
// need many iterations (SV-COMP's loop-acceleration category). A model of
// the accelerated query gives inputs, and the program run on them decides:
// the query is a heuristic (a phase checks its path's condition at its
// first and last iteration only), the run is exact.
//
//===----------------------------------------------------------------------===//

#include "loops/LoopInstance.h"

#include "cosmo/expr/Transform.h"

#include <fmt/format.h>

namespace cosmo::summary {

namespace {

/// An accelerated query is a heuristic: it may give up soon.
constexpr unsigned kQueryMs = 1000;
/// A phase of a query whose inputs are then run: the run must end in
/// seconds.
constexpr uint64_t kMaxRunnableIterations = uint64_t(1) << 22;

/// `next - var` when it is a constant (next is var plus or minus
/// constants), else null.
ExprRef constantStep(expr::ExprContext &ctx, const ExprRef &var,
                     const ExprRef &next) {
  llvm::APInt step(var->width(), 0);
  const expr::Expr *e = next.get();
  while (e != var.get()) {
    if (e->kind() != expr::Kind::Add && e->kind() != expr::Kind::Sub)
      return nullptr;
    const expr::Expr *a = e->child(0), *b = e->child(1);
    if (b->kind() == expr::Kind::BVConst) {
      step += e->kind() == expr::Kind::Add ? b->bvValue() : -b->bvValue();
      e = a;
    } else if (a->kind() == expr::Kind::BVConst &&
               e->kind() == expr::Kind::Add) {
      step += a->bvValue();
      e = b;
    } else {
      return nullptr;
    }
  }
  return ctx.bv(step);
}

/// One path of the body whose iterations accelerate: its condition and
/// the step of each carried value.
struct SteadyPath {
  const LoopIteration *iteration = nullptr;
  std::vector<ExprRef> steps;
};

std::vector<SteadyPath> steadyPaths(expr::ExprContext &ctx,
                                    const LoopInstance &inst) {
  std::vector<SteadyPath> out;
  for (const LoopIteration &it : inst.iterations) {
    if (!it.atoms.empty())
      continue; // a nested loop's iterations are not a closed form
    SteadyPath p{&it, {}};
    for (size_t k = 0; k < inst.carried.size(); ++k) {
      // (an array, a flag: no constant step)
      ExprRef d = !inst.carried[k].var->sort().isBV()
                      ? nullptr
                      : constantStep(ctx, inst.carried[k].var, it.next[k]);
      if (!d)
        break;
      p.steps.push_back(d);
    }
    if (p.steps.size() == inst.carried.size())
      out.push_back(std::move(p));
  }
  return out;
}

/// `values + k * steps`, with k (32 bits) brought to each value's width.
std::vector<ExprRef> advance(expr::ExprContext &ctx,
                             const std::vector<ExprRef> &values,
                             const std::vector<ExprRef> &steps,
                             const ExprRef &k) {
  std::vector<ExprRef> out;
  for (size_t i = 0; i < values.size(); ++i) {
    unsigned w = values[i]->width();
    out.push_back(ctx.add(values[i], ctx.mul(ctx.zextOrTrunc(k, w), steps[i])));
  }
  return out;
}

/// The path condition of `p` in an iteration that starts from `values`,
/// after the loops before it left `before` (their carried values).
ExprRef conditionAt(expr::ExprContext &ctx, const LoopInstance &inst,
                    const SteadyPath &p, const std::vector<ExprRef> &values,
                    const expr::Substitution &before) {
  expr::Substitution sub = before;
  for (size_t i = 0; i < values.size(); ++i)
    sub[inst.carried[i].var] = values[i];
  std::vector<ExprRef> pc;
  for (const ExprRef &c : p.iteration->pc)
    pc.push_back(expr::substitute(ctx, c, sub));
  return ctx.andAll(pc);
}

/// One phase of an accelerated loop: `k` iterations, each taking path
/// `which` of `paths`, from `values`.
struct Phase {
  const LoopInstance *inst = nullptr;
  const std::vector<SteadyPath> *paths = nullptr;
  std::vector<ExprRef> values;
  ExprRef k, which;
  expr::Substitution before; ///< the loops' before it (conditionAt)
};

/// A model of `constraints` (one solver call through the engine's
/// pipeline); unsat and unknown both give null, `unsat` tells them apart.
solver::Model modelOf(Executor &x, const ExecutionState &like,
                      const std::vector<ExprRef> &constraints,
                      bool *unsat = nullptr) {
  std::unique_ptr<ExecutionState> q = x.copyState(like);
  q->constraints = solver::ConstraintSet();
  for (const ExprRef &c : constraints)
    q->constraints.add(c);
  q->model = nullptr;
  solver::SolverResult r = x.ask(*q, nullptr, /*wantModel=*/true, kQueryMs);
  if (unsat)
    *unsat = r.isUnsat();
  return r.isSat() ? r.model : nullptr;
}

/// Whether every iteration of `ph` under `m` takes its path, not just the
/// first and the last: no j < k whose iteration leaves it. An iteration
/// that makes inputs of its own is not checked (false).
bool phaseIsExact(Executor &x, const ExecutionState &like, const Phase &ph,
                  const expr::Assignment &m) {
  expr::ExprContext &ctx = x.ctx();
  auto constant = [&](const ExprRef &e) -> ExprRef {
    std::optional<expr::Value> v = expr::evaluate(e, m);
    return v ? v->in(ctx) : nullptr;
  };
  ExprRef k = constant(ph.k), which = constant(ph.which);
  if (!k || !which)
    return false;
  if (k->bvValue().isZero())
    return true;
  const SteadyPath &p = (*ph.paths)[which->bvValue().getZExtValue()];
  std::vector<ExprRef> start;
  for (const ExprRef &v : ph.values)
    if (!(start.emplace_back(constant(v))))
      return false;
  ExprRef j = ctx.var(ph.inst->prefix + "accel.j", expr::Sort::bv(32));
  ExprRef cond = conditionAt(ctx, *ph.inst, p, advance(ctx, start, p.steps, j),
                             ph.before);
  expr::Substitution fixed;
  for (const ExprRef &v : expr::freeVariables(cond)) {
    if (v == j)
      continue;
    if (v->name().compare(0, ph.inst->prefix.size(), ph.inst->prefix) == 0)
      return false; // an input of the iteration: one value per iteration
    ExprRef c = v->sort().isArray() ? nullptr : constant(v);
    if (!c)
      return false;
    fixed[v] = c;
  }
  bool unsat = false;
  modelOf(x, like,
          {ctx.ult(j, k), ctx.notE(expr::substitute(ctx, cond, fixed))},
          &unsat);
  return unsat;
}

} // namespace

AcceleratedPath accelerate(Executor &x, const LoopRegistry &registry,
                           const LoopCandidate &c, unsigned phaseCount,
                           bool runnable) {
  expr::ExprContext &ctx = x.ctx();
  const LoopPathData *data = LoopPathData::find(*c.state);
  if (!data || data->atoms.empty())
    return {};
  // Each loop's carried values at the head, in terms of the inputs and
  // the phases' counts, in the order the path passed the loops.
  expr::Substitution atHead;
  std::vector<ExprRef> facts;
  std::vector<Phase> phases;
  bool allAccelerated = true;
  std::vector<std::vector<SteadyPath>> pathsOf(data->atoms.size());
  for (size_t a = 0; a < data->atoms.size(); ++a) {
    const LoopInstance &inst = registry.at(data->atoms[a]);
    if (!inst.complete)
      return {};
    std::vector<SteadyPath> &paths = pathsOf[a] = steadyPaths(ctx, inst);
    if (paths.empty()) {
      // Its values stay free (the over-approximation): a model is inputs
      // to run on, never a path of the program.
      allAccelerated = false;
      continue;
    }
    std::vector<ExprRef> values;
    for (const ExprRef &e : inst.entry)
      values.push_back(expr::substitute(ctx, e, atHead));
    for (unsigned phase = 0; phase < phaseCount; ++phase) {
      std::string stem = fmt::format("{}accel.{}.", inst.prefix, phase);
      Phase ph{&inst, &paths, values,
               ctx.var(stem + "k", expr::Sort::bv(32)),
               ctx.var(stem + "path", expr::Sort::bv(32)), atHead};
      if (runnable)
        facts.push_back(ctx.ult(ph.k, ctx.bv(32, kMaxRunnableIterations)));
      facts.push_back(ctx.ult(ph.which, ctx.bv(32, paths.size())));
      ExprRef last = ctx.sub(ph.k, ctx.bv(32, 1));
      std::vector<ExprRef> after = values;
      for (size_t p = paths.size(); p-- > 0;) {
        ExprRef chosen = ctx.eq(ph.which, ctx.bv(32, p));
        // k = 0 runs no iteration; otherwise the first and the last one
        // take the path.
        facts.push_back(ctx.implies(
            ctx.andE(chosen, ctx.ne(ph.k, ctx.bv(32, 0))),
            ctx.andE(conditionAt(ctx, inst, paths[p], values, atHead),
                     conditionAt(ctx, inst, paths[p],
                                 advance(ctx, values, paths[p].steps, last),
                                 atHead))));
        std::vector<ExprRef> moved =
            advance(ctx, values, paths[p].steps, ph.k);
        for (size_t i = 0; i < after.size(); ++i)
          after[i] = p + 1 == paths.size() ? moved[i]
                                           : ctx.ite(chosen, moved[i], after[i]);
      }
      values = std::move(after);
      phases.push_back(std::move(ph));
    }
    for (size_t i = 0; i < values.size(); ++i)
      atHead[inst.carried[i].var] = values[i];
  }
  if (phases.empty())
    return {};
  for (const ExprRef &e : c.state->constraints.list())
    facts.push_back(expr::substitute(ctx, e, atHead));
  AcceleratedPath out;
  out.inputs = modelOf(x, *c.state, facts);
  if (!out.inputs || runnable || !allAccelerated)
    return out;
  for (const Phase &ph : phases)
    if (!phaseIsExact(x, *c.state, ph, *out.inputs))
      return out;
  // Every iteration is the program's: a model of the candidate's own path,
  // its carried values those the phases reach.
  auto exact = std::make_shared<expr::Assignment>(*out.inputs);
  for (const auto &[var, value] : atHead)
    if (std::optional<expr::Value> v = expr::evaluate(value, *out.inputs))
      exact->set(var, *v);
  out.exact = std::move(exact);
  return out;
}

} // namespace cosmo::summary
