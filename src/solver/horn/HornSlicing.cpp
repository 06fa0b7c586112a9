//===- HornSlicing.cpp - a Horn system without what no question needs -----===//
//
// See HornSlicing.h.
//
//===----------------------------------------------------------------------===//

#include "horn/HornSlicing.h"

#include "cosmo/expr/Transform.h"

#include <algorithm>
#include <set>
#include <unordered_map>

namespace cosmo::solver {

namespace {

using Relevance = std::vector<std::vector<bool>>;
using VariableSet = std::set<ExprRef>;

bool isVariable(const ExprRef &t) {
  return t->kind() == expr::Kind::Var || t->kind() == expr::Kind::ArrayVar;
}

/// What a clause's body arguments are tied to whatever is relevant: the
/// variables of its constraint and of its body arguments that are not
/// variables (such a term relates them to its position), and the
/// variables of each head argument (needed once that argument is).
struct ClauseVariables {
  VariableSet always;
  std::vector<VariableSet> headArgs;
};

ClauseVariables variablesOf(const HornClause &c) {
  ClauseVariables out;
  auto add = [](VariableSet &to, const ExprRef &e) {
    for (const ExprRef &v : expr::freeVariables(e))
      to.insert(v);
  };
  add(out.always, c.constraint);
  for (const HornAtom &a : c.body)
    for (const ExprRef &t : a.args)
      if (!isVariable(t))
        add(out.always, t);
  if (c.head)
    for (const ExprRef &t : c.head->args)
      add(out.headArgs.emplace_back(), t);
  return out;
}

/// Marks the arguments some constraint depends on; whether one changed.
bool markRelevant(const HornSystem &system,
                  const std::vector<ClauseVariables> &vars,
                  Relevance &relevant) {
  bool changed = false;
  for (size_t i = 0; i < system.clauses().size(); ++i) {
    const HornClause &c = system.clauses()[i];
    VariableSet needed = vars[i].always;
    if (c.head)
      for (unsigned k = 0; k < c.head->args.size(); ++k)
        if (relevant[c.head->relation][k])
          needed.insert(vars[i].headArgs[k].begin(),
                        vars[i].headArgs[k].end());
    // A variable in two body positions joins them: both are needed.
    std::unordered_map<ExprRef, unsigned, expr::ExprRefHash> occurrences;
    for (const HornAtom &a : c.body)
      for (const ExprRef &t : a.args)
        ++occurrences[t];
    for (const HornAtom &a : c.body)
      for (unsigned k = 0; k < a.args.size(); ++k) {
        const ExprRef &t = a.args[k];
        if (!relevant[a.relation][k] &&
            (!isVariable(t) || needed.count(t) || occurrences[t] > 1))
          relevant[a.relation][k] = changed = true;
      }
  }
  return changed;
}

/// A relation keeps one argument at least (a scalar when it has one).
void keepOneArgument(const HornSystem &system, Relevance &relevant) {
  for (size_t r = 0; r < relevant.size(); ++r) {
    if (relevant[r].empty() ||
        std::find(relevant[r].begin(), relevant[r].end(), true) !=
            relevant[r].end())
      continue;
    const std::vector<expr::Sort> &sorts = system.relations()[r].args;
    auto scalar = std::find_if(sorts.begin(), sorts.end(),
                               [](const expr::Sort &s) { return !s.isArray(); });
    relevant[r][scalar == sorts.end() ? 0 : scalar - sorts.begin()] = true;
  }
}

HornAtom slicedAtom(const HornAtom &a, const std::vector<unsigned> &kept) {
  HornAtom out{a.relation, {}};
  for (unsigned k : kept)
    out.args.push_back(a.args[k]);
  return out;
}

/// Each sliced argument of each relation to `from`'s variable for it and
/// `to`'s, in the direction asked.
expr::Substitution renaming(expr::ExprContext &ctx, const HornSystem &original,
                            const SlicedHornSystem &sliced, size_t r,
                            bool toOriginal) {
  expr::Substitution sub;
  for (unsigned j = 0; j < sliced.kept[r].size(); ++j) {
    ExprRef mine = sliced.system.argument(ctx, r, j);
    ExprRef theirs = original.argument(ctx, r, sliced.kept[r][j]);
    if (toOriginal)
      sub[mine] = theirs;
    else
      sub[theirs] = mine;
  }
  return sub;
}

} // namespace

SlicedHornSystem sliceArguments(const HornSystem &system) {
  Relevance relevant;
  for (const HornRelation &r : system.relations())
    relevant.emplace_back(r.args.size(), false);
  std::vector<ClauseVariables> vars;
  for (const HornClause &c : system.clauses())
    vars.push_back(variablesOf(c));
  while (markRelevant(system, vars, relevant)) {
  }
  keepOneArgument(system, relevant);

  SlicedHornSystem out;
  for (size_t r = 0; r < relevant.size(); ++r) {
    const HornRelation &rel = system.relations()[r];
    std::vector<unsigned> kept;
    std::vector<expr::Sort> sorts;
    for (unsigned k = 0; k < rel.args.size(); ++k)
      if (relevant[r][k]) {
        kept.push_back(k);
        sorts.push_back(rel.args[k]);
      }
    out.dropsAny |= kept.size() != rel.args.size();
    // Its own name: its argument variables are not the original's.
    out.system.addRelation(rel.name + "_cone", std::move(sorts));
    out.kept.push_back(std::move(kept));
  }
  for (const HornClause &c : system.clauses()) {
    HornClause s{{}, c.constraint, std::nullopt};
    for (const HornAtom &a : c.body)
      s.body.push_back(slicedAtom(a, out.kept[a.relation]));
    if (c.head)
      s.head = slicedAtom(*c.head, out.kept[c.head->relation]);
    out.system.addClause(std::move(s));
  }
  return out;
}

std::map<std::string, std::vector<ExprRef>>
slicedInvariants(expr::ExprContext &ctx, const HornSystem &original,
                 const SlicedHornSystem &sliced,
                 const std::map<std::string, std::vector<ExprRef>> &earlier) {
  std::map<std::string, std::vector<ExprRef>> out;
  for (size_t r = 0; r < original.relations().size(); ++r) {
    auto it = earlier.find(original.relations()[r].name);
    if (it == earlier.end())
      continue;
    expr::Substitution sub = renaming(ctx, original, sliced, r, false);
    std::vector<ExprRef> &mine = out[sliced.system.relations()[r].name];
    for (const ExprRef &f : it->second) {
      auto vars = expr::freeVariables(f);
      if (std::all_of(vars.begin(), vars.end(),
                      [&](const ExprRef &v) { return sub.count(v); }))
        mine.push_back(expr::substitute(ctx, f, sub));
    }
  }
  return out;
}

HornAnswer originalAnswer(expr::ExprContext &ctx, const HornSystem &original,
                          const SlicedHornSystem &sliced, HornAnswer answer) {
  for (size_t r = 0; r < answer.invariants.size(); ++r) {
    expr::Substitution sub = renaming(ctx, original, sliced, r, true);
    if (answer.invariants[r])
      answer.invariants[r] = expr::substitute(ctx, answer.invariants[r], sub);
    if (r < answer.quantified.size())
      for (HornAnswer::Quantified &q : answer.quantified[r])
        q.body = expr::substitute(ctx, q.body, sub);
  }
  return answer;
}

} // namespace cosmo::solver
