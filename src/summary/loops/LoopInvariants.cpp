//===- LoopInvariants.cpp - invariants of recursive states, for users -----===//
//
// The invariants Horn answers give recursive states, written for people
// (over the C names of the loop-carried values, `describeInvariant`) and
// for SV-COMP's correctness witnesses (exact C expressions over the
// variables in scope at the loop head, `witnessInvariant`, and the
// heads they hold at on every visit, `LoopRegistry::witnessInvariants`).
//
//===----------------------------------------------------------------------===//

#include "loops/LoopInstance.h"
#include "recursion/RecursiveFunction.h"

#include "cosmo/expr/Transform.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IntrinsicInst.h>

#include <fmt/format.h>

#include <functional>
#include <set>

namespace cosmo::summary {

namespace {

/// C syntax for an invariant over `names` (signed arithmetic: the
/// conjuncts Spacer proposes are read back in wide signed arithmetic).
std::string cText(const expr::Expr *e,
                  const std::map<uint64_t, std::string> &names) {
  return expr::toCText(e, [&](const expr::Expr *t) -> std::optional<std::string> {
    if (t->kind() != expr::Kind::Var && t->kind() != expr::Kind::ArrayVar)
      return std::nullopt;
    auto it = names.find(t->id());
    return it == names.end() ? std::nullopt : std::optional(it->second);
  });
}

/// An input's name as the user knows it: without cosmo's prefixes and
/// numbering.
std::string userName(const std::string &var) {
  std::string n = var.substr(0, var.find('#'));
  // (Not a dot of the bytes' range of an object's part: `buf[4..7]`.)
  size_t dot = n.rfind('.', n.find('['));
  return dot == std::string::npos ? n : n.substr(dot + 1);
}

/// The conjuncts of `invariant`, each once, in Spacer's order.
std::vector<const expr::Expr *> conjunctsOf(const ExprRef &invariant) {
  std::vector<const expr::Expr *> conjuncts, work{invariant.get()};
  while (!work.empty()) {
    const expr::Expr *e = work.back();
    work.pop_back();
    if (e->kind() == expr::Kind::And) {
      for (unsigned i = e->numChildren(); i-- > 0;)
        work.push_back(e->child(i));
      continue;
    }
    if (std::find(conjuncts.begin(), conjuncts.end(), e) == conjuncts.end())
      conjuncts.push_back(e);
  }
  // A bound on a term implied by a tighter one of the same signedness on
  // the same term (`14 < n` beside `15 < n`: the facts of a loop's first
  // iterations) says nothing more.
  struct Bound {
    const expr::Expr *term = nullptr;
    llvm::APInt c;
    bool lower = false, isSigned = false;
  };
  auto bound = [](const expr::Expr *e, Bound &out) {
    expr::Kind k = e->kind();
    if (k != expr::Kind::Slt && k != expr::Kind::Sle &&
        k != expr::Kind::Ult && k != expr::Kind::Ule)
      return false;
    const expr::Expr *a = e->child(0), *b = e->child(1);
    bool strict = k == expr::Kind::Slt || k == expr::Kind::Ult;
    out.isSigned = k == expr::Kind::Slt || k == expr::Kind::Sle;
    if (a->kind() == expr::Kind::BVConst && b->kind() != expr::Kind::BVConst) {
      // c < t is c + 1 <= t.
      out.c = a->bvValue();
      if (strict && (out.isSigned ? out.c.isMaxSignedValue()
                                  : out.c.isMaxValue()))
        return false;
      out.c += strict ? 1 : 0;
      out.term = b, out.lower = true;
      return true;
    }
    if (b->kind() == expr::Kind::BVConst && a->kind() != expr::Kind::BVConst) {
      out.c = b->bvValue();
      if (strict && (out.isSigned ? out.c.isMinSignedValue() : out.c.isZero()))
        return false;
      out.c -= strict ? 1 : 0;
      out.term = a, out.lower = false;
      return true;
    }
    return false;
  };
  std::vector<const expr::Expr *> kept;
  for (const expr::Expr *e : conjuncts) {
    Bound be, bo;
    bool implied = false;
    if (bound(e, be))
      for (const expr::Expr *o : conjuncts) {
        if (o == e || !bound(o, bo) || bo.term != be.term ||
            bo.lower != be.lower || bo.isSigned != be.isSigned)
          continue;
        // o is tighter, or as tight and first: e is implied.
        bool tighter =
            be.isSigned ? (be.lower ? bo.c.sgt(be.c) : bo.c.slt(be.c))
                        : (be.lower ? bo.c.ugt(be.c) : bo.c.ult(be.c));
        bool same = bo.c == be.c &&
                    std::find(conjuncts.begin(), conjuncts.end(), o) <
                        std::find(conjuncts.begin(), conjuncts.end(), e);
        if (tighter || same) {
          implied = true;
          break;
        }
      }
    if (!implied)
      kept.push_back(e);
  }
  return kept;
}

bool isIdentifier(const std::string &s) {
  return !s.empty() && !std::isdigit(static_cast<unsigned char>(s[0])) &&
         std::all_of(s.begin(), s.end(), [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
         });
}

/// The C variables of a function as its debug information describes them:
/// the values each is given (dbg.value), and whether one of them is
/// unknown (undef, or a variable in memory).
struct DebugVariables {
  struct Values {
    std::set<const llvm::Value *> values;
    std::vector<const llvm::DbgValueInst *> where;
    bool unknown = false;
  };
  std::map<const llvm::DILocalVariable *, Values> vars;

  explicit DebugVariables(const llvm::Function &f) {
    for (const llvm::BasicBlock &b : f)
      for (const llvm::Instruction &i : b) {
        if (const auto *d = llvm::dyn_cast<llvm::DbgValueInst>(&i)) {
          Values &v = vars[d->getVariable()];
          const llvm::Value *value = d->getValue();
          if (!value || llvm::isa<llvm::UndefValue>(value))
            v.unknown = true;
          else
            v.values.insert(value);
          v.where.push_back(d);
        } else if (const auto *d = llvm::dyn_cast<llvm::DbgDeclareInst>(&i)) {
          vars[d->getVariable()].unknown = true;
        }
      }
  }
};

/// Whether `var`'s scope encloses `at`.
bool inScope(const llvm::DILocalVariable *var, const llvm::DILocation *at) {
  for (const llvm::DIScope *s = at ? at->getScope() : nullptr; s;
       s = s->getScope()) {
    if (s == var->getScope())
      return true;
    if (llvm::isa<llvm::DISubprogram>(s))
      break;
  }
  return false;
}

} // namespace

namespace {

/// Calls `at(k)` for each position k of `t` outside every parenthesis
/// (after the character there is read) until it returns true; whether one
/// did.
template <class F> bool anyAtTopLevel(const std::string &t, F at) {
  int depth = 0;
  for (size_t k = 0; k < t.size(); ++k) {
    depth += t[k] == '(' ? 1 : t[k] == ')' ? -1 : 0;
    if (depth == 0 && at(k))
      return true;
  }
  return false;
}

/// Whether the first character of `t` opens a parenthesis its last closes
/// (`(a) || (b)` is not).
bool enclosedInParentheses(const std::string &t) {
  return t.size() >= 2 && t.front() == '(' && t.back() == ')' &&
         !anyAtTopLevel(t, [&](size_t k) { return k + 1 < t.size(); });
}

/// Whether `t` has a `||` outside parentheses.
bool hasTopLevelOr(const std::string &t) {
  return anyAtTopLevel(t, [&](size_t k) {
    return t[k] == '|' && k + 1 < t.size() && t[k + 1] == '|';
  });
}

/// Relation `r`'s arguments (their variables' ids) named by `names`, in
/// order.
std::map<uint64_t, std::string>
argumentNames(expr::ExprContext &ctx, const HornQuestion &q, size_t r,
              const std::vector<std::string> &names) {
  std::map<uint64_t, std::string> out;
  for (unsigned k = 0; k < names.size(); ++k)
    out[q.system.argument(ctx, r, k)->id()] = names[k];
  return out;
}

/// The variables (ids) of relation `r`'s arguments that hold a node
/// region's values (LoopRegistry::nodeValues).
std::set<uint64_t> nodeArguments(expr::ExprContext &ctx, const HornQuestion &q,
                                 size_t r, const LoopRegistry &registry,
                                 const LoopInstance &inst) {
  std::set<uint64_t> out;
  unsigned k = 0;
  for (const ExprRef &p : inst.params) {
    if (registry.nodeValues.count(p->id()))
      out.insert(q.system.argument(ctx, r, k)->id());
    ++k;
  }
  for (const CarriedValue &c : inst.carried) {
    if (registry.nodeValues.count(c.var->id()))
      out.insert(q.system.argument(ctx, r, k)->id());
    ++k;
  }
  return out;
}

/// Whether `e` reads one of `variables`.
bool readsAny(const std::set<uint64_t> &variables, const ExprRef &e) {
  for (const ExprRef &v : expr::freeVariables(e))
    if (variables.count(v->id()))
      return true;
  return false;
}

/// The conjuncts of `invariant` as C text over `names`, joined by &&;
/// those `skip` says are left out.
std::string conjunctsText(
    const ExprRef &invariant, const std::map<uint64_t, std::string> &names,
    const std::function<bool(const ExprRef &)> &skip = nullptr) {
  std::string text;
  for (const expr::Expr *e : conjunctsOf(invariant)) {
    if (skip && skip(ExprRef(e)))
      continue;
    std::string t = cText(e, names);
    if (enclosedInParentheses(t))
      t = t.substr(1, t.size() - 2);
    if (hasTopLevelOr(t))
      t = "(" + t + ")"; // && binds tighter than ||
    text += (text.empty() ? "" : " && ") + t;
  }
  return text;
}

/// An element `concat(select(a, s*k + c + w-1), ..., select(a, s*k + c))`
/// of an array argument as InvariantReader builds it (a field at offset c
/// of cells of s bytes): the array, the bound variable, s and c; none
/// when it is not one.
struct ElementRead {
  const expr::Expr *array = nullptr, *index = nullptr;
  uint64_t stride = 1, offset = 0;
};
std::optional<ElementRead> elementOf(const expr::Expr *e) {
  using expr::Kind;
  const expr::Expr *low = e;
  while (low->kind() == Kind::Concat)
    low = low->child(1);
  if (low->kind() != Kind::Select ||
      low->child(0)->kind() != Kind::ArrayVar)
    return std::nullopt;
  ElementRead r;
  r.array = low->child(0);
  const expr::Expr *at = low->child(1);
  if (at->kind() == Kind::Add && at->child(0)->kind() == Kind::BVConst) {
    r.offset = at->child(0)->bvValue().getZExtValue();
    at = at->child(1);
  } else if (at->kind() == Kind::Add &&
             at->child(1)->kind() == Kind::BVConst) {
    r.offset = at->child(1)->bvValue().getZExtValue();
    at = at->child(0);
  }
  if (at->kind() == Kind::Mul && at->child(0)->kind() == Kind::BVConst) {
    r.stride = at->child(0)->bvValue().getZExtValue();
    at = at->child(1);
  }
  if (at->kind() != Kind::Var)
    return std::nullopt;
  r.index = at;
  return r;
}

/// C for element `r` of `width` bits of the array named `array`, indexed
/// by `k`: `a[k]` when the cells are the elements, else the bytes at the
/// element's offset read as a signed integer of its width.
std::string elementText(const ElementRead &r, unsigned width,
                        const std::string &array, const std::string &k) {
  if (r.offset == 0 && r.stride * 8 == width)
    return fmt::format("{}[{}]", array, k);
  const char *type = width == 8    ? "signed char"
                     : width == 16 ? "short"
                     : width == 32 ? "int"
                                   : "long long";
  std::string at = r.stride == 1 ? k : fmt::format("{}*{}", r.stride, k);
  if (r.offset)
    at += fmt::format(" + {}", r.offset);
  return fmt::format("*({} *)((char *){} + {})", type, array, at);
}

} // namespace

std::string describeQuantified(expr::ExprContext &ctx, const HornQuestion &q,
                               const LoopRegistry &registry, size_t r,
                               const solver::HornAnswer::Quantified &f) {
  const LoopInstance &inst = registry.at(q.instanceOf[r]);
  // Over a node region: cosmo's addresses, not the program's values.
  if (readsAny(nodeArguments(ctx, q, r, registry, inst), f.body))
    return "";
  std::vector<std::string> argNames;
  for (const ExprRef &p : inst.params)
    argNames.push_back(userName(p->name()));
  for (const CarriedValue &c : inst.carried)
    argNames.push_back(c.name);
  std::map<uint64_t, std::string> names =
      argumentNames(ctx, q, r, argNames);
  std::string vars;
  for (size_t k = 0; k < f.bound.size(); ++k) {
    std::string n = f.bound.size() == 1 ? "k" : fmt::format("k{}", k);
    names[f.bound[k]->id()] = n;
    vars += (vars.empty() ? "" : ", ") + n;
  }
  // Each element read becomes a variable named as C reads it (`a[k]`).
  bool readable = true;
  ExprRef body = expr::rewriteBottomUp(ctx, f.body, [&](const ExprRef &e) {
    if (e->kind() != expr::Kind::Concat && e->kind() != expr::Kind::Select)
      return ExprRef();
    auto element = elementOf(e.get());
    auto array = element ? names.find(element->array->id()) : names.end();
    auto index = element ? names.find(element->index->id()) : names.end();
    if (array == names.end() || index == names.end() ||
        e->width() > 64 || e->width() % 8) {
      readable = false;
      return ExprRef();
    }
    ExprRef v = ctx.var(
        elementText(*element, e->width(), array->second, index->second),
        expr::Sort::bv(e->width()));
    names[v->id()] = v->name();
    return v;
  });
  if (!readable)
    return "";
  return fmt::format("\\forall {}: {}", vars, conjunctsText(body, names));
}

std::string describeInvariant(expr::ExprContext &ctx, const HornQuestion &q,
                              const LoopRegistry &registry, size_t r,
                              const ExprRef &invariant) {
  const LoopInstance &inst = registry.at(q.instanceOf[r]);
  std::vector<std::string> names;
  for (const ExprRef &p : inst.params)
    names.push_back(userName(p->name()));
  for (const CarriedValue &c : inst.carried)
    names.push_back(c.name);
  std::set<uint64_t> nodes = nodeArguments(ctx, q, r, registry, inst);
  return conjunctsText(invariant, argumentNames(ctx, q, r, names),
                       [&](const ExprRef &e) { return readsAny(nodes, e); });
}

std::string describeSummary(expr::ExprContext &ctx, const HornQuestion &q,
                            const LoopRegistry &registry, size_t r,
                            const ExprRef &invariant) {
  const RecursiveFunction &fn = registry.function(q.functionOf[r]);
  std::vector<std::string> names = fn.paramNames;
  // ACSL's names: a global's value at entry is \old(g), at return g;
  // Sum(f) has how much g changed.
  for (const llvm::GlobalVariable *g : fn.globals)
    names.push_back(fmt::format("\\old({})", g->getName().str()));
  if (!fn.function->getReturnType()->isVoidTy())
    names.push_back("\\result");
  for (const llvm::GlobalVariable *g : fn.written)
    names.push_back(fmt::format("({} - \\old({}))", g->getName().str(),
                                g->getName().str()));
  return conjunctsText(invariant, argumentNames(ctx, q, r, names));
}

std::string witnessInvariant(expr::ExprContext &ctx, const HornQuestion &q,
                             const LoopRegistry &registry, size_t r,
                             const ExprRef &invariant) {
  const LoopInstance &inst = registry.at(q.instanceOf[r]);
  if (!inst.arrival)
    return ""; // a nested loop's values at its head: not the program's
  const llvm::DILocation *at = nullptr;
  for (const llvm::Instruction &i : *inst.head)
    if ((at = i.getDebugLoc().get()))
      break;
  DebugVariables debug(*inst.head->getParent());
  std::set<std::string> inScopeNames;
  for (const auto &[var, values] : debug.vars)
    if (inScope(var, at))
      inScopeNames.insert(var->getName().str());
  const engine::StackFrame &frame = inst.arrival->frame();
  // The C variable in scope at the head that holds `value` there: its
  // only value in the function is an SSA value whose register holds it,
  // given before the head (a variable declared past the loop is in the
  // same C scope, but not yet given its value).
  llvm::DominatorTree dominators(
      const_cast<llvm::Function &>(*inst.head->getParent()));
  const llvm::Instruction *headStart = &*inst.head->getFirstInsertionPt();
  auto holder = [&](const ExprRef &value) -> std::string {
    for (const auto &[var, values] : debug.vars) {
      if (values.unknown || values.values.size() != 1 || !inScope(var, at) ||
          std::none_of(values.where.begin(), values.where.end(),
                       [&](const llvm::DbgValueInst *d) {
                         return dominators.dominates(d, headStart);
                       }))
        continue;
      const engine::RegValue *reg = frame.registers.find(*values.values.begin());
      if (reg && reg->toExpr(ctx) == value)
        return var->getName().str();
    }
    return "";
  };
  std::map<uint64_t, std::string> names;
  unsigned k = 0;
  for (const ExprRef &p : inst.params)
    if (std::string n = holder(p); !n.empty())
      names[q.system.argument(ctx, r, k++)->id()] = n;
    else
      ++k;
  for (const CarriedValue &c : inst.carried) {
    ExprRef arg = q.system.argument(ctx, r, k++);
    std::string n;
    if (c.phi && (c.pointee || c.raw)) {
      // An offset into an object, or an address of cosmo's own: not the
      // variable's value (left out).
    } else if (c.phi) {
      llvm::SmallVector<llvm::DbgValueInst *, 2> uses;
      llvm::findDbgValues(uses, const_cast<llvm::PHINode *>(c.phi));
      // Described at the head itself (a dbg.value of the phi past the loop
      // names a variable assigned there).
      for (const llvm::DbgValueInst *d : uses)
        if (d->getParent() == inst.head && inScope(d->getVariable(), at))
          n = d->getVariable()->getName().str();
    } else if (const memory::ObjectEntry *e =
                   inst.arrival->memory.findByBase(c.base)) {
      // A whole integer global no local of the same name hides.
      const memory::MemoryObject &o = *e->object;
      const auto *type = static_cast<const llvm::Type *>(o.typeTag);
      if (o.kind == memory::ObjectKind::Global && c.offset == 0 &&
          c.bytes == o.capacity && type && type->isIntegerTy(8 * c.bytes) &&
          isIdentifier(o.name) && !inScopeNames.count(o.name))
        n = o.name;
    }
    if (!n.empty())
      names[arg->id()] = n;
  }
  std::string text;
  for (const expr::Expr *e : conjunctsOf(invariant))
    if (std::optional<std::string> t = cExpression(e, names))
      text += (text.empty() ? "" : " && ") + *t;
  return text;
}

std::vector<LoopInvariant> LoopRegistry::witnessInvariants() const {
  // Every arrival at a head made a recursive state at its first visit:
  // the head's visits are those of their Rec, and the disjunction of what
  // holds on each is an invariant of the head.
  std::map<const llvm::BasicBlock *, std::vector<const LoopInstance *>> byHead;
  for (const auto &inst : instances_)
    if (inst->arrival)
      byHead[inst->head].push_back(inst.get());
  std::vector<LoopInvariant> out;
  for (const auto &[head, instances] : byHead) {
    if (unrolledHeads.count(head) || headsLeftToUnrolling.count(head))
      continue;
    std::vector<std::string> disjuncts;
    for (const LoopInstance *inst : instances) {
      if (inst->witnessConjuncts.empty())
        break;
      std::string all;
      for (const std::string &c : inst->witnessConjuncts)
        all += (all.empty() ? "" : " && ") + c;
      disjuncts.push_back(std::move(all));
    }
    if (disjuncts.size() != instances.size())
      continue;
    std::string text;
    for (const std::string &d : disjuncts)
      text += disjuncts.size() == 1 ? d
                                    : (text.empty() ? "" : " || ") + ("(" + d + ")");
    out.push_back({instances.front()->where, instances.front()->function,
                   std::move(text)});
  }
  return out;
}


} // namespace cosmo::summary
