//===- Z3Solver.cpp - the Z3 backend --------------------------------------===//

#include "cosmo/expr/Transform.h"
#include "cosmo/solver/Solver.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/ADT/StringRef.h>
#include <z3++.h>

#include <chrono>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace cosmo::solver {

Solver::~Solver() = default;

namespace {

using expr::Expr;
using expr::Kind;

class Z3Solver final : public Solver {
public:
  Z3Solver(expr::ExprContext &ctx, const SolverOptions &opts)
      : ctx_(ctx), timeoutMs_(opts.timeoutMs) {}

  void setTimeoutMs(unsigned ms) override { timeoutMs_ = ms; }

  SolverResult check(std::span<const ExprRef> constraints,
                     bool wantModel) override {
    auto start = std::chrono::steady_clock::now();
    ++stats_.queries;
    SolverResult result;
    try {
      result = solve(constraints, wantModel);
    } catch (const z3::exception &e) {
      result.status = Validity::Unknown;
      result.reason = std::string("z3: ") + e.msg();
    }
    switch (result.status) {
    case Validity::Sat: ++stats_.sat; break;
    case Validity::Unsat: ++stats_.unsat; break;
    case Validity::Unknown: ++stats_.unknown; break;
    }
    stats_.seconds += std::chrono::duration<double>(
                          std::chrono::steady_clock::now() - start)
                          .count();
    return result;
  }

private:
  SolverResult solve(std::span<const ExprRef> constraints, bool wantModel) {
    if (cache_.size() > kMaxCache)
      cache_.clear();
    // A solver for the query's logic gets Z3's bit-blasting pipeline, which
    // is far faster on multiplication and division than the generic one.
    bool arrays = false;
    for (const ExprRef &c : constraints)
      expr::forEachNode(c, [&](const Expr *e) {
        arrays |= e->kind() == Kind::ArrayVar;
      });
    z3::solver s(z3_, arrays ? "QF_ABV" : "QF_BV");
    z3::params p(z3_);
    if (timeoutMs_)
      p.set("timeout", timeoutMs_);
    s.set(p);
    for (const ExprRef &c : constraints) {
      if (c->isTrue())
        continue;
      if (c->isFalse())
        return {Validity::Unsat, {}, {}};
      s.add(translate(c.get()));
    }
    SolverResult r;
    switch (s.check()) {
    case z3::unsat: r.status = Validity::Unsat; return r;
    case z3::unknown:
      r.status = Validity::Unknown;
      r.reason = s.reason_unknown();
      if (r.reason == "canceled" || r.reason == "timeout")
        r.reason = "solver timeout";
      return r;
    case z3::sat: break;
    }
    r.status = Validity::Sat;
    if (wantModel)
      r.model = extractModel(s.get_model(), constraints);
    return r;
  }

  expr::Assignment extractModel(const z3::model &m,
                                std::span<const ExprRef> constraints) {
    expr::Assignment a;
    std::unordered_set<const Expr *> seen;
    for (const ExprRef &c : constraints) {
      expr::forEachNode(c, [&](const Expr *e) {
        if (!seen.insert(e).second)
          return;
        if (e->kind() == Kind::Var) {
          z3::expr v = m.eval(translate(e), true);
          if (e->sort().isBool())
            a.set(ExprRef(e), expr::Value::ofBool(v.is_true()));
          else
            a.set(ExprRef(e), expr::Value::ofBits(toAPInt(v, e->width())));
        } else if (e->kind() == Kind::ArrayVar) {
          a.setArray(ExprRef(e), arrayValue(m, translate(e)));
        }
      });
    }
    return a;
  }

  static llvm::APInt toAPInt(const z3::expr &v, unsigned width) {
    std::string digits = v.get_decimal_string(0);
    return llvm::APInt(width, digits, 10);
  }

  // Reads an array model. Z3's value of an array is built from constant
  // arrays, stores at numeral indices, as-array interpretations and, when
  // the query compares arrays, ite over array equalities that model
  // evaluation leaves unreduced (so the value cannot be read off as a store
  // chain). Such a value is constant outside the numeral indices it
  // mentions: read it at each of those and at one other index (the default).
  expr::ArrayValue arrayValue(const z3::model &m, const z3::expr &arr) {
    std::set<uint64_t> indices;
    std::unordered_set<unsigned> seen;
    std::vector<z3::expr> todo{m.eval(arr, true)};
    while (!todo.empty()) {
      z3::expr v = todo.back();
      todo.pop_back();
      if (!v.is_app() || !seen.insert(v.id()).second)
        continue;
      if (v.decl().decl_kind() == Z3_OP_STORE && v.arg(1).is_numeral())
        indices.insert(v.arg(1).get_numeral_uint64());
      if (Z3_is_as_array(z3_, v)) {
        z3::func_decl f(z3_, Z3_get_as_array_func_decl(z3_, v));
        z3::func_interp fi = m.get_func_interp(f);
        for (unsigned i = 0; i < fi.num_entries(); ++i)
          if (fi.entry(i).arg(0).is_numeral())
            indices.insert(fi.entry(i).arg(0).get_numeral_uint64());
      }
      for (unsigned i = 0; i < v.num_args(); ++i)
        todo.push_back(v.arg(i));
    }
    auto byteAt = [&](uint64_t i) -> uint8_t {
      z3::expr b = m.eval(z3::select(arr, z3_.bv_val(i, 64)), true);
      return b.is_numeral() ? static_cast<uint8_t>(b.get_numeral_uint64()) : 0;
    };
    expr::ArrayValue out;
    uint64_t other = 0;
    while (indices.count(other))
      ++other;
    out.fallback = byteAt(other);
    for (uint64_t i : indices)
      if (uint8_t b = byteAt(i); b != out.fallback)
        out.bytes[i] = b;
    return out;
  }

  z3::sort sortOf(expr::Sort s) {
    switch (s.tag) {
    case expr::Sort::Bool: return z3_.bool_sort();
    case expr::Sort::BitVec: return z3_.bv_sort(s.width);
    case expr::Sort::Array:
      return z3_.array_sort(z3_.bv_sort(64), z3_.bv_sort(8));
    }
    return z3_.bool_sort();
  }

  z3::expr translate(const Expr *root) {
    // Post-order over the DAG with the cache as the memo.
    std::vector<std::pair<const Expr *, bool>> stack{{root, false}};
    while (!stack.empty()) {
      auto [e, expanded] = stack.back();
      if (cache_.count(e)) {
        stack.pop_back();
        continue;
      }
      if (!expanded) {
        stack.back().second = true;
        for (unsigned i = 0; i < e->numChildren(); ++i)
          if (!cache_.count(e->child(i)))
            stack.push_back({e->child(i), false});
        continue;
      }
      stack.pop_back();
      cache_.emplace(e, Entry{ExprRef(e), build(e)});
    }
    return cache_.at(root).z3;
  }

  z3::expr build(const Expr *e) {
    auto c = [&](unsigned i) { return cache_.at(e->child(i)).z3; };
    switch (e->kind()) {
    case Kind::BoolConst: return z3_.bool_val(e->boolValue());
    case Kind::BVConst: {
      llvm::SmallString<40> s;
      e->bvValue().toStringUnsigned(s, 10);
      return z3_.bv_val(std::string(s.str()).c_str(), e->width());
    }
    case Kind::Var:
    case Kind::ArrayVar:
      return z3_.constant(e->name().c_str(), sortOf(e->sort()));
    case Kind::Not: return !c(0);
    case Kind::And: return c(0) && c(1);
    case Kind::Or: return c(0) || c(1);
    case Kind::Ite: return z3::ite(c(0), c(1), c(2));
    case Kind::Eq: return c(0) == c(1);
    case Kind::Ult: return z3::ult(c(0), c(1));
    case Kind::Ule: return z3::ule(c(0), c(1));
    case Kind::Slt: return c(0) < c(1);
    case Kind::Sle: return c(0) <= c(1);
    case Kind::Add: return c(0) + c(1);
    case Kind::Sub: return c(0) - c(1);
    case Kind::Mul: return c(0) * c(1);
    case Kind::UDiv: return z3::udiv(c(0), c(1));
    case Kind::SDiv: return c(0) / c(1);
    case Kind::URem: return z3::urem(c(0), c(1));
    case Kind::SRem: return z3::srem(c(0), c(1));
    case Kind::Shl: return z3::shl(c(0), c(1));
    case Kind::LShr: return z3::lshr(c(0), c(1));
    case Kind::AShr: return z3::ashr(c(0), c(1));
    case Kind::BAnd: return c(0) & c(1);
    case Kind::BOr: return c(0) | c(1);
    case Kind::BXor: return c(0) ^ c(1);
    case Kind::BNot: return ~c(0);
    case Kind::Neg: return -c(0);
    case Kind::Concat: return z3::concat(c(0), c(1));
    case Kind::Extract: return c(0).extract(e->aux0(), e->aux1());
    case Kind::ZExt: return z3::zext(c(0), e->aux0() - e->child(0)->width());
    case Kind::SExt: return z3::sext(c(0), e->aux0() - e->child(0)->width());
    case Kind::Select: return z3::select(c(0), c(1));
    case Kind::Store: return z3::store(c(0), c(1), c(2));
    }
    throw z3::exception("unknown term kind");
  }

  struct Entry {
    ExprRef keepAlive; // the cache is keyed by node address
    z3::expr z3;
  };
  static constexpr size_t kMaxCache = 1u << 20;

  expr::ExprContext &ctx_;
  unsigned timeoutMs_;
  z3::context z3_;
  std::unordered_map<const Expr *, Entry> cache_;
};

} // namespace

std::unique_ptr<Solver> createZ3Solver(expr::ExprContext &ctx,
                                       const SolverOptions &options) {
  return std::make_unique<Z3Solver>(ctx, options);
}

} // namespace cosmo::solver
