//===- AstBuilders.h - short constructors of generated program nodes ------===//
//
// What the generator's segments and helper templates write programs with:
// one function per node kind, so that a segment reads like the C it makes.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_DIFFERENTIAL_ASTBUILDERS_H
#define COSMO_DIFFERENTIAL_ASTBUILDERS_H

#include "ProgramAst.h"

namespace cosmo::differential::build {

inline ExprP num(long v) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::Const;
  e->value = v;
  return e;
}
/// The null pointer constant (printed 0; no mutation changes it).
inline ExprP null() {
  ExprP e = num(0);
  e->name = "null";
  return e;
}
inline ExprP var(const std::string &name) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::Var;
  e->name = name;
  return e;
}
inline ExprP bin(const std::string &op, ExprP a, ExprP b) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::Binary;
  e->op = op;
  e->args = {std::move(a), std::move(b)};
  return e;
}
/// `lo <= x && x <= hi`
inline ExprP within(const ExprP &x, Range r) {
  return bin("&&", bin("<=", num(r.lo), x), bin("<=", x, num(r.hi)));
}
inline ExprP elem(const std::string &array, int size, ExprP index,
                  const std::string &field = "") {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::Elem;
  e->name = array;
  e->size = size;
  e->args = {std::move(index)};
  e->field = field;
  return e;
}
inline ExprP ptrElem(const std::string &pointer, const std::string &base,
                     int size, ExprP index) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::PtrElem;
  e->name = pointer;
  e->base = base;
  e->size = size;
  e->args = {std::move(index)};
  return e;
}
inline ExprP nodeField(ExprP node, const std::string &field) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::NodeField;
  e->args = {std::move(node)};
  e->field = field;
  return e;
}
inline ExprP addrOf(const std::string &array, ExprP index) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::AddrOf;
  e->name = array;
  e->args = {std::move(index)};
  return e;
}
inline ExprP call(const std::string &fn, std::vector<ExprP> args,
                  std::vector<std::optional<Range>> ranges = {}) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::Call;
  e->name = fn;
  e->args = std::move(args);
  ranges.resize(e->args.size());
  e->argRanges = std::move(ranges);
  return e;
}
inline ExprP result() {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::Result;
  return e;
}
inline ExprP old(ExprP x) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::Old;
  e->args = {std::move(x)};
  return e;
}

inline StmtP decl(const std::string &type, const std::string &name, ExprP init) {
  auto s = std::make_shared<Stmt>();
  s->kind = StmtKind::Decl;
  s->type = type;
  s->name = name;
  s->expr = std::move(init);
  return s;
}
inline StmtP assign(ExprP target, ExprP value) {
  auto s = std::make_shared<Stmt>();
  s->kind = StmtKind::Assign;
  s->target = std::move(target);
  s->expr = std::move(value);
  return s;
}
inline StmtP ifThen(ExprP cond, std::vector<StmtP> body,
                    std::vector<StmtP> orelse = {}) {
  auto s = std::make_shared<Stmt>();
  s->kind = StmtKind::If;
  s->expr = std::move(cond);
  s->body = std::move(body);
  s->orelse = std::move(orelse);
  return s;
}
/// An `if` that only protects its body from an error (a mutation drops it).
inline StmtP guardIf(ExprP cond, std::vector<StmtP> body) {
  StmtP s = ifThen(std::move(cond), std::move(body));
  s->isGuard = true;
  return s;
}
inline StmtP forLoop(const std::string &v, ExprP start, ExprP bound,
                     std::vector<StmtP> body, ExprP guard = nullptr) {
  auto s = std::make_shared<Stmt>();
  s->kind = StmtKind::For;
  s->name = v;
  s->start = std::move(start);
  s->expr = std::move(bound);
  s->body = std::move(body);
  s->guard = std::move(guard);
  return s;
}
inline StmtP whileLoop(ExprP cond, std::vector<StmtP> body) {
  auto s = std::make_shared<Stmt>();
  s->kind = StmtKind::While;
  s->expr = std::move(cond);
  s->body = std::move(body);
  return s;
}
inline StmtP ret(ExprP value) {
  auto s = std::make_shared<Stmt>();
  s->kind = StmtKind::Return;
  s->expr = std::move(value);
  return s;
}
inline StmtP eval(ExprP e) {
  auto s = std::make_shared<Stmt>();
  s->kind = StmtKind::Eval;
  s->expr = std::move(e);
  return s;
}

} // namespace cosmo::differential::build

#endif // COSMO_DIFFERENTIAL_ASTBUILDERS_H
