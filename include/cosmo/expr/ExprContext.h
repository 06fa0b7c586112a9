//===- cosmo/expr/ExprContext.h - node table and builder -------*- C++ -*-===//
//
// ExprContext owns every term: it hash-conses nodes (find-or-insert on kind,
// sort, children and indices) and is the only way to build them. The public
// builders (add, eq, ite, ...) fold constants and apply the cheap local
// rewrites listed in src/expr/Simplif*.cpp, each named and counted; `raw`
// builds a node exactly as asked, which the property tests use as the
// reference.
//
// Builders check sorts with assertions: a sort mismatch is a bug in the
// caller, not an input error.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_EXPR_EXPRCONTEXT_H
#define COSMO_EXPR_EXPRCONTEXT_H

#include "cosmo/expr/Expr.h"

#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_set>
#include <vector>

namespace cosmo::expr {

class ExprContext {
public:
  ExprContext();
  ~ExprContext();
  ExprContext(const ExprContext &) = delete;
  ExprContext &operator=(const ExprContext &) = delete;

  // Leaves.
  ExprRef boolVal(bool b);
  ExprRef trueE() { return boolVal(true); }
  ExprRef falseE() { return boolVal(false); }
  ExprRef bv(unsigned width, uint64_t value);
  ExprRef bv(const llvm::APInt &value);
  /// The variable named `name` of sort `sort`. Same name and sort, same node.
  ExprRef var(std::string_view name, Sort sort);
  ExprRef arrayVar(std::string_view name);

  // Boolean.
  ExprRef notE(const ExprRef &a);
  ExprRef andE(const ExprRef &a, const ExprRef &b);
  ExprRef orE(const ExprRef &a, const ExprRef &b);
  /// forall vars. body (vars: BitVec Vars that occur nowhere else); `body`
  /// itself when it mentions none of them.
  ExprRef forall(std::span<const ExprRef> vars, const ExprRef &body);
  ExprRef implies(const ExprRef &a, const ExprRef &b) {
    return orE(notE(a), b);
  }
  ExprRef andAll(std::span<const ExprRef> xs);
  ExprRef orAll(std::span<const ExprRef> xs);
  ExprRef ite(const ExprRef &c, const ExprRef &t, const ExprRef &e);

  // Predicates.
  ExprRef eq(const ExprRef &a, const ExprRef &b);
  ExprRef ne(const ExprRef &a, const ExprRef &b) { return notE(eq(a, b)); }
  ExprRef ult(const ExprRef &a, const ExprRef &b);
  ExprRef ule(const ExprRef &a, const ExprRef &b);
  ExprRef ugt(const ExprRef &a, const ExprRef &b) { return ult(b, a); }
  ExprRef uge(const ExprRef &a, const ExprRef &b) { return ule(b, a); }
  ExprRef slt(const ExprRef &a, const ExprRef &b);
  ExprRef sle(const ExprRef &a, const ExprRef &b);
  ExprRef sgt(const ExprRef &a, const ExprRef &b) { return slt(b, a); }
  ExprRef sge(const ExprRef &a, const ExprRef &b) { return sle(b, a); }

  // Bit-vectors.
  ExprRef add(const ExprRef &a, const ExprRef &b);
  ExprRef sub(const ExprRef &a, const ExprRef &b);
  ExprRef mul(const ExprRef &a, const ExprRef &b);
  ExprRef udiv(const ExprRef &a, const ExprRef &b);
  ExprRef sdiv(const ExprRef &a, const ExprRef &b);
  ExprRef urem(const ExprRef &a, const ExprRef &b);
  ExprRef srem(const ExprRef &a, const ExprRef &b);
  ExprRef shl(const ExprRef &a, const ExprRef &b);
  ExprRef lshr(const ExprRef &a, const ExprRef &b);
  ExprRef ashr(const ExprRef &a, const ExprRef &b);
  ExprRef band(const ExprRef &a, const ExprRef &b);
  ExprRef bor(const ExprRef &a, const ExprRef &b);
  ExprRef bxor(const ExprRef &a, const ExprRef &b);
  ExprRef bnot(const ExprRef &a);
  ExprRef neg(const ExprRef &a);
  ExprRef concat(const ExprRef &hi, const ExprRef &lo);
  ExprRef extract(const ExprRef &a, unsigned hi, unsigned lo);
  ExprRef zext(const ExprRef &a, unsigned width);
  ExprRef sext(const ExprRef &a, unsigned width);
  /// Low `width` bits, or zext/sext up: the usual C conversions.
  ExprRef trunc(const ExprRef &a, unsigned width) {
    return extract(a, width - 1, 0);
  }
  ExprRef zextOrTrunc(const ExprRef &a, unsigned width);
  ExprRef sextOrTrunc(const ExprRef &a, unsigned width);
  /// Bool -> BitVec(1) and back.
  ExprRef boolToBV(const ExprRef &b);
  ExprRef bvToBool(const ExprRef &a);

  /// IEEE 754 floating point over bits (FloatOps.h): `kind` is one of the
  /// floating-point kinds, aux0 as Expr.h says; constants fold.
  ExprRef floatOp(Kind kind, std::span<const ExprRef> operands,
                  unsigned aux0 = 0);

  // Arrays (BitVec(64) -> BitVec(8)).
  ExprRef select(const ExprRef &array, const ExprRef &index);
  ExprRef store(const ExprRef &array, const ExprRef &index,
                const ExprRef &value);
  /// The array whose every byte is the constant `byte` (BitVec(8)): the
  /// initial content of a zero-initialised object, so that its unwritten
  /// bytes need no store each. Arrays of different `tag`s are the same
  /// value but distinct terms: each object's content keeps its own
  /// identity (the Horn encoding gives each array its own element layout,
  /// and a term shared by two objects would join theirs).
  ExprRef constArray(const ExprRef &byte, unsigned tag = 0);

  /// Build a node exactly as given, without simplification (children must
  /// have the right sorts). Used as the reference by property tests and by
  /// code that rebuilds a term node by node.
  ExprRef raw(Kind kind, std::span<const ExprRef> children, unsigned aux0 = 0,
              unsigned aux1 = 0);
  /// Rebuild `kind` over new children through the simplifying builders.
  ExprRef rebuild(Kind kind, std::span<const ExprRef> children,
                  unsigned aux0 = 0, unsigned aux1 = 0);
  /// Rebuild `e` with the same kind and indices over new children.
  ExprRef rebuild(const Expr *e, std::span<const ExprRef> children) {
    return rebuild(e->kind(), children, e->aux0(), e->aux1());
  }

  /// How often each named rewrite rule fired (for tests and statistics).
  const std::map<std::string, uint64_t> &rewriteCounts() const {
    return rewriteCounts_;
  }
  size_t liveNodes() const { return table_.size(); }

private:
  friend class ExprRef;
  struct NodeHash {
    size_t operator()(const Expr *e) const { return e->hash(); }
  };
  struct NodeEq {
    bool operator()(const Expr *a, const Expr *b) const;
  };

  ExprRef intern(std::unique_ptr<Expr> node);
  ExprRef makeNode(Kind kind, Sort sort, std::span<const ExprRef> children,
                   unsigned aux0 = 0, unsigned aux1 = 0);
  void destroy(const Expr *e);
  void hit(const char *rule);
  ExprRef narrowArith(Kind kind, const ExprRef &a, const ExprRef &b);
  /// Bits [hi:lo] of the two operands of `a`, when neither stays a plain
  /// extract of its operand (the slice moves into `a` only then).
  std::optional<std::pair<ExprRef, ExprRef>>
  simplifiedSlices(const ExprRef &a, unsigned hi, unsigned lo);

  std::unordered_set<const Expr *, NodeHash, NodeEq> table_;
  std::map<std::string, uint64_t> rewriteCounts_;
  uint64_t nextId_ = 1;
  bool destroying_ = false;
  std::vector<const Expr *> pendingDestroy_;
};

/// Visit every node of `e` once, children before parents.
void forEachNode(const ExprRef &e, const std::function<void(const Expr *)> &f);
/// Number of distinct nodes in `e`.
size_t dagSize(const ExprRef &e);
/// The same, counted up to `limit` (then limit + 1): bounded work on huge
/// terms.
size_t dagSizeUpTo(const ExprRef &e, size_t limit);

} // namespace cosmo::expr

#endif // COSMO_EXPR_EXPRCONTEXT_H
