//===- HornSolver.cpp - Spacer over integers, checked over bit-vectors ----===//
//
// The four steps of Horn.h. The integer abstraction may be as coarse as it
// likes (it only proposes invariants); everything that decides a verdict is
// a bit-vector query: the inductiveness of each kept conjunct, the
// refutation of the queries, or Spacer on the bit-vector system.
//
//===----------------------------------------------------------------------===//

#include "cosmo/solver/Horn.h"

#include "horn/HornSolver.h"
#include "horn/CellIndexed.h"
#include "horn/HornSlicing.h"

#include "horn/ArrayElements.h"
#include "horn/InvariantReader.h"
#include "horn/IsolatedRun.h"

#include "cosmo/expr/Transform.h"

#include <fmt/format.h>
#include <llvm/ADT/StringExtras.h>
#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <unordered_map>

namespace cosmo::solver {

using expr::Expr;
using expr::Kind;

namespace {

/// Two candidates a <= b and b <= a (both signed or both unsigned) as the
/// one a == b: the bit-vector checks eliminate a variable through an
/// equality (Z3's solve-eqs) where the two bounds leave it to bit-blasted
/// arithmetic, many times slower.
void pairEqualities(expr::ExprContext &ctx, std::vector<ExprRef> &candidates,
                    const std::map<ExprRef, std::vector<ExprRef>> &quantified) {
  auto bound = [&](const ExprRef &c) {
    return (c->kind() == expr::Kind::Sle || c->kind() == expr::Kind::Ule) &&
           !quantified.count(c);
  };
  for (size_t i = 0; i < candidates.size(); ++i) {
    const ExprRef c = candidates[i];
    if (!bound(c))
      continue;
    for (size_t j = i + 1; j < candidates.size(); ++j) {
      const ExprRef &d = candidates[j];
      if (d->kind() != c->kind() || quantified.count(d) ||
          d->child(0) != c->child(1) ||
          d->child(1) != c->child(0))
        continue;
      candidates.erase(candidates.begin() + static_cast<long>(j));
      candidates[i] = ctx.eq(ExprRef(c->child(0)), ExprRef(c->child(1)));
      break;
    }
  }
}

/// The share of the time Spacer gets alone, before any sampling, and its
/// most: what it proves quickly it proves in a fraction of a second, and
/// a question it leaves open gets Spacer again after the sampling, with
/// the equalities (a fifth of a 60 s --horn-timeout, waited out before
/// the equalities that proved the question in 0.7 s, was most of the
/// suite's longest loop tests).
constexpr int kQuickSpacerPercent = 20;
constexpr std::chrono::milliseconds kQuickSpacerMost{2000};

/// The arguments each argument is paired with in order templates.
constexpr size_t kTemplatePartners = 16;

/// Spacer's answer to `goal` as a child process passes it back
/// (IsolatedRun.h): "sat", "unsat", or Z3's reason for neither.
std::string spacerAnswer(z3::fixedpoint &fp, z3::expr goal) {
  try {
    z3::check_result r = fp.query(goal);
    return r == z3::unsat ? "unsat" : r == z3::sat ? "sat"
                                                   : fp.reason_unknown();
  } catch (const z3::exception &e) {
    return e.msg();
  }
}

} // namespace

/// The top-level conjuncts of `e`.
void conjuncts(const z3::expr &e, std::vector<z3::expr> &out) {
  if (e.is_app() && e.decl().decl_kind() == Z3_OP_AND) {
    for (unsigned i = 0; i < e.num_args(); ++i)
      conjuncts(e.arg(i), out);
    return;
  }
  out.push_back(e);
}

void addCandidate(std::vector<ExprRef> &candidates, const ExprRef &c) {
  if (!c->isTrue() &&
      std::find(candidates.begin(), candidates.end(), c) == candidates.end())
    candidates.push_back(c);
}

std::optional<std::pair<HornSolver::Candidates, HornSolver::Candidates>>
HornSolver::integerCandidates(SpacerStrategy strategy,
                              Clock::time_point deadline,
                              const Candidates &assumed, std::string &why) {
  z3::context z3;
  Watchdog dog(z3, deadline);
  ElementLayouts layouts(ctx_, system_);
  IntAbstraction abs(z3, layouts);
  AssumedInvariants known{ctx_, assumed};
  try {
    SpacerSystem spacer =
        loadSpacer(z3, system_, abs, strategy, &known, /*linearQueries=*/true);
    z3::fixedpoint &fp = spacer.fp;
    std::vector<z3::func_decl> &rels = spacer.relations;
    z3::expr goal = spacer.error();
    if (hasArrays(system_)) {
      // Spacer's quantified lemmas may crash Z3 (IsolatedRun.h): asked in
      // a child first, and again here (the same answer: Z3 is
      // deterministic) only for the invariants of an unsat one.
      IsolatedResult probe = runIsolated(
          [&] {
            Watchdog childDog(z3, deadline);
            return spacerAnswer(fp, goal);
          },
          deadline);
      if (probe.output && *probe.output != "unsat") {
        why = *probe.output == "sat"
                  ? "the integer abstraction reaches the error"
                  : "Spacer over the integers: " + *probe.output;
        return std::nullopt;
      }
      if (!probe.output && !probe.notIsolated) {
        why = "Spacer over the integers " + probe.failure;
        return std::nullopt;
      }
    }
    z3::check_result r = fp.query(goal);
    if (r != z3::unsat) {
      why = r == z3::sat ? "the integer abstraction reaches the error"
                         : "Spacer over the integers: " + fp.reason_unknown();
      return std::nullopt;
    }
    Candidates modularOnly(rels.size()), all(rels.size());
    for (size_t k = 0; k < rels.size(); ++k) {
      // Spacer's arguments: an array's once per field of its layout.
      std::vector<ExprRef> args;
      std::vector<ArgumentView> views;
      for (unsigned i = 0; i < system_.relations()[k].args.size(); ++i) {
        ExprRef a = system_.argument(ctx_, k, i);
        const ElementLayout *layout = layouts.ofArgument(k, i);
        if (!layout || layout->none()) {
          args.push_back(a);
          views.emplace_back();
          continue;
        }
        for (const auto &[offset, bytes] : layout->fields) {
          args.push_back(a);
          views.push_back({layout->stride, offset, bytes});
        }
      }
      InvariantReader exact(ctx_, args, false, views),
          modular(ctx_, args, true, views);
      std::vector<z3::expr> parts;
      conjuncts(fp.get_cover_delta(-1, rels[k]), parts);
      for (const z3::expr &p : parts) {
        std::vector<ExprRef> bound;
        if (auto f = exact.formula(p, &bound)) {
          if (!bound.empty()) {
            bound_[*f] = bound;
            // (A quantifier over no array's cells has no stride.)
            if (exact.lastStride() != 0)
              quantifiedStrides_.insert(exact.lastStride());
            addCandidate(modularOnly[k], *f);
          }
          addCandidate(all[k], *f);
        }
        if (auto f = modular.formula(p)) {
          addCandidate(all[k], *f);
          addCandidate(modularOnly[k], *f);
        }
      }
      pairEqualities(ctx_, modularOnly[k], bound_);
      pairEqualities(ctx_, all[k], bound_);
      std::vector<ExprRef> templates;
      // Spacer's integer invariant may state a bound through another
      // value (s <= 2*n for i <= n when s = 2*i) that does not survive
      // wrap-around; the order of the values themselves often does.
      // (Pairs only with the last kTemplatePartners arguments, where a
      // loop's carried values are: the count stays linear.)
      for (size_t a = 0; a < args.size(); ++a) {
        if (!args[a]->sort().isBV())
          continue;
        ExprRef zero = ctx_.bv(args[a]->width(), 0);
        templates.push_back(ctx_.sle(zero, args[a]));
        size_t first = std::max(a + 1, args.size() > kTemplatePartners
                                           ? args.size() - kTemplatePartners
                                           : size_t(0));
        for (size_t b = first; b < args.size(); ++b) {
          if (args[b]->sort() != args[a]->sort())
            continue;
          templates.push_back(ctx_.sle(args[a], args[b]));
          templates.push_back(ctx_.sle(args[b], args[a]));
          templates.push_back(ctx_.ule(args[a], args[b]));
          templates.push_back(ctx_.ule(args[b], args[a]));
        }
      }
      for (const ExprRef &t : templates) {
        addCandidate(modularOnly[k], t);
        addCandidate(all[k], t);
      }
    }
    entryFacts(modularOnly);
    entryFacts(all);
    return std::make_pair(std::move(modularOnly), std::move(all));
  } catch (const z3::exception &e) {
    why = std::string("Spacer over the integers: ") + e.msg();
    return std::nullopt;
  }
}

std::optional<std::pair<HornSolver::Candidates, HornSolver::Candidates>>
HornSolver::integerCandidates(const Candidates &assumed, std::string &why) {
  // Half the budget: the bit-vector route needs time when this one fails.
  // Most questions are proved by the first strategy in a fraction of a
  // second; the second gets what the first leaves of its 60%.
  Clock::time_point end =
      Clock::now() +
      std::chrono::milliseconds(static_cast<int64_t>(left() * 500));
  Clock::time_point firstEnd =
      Clock::now() + (end - Clock::now()) * 6 / 10;
  if (auto c = integerCandidates(SpacerStrategy::EqualityGeneralisation,
                                 firstEnd, assumed, why))
    return c;
  std::string second;
  if (Clock::now() + std::chrono::milliseconds(50) >= end)
    return std::nullopt;
  if (auto c = integerCandidates(SpacerStrategy::PlainFarkas, end, assumed,
                                 second))
    return c;
  why += "; with plain Farkas interpolants: " + second;
  return std::nullopt;
}

std::vector<ExprRef>
HornSolver::conditionsOver(const ExprRef &constraint,
                           const expr::Substitution &sub, bool negated) {
  std::vector<ExprRef> out;
  std::vector<const expr::Expr *> work{constraint.get()};
  while (!work.empty()) {
    const expr::Expr *e = work.back();
    work.pop_back();
    if (e->kind() == expr::Kind::And) {
      for (unsigned i = 0; i < e->numChildren(); ++i)
        work.push_back(e->child(i));
      continue;
    }
    if (negated) {
      if (e->kind() != expr::Kind::Not)
        continue;
      e = e->child(0);
    }
    std::vector<ExprRef> vars = expr::freeVariables(e);
    if (!vars.empty() &&
        std::all_of(vars.begin(), vars.end(),
                    [&](const ExprRef &v) { return sub.count(v); }))
      out.push_back(expr::substitute(ctx_, e, sub));
  }
  return out;
}

void HornSolver::entryFacts(Candidates &out) {
  // What an entry clause states of the head's plain-variable arguments
  // alone (a loop's bound, fixed before it and passed unchanged): the
  // integers need no such range, bit-vector inductiveness often does.
  for (const HornClause &c : system_.clauses()) {
    if (!c.body.empty() || !c.head)
      continue;
    expr::Substitution sub;
    for (unsigned i = 0; i < c.head->args.size(); ++i)
      if (c.head->args[i]->kind() == expr::Kind::Var)
        sub[c.head->args[i]] = system_.argument(ctx_, c.head->relation, i);
    for (const ExprRef &f : conditionsOver(c.constraint, sub, false))
      addCandidate(out[c.head->relation], f);
  }
  // A constant an entry clause gives an argument (after other relations:
  // a pointer that starts at a list's head) holds while no iteration
  // changes it.
  for (const HornClause &c : system_.clauses()) {
    if (!c.head || std::any_of(c.body.begin(), c.body.end(),
                               [&](const HornAtom &a) {
                                 return a.relation == c.head->relation;
                               }))
      continue;
    for (unsigned i = 0; i < c.head->args.size(); ++i)
      if (c.head->args[i]->kind() == expr::Kind::BVConst)
        addCandidate(out[c.head->relation],
                     ctx_.eq(system_.argument(ctx_, c.head->relation, i),
                             c.head->args[i]));
  }
}

HornAnswer HornSolver::bitVectorSpacer(HornAnswer answer) {
  z3::context &z3 = bv_.z3();
  if (left() <= 0) {
    answer.reason += "; no time left for Spacer over bit-vectors";
    return answer;
  }
  // In a child process (IsolatedRun.h).
  auto query = [&]() -> std::string {
    Watchdog dog(z3, deadline_);
    BitVectorEncoding encoding(bv_);
    try {
      SpacerSystem spacer = loadSpacer(z3, system_, encoding);
      return spacerAnswer(spacer.fp, spacer.error());
    } catch (const z3::exception &e) {
      return e.msg();
    }
  };
  IsolatedResult run = runIsolated(query, deadline_);
  std::string result =
      run.output ? *run.output
                 : run.notIsolated ? query() : "Spacer " + run.failure;
  answer.method = "bit-vector Spacer";
  if (result == "sat") {
    answer.status = HornAnswer::Unsafe;
    answer.reason.clear();
  } else if (result == "unsat") {
    answer.status = HornAnswer::Safe;
    answer.reason.clear();
    answer.invariants.assign(system_.relations().size(), ExprRef());
  } else {
    answer.reason +=
        "; Spacer over bit-vectors: " + Z3Translator::unknownReason(result);
  }
  return answer;
}

bool HornSolver::earlierInvariantsRefute(Candidates &candidates) {
  if (!earlier_)
    return false;
  candidates.assign(system_.relations().size(), {});
  bool any = false;
  for (size_t r = 0; r < candidates.size(); ++r) {
    // Not over arrays: their invariants quantify (not kept here), and a
    // Houdini query over arrays that fails takes seconds.
    const std::vector<expr::Sort> &sorts = system_.relations()[r].args;
    if (std::any_of(sorts.begin(), sorts.end(),
                    [](const expr::Sort &s) { return s.isArray(); }))
      return false;
    auto it = earlier_->find(system_.relations()[r].name);
    if (it == earlier_->end())
      continue;
    // Over this relation's arguments only (same name, arity and sorts).
    any |= addOverArguments(r, it->second, candidates[r]);
  }
  return any && refutesInAThird(candidates);
}

bool HornSolver::earlierWithTemplatesRefute(Candidates &candidates) {
  size_t n = system_.relations().size();
  std::vector<bool> alone(n, true);
  if (templateCandidates(Candidates(n), candidates, &alone) &&
      refutesInAThird(candidates))
    return true;
  // The last loops: read by queries, and by no other relation's clauses.
  std::vector<bool> queried(n, false), feeds(n, false);
  for (const HornClause &c : system_.clauses())
    for (const HornAtom &a : c.body) {
      if (!c.head)
        queried[a.relation] = true;
      else if (c.head->relation != a.relation)
        feeds[a.relation] = true;
    }
  bool any = false;
  for (size_t r = 0; r < n; ++r)
    if (queried[r] && !feeds[r])
      any = true, alone[r] = false;
  return any && templateCandidates(Candidates(n), candidates, &alone) &&
         refutesInAThird(candidates);
}

bool HornSolver::refutesInAThird(Candidates &candidates) {
  Clock::time_point deadline = deadline_;
  deadline_ = std::min(deadline, Clock::now() + (deadline - Clock::now()) / 3);
  std::string why;
  bool refuted = checkOverBitVectors(candidates, why);
  deadline_ = deadline;
  return refuted;
}

HornAnswer HornSolver::solve() {
  HornAnswer answer;
  std::string why;
  auto safe = [&](const Candidates &proved, const char *method) {
    answer.status = HornAnswer::Safe;
    answer.method = method;
    answer.reason.clear();
    for (const auto &r : proved) {
      std::vector<ExprRef> plain;
      answer.quantified.emplace_back();
      for (const ExprRef &f : r)
        if (auto q = bound_.find(f); q != bound_.end())
          answer.quantified.back().push_back({q->second, f});
        else
          plain.push_back(f);
      answer.invariants.push_back(ctx_.andAll(plain));
    }
    answer.seconds =
        std::chrono::duration<double>(Clock::now() - start_).count();
    return answer;
  };
  // (Over cells the templates' Houdini run starts from the earlier
  // invariants too: asked alone first, a walk's query ran out of their
  // third of the time under load, and the same query then took the rest.)
  if (Candidates earlier; !templatesOnly_ && earlierInvariantsRefute(earlier))
    return safe(earlier, "earlier invariants checked over bit-vectors");
  // Templates read off the clauses (cells) are cheaper than Spacer, which
  // rarely proves what they state.
  if (Candidates earlier;
      templatesOnly_ && earlierAlone_ && earlierWithTemplatesRefute(earlier))
    return safe(earlier, "earlier invariants checked over bit-vectors");
  std::optional<Candidates> sampled;
  if (templates_) {
    // Over cells, the templates alone first: sampling and sifting the
    // equalities took 40% of a walk's question (seed 001's listing 3) and
    // its proof needs none of them.
    Candidates kept;
    if (templatesOnly_ &&
        templatesRefute(Candidates(system_.relations().size()), kept))
      return safe(kept, "templates checked over bit-vectors");
    sampled = linearEqualities();
    if (std::string unused; checkOverBitVectors(*sampled, unused))
      return safe(*sampled, "linear equalities checked over bit-vectors");
    // The templates again with the equalities; not when the invariants
    // the templates' run kept imply each of them. Houdini would then keep
    // the same templates (with the equalities implied, a set it keeps is
    // inductive without them, so within what the first run kept), and
    // fail the same way: seed 001's listing 1 asked a question's 241
    // candidates so after its 240 had failed (0.9 s of 2.1 s). (A first
    // run the time cut short leaves no time for a second one either.)
    if (Candidates t;
        !(templatesOnly_ && impliesEach(kept, *sampled)) &&
        templatesRefute(*sampled, t))
      return safe(t, "templates checked over bit-vectors");
  }
  if (templatesOnly_) {
    answer.reason = left() <= 0
                        ? "checking the templates ran out of time (--horn-timeout)"
                        : "the templates do not refute the queries";
    answer.seconds =
        std::chrono::duration<double>(Clock::now() - start_).count();
    return answer;
  }
  // Spacer alone first, briefly: it proves most questions in a fraction
  // of a second, before the sampling below has even started.
  Candidates none(system_.relations().size());
  Clock::time_point quick =
      Clock::now() +
      std::min<Clock::duration>((deadline_ - Clock::now()) * kQuickSpacerPercent / 100,
                                kQuickSpacerMost);
  if (auto c = integerCandidates(SpacerStrategy::EqualityGeneralisation,
                                 quick, none, why))
    if (const Candidates *proved = provedByHoudini(*c, why))
      return safe(*proved, "integer invariants checked over bit-vectors");
  Candidates equalities = sampled ? std::move(*sampled) : linearEqualities();
  if (std::string unused; !sampled && checkOverBitVectors(equalities, unused))
    return safe(equalities, "linear equalities checked over bit-vectors");
  // (Spacer over the integers gets the linear ones: products would make
  // its arithmetic non-linear.)
  Candidates linear = equalities;
  for (auto &r : linear)
    std::erase_if(r, [&](const ExprRef &c) {
      return proved_.count(c) || bound_.count(c);
    });
  why.clear();
  if (auto candidates = integerCandidates(linear, why)) {
    auto &[modularOnly, all] = *candidates;
    for (size_t r = 0; r < equalities.size(); ++r)
      for (const ExprRef &e : equalities[r]) {
        addCandidate(modularOnly[r], e);
        addCandidate(all[r], e);
      }
    if (const Candidates *proved = provedByHoudini(*candidates, why))
      return safe(*proved, "integer invariants checked over bit-vectors");
  }
  answer.reason = why;
  answer = bitVectorSpacer(std::move(answer));
  answer.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  return answer;
}

const HornSolver::Candidates *
HornSolver::provedByHoudini(std::pair<Candidates, Candidates> &candidates,
                            std::string &why) {
  auto &[modularOnly, all] = candidates;
  // (Houdini drops from the sets it checks: compared before.)
  std::vector<Candidates *> tries{&modularOnly};
  if (all != modularOnly)
    tries.push_back(&all);
  for (Candidates *c : tries)
    if (checkOverBitVectors(*c, why))
      return c;
  return nullptr;
}

namespace {

HornAnswer solveSliced(expr::ExprContext &ctx, const HornSystem &system,
                       const HornOptions &options) {
  SlicedHornSystem sliced = sliceArguments(system);
  if (!sliced.dropsAny) {
    HornSolver solver(ctx, system, options);
    return solver.solve();
  }
  HornOptions mine = options;
  std::map<std::string, std::vector<ExprRef>> earlier, templates;
  if (options.earlier) {
    earlier = slicedInvariants(ctx, system, sliced, *options.earlier);
    mine.earlier = &earlier;
  }
  if (options.templates) {
    templates = slicedInvariants(ctx, system, sliced, *options.templates);
    mine.templates = &templates;
  }
  HornSolver solver(ctx, sliced.system, mine);
  return originalAnswer(ctx, system, sliced, solver.solve());
}

/// At most this share of the time goes to a system's cell abstraction
/// (CellIndexed.h) before the quantified route over its arrays. A walk
/// down a list is proved over cells or not at all, and its questions took
/// up to 1.9 s of the default 3 s under a load of two runs per core.
constexpr double kCellShare = 0.8;

} // namespace

HornAnswer solveHorn(expr::ExprContext &ctx, const HornSystem &system,
                     const HornOptions &options) {
  // An exception out of Z3 (or out of reading its answer) leaves this
  // question undecided; it must not end the run that asked it.
  auto start = Clock::now();
  auto failed = [&](std::string why) {
    HornAnswer a;
    a.reason = std::move(why);
    a.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return a;
  };
  std::string question;
  if (options.shelf) {
    question = hornQuestionText(system, options);
    if (std::optional<std::string> kept = options.shelf->find(question)) {
      llvm::Expected<HornAnswer> a = readHornAnswer(ctx, *kept);
      // A safe answer's invariants are its relations', one each.
      if (a && (a->status != HornAnswer::Safe ||
                a->invariants.size() == system.relations().size()))
        return std::move(*a);
      if (!a)
        llvm::consumeError(a.takeError()); // unreadable: solved again
    }
  }
  try {
    // Over arrays, the cells' templates first (one Houdini run, in a
    // fraction of a second when they hold), then the quantified route
    // with the time left.
    HornAnswer a;
    std::string cellsWhy;
    if (options.cells && hasArrays(system)) {
      HornOptions cells = options;
      cells.timeoutSeconds = options.timeoutSeconds * kCellShare;
      a = solveOverCells(ctx, system, cells);
      cellsWhy = a.reason;
    }
    if (a.status != HornAnswer::Safe) {
      HornOptions rest = options;
      rest.timeoutSeconds = std::max(
          0.1, options.timeoutSeconds -
                   std::chrono::duration<double>(Clock::now() - start).count());
      a = solveSliced(ctx, system, rest);
      if (a.status == HornAnswer::Unknown && !cellsWhy.empty())
        a.reason += "; " + cellsWhy;
    }
    a.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (options.shelf && a.status != HornAnswer::Unknown)
      options.shelf->keep(question, writeHornAnswer(a));
    return a;
  } catch (const std::exception &e) {
    return failed(std::string("internal error in the Horn solver: ") +
                  e.what());
  } catch (...) {
    // Z3 4.8.12 lets exceptions of its own that are not z3_exceptions out
    // of its API (see SpacerSystem::lastReference).
    return failed("internal error in the Horn solver: an exception out of Z3");
  }
}

} // namespace cosmo::solver
