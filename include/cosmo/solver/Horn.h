//===- cosmo/solver/Horn.h - constrained Horn clauses ------------*- C++ -*-===//
//
// The second backend of the solver layer (DESIGN.md): questions about
// recursive states. Seed 001 section 7 reduces satisfiability of a formula
// over Rec(l, D) to the safety of recursive first-order functions; in
// practice that is a system of constrained Horn clauses (CHC): one relation
// per recursive state over its loop-carried values, a clause per path of
// its body (Rec(l) holds of the values a path leaves when it held of those
// the path started from), a clause for the entry, and query clauses whose
// head is `false` (the error). The system is safe when some interpretation
// of the relations satisfies every clause -- an inductive invariant per
// relation -- and unsafe when the error is derivable.
//
// Terms are cosmo's bit-vector terms, so the answer is about C's machine
// integers. Z3's Spacer rarely finds invariants over bit-vectors, and
// easily over mathematical integers (seed issue 21 measured s == 2*n after
// `while (i < n) { i++; s += 2; }`: 0.05 s over integers, nothing in 30 s
// over 32-bit vectors). solveHorn therefore first leaves out the relation
// arguments no constraint depends on (HornSlicing.h: exact), then:
//  0. samples states of each relation through the clauses and proposes
//     the linear equalities their affine hull satisfies (k == i,
//     x - y == i - j: AffineEqualities.h) and the orderings x <= y,
//     x <= y + d and 0 <= x all samples keep (i <= n past
//     `while (i != n)`); Houdini over
//     bit-vectors keeps the inductive ones, which decide the system when
//     they refute its queries and are assumed by step 1 otherwise (Spacer
//     enumerates bounds for ever where one such equality is needed);
//     equalities of degree 2 (2x == y*y + y), and the equalities the
//     queries assert (a loop body's assertion, of any degree), are kept
//     when each iteration leaves their polynomial unchanged (Z3's
//     sum-of-monomials form) or the invariants before it imply it with
//     products as opaque values; an assertion is also a candidate of the
//     loops around and after it that pass its values on unchanged; a query
//     is refuted with products as opaque values, after the variables two
//     bounds pin to one value (the exit !(i <= n) with i <= n + 1) are
//     replaced by it;
//  1. solves an integer abstraction of the system (each bit-vector as its
//     signed value, with its type's range; operations without an integer
//     counterpart become unconstrained values), which only proposes
//     invariants: Spacer with equality generalisation, then with plain
//     Farkas interpolants, and each query with only the last of the loops
//     in sequence it passes (a weaker query: what refutes it refutes the
//     query itself);
//  2. translates each conjunct of the proposed invariants back to an exact
//     bit-vector formula (linear arithmetic in a width where it cannot
//     overflow) and keeps the conjuncts that are inductive for the
//     bit-vector clauses, dropping the others until none changes (Houdini);
//  3. claims `safe` only when what remains refutes every query clause over
//     bit-vectors;
//  4. otherwise runs Spacer on the bit-vector system itself with the time
//     left: `unsat` is safe, `sat` unsafe (exact), anything else unknown
//     with the reason. A program that is safe over the integers but not
//     modulo 2^w is never called safe: its integer invariant is not
//     inductive over bit-vectors.
//
// Relations over arrays (a loop's carried array: cosmo's byte arrays) are
// abstracted as arrays of integers indexed by element, one per field for
// an array of structs (an array argument becomes one argument per field:
// ArrayElements.h), and Spacer runs with
// quantified lemmas; a conjunct `forall k. body` is read back over the
// byte arrays, and Houdini checks it on instances first (see
// HornAnswer::quantified). Before that, such a system is asked over cells
// (horn/CellIndexed.h, seed 001 section 7's relations indexed by the
// location): an array-free over-approximation whose candidates are read
// off the clauses and checked by Houdini; safe over cells is safe.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_HORN_H
#define COSMO_SOLVER_HORN_H

#include "cosmo/expr/Assignment.h"
#include "cosmo/expr/ExprContext.h"
#include "cosmo/expr/Transform.h"

#include <llvm/Support/Error.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace cosmo::solver {

using expr::ExprRef;

/// A relation symbol: Rec(l, D) of one recursive state.
struct HornRelation {
  std::string name;
  std::vector<expr::Sort> args; ///< Bool, BitVec or Array (memory)
};

/// R(t1, ..., tn).
struct HornAtom {
  size_t relation = 0;
  std::vector<ExprRef> args;
};

/// body /\ constraint -> head, every variable universally quantified; no
/// head: the clause derives the error (a query).
struct HornClause {
  std::vector<HornAtom> body;
  ExprRef constraint;
  std::optional<HornAtom> head;
};

class HornSystem {
public:
  /// The relation's index.
  size_t addRelation(std::string name, std::vector<expr::Sort> args);
  /// Arity and sorts must match the relations'.
  void addClause(HornClause clause);

  const std::vector<HornRelation> &relations() const { return relations_; }
  /// The variables of a clause (each universally quantified), by term id.
  static std::set<ExprRef> variablesOf(const HornClause &clause);
  const std::vector<HornClause> &clauses() const { return clauses_; }
  /// The variable that stands for argument `i` of relation `r` in its
  /// invariant: "<name>.<i>".
  ExprRef argument(expr::ExprContext &ctx, size_t r, unsigned i) const;
  /// What reads an invariant of `atom`'s relation (a formula over its
  /// `argument`s) at `atom`: each argument variable to the atom's term.
  expr::Substitution argumentsAt(expr::ExprContext &ctx,
                                 const HornAtom &atom) const;
  /// The system in SMT-LIB 2 as CHC-COMP writes it: (set-logic HORN), a
  /// declare-fun per relation, one (assert (forall (vars) (=> body
  /// head))) per clause in order (head `false` for a query), then
  /// (check-sat). `z3 fp.engine=spacer` reads it.
  std::string str() const;

private:
  std::vector<HornRelation> relations_;
  std::vector<HornClause> clauses_;
};

/// The start of HornAnswer::method for an answer found over cells.
inline constexpr std::string_view kCellMethodPrefix = "cells: ";

struct HornAnswer {
  enum Status { Safe, Unsafe, Unknown };
  Status status = Unknown;
  /// Unknown: why (a timeout, Z3's reason, an invariant that held over the
  /// integers but not over bit-vectors).
  std::string reason;
  /// Safe: one invariant per relation over HornSystem::argument, a
  /// conjunction that is inductive over bit-vectors (true when nothing is
  /// needed); null for a relation whose invariant could not be expressed
  /// (the verdict stands: it came from the bit-vector system itself).
  std::vector<ExprRef> invariants;
  /// Safe: the conjuncts of each relation's invariant that quantify over
  /// the elements of its array arguments, `forall bound. body` (body over
  /// HornSystem::argument and the 64-bit variables `bound`).
  struct Quantified {
    std::vector<ExprRef> bound;
    ExprRef body;
  };
  std::vector<std::vector<Quantified>> quantified;
  /// Safe over cells (CellIndexed.h): each relation's invariant over its
  /// cell relation's arguments (null for a relation it has none of), for
  /// HornOptions::earlierCells.
  std::vector<ExprRef> cellInvariants;
  /// Which route decided: "integer invariants checked over bit-vectors" or
  /// "bit-vector Spacer"; prefixed kCellMethodPrefix when it decided a
  /// relation over cells that stands for one over an array.
  std::string method;
  double seconds = 0;
};

/// Where answers outlive the run that asked (the persistent store, issue
/// 45). An answer depends only on its question -- the system and the
/// earlier invariants offered for its relations -- so the same question
/// asked again, by this run or a later one, takes the kept answer instead
/// of Spacer's time. Only safe and unsafe answers are kept: an unknown one
/// may be a time limit that a later run would not meet.
class HornAnswerShelf {
public:
  virtual ~HornAnswerShelf() = default;
  /// The answer kept for `question` (hornQuestionText), as bytes.
  virtual std::optional<std::string> find(const std::string &question) = 0;
  virtual void keep(const std::string &question, const std::string &answer) = 0;
};

/// Houdini steps shown to hold over bit-vectors, each the implication it
/// checked: a clause's constraint and its body's candidates imply its
/// head's candidates. Valid whatever question asked it, so a run keeps
/// them for its later questions: each error past a loop is a question of
/// its own, and each checks the loop's iterations with the same
/// candidates again (measured: three checks of 0.4 s per question on a
/// doubly linked list's loop).
struct ShownSteps {
  std::set<ExprRef, expr::ExprIdLess> steps;
  uint64_t reused = 0; ///< checks a step held here saved
  /// Checks of slow clauses a child process made beside the run's own
  /// and the run took (HoudiniChecks.cpp).
  uint64_t checkedBeside = 0;
};

/// Which field links a cell to its successor in a view of an array's
/// cells (solver/horn/CellIndexed.h): in cells of `stride` bytes, the
/// field at `offset` of `bytes` bytes, whose value plus `delta` is the
/// offset of the cell it links to (a node region's address less the
/// region's base).
struct CellLink {
  uint64_t stride = 0;
  unsigned offset = 0, bytes = 0;
  uint64_t delta = 0;
  bool operator==(const CellLink &) const = default;
};

/// The cell views that decided earlier questions: each a link, and
/// whether a walk's pointer's node was beside it. A run keeps them for its
/// later questions, which try a view that decided one first: the errors
/// past a chain of loops over one list ask about the same loops, and the
/// views that fail before the one that decides cost each question the
/// same time again (measured: 26 of the 46 s of seed 001's listing 1's
/// question about Contains).
struct CellRoutes {
  struct Route {
    CellLink link;
    bool pointers = false;
    bool operator==(const Route &) const = default;
  };
  /// A view that decided, with the invariants of its last answer by
  /// relation name (conjuncts over the view's relations' arguments): the
  /// next question over the view checks them alone first (its other
  /// errors are past the same loops; their templates name other facts of
  /// the queries, and the maximal set Houdini keeps of those is as large
  /// and as slow to check again: 5-16 s per question of listing 1).
  struct Decided {
    Route route;
    std::map<std::string, std::vector<ExprRef>> invariants;
  };
  std::vector<Decided> decided; ///< the most recent last

  /// `route`'s entry (null: it decided no question yet).
  const Decided *find(const Route &route) const {
    for (const Decided &d : decided)
      if (d.route == route)
        return &d;
    return nullptr;
  }
  /// `route` decided a question with `invariants`: now the most recent,
  /// with these relations' invariants replacing what it kept of them.
  void decide(const Route &route,
              std::map<std::string, std::vector<ExprRef>> invariants) {
    Decided now{route, {}};
    if (const Decided *before = find(route)) {
      now.invariants = before->invariants;
      std::erase_if(decided, [&](const Decided &d) { return d.route == route; });
    }
    for (auto &[name, invariant] : invariants)
      now.invariants[name] = std::move(invariant);
    decided.push_back(std::move(now));
  }
};

struct HornOptions {
  double timeoutSeconds = 10;
  /// Invariants earlier answers gave relations of the same name (ground
  /// conjuncts over HornSystem::argument): checked first, over
  /// bit-vectors as every candidate is, within a third of the time. A
  /// loop or function with several errors past it is then proved once,
  /// not once per error.
  const std::map<std::string, std::vector<ExprRef>> *earlier = nullptr;
  /// With templatesOnly: the earlier invariants are checked alone first
  /// (a relation without any gets its templates), and not offered with
  /// the templates after.
  bool earlierAlone = false;
  /// The same for the cell relations of systems over arrays
  /// (HornAnswer::cellInvariants).
  const std::map<std::string, std::vector<ExprRef>> *earlierCells = nullptr;
  /// Answers looked up before solving, and kept after (null: none).
  HornAnswerShelf *shelf = nullptr;
  /// Candidate conjuncts by relation name (over HornSystem::argument),
  /// checked over bit-vectors with the sampled equalities and orderings
  /// when those alone do not refute the queries (templates read off the
  /// clauses: solver/horn/CellIndexed.h).
  const std::map<std::string, std::vector<ExprRef>> *templates = nullptr;
  /// Only the earlier invariants, the sampled equalities and the
  /// templates: no Spacer (unknown when they do not refute the queries).
  bool templatesOnly = false;
  /// A system over arrays is first asked over cells (CellIndexed.h).
  bool cells = true;
  /// Steps shown by earlier questions, looked up before each check and
  /// added to after (null: none kept).
  ShownSteps *shownSteps = nullptr;
  /// Cell views that decided earlier questions, tried first and added to
  /// (null: none kept).
  CellRoutes *cellRoutes = nullptr;
};

/// Decides `system` (see the header comment).
HornAnswer solveHorn(expr::ExprContext &ctx, const HornSystem &system,
                     const HornOptions &options = {});

const char *hornStatusName(HornAnswer::Status s);

/// What an answer to `system` under `options` depends on, as text: the
/// system and the earlier invariants offered for its relations.
std::string hornQuestionText(const HornSystem &system,
                             const HornOptions &options);
/// An answer as bytes, and read back in `ctx` (an error when the bytes are
/// not an answer this build wrote). Its invariants are terms over
/// HornSystem::argument, which are named by relation and position, so an
/// answer read back speaks of the question's own arguments.
std::string writeHornAnswer(const HornAnswer &answer);
llvm::Expected<HornAnswer> readHornAnswer(expr::ExprContext &ctx,
                                          const std::string &bytes);

} // namespace cosmo::solver

#endif // COSMO_SOLVER_HORN_H
