//===- Transform.cpp - substitution, free variables, SMT-LIB text ---------===//

#include "cosmo/expr/Transform.h"

#include <fmt/format.h>

#include <algorithm>
#include <llvm/ADT/SmallString.h>
#include <unordered_map>

namespace cosmo::expr {

ExprRef rewriteBottomUp(ExprContext &ctx, const ExprRef &root,
                        const std::function<ExprRef(const ExprRef &)> &leaf) {
  RewriteMemo done;
  return rewriteBottomUp(ctx, root, leaf, done);
}

ExprRef rewriteBottomUp(ExprContext &ctx, const ExprRef &root,
                        const std::function<ExprRef(const ExprRef &)> &leaf,
                        RewriteMemo &done) {
  // Explicit stack: terms can be deep (long store chains, long sums).
  std::vector<std::pair<const Expr *, bool>> stack{{root.get(), false}};
  while (!stack.empty()) {
    auto [e, expanded] = stack.back();
    if (done.count(e)) {
      stack.pop_back();
      continue;
    }
    if (!expanded) {
      if (ExprRef r = leaf(ExprRef(e))) {
        done.emplace(e, r);
        stack.pop_back();
        continue;
      }
      stack.back().second = true;
      for (unsigned i = 0; i < e->numChildren(); ++i)
        if (!done.count(e->child(i)))
          stack.push_back({e->child(i), false});
      continue;
    }
    stack.pop_back();
    if (e->numChildren() == 0) {
      done.emplace(e, ExprRef(e));
      continue;
    }
    std::vector<ExprRef> kids;
    bool changed = false;
    for (unsigned i = 0; i < e->numChildren(); ++i) {
      kids.push_back(done.at(e->child(i)));
      changed |= kids.back().get() != e->child(i);
    }
    done.emplace(e, changed ? ctx.rebuild(e, kids) : ExprRef(e));
  }
  return done.at(root.get());
}

ExprRef substitute(ExprContext &ctx, const ExprRef &e, const Substitution &sub) {
  RewriteMemo memo;
  return substitute(ctx, e, sub, memo);
}

ExprRef substitute(ExprContext &ctx, const ExprRef &e, const Substitution &sub,
                   RewriteMemo &memo) {
  if (sub.empty())
    return e;
  return rewriteBottomUp(
      ctx, e,
      [&](const ExprRef &n) -> ExprRef {
        auto it = sub.find(n);
        return it == sub.end() ? ExprRef() : it->second;
      },
      memo);
}

std::vector<ExprRef> freeVariables(const ExprRef &e) {
  std::vector<ExprRef> vars;
  forEachNode(e, [&](const Expr *n) {
    if (n->kind() == Kind::Var || n->kind() == Kind::ArrayVar)
      vars.emplace_back(n);
  });
  std::sort(vars.begin(), vars.end());
  return vars;
}

void conjunctsOf(const ExprRef &e, std::vector<ExprRef> &out) {
  if (e->kind() != Kind::And) {
    out.push_back(e);
    return;
  }
  for (unsigned k = 0; k < e->numChildren(); ++k)
    conjunctsOf(ExprRef(e->child(k)), out);
}

static std::string quoteSymbol(const std::string &name) {
  return "|" + name + "|";
}

// A leaf's text, or the opening of an application up to its first operand.
static void printHead(const Expr *e, std::string &out) {
  switch (e->kind()) {
  case Kind::BoolConst: out += e->boolValue() ? "true" : "false"; return;
  case Kind::BVConst: {
    llvm::SmallString<40> s;
    e->bvValue().toStringUnsigned(s, 2);
    out += "#b";
    out.append(e->width() - s.size(), '0');
    out += s.str();
    return;
  }
  case Kind::Var:
  case Kind::ArrayVar: out += quoteSymbol(e->name()); return;
  case Kind::Extract:
    out += fmt::format("((_ extract {} {}) ", e->aux0(), e->aux1());
    return;
  case Kind::ZExt:
  case Kind::SExt:
    out += fmt::format("((_ {} {}) ", kindName(e->kind()),
                       e->aux0() - e->child(0)->width());
    return;
  case Kind::ConstArray:
    out += "((as const (Array (_ BitVec 64) (_ BitVec 8))) ";
    return;
  default:
    out += "(";
    out += kindName(e->kind());
    out += " ";
  }
}

/// Prints `root`; an operand below it that `names` binds is printed as its
/// name.
static void print(
    const Expr *root, std::string &out,
    const std::unordered_map<const Expr *, std::string> *names = nullptr) {
  // Explicit stack: terms can be deep (long store chains). Each entry is a
  // node and how many of its operands are printed.
  std::vector<std::pair<const Expr *, unsigned>> stack{{root, 0}};
  while (!stack.empty()) {
    auto &[e, next] = stack.back();
    if (next == 0) {
      if (names && e != root)
        if (auto it = names->find(e); it != names->end()) {
          out += it->second;
          stack.pop_back();
          continue;
        }
      printHead(e, out);
    }
    if (e->numChildren() == 0) {
      stack.pop_back();
      continue;
    }
    if (next < e->numChildren()) {
      if (next)
        out += " ";
      const Expr *c = e->child(next++);
      stack.push_back({c, 0}); // invalidates e and next
      continue;
    }
    out += ")";
    stack.pop_back();
  }
}

std::string toSmtLib(const ExprRef &e) {
  std::string out;
  print(e.get(), out);
  return out;
}

std::string toSmtLibShared(const ExprRef &e) {
  // Operands counted once per parent; the nodes with operands that more
  // than one parent uses are bound, children before parents (post-order).
  std::unordered_map<const Expr *, unsigned> uses;
  std::vector<const Expr *> order;
  {
    std::vector<std::pair<const Expr *, unsigned>> stack{{e.get(), 0}};
    uses[e.get()] = 1;
    while (!stack.empty()) {
      auto &[n, next] = stack.back();
      if (next < n->numChildren()) {
        const Expr *c = n->child(next++);
        if (uses[c]++ == 0)
          stack.push_back({c, 0}); // invalidates n and next
        continue;
      }
      order.push_back(n);
      stack.pop_back();
    }
  }
  std::unordered_map<const Expr *, std::string> names;
  std::string lets, closing;
  for (const Expr *n : order) {
    if (n == e.get() || n->numChildren() == 0 || uses[n] < 2)
      continue;
    std::string name = fmt::format("?{}", names.size());
    lets += "(let ((" + name + " ";
    print(n, lets, &names);
    lets += ")) ";
    closing += ")";
    names.emplace(n, std::move(name));
  }
  std::string body;
  print(e.get(), body, &names);
  return lets + body + closing;
}

std::string toSmtLibScript(const std::vector<ExprRef> &constraints) {
  // Constant arrays are not in SMT-LIB's QF_ABV (Z3 reads them under ALL).
  bool constArrays = false;
  for (const ExprRef &c : constraints)
    forEachNode(c, [&](const Expr *e) {
      constArrays |= e->kind() == Kind::ConstArray;
    });
  std::string out =
      constArrays ? "(set-logic ALL)\n" : "(set-logic QF_ABV)\n";
  std::vector<ExprRef> vars;
  for (const ExprRef &c : constraints)
    for (ExprRef &v : freeVariables(c))
      vars.push_back(std::move(v));
  std::sort(vars.begin(), vars.end());
  vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
  for (const ExprRef &v : vars)
    out += fmt::format("(declare-fun {} () {})\n", quoteSymbol(v->name()),
                       v->sort().str());
  for (const ExprRef &c : constraints)
    out += "(assert " + toSmtLib(c) + ")\n";
  out += "(check-sat)\n";
  return out;
}

} // namespace cosmo::expr
