//===- ProgramAst.cpp - copying and walking generated programs ------------===//
//
// Deep copies (a mutant edits its own tree) and the walks the printer, the
// generator and the mutations share.
//
//===----------------------------------------------------------------------===//
#include "ProgramAst.h"

namespace cosmo::differential {

ExprP cloneExpr(const ExprP &e) {
  if (!e)
    return nullptr;
  auto copy = std::make_shared<Expr>(*e);
  for (ExprP &a : copy->args)
    a = cloneExpr(a);
  return copy;
}

namespace {
std::vector<StmtP> cloneBody(const std::vector<StmtP> &body) {
  std::vector<StmtP> out;
  out.reserve(body.size());
  for (const StmtP &s : body)
    out.push_back(cloneStmt(s));
  return out;
}
std::vector<ExprP> cloneExprs(const std::vector<ExprP> &es) {
  std::vector<ExprP> out;
  for (const ExprP &e : es)
    out.push_back(cloneExpr(e));
  return out;
}
} // namespace

StmtP cloneStmt(const StmtP &s) {
  auto copy = std::make_shared<Stmt>(*s);
  copy->target = cloneExpr(s->target);
  copy->expr = cloneExpr(s->expr);
  copy->start = cloneExpr(s->start);
  copy->guard = cloneExpr(s->guard);
  copy->body = cloneBody(s->body);
  copy->orelse = cloneBody(s->orelse);
  copy->invariants = cloneExprs(s->invariants);
  return copy;
}

Program cloneProgram(const Program &p) {
  Program copy = p;
  for (Function &f : copy.functions) {
    f.body = cloneBody(f.body);
    if (f.contract) {
      f.contract->requiresClauses = cloneExprs(f.contract->requiresClauses);
      f.contract->ensures = cloneExprs(f.contract->ensures);
    }
  }
  copy.mainBody = cloneBody(p.mainBody);
  return copy;
}

void forEachStmt(const std::vector<StmtP> &body,
                 const std::function<void(const StmtP &)> &f) {
  for (const StmtP &s : body) {
    f(s);
    forEachStmt(s->body, f);
    forEachStmt(s->orelse, f);
  }
}

void forEachExpr(const ExprP &e, const std::function<void(const ExprP &)> &f) {
  if (!e)
    return;
  f(e);
  for (const ExprP &a : e->args)
    forEachExpr(a, f);
}

std::string writtenGlobal(const Expr &target) {
  if (target.kind == ExprKind::Var &&
      (target.name == "gc" || target.name.rfind("gs.", 0) == 0))
    return target.name;
  if (target.kind == ExprKind::Elem && target.name != "pool")
    return target.name;
  if (target.kind == ExprKind::PtrElem)
    return target.base;
  return "";
}

} // namespace cosmo::differential
