//===- HornSystem.cpp - constrained Horn clauses and their text -----------===//

#include "cosmo/solver/Horn.h"

#include "cosmo/expr/Transform.h"

#include <cassert>
#include <set>

namespace cosmo::solver {

size_t HornSystem::addRelation(std::string name, std::vector<expr::Sort> args) {
  for ([[maybe_unused]] const expr::Sort &s : args)
    assert((s.isBool() || s.isBV()) && "Horn relation over Bool and BitVec");
  relations_.push_back({std::move(name), std::move(args)});
  return relations_.size() - 1;
}

void HornSystem::addClause(HornClause clause) {
#ifndef NDEBUG
  auto check = [&](const HornAtom &a) {
    assert(a.relation < relations_.size() && "Horn atom of no relation");
    const HornRelation &r = relations_[a.relation];
    assert(a.args.size() == r.args.size() && "Horn atom arity");
    for (size_t i = 0; i < a.args.size(); ++i)
      assert(a.args[i]->sort() == r.args[i] && "Horn atom argument sort");
  };
  for (const HornAtom &a : clause.body)
    check(a);
  if (clause.head)
    check(*clause.head);
  assert(clause.constraint && clause.constraint->sort().isBool());
#endif
  clauses_.push_back(std::move(clause));
}

std::set<ExprRef> HornSystem::variablesOf(const HornClause &c) {
  std::set<ExprRef> vars;
  auto collect = [&](const ExprRef &e) {
    for (const ExprRef &v : expr::freeVariables(e))
      vars.insert(v);
  };
  collect(c.constraint);
  for (const HornAtom &a : c.body)
    for (const ExprRef &t : a.args)
      collect(t);
  if (c.head)
    for (const ExprRef &t : c.head->args)
      collect(t);
  return vars;
}

ExprRef HornSystem::argument(expr::ExprContext &ctx, size_t r,
                             unsigned i) const {
  std::string name = relations_[r].name + "." + std::to_string(i);
  return relations_[r].args[i].isArray()
             ? ctx.arrayVar(name)
             : ctx.var(name, relations_[r].args[i]);
}

expr::Substitution HornSystem::argumentsAt(expr::ExprContext &ctx,
                                           const HornAtom &atom) const {
  expr::Substitution sub;
  for (unsigned i = 0; i < atom.args.size(); ++i)
    sub[argument(ctx, atom.relation, i)] = atom.args[i];
  return sub;
}

namespace {
void appendSort(std::string &out, const expr::Sort &s) {
  if (s.isBool()) {
    out += "Bool";
  } else if (s.isBV()) {
    out += "(_ BitVec ";
    out += std::to_string(s.width);
    out += ')';
  } else {
    out += "(Array (_ BitVec 64) (_ BitVec 8))";
  }
}
void appendSymbol(std::string &out, const std::string &name) {
  out += '|';
  out += name;
  out += '|';
}
} // namespace

// Appends only (no `"..." + std::string` temporaries): GCC 12 warns
// falsely about those (-Wrestrict).
std::string HornSystem::str() const {
  std::string out = "(set-logic HORN)\n";
  for (const HornRelation &r : relations_) {
    out += "(declare-fun ";
    appendSymbol(out, r.name);
    out += " (";
    for (size_t i = 0; i < r.args.size(); ++i) {
      if (i)
        out += ' ';
      appendSort(out, r.args[i]);
    }
    out += ") Bool)\n";
  }
  auto appendAtom = [&](const HornAtom &a) {
    if (a.args.empty()) {
      appendSymbol(out, relations_[a.relation].name);
      return;
    }
    out += '(';
    appendSymbol(out, relations_[a.relation].name);
    for (const ExprRef &t : a.args) {
      out += ' ';
      out += expr::toSmtLibShared(t);
    }
    out += ')';
  };
  for (const HornClause &c : clauses_) {
    std::set<ExprRef> vars = variablesOf(c);
    out += "(assert ";
    if (!vars.empty()) {
      out += "(forall (";
      bool first = true;
      for (const ExprRef &v : vars) {
        if (!first)
          out += ' ';
        out += '(';
        appendSymbol(out, v->name());
        out += ' ';
        appendSort(out, v->sort());
        out += ')';
        first = false;
      }
      out += ") ";
    }
    out += "(=> ";
    if (!c.body.empty())
      out += "(and";
    for (const HornAtom &a : c.body) {
      out += ' ';
      appendAtom(a);
    }
    if (!c.body.empty())
      out += ' ';
    out += expr::toSmtLibShared(c.constraint);
    if (!c.body.empty())
      out += ')';
    out += ' ';
    if (c.head)
      appendAtom(*c.head);
    else
      out += "false";
    out += vars.empty() ? "))\n" : ")))\n";
  }
  out += "(check-sat)\n";
  return out;
}

const char *hornStatusName(HornAnswer::Status s) {
  switch (s) {
  case HornAnswer::Safe: return "safe";
  case HornAnswer::Unsafe: return "unsafe";
  case HornAnswer::Unknown: return "unknown";
  }
  return "?";
}

} // namespace cosmo::solver
