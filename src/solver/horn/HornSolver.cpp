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
#include <condition_variable>
#include <mutex>
#include <set>
#include <thread>
#include <unordered_map>

namespace cosmo::solver {

using expr::Expr;
using expr::Kind;

namespace {

/// Interrupts a Z3 context when a deadline passes (Spacer has no reliable
/// timeout of its own), and again every 50 ms until the guarded work
/// ends: an interrupt that comes before Z3 has started (a deadline already
/// past) is lost, and the query would then run for ever.
class Watchdog {
public:
  Watchdog(z3::context &z3, Clock::time_point deadline)
      : thread_([this, &z3, deadline] {
          std::unique_lock<std::mutex> lock(mutex_);
          auto done = [this] { return done_; };
          if (done_cv_.wait_until(lock, deadline, done))
            return;
          do
            z3.interrupt();
          while (!done_cv_.wait_for(lock, std::chrono::milliseconds(50), done));
        }) {}
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    done_cv_.notify_all();
    thread_.join();
  }

private:
  std::mutex mutex_;
  std::condition_variable done_cv_;
  bool done_ = false;
  std::thread thread_; // last: starts after the members it uses
};

//===--- Integer invariants as exact bit-vector formulas (step 2) ---------===//


//===--- Solving ----------------------------------------------------------===//

/// `s.check()`, unknown when Z3 fails (its quantifier instantiation
/// throws on some array formulas).
z3::check_result checkSafely(z3::solver &s) {
  try {
    return s.check();
  } catch (const z3::exception &) {
    return z3::unknown;
  }
}


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

/// The share of the time Spacer gets alone, before any sampling.
constexpr int kQuickSpacerPercent = 20;

/// The arguments each argument is paired with in order templates.
constexpr size_t kTemplatePartners = 16;

/// Time for one Houdini query with quantified conjuncts: Z3 decides the
/// inductive ones at once by instantiation, and may search long for a
/// model of the others.
constexpr double kQuantifiedCheckSeconds = 1.5;
/// Time for a Houdini query with products of variables as opaque values
/// (linear: decided at once, or not by the abstraction).
constexpr double kOpaqueCheckSeconds = 0.2;


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

z3::expr HornSolver::at(const std::vector<ExprRef> &candidates,
                        const HornAtom &atom) {
  expr::Substitution sub = system_.argumentsAt(ctx_, atom);
  z3::expr_vector parts(bv_.z3());
  for (const ExprRef &c : candidates) {
    z3::expr f = bv_.translateConstraint(expr::substitute(ctx_, c, sub).get());
    if (auto q = bound_.find(c); q != bound_.end()) {
      z3::expr_vector vars(bv_.z3());
      for (const ExprRef &v : q->second)
        vars.push_back(bv_.translate(v.get()));
      f = z3::forall(vars, f);
    }
    parts.push_back(f);
  }
  return z3::mk_and(parts);
}

z3::check_result HornSolver::check(const z3::expr &premise,
                                   const std::vector<z3::expr> &keeps,
                                   bool quantified, std::vector<bool> *holds,
                                   double most, bool instances) {
  double seconds = left();
  if (quantified)
    seconds = std::min(seconds, checkCap(kQuantifiedCheckSeconds));
  if (most > 0)
    seconds = std::min(seconds, most);
  if (seconds <= 0)
    return z3::unknown;
  // A quantified query goes to a context of its own: Z3's instantiation
  // depends on its context's history (one query measured 0.15 s in a fresh
  // context and 2.4 s in the context of the earlier ones).
  std::unique_ptr<z3::context> own;
  z3::context *z3 = &bv_.z3();
  auto moved = [&](const z3::expr &e) {
    return own ? z3::expr(*own, Z3_translate(bv_.z3(), e, *own)) : e;
  };
  if (quantified || instances) {
    own = std::make_unique<z3::context>();
    z3 = own.get();
  }
  // A ground query or an instance query (a store chain read at witnesses
  // of quantified invariants) goes to Z3's smt tactic, then, if that
  // takes a third of the time, through simplify and solve-eqs first; not
  // to Z3's default solver. Measured with Z3 4.8.12: Houdini's ground
  // queries on apache-get-tag's loops took 0.04-0.07 s so and 0.1-0.7 s
  // with the default solver (its 43 questions: 11.6 s in all, 21.7 s
  // before); an instance query of a zero fill took 0.15 s with smt alone,
  // 0.8 s with the default solver and more than 5 s with simplify and
  // solve-eqs first; one of mcmillan2006's fill took 0.27 s with those
  // first, and more than its 1.5 s in the context of the earlier queries.
  // try_for bounds the tactics. The solver made of them gets no "timeout"
  // of its own: Z3 4.8.12's timers deadlock when one expires around another
  // started later in the same thread (its worker returns to the pool still
  // locked by the expired timer, and the next timer locks it again), and
  // the check's timer would enclose the try_for ones. A differential run
  // hung so in a Z3 mutex.
  unsigned ms = static_cast<unsigned>(seconds * 1000) + 1;
  bool tactics = instances || !quantified;
  z3::solver s =
      tactics ? (z3::try_for(z3::tactic(*z3, "smt"), ms / 3 + 1) |
                 z3::try_for(z3::tactic(*z3, "simplify") &
                                 z3::tactic(*z3, "solve-eqs") &
                                 z3::tactic(*z3, "smt"),
                             ms - ms / 3))
                    .mk_solver()
              : z3::solver(*z3);
  if (!tactics) {
    z3::params p(*z3);
    p.set("timeout", ms);
    s.set(p);
  }
  std::vector<z3::expr> kept;
  z3::expr_vector all(*z3);
  for (const z3::expr &k : keeps) {
    kept.push_back(moved(k));
    all.push_back(kept.back());
  }
  s.add(moved(premise));
  if (!keeps.empty())
    s.add(!z3::mk_and(all));
  z3::check_result r = checkSafely(s);
  if (r == z3::sat && holds) {
    z3::model m = s.get_model();
    for (const z3::expr &k : kept)
      holds->push_back(m.eval(k, true).is_true());
  }
  return r;
}

bool HornSolver::preservedOpaquely(const z3::expr &premise,
                                   const std::vector<z3::expr> &keeps) {
  z3::expr_vector all(bv_.z3());
  for (const z3::expr &k : keeps)
    all.push_back(k);
  std::optional<z3::expr> opaque =
      withOpaqueProducts(premise && !z3::mk_and(all));
  return opaque && check(*opaque, {}, false, nullptr,
                         checkCap(kOpaqueCheckSeconds)) == z3::unsat;
}

std::vector<bool>
HornSolver::falsifiedOpaquely(const z3::expr &premise,
                              const std::vector<z3::expr> &keeps) {
  // Each conjunct named, so that the model says which it falsifies
  // whatever the abstraction made of its products.
  z3::context &z3 = bv_.z3();
  std::vector<z3::expr> names;
  z3::expr_vector parts(z3);
  parts.push_back(premise);
  for (size_t k = 0; k < keeps.size(); ++k) {
    names.push_back(z3.bool_const(("cosmo.keep" + std::to_string(k)).c_str()));
    parts.push_back(names.back() == keeps[k]);
  }
  std::vector<bool> holds, out(keeps.size(), false);
  std::optional<z3::expr> opaque =
      withOpaqueProducts(z3::mk_and(parts), /*pin=*/false);
  if (opaque && check(*opaque, names, false, &holds,
                      checkCap(kOpaqueCheckSeconds)) == z3::sat)
    for (size_t k = 0; k < keeps.size(); ++k)
      out[k] = !holds[k];
  return out;
}

bool HornSolver::checkOverBitVectors(Candidates &candidates,
                                     std::string &why) {
  candidates_ = &candidates;
  const auto &clauses = system_.clauses();
  auto premise = [&](const HornClause &c) {
    z3::expr_vector parts(bv_.z3());
    parts.push_back(bv_.translateConstraint(c.constraint.get()));
    for (const HornAtom &a : c.body)
      parts.push_back(at(candidates[a.relation], a));
    return z3::mk_and(parts);
  };
  // Houdini: drop every conjunct some clause does not preserve, until
  // none is dropped (each step removes one at least, so it ends). One
  // query asks whether a clause preserves all of them; a model where it
  // does not drops every conjunct that model falsifies at once.
  //
  // Quantified conjuncts make every query slow, the satisfiable ones
  // most (Z3 builds models for them by instantiation rounds): the ground
  // conjuncts are first sifted alone, as if the quantified ones were not
  // there (dropping one too many only loses a proof), then all together.
  // Candidates known inductive on their own (polynomial equalities) are
  // not asked again: their queries multiply, which Z3 bit-blasts slowly.
  // Houdini runs without them (fewer premises: sound) and the queries
  // get them back.
  Candidates proven(candidates.size());
  for (size_t r = 0; r < candidates.size(); ++r) {
    for (const ExprRef &c : candidates[r])
      if (proved_.count(c))
        proven[r].push_back(c);
    std::erase_if(candidates[r],
                  [&](const ExprRef &c) { return proved_.count(c); });
  }
  // A set Houdini has kept before is inductive: only the queries are
  // left to ask (linearEqualities sifts the set solve() then checks).
  bool inductive = candidates == inductive_;
  Candidates aside(candidates.size());
  for (size_t r = 0; r < candidates.size(); ++r)
    for (const ExprRef &c : candidates[r])
      if (bound_.count(c))
        aside[r].push_back(c);
  bool sifting = !inductive && std::any_of(aside.begin(), aside.end(),
                                           [](const auto &a) {
                                             return !a.empty();
                                           });
  if (sifting)
    for (auto &r : candidates)
      std::erase_if(r, [&](const ExprRef &c) { return bound_.count(c); });
  // A clause shown to preserve its head's candidates is asked again only
  // once a relation of its body has lost some (its head losing some
  // leaves it preserved, unless its body has an atom of that relation).
  std::vector<unsigned> version(candidates.size(), 0);
  std::vector<std::optional<std::vector<unsigned>>> shownAt(clauses.size());
  auto bodyVersions = [&](const HornClause &c) {
    std::vector<unsigned> v;
    for (const HornAtom &a : c.body)
      v.push_back(version[a.relation]);
    return v;
  };
  for (bool changed = !inductive; changed || sifting;) {
    if (!changed) { // the ground conjuncts are sifted: now all of them
      sifting = false;
      for (size_t r = 0; r < candidates.size(); ++r) {
        candidates[r].insert(candidates[r].end(), aside[r].begin(),
                             aside[r].end());
        version[r] += !aside[r].empty();
      }
      std::fill(shownAt.begin(), shownAt.end(), std::nullopt);
    }
    changed = false;
    for (size_t ci = 0; ci < clauses.size(); ++ci) {
      const HornClause &c = clauses[ci];
      if (!c.head || (shownAt[ci] && *shownAt[ci] == bodyVersions(c)))
        continue;
      std::vector<ExprRef> &head = candidates[c.head->relation];
      size_t headCount = head.size();
      while (!head.empty()) {
        // The premise holds the head's own candidates when the clause is
        // an iteration: it is rebuilt after every drop.
        std::vector<z3::expr> keeps;
        for (const ExprRef &h : head)
          keeps.push_back(at({h}, *c.head));
        bool quantified = quantifies(c);
        if (quantified && preservedByInstances(c, head))
          break;
        z3::expr before = premise(c);
        if (!quantified) {
          if (preservedOpaquely(before, keeps))
            break;
          // Products bit-blasted are slow to refute and slow to model: a
          // model with them opaque drops the conjuncts it falsifies first
          // (a drop is never unsound, only a proof lost where the
          // abstraction's model is not one of the clause).
          std::vector<bool> drop = falsifiedOpaquely(before, keeps);
          if (std::find(drop.begin(), drop.end(), true) != drop.end()) {
            for (size_t k = drop.size(); k-- > 0;)
              if (drop[k])
                head.erase(head.begin() + static_cast<long>(k));
            changed = true;
            continue;
          }
        }
        std::vector<bool> holds;
        z3::check_result r = check(before, keeps, quantified, &holds);
        if (r == z3::unsat)
          break;
        changed = true;
        if (r == z3::unknown) {
          // Not decided in time: the quantified conjuncts go first (their
          // instantiation is what Z3 gives up on), then everything but
          // what is preserved with products as opaque values (a premise
          // with polynomial invariants has multipliers to bit-blast).
          size_t count = head.size();
          std::erase_if(head,
                        [&](const ExprRef &h) { return bound_.count(h); });
          if (head.size() == count || left() <= 0) {
            std::vector<ExprRef> preserved;
            for (size_t k = 0; k < count && !quantified; ++k)
              if (preservedOpaquely(before, {keeps[k]}))
                preserved.push_back(head[k]);
            if (preserved.size() == count)
              break; // each preserved: all are
            head = preserved;
          }
          continue;
        }
        size_t count = head.size();
        // A model does not evaluate a quantified conjunct reliably (its
        // arrays are finite tables): those are asked alone when no other
        // conjunct is dropped.
        std::vector<bool> drop(count, false);
        bool dropped = false;
        for (size_t k = 0; k < count; ++k)
          if (!bound_.count(head[k]) && !holds[k])
            drop[k] = dropped = true;
        for (size_t k = 0; k < count && !dropped; ++k)
          if (bound_.count(head[k]))
            drop[k] = check(before, {keeps[k]}, true) != z3::unsat;
        for (size_t k = count; k-- > 0;)
          if (drop[k])
            head.erase(head.begin() + static_cast<long>(k));
        if (head.size() == count)
          head.clear(); // cannot happen: the model falsifies one of them
      }
      // (Preserved as the head's candidates are now, those of its own
      // relation in the body included.)
      version[c.head->relation] += head.size() != headCount;
      shownAt[ci] = bodyVersions(c);
    }
  }
  inductive_ = candidates;
  // (Each only while the invariants it was shown inductive under are
  // kept: a check out of time may have dropped one, and with it the
  // polynomials shown under that polynomial.)
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t r = 0; r < candidates.size(); ++r)
      std::erase_if(proven[r], [&](const ExprRef &p) {
        for (const auto &[from, g] : proved_.at(p)) {
          const auto &kept = candidates[from];
          const auto &shown = proven[from];
          if (std::find(kept.begin(), kept.end(), g) == kept.end() &&
              std::find(shown.begin(), shown.end(), g) == shown.end())
            return changed = true;
        }
        return false;
      });
  }
  for (size_t r = 0; r < candidates.size(); ++r)
    candidates[r].insert(candidates[r].end(), proven[r].begin(),
                         proven[r].end());
  for (const HornClause &c : clauses) {
    if (c.head)
      continue;
    if (quantifies(c) && preservedByInstances(c, {}))
      continue;
    // Products of variables first as opaque values: the polynomial
    // invariants refute a query through them linearly, which Z3 does not
    // see once it has bit-blasted the multipliers (20 s and more).
    z3::expr q = premise(c);
    z3::check_result r = z3::unknown;
    if (std::optional<z3::expr> linear = withOpaqueProducts(q))
      r = check(*linear, {}, quantifies(c), nullptr,
                checkCap(kGroundCheckSeconds));
    if (r != z3::unsat)
      r = check(q, {}, quantifies(c));
    if (r != z3::unsat) {
      why = r == z3::unknown
                ? "checking the invariants over bit-vectors ran out of time"
                : "the integer invariants do not hold over bit-vectors "
                  "(wrap-around)";
      return false;
    }
  }
  return true;
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
    std::set<ExprRef, expr::ExprIdLess> args;
    for (unsigned i = 0; i < system_.relations()[r].args.size(); ++i)
      args.insert(system_.argument(ctx_, r, i));
    for (const ExprRef &f : it->second) {
      auto vars = expr::freeVariables(f);
      if (std::all_of(vars.begin(), vars.end(),
                      [&](const ExprRef &v) { return args.count(v); })) {
        candidates[r].push_back(f);
        any = true;
      }
    }
  }
  if (!any)
    return false;
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
  std::optional<Candidates> sampled;
  if (templates_) {
    // Over cells, the templates alone first: sampling and sifting the
    // equalities took 40% of a walk's question (seed 001's listing 3) and
    // its proof needs none of them.
    if (Candidates t; templatesOnly_ &&
                      templatesRefute(Candidates(system_.relations().size()), t))
      return safe(t, "templates checked over bit-vectors");
    sampled = linearEqualities();
    if (std::string unused; checkOverBitVectors(*sampled, unused))
      return safe(*sampled, "linear equalities checked over bit-vectors");
    if (Candidates t; templatesRefute(*sampled, t))
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
      Clock::now() + (deadline_ - Clock::now()) * kQuickSpacerPercent / 100;
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
