//===- ExprContext.cpp - node table, hash-consing, lifetime ---------------===//

#include "cosmo/expr/ExprContext.h"
#include "cosmo/expr/FloatOps.h"

#include <llvm/ADT/Hashing.h>

#include <unordered_set>

namespace cosmo::expr {

const char *kindName(Kind k) {
  switch (k) {
  case Kind::BoolConst: return "boolconst";
  case Kind::BVConst: return "bvconst";
  case Kind::Var: return "var";
  case Kind::ArrayVar: return "arrayvar";
  case Kind::Not: return "not";
  case Kind::And: return "and";
  case Kind::Or: return "or";
  case Kind::Ite: return "ite";
  case Kind::Eq: return "=";
  case Kind::Ult: return "bvult";
  case Kind::Ule: return "bvule";
  case Kind::Slt: return "bvslt";
  case Kind::Sle: return "bvsle";
  case Kind::Add: return "bvadd";
  case Kind::Sub: return "bvsub";
  case Kind::Mul: return "bvmul";
  case Kind::UDiv: return "bvudiv";
  case Kind::SDiv: return "bvsdiv";
  case Kind::URem: return "bvurem";
  case Kind::SRem: return "bvsrem";
  case Kind::Shl: return "bvshl";
  case Kind::LShr: return "bvlshr";
  case Kind::AShr: return "bvashr";
  case Kind::BAnd: return "bvand";
  case Kind::BOr: return "bvor";
  case Kind::BXor: return "bvxor";
  case Kind::BNot: return "bvnot";
  case Kind::Neg: return "bvneg";
  case Kind::Concat: return "concat";
  case Kind::Extract: return "extract";
  case Kind::ZExt: return "zero_extend";
  case Kind::SExt: return "sign_extend";
  case Kind::Select: return "select";
  case Kind::Store: return "store";
  case Kind::ConstArray: return "const_array";
  case Kind::Forall: return "forall";
  case Kind::FAdd: return "fp.add";
  case Kind::FSub: return "fp.sub";
  case Kind::FMul: return "fp.mul";
  case Kind::FDiv: return "fp.div";
  case Kind::FRem: return "fp.fmod";
  case Kind::FSqrt: return "fp.sqrt";
  case Kind::FFma: return "fp.fma";
  case Kind::FRound: return "fp.roundToIntegral";
  case Kind::FOEq: return "fp.eq";
  case Kind::FOLt: return "fp.lt";
  case Kind::FOLe: return "fp.leq";
  case Kind::FIsNaN: return "fp.isNaN";
  case Kind::FToSI: return "fp.to_sbv";
  case Kind::FToUI: return "fp.to_ubv";
  case Kind::SIToF: return "to_fp_signed";
  case Kind::UIToF: return "to_fp_unsigned";
  case Kind::FToF: return "to_fp";
  }
  return "?";
}

std::string Sort::str() const {
  switch (tag) {
  case Bool: return "Bool";
  case BitVec: return "(_ BitVec " + std::to_string(width) + ")";
  case Array: return "(Array (_ BitVec 64) (_ BitVec 8))";
  }
  return "?";
}

void ExprRef::releaseSlow() {
  if (--e_->refCount_ == 0)
    e_->ctx_->destroy(e_);
  e_ = nullptr;
}

bool ExprContext::NodeEq::operator()(const Expr *a, const Expr *b) const {
  if (a->kind_ != b->kind_ || a->sort_ != b->sort_ ||
      a->numChildren_ != b->numChildren_ || a->aux0_ != b->aux0_ ||
      a->aux1_ != b->aux1_)
    return false;
  for (unsigned i = 0; i < a->numChildren_; ++i)
    if (a->children_[i] != b->children_[i])
      return false;
  switch (a->kind_) {
  case Kind::BoolConst: return a->boolValue_ == b->boolValue_;
  case Kind::BVConst: return a->value_ == b->value_;
  case Kind::Var:
  case Kind::ArrayVar: return a->name_ == b->name_;
  default: return true;
  }
}

ExprContext::ExprContext() = default;

ExprContext::~ExprContext() {
  // Terms still referenced from outside outlive nothing useful; free all.
  for (const Expr *e : table_)
    delete e;
}

// A cheap 64-bit mixer (splitmix64's finaliser): hashing is on the path of
// every term built, so llvm::hash_combine's generality costs too much here.
static inline uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 27;
  return h;
}

static size_t computeHash(const Expr &e) {
  uint64_t h = mix(static_cast<uint64_t>(e.kind()),
                   (uint64_t(e.sort().tag) << 32) | e.sort().width);
  h = mix(h, (uint64_t(e.aux0()) << 32) | e.aux1());
  for (unsigned i = 0; i < e.numChildren(); ++i)
    h = mix(h, e.child(i)->hash());
  switch (e.kind()) {
  case Kind::BoolConst: h = mix(h, e.boolValue()); break;
  case Kind::BVConst:
    if (e.bvValue().getBitWidth() <= 64)
      h = mix(h, e.bvValue().getZExtValue());
    else
      h = mix(h, llvm::hash_value(e.bvValue()));
    break;
  case Kind::Var:
  case Kind::ArrayVar: h = mix(h, llvm::hash_value(e.name())); break;
  default: break;
  }
  return static_cast<size_t>(h);
}

ExprRef ExprContext::intern(std::unique_ptr<Expr> node) {
  node->ctx_ = this;
  node->hash_ = computeHash(*node);
  auto it = table_.find(node.get());
  if (it != table_.end())
    return ExprRef(*it);
  for (unsigned i = 0; i < node->numChildren_; ++i)
    ++node->children_[i]->refCount_;
  node->id_ = nextId_++;
  const Expr *e = node.release();
  table_.insert(e);
  return ExprRef(e);
}

ExprRef ExprContext::makeNode(Kind kind, Sort sort,
                              std::span<const ExprRef> children, unsigned aux0,
                              unsigned aux1) {
  assert(children.size() <= 3);
  auto n = std::unique_ptr<Expr>(new Expr());
  n->kind_ = kind;
  n->sort_ = sort;
  n->numChildren_ = static_cast<uint8_t>(children.size());
  for (size_t i = 0; i < children.size(); ++i)
    n->children_[i] = children[i].get();
  n->aux0_ = aux0;
  n->aux1_ = aux1;
  return intern(std::move(n));
}

// Destruction is iterative: a long store chain or sum would otherwise
// overflow the stack when its last reference goes.
void ExprContext::destroy(const Expr *e) {
  pendingDestroy_.push_back(e);
  if (destroying_)
    return;
  destroying_ = true;
  while (!pendingDestroy_.empty()) {
    const Expr *d = pendingDestroy_.back();
    pendingDestroy_.pop_back();
    table_.erase(d);
    for (unsigned i = 0; i < d->numChildren_; ++i) {
      const Expr *c = d->children_[i];
      if (--c->refCount_ == 0)
        pendingDestroy_.push_back(c);
    }
    delete d;
  }
  destroying_ = false;
}

void ExprContext::hit(const char *rule) { ++rewriteCounts_[rule]; }

ExprRef ExprContext::boolVal(bool b) {
  auto n = std::unique_ptr<Expr>(new Expr());
  n->kind_ = Kind::BoolConst;
  n->sort_ = Sort::boolean();
  n->boolValue_ = b;
  return intern(std::move(n));
}

ExprRef ExprContext::bv(unsigned width, uint64_t value) {
  return bv(llvm::APInt(width, value));
}

ExprRef ExprContext::bv(const llvm::APInt &value) {
  auto n = std::unique_ptr<Expr>(new Expr());
  n->kind_ = Kind::BVConst;
  n->sort_ = Sort::bv(value.getBitWidth());
  n->value_ = value;
  return intern(std::move(n));
}

ExprRef ExprContext::var(std::string_view name, Sort sort) {
  assert(!sort.isArray() && "use arrayVar for arrays");
  auto n = std::unique_ptr<Expr>(new Expr());
  n->kind_ = Kind::Var;
  n->sort_ = sort;
  n->name_ = std::string(name);
  return intern(std::move(n));
}

ExprRef ExprContext::arrayVar(std::string_view name) {
  auto n = std::unique_ptr<Expr>(new Expr());
  n->kind_ = Kind::ArrayVar;
  n->sort_ = Sort::array();
  n->name_ = std::string(name);
  return intern(std::move(n));
}

static Sort resultSort(Kind kind, std::span<const ExprRef> c, unsigned aux0,
                       unsigned aux1) {
  switch (kind) {
  case Kind::Not:
  case Kind::And:
  case Kind::Or:
  case Kind::Eq:
  case Kind::Ult:
  case Kind::Ule:
  case Kind::Slt:
  case Kind::Sle:
  case Kind::FOEq:
  case Kind::FOLt:
  case Kind::FOLe:
  case Kind::FIsNaN: return Sort::boolean();
  case Kind::FToSI:
  case Kind::FToUI:
  case Kind::SIToF:
  case Kind::UIToF:
  case Kind::FToF: return Sort::bv(aux0);
  case Kind::Ite: return c[1]->sort();
  case Kind::Concat: return Sort::bv(c[0]->width() + c[1]->width());
  case Kind::Extract: return Sort::bv(aux0 - aux1 + 1);
  case Kind::ZExt:
  case Kind::SExt: return Sort::bv(aux0);
  case Kind::Select: return Sort::bv(8);
  case Kind::Store:
  case Kind::ConstArray: return Sort::array();
  default: return c[0]->sort();
  }
}

ExprRef ExprContext::floatOp(Kind kind, std::span<const ExprRef> c,
                             unsigned aux0) {
  assert(isFloatKind(kind));
  bool constant = true;
  std::vector<llvm::APInt> values;
  for (const ExprRef &x : c) {
    constant = constant && x->kind() == Kind::BVConst;
    if (constant)
      values.push_back(x->bvValue());
  }
  Sort sort = resultSort(kind, c, aux0, 0);
  if (constant) {
    Value v = evaluateFloat(kind, aux0, sort.width, values);
    return v.in(*this);
  }
  return makeNode(kind, sort, c, aux0, 0);
}

ExprRef ExprContext::raw(Kind kind, std::span<const ExprRef> children,
                         unsigned aux0, unsigned aux1) {
  assert(kind != Kind::BoolConst && kind != Kind::BVConst &&
         kind != Kind::Var && kind != Kind::ArrayVar);
  return makeNode(kind, resultSort(kind, children, aux0, aux1), children, aux0,
                  aux1);
}

ExprRef ExprContext::rebuild(Kind kind, std::span<const ExprRef> c,
                             unsigned aux0, unsigned aux1) {
  switch (kind) {
  case Kind::Not: return notE(c[0]);
  case Kind::And: return andE(c[0], c[1]);
  case Kind::Or: return orE(c[0], c[1]);
  case Kind::Ite: return ite(c[0], c[1], c[2]);
  case Kind::Eq: return eq(c[0], c[1]);
  case Kind::Ult: return ult(c[0], c[1]);
  case Kind::Ule: return ule(c[0], c[1]);
  case Kind::Slt: return slt(c[0], c[1]);
  case Kind::Sle: return sle(c[0], c[1]);
  case Kind::Add: return add(c[0], c[1]);
  case Kind::Sub: return sub(c[0], c[1]);
  case Kind::Mul: return mul(c[0], c[1]);
  case Kind::UDiv: return udiv(c[0], c[1]);
  case Kind::SDiv: return sdiv(c[0], c[1]);
  case Kind::URem: return urem(c[0], c[1]);
  case Kind::SRem: return srem(c[0], c[1]);
  case Kind::Shl: return shl(c[0], c[1]);
  case Kind::LShr: return lshr(c[0], c[1]);
  case Kind::AShr: return ashr(c[0], c[1]);
  case Kind::BAnd: return band(c[0], c[1]);
  case Kind::BOr: return bor(c[0], c[1]);
  case Kind::BXor: return bxor(c[0], c[1]);
  case Kind::BNot: return bnot(c[0]);
  case Kind::Neg: return neg(c[0]);
  case Kind::Concat: return concat(c[0], c[1]);
  case Kind::Extract: return extract(c[0], aux0, aux1);
  case Kind::ZExt: return zext(c[0], aux0);
  case Kind::SExt: return sext(c[0], aux0);
  case Kind::Select: return select(c[0], c[1]);
  case Kind::Store: return store(c[0], c[1], c[2]);
  case Kind::ConstArray: return constArray(c[0], aux0);
  case Kind::Forall: return forall(c.subspan(1), c[0]);
  COSMO_FLOAT_KINDS(COSMO_FLOAT_KIND_CASE) return floatOp(kind, c, aux0);
  case Kind::BoolConst:
  case Kind::BVConst:
  case Kind::Var:
  case Kind::ArrayVar: break;
  }
  assert(false && "rebuild of a leaf");
  return {};
}

ExprRef ExprContext::forall(std::span<const ExprRef> vars,
                            const ExprRef &body) {
  if (body->isConst() || vars.empty())
    return body;
  std::vector<ExprRef> used;
  for (const ExprRef &v : vars) {
    bool occurs = false;
    forEachNode(body, [&](const Expr *e) { occurs |= e == v.get(); });
    if (occurs)
      used.push_back(v);
  }
  if (used.empty())
    return body;
  std::vector<ExprRef> kids{body};
  kids.insert(kids.end(), used.begin(), used.end());
  return makeNode(Kind::Forall, Sort::boolean(), kids);
}

ExprRef ExprContext::andAll(std::span<const ExprRef> xs) {
  ExprRef r = trueE();
  for (const ExprRef &x : xs)
    r = andE(r, x);
  return r;
}

ExprRef ExprContext::orAll(std::span<const ExprRef> xs) {
  ExprRef r = falseE();
  for (const ExprRef &x : xs)
    r = orE(r, x);
  return r;
}

ExprRef ExprContext::zextOrTrunc(const ExprRef &a, unsigned width) {
  if (a->width() == width)
    return a;
  return a->width() < width ? zext(a, width) : trunc(a, width);
}

ExprRef ExprContext::sextOrTrunc(const ExprRef &a, unsigned width) {
  if (a->width() == width)
    return a;
  return a->width() < width ? sext(a, width) : trunc(a, width);
}

ExprRef ExprContext::boolToBV(const ExprRef &b) {
  return ite(b, bv(1, 1), bv(1, 0));
}

ExprRef ExprContext::bvToBool(const ExprRef &a) {
  return ne(a, bv(a->width(), 0));
}

void forEachNode(const ExprRef &root,
                 const std::function<void(const Expr *)> &f) {
  std::unordered_set<const Expr *> seen;
  std::vector<std::pair<const Expr *, unsigned>> stack{{root.get(), 0}};
  while (!stack.empty()) {
    auto &[e, next] = stack.back();
    if (next == 0 && seen.count(e)) {
      stack.pop_back();
      continue;
    }
    if (next < e->numChildren()) {
      const Expr *c = e->child(next++);
      if (!seen.count(c))
        stack.push_back({c, 0});
      continue;
    }
    if (seen.insert(e).second)
      f(e);
    stack.pop_back();
  }
}

size_t dagSize(const ExprRef &e) {
  size_t n = 0;
  forEachNode(e, [&](const Expr *) { ++n; });
  return n;
}

size_t dagSizeUpTo(const ExprRef &e, size_t limit) {
  std::unordered_set<const Expr *> seen;
  std::vector<const Expr *> work{e.get()};
  while (!work.empty() && seen.size() <= limit) {
    const Expr *n = work.back();
    work.pop_back();
    if (!seen.insert(n).second)
      continue;
    for (unsigned k = 0; k < n->numChildren(); ++k)
      work.push_back(n->child(k));
  }
  return std::min(seen.size(), limit + 1);
}

} // namespace cosmo::expr
