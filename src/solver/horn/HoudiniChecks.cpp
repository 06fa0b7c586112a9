//===- HoudiniChecks.cpp - Houdini over bit-vectors -------------------------===//
//
// The step of Horn.h that decides: candidate conjuncts are dropped until
// every clause preserves the ones left, each query a bit-vector one (with
// products as opaque values first, quantified conjuncts sifted apart).
// HornSolver.cpp proposes the candidates.
//
//===----------------------------------------------------------------------===//

#include "horn/HornSolver.h"
#include "horn/IsolatedRun.h"

#include <z3++.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

namespace cosmo::solver {

namespace {

/// `s.check()`, unknown when Z3 fails (its quantifier instantiation
/// throws on some array formulas).
z3::check_result checkSafely(z3::solver &s) {
  try {
    return s.check();
  } catch (const z3::exception &) {
    return z3::unknown;
  }
}

/// Time for one Houdini query with quantified conjuncts: Z3 decides the
/// inductive ones at once by instantiation, and may search long for a
/// model of the others.
constexpr double kQuantifiedCheckSeconds = 1.5;
/// Time for a Houdini query with products of variables as opaque values
/// (linear: decided at once, or not by the abstraction).
constexpr double kOpaqueCheckSeconds = 0.2;
/// Time for whether kept invariants imply some facts: a query over one
/// relation's arguments, without a clause, decided at once.
constexpr double kImplicationCheckSeconds = 0.2;
/// Time for a clause's first query of a pass (see checkOverBitVectors):
/// most queries that drop conjuncts take milliseconds; those that show a
/// clause preserves 60 conjuncts over cells, up to a second.
constexpr double kQuickCheckSeconds = 0.2;

/// A slow clause's answer from checkEach in a child process: its result
/// and, when sat, which conjuncts asked the model satisfies.
struct EachAnswer {
  z3::check_result result = z3::unknown;
  std::vector<bool> holds;
};

/// The answers by clause as the child sends them: a line each, `clause
/// result holds` (holds as 0s and 1s, `-` for none).
std::string writeEachAnswers(const std::map<size_t, EachAnswer> &answers) {
  std::string out;
  for (const auto &[clause, a] : answers) {
    std::string bits;
    for (bool b : a.holds)
      bits += b ? '1' : '0';
    out += std::to_string(clause) + ' ' +
           std::to_string(static_cast<int>(a.result)) + ' ' +
           (bits.empty() ? "-" : bits) + '\n';
  }
  return out;
}

std::map<size_t, EachAnswer> readEachAnswers(const std::string &text) {
  std::map<size_t, EachAnswer> out;
  std::istringstream in(text);
  size_t clause;
  int result;
  std::string bits;
  while (in >> clause >> result >> bits) {
    EachAnswer &a = out[clause];
    a.result = result == static_cast<int>(z3::sat)     ? z3::sat
               : result == static_cast<int>(z3::unsat) ? z3::unsat
                                                       : z3::unknown;
    if (bits != "-")
      for (char b : bits)
        a.holds.push_back(b == '1');
  }
  return out;
}

} // namespace

std::vector<ExprRef>
HornSolver::strongestOf(const std::vector<ExprRef> &candidates) {
  // (Not the quantified ones: a conjunct of their body is no literal of
  // theirs.)
  std::vector<ExprRef> plain;
  for (const ExprRef &c : candidates)
    if (!bound_.count(c))
      plain.push_back(c);
  if (plain.size() == candidates.size())
    return subsumption_.strongest(plain);
  std::vector<ExprRef> kept = subsumption_.strongest(plain);
  std::set<ExprRef, expr::ExprIdLess> strong(kept.begin(), kept.end());
  std::vector<ExprRef> out;
  for (const ExprRef &c : candidates)
    if (bound_.count(c) || strong.count(c))
      out.push_back(c);
  return out;
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
                                   double most, bool instances,
                                   bool brief) {
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
      brief     ? z3::try_for(z3::tactic(*z3, "smt"), ms).mk_solver()
      : tactics ? (z3::try_for(z3::tactic(*z3, "smt"), ms / 3 + 1) |
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

z3::check_result HornSolver::checkEach(const z3::expr &premise,
                                       const std::vector<z3::expr> &keeps,
                                       std::vector<bool> &holds, bool timed) {
  z3::context &z3 = bv_.z3();
  z3::solver s(z3);
  s.add(premise);
  z3::check_result out = z3::unsat;
  for (size_t k = 0; k < keeps.size() && out == z3::unsat; ++k) {
    double seconds = left();
    if (seconds <= 0) {
      out = z3::unknown;
      break;
    }
    if (timed) {
      z3::params p(z3);
      p.set("timeout", static_cast<unsigned>(seconds * 1000) + 1);
      s.set(p);
    }
    z3::expr a = z3.bool_const(("cosmo.each" + std::to_string(k)).c_str());
    s.add(z3::implies(a, !keeps[k]));
    z3::expr_vector assumed(z3);
    assumed.push_back(a);
    z3::check_result r;
    try {
      r = s.check(assumed);
    } catch (const z3::exception &) {
      r = z3::unknown;
    }
    if (r == z3::sat) {
      z3::model m = s.get_model();
      for (const z3::expr &e : keeps)
        holds.push_back(m.eval(e, true).is_true());
    }
    if (r != z3::unsat)
      out = r;
  }
  return out;
}

bool HornSolver::impliesEach(const Candidates &kept,
                             const Candidates &facts) {
  for (size_t r = 0; r < facts.size(); ++r) {
    if (facts[r].empty())
      continue;
    z3::expr_vector premise(bv_.z3());
    if (r < kept.size())
      for (const ExprRef &k : kept[r])
        if (!bound_.count(k))
          premise.push_back(bv_.translateConstraint(k.get()));
    std::vector<z3::expr> asked;
    for (const ExprRef &f : facts[r]) {
      if (bound_.count(f))
        return false; // (its body alone is not what it states)
      asked.push_back(bv_.translateConstraint(f.get()));
    }
    if (check(z3::mk_and(premise), asked, false, nullptr,
              checkCap(kImplicationCheckSeconds)) != z3::unsat)
      return false;
  }
  return true;
}

ExprRef HornSolver::stepOf(const HornClause &c,
                           const std::vector<ExprRef> &head) {
  // (In one order whatever the candidates' order: a later question's
  // earlier invariants are an answer's conjuncts, in its order.)
  auto over = [&](const std::vector<ExprRef> &candidates, const HornAtom &a) {
    expr::Substitution sub = system_.argumentsAt(ctx_, a);
    std::vector<ExprRef> parts;
    for (const ExprRef &x : candidates)
      parts.push_back(expr::substitute(ctx_, x, sub));
    std::sort(parts.begin(), parts.end(), expr::ExprIdLess());
    return ctx_.andAll(parts);
  };
  std::vector<ExprRef> premise{c.constraint};
  for (const HornAtom &a : c.body)
    premise.push_back(over((*candidates_)[a.relation], a));
  return ctx_.implies(ctx_.andAll(premise), over(head, *c.head));
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
      parts.push_back(at(strongestOf(candidates[a.relation]), a));
    return z3::mk_and(parts);
  };
  // Each of `asked`, a candidate of clause `c`'s head, at its head.
  auto keepsAt = [&](const HornClause &c, const std::vector<ExprRef> &asked) {
    std::vector<z3::expr> keeps;
    for (const ExprRef &h : asked)
      keeps.push_back(at({h}, *c.head));
    return keeps;
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
  // A clause a quick query does not decide is slow: it is asked only once
  // no quick query drops a conjunct (then in full), so that it is shown
  // preserving its head's conjuncts once, not again after each drop of
  // the clauses after it (Houdini's fixpoint is the same in any order).
  std::vector<bool> slow(clauses.size(), false);
  // A pass that asks the slow clauses in full asks every other one of them
  // in a child process meanwhile, on the other core (IsolatedRun.h), which
  // sends each answer as it has it; a clause takes its answer at its turn
  // unless a drop since has changed the candidates it was asked over.
  // (Seed 001's listing 1: four slow clauses of 0.2-0.85 s each.)
  struct Ahead {
    std::vector<unsigned> versions; ///< at the child's start
    std::set<size_t> clauses;
    std::optional<IsolatedRun> run;
  };
  std::optional<Ahead> ahead;
  auto askAhead = [&] {
    ahead.reset();
    std::vector<size_t> due;
    for (size_t ci = 0; ci < clauses.size(); ++ci) {
      const HornClause &c = clauses[ci];
      if (c.head && slow[ci] && !candidates[c.head->relation].empty() &&
          !(shownAt[ci] && *shownAt[ci] == bodyVersions(c)) && !quantifies(c))
        due.push_back(ci);
    }
    // (On one core the child would only slow the parent.)
    if (due.size() < 2 || std::thread::hardware_concurrency() < 2)
      return;
    std::vector<size_t> theirs;
    for (size_t k = 1; k < due.size(); k += 2)
      theirs.push_back(due[k]);
    std::optional<IsolatedRun> run =
        IsolatedRun::start([&, theirs](const IsolatedRun::Send &send) {
          Watchdog dog(bv_.z3(), deadline_);
          for (size_t ci : theirs) {
            const HornClause &c = clauses[ci];
            std::vector<z3::expr> keeps =
                keepsAt(c, strongestOf(candidates[c.head->relation]));
            EachAnswer a;
            a.result = checkEach(premise(c), keeps, a.holds, /*timed=*/false);
            send(writeEachAnswers({{ci, std::move(a)}}));
          }
        });
    if (!run)
      return;
    ahead.emplace();
    ahead->versions = version;
    ahead->clauses.insert(theirs.begin(), theirs.end());
    ahead->run.emplace(std::move(*run));
  };
  // The child's answer for clause `ci` over `keeps`, when it still holds.
  auto answerAhead = [&](size_t ci, size_t keeps) -> std::optional<EachAnswer> {
    if (!ahead || !ahead->clauses.erase(ci))
      return std::nullopt;
    const HornClause &c = clauses[ci];
    auto unchanged = [&](size_t r) { return version[r] == ahead->versions[r]; };
    if (!unchanged(c.head->relation) ||
        !std::all_of(c.body.begin(), c.body.end(),
                     [&](const HornAtom &a) { return unchanged(a.relation); }))
      return std::nullopt;
    auto sent = [ci](const std::string &text) {
      return readEachAnswers(text).count(ci) > 0;
    };
    if (!ahead->run->waitFor(sent, deadline_))
      return std::nullopt;
    EachAnswer a = readEachAnswers(ahead->run->received()).at(ci);
    if (a.result == z3::unknown ||
        (a.result == z3::sat && a.holds.size() != keeps))
      return std::nullopt;
    return a;
  };
  bool quick = !inductive, deferred = false;
  for (bool changed = !inductive; changed || sifting || deferred;) {
    if (!changed && deferred) {
      quick = false;
      askAhead();
    } else if (!changed) { // the ground conjuncts are sifted: now all of them
      quick = true;
      sifting = false;
      for (size_t r = 0; r < candidates.size(); ++r) {
        candidates[r].insert(candidates[r].end(), aside[r].begin(),
                             aside[r].end());
        version[r] += !aside[r].empty();
      }
      std::fill(shownAt.begin(), shownAt.end(), std::nullopt);
    }
    changed = deferred = false;
    for (size_t ci = 0; ci < clauses.size(); ++ci) {
      const HornClause &c = clauses[ci];
      if (!c.head || (shownAt[ci] && *shownAt[ci] == bodyVersions(c)))
        continue;
      if (quick && slow[ci]) {
        deferred = true;
        continue;
      }
      std::vector<ExprRef> &head = candidates[c.head->relation];
      size_t headCount = head.size();
      bool later = false;
      while (!head.empty()) {
        // The premise holds the head's own candidates when the clause is
        // an iteration: it is rebuilt after every drop. The query asks
        // for those no other one implies (the others follow).
        std::vector<ExprRef> asked = strongestOf(head);
        auto dropAsked = [&](const std::vector<bool> &drop) {
          std::set<ExprRef, expr::ExprIdLess> gone;
          for (size_t k = 0; k < drop.size(); ++k)
            if (drop[k])
              gone.insert(asked[k]);
          std::erase_if(head, [&](const ExprRef &h) { return gone.count(h); });
        };
        std::vector<z3::expr> keeps = keepsAt(c, asked);
        bool quantified = quantifies(c);
        if (quantified && preservedByInstances(c, head))
          break;
        ExprRef step =
            shownSteps_ && !quantified ? stepOf(c, head) : nullptr;
        if (step && shownSteps_->steps.count(step)) {
          ++shownSteps_->reused;
          break;
        }
        z3::expr before = premise(c);
        if (!quantified) {
          if (preservedOpaquely(before, keeps)) {
            if (step)
              shownSteps_->steps.insert(step);
            break;
          }
          // Products bit-blasted are slow to refute and slow to model: a
          // model with them opaque drops the conjuncts it falsifies first
          // (a drop is never unsound, only a proof lost where the
          // abstraction's model is not one of the clause).
          std::vector<bool> drop = falsifiedOpaquely(before, keeps);
          if (std::find(drop.begin(), drop.end(), true) != drop.end()) {
            dropAsked(drop);
            changed = true;
            continue;
          }
        }
        std::vector<bool> holds;
        bool brief = quick && !quantified;
        z3::check_result r;
        if (!quick && slow[ci]) {
          std::optional<EachAnswer> a;
          if (head.size() == headCount)
            a = answerAhead(ci, keeps.size());
          if (a) {
            if (shownSteps_)
              ++shownSteps_->checkedBeside;
            r = a->result;
            holds = std::move(a->holds);
          } else {
            r = checkEach(before, keeps, holds);
          }
        } else {
          r = check(before, keeps, quantified, &holds,
                    brief ? kQuickCheckSeconds : 0, false, brief);
        }
        if (r == z3::unknown && brief) {
          later = deferred = slow[ci] = true;
          break;
        }
        if (r == z3::unsat) {
          if (step)
            shownSteps_->steps.insert(step);
          break;
        }
        changed = true;
        quick = true; // (the clauses after it: quickly again)
        if (r == z3::unknown) {
          // Not decided in time: the quantified conjuncts go first (their
          // instantiation is what Z3 gives up on), then everything but
          // what is preserved with products as opaque values (a premise
          // with polynomial invariants has multipliers to bit-blast).
          size_t count = head.size();
          std::erase_if(head,
                        [&](const ExprRef &h) { return bound_.count(h); });
          if (head.size() == count || left() <= 0) {
            std::vector<bool> drop(asked.size(), true);
            for (size_t k = 0; k < asked.size() && !quantified; ++k)
              drop[k] = !preservedOpaquely(before, {keeps[k]});
            if (std::find(drop.begin(), drop.end(), true) == drop.end())
              break; // each preserved: all are
            dropAsked(drop);
          }
          continue;
        }
        size_t count = head.size();
        // A model does not evaluate a quantified conjunct reliably (its
        // arrays are finite tables): those are asked alone when no other
        // conjunct is dropped.
        std::vector<bool> drop(asked.size(), false);
        bool dropped = false;
        for (size_t k = 0; k < asked.size(); ++k)
          if (!bound_.count(asked[k]) && !holds[k])
            drop[k] = dropped = true;
        for (size_t k = 0; k < asked.size() && !dropped; ++k)
          if (bound_.count(asked[k]))
            drop[k] = check(before, {keeps[k]}, true) != z3::unsat;
        dropAsked(drop);
        if (head.size() == count)
          head.clear(); // cannot happen: the model falsifies one of them
      }
      // (Preserved as the head's candidates are now, those of its own
      // relation in the body included.)
      version[c.head->relation] += head.size() != headCount;
      if (!later)
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

} // namespace cosmo::solver
