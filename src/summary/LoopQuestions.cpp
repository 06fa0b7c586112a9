//===- LoopQuestions.cpp - deciding errors past recursive states ----------===//
//
// Seed 001 section 7 (theorems 18-19): a formula over Rec(id) is satisfiable
// iff a recursive first-order program reaches its error; here that program
// is a system of constrained Horn clauses, one relation per recursive
// state (LoopInstance), one clause per arrival and per path of its body,
// and the candidate's path as the query. Before it, the cheap and exact
// check: run the program on the inputs of the over-approximation.
//
//===----------------------------------------------------------------------===//

#include "LoopInstance.h"

#include "cosmo/expr/Transform.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/IntrinsicInst.h>

#include <fmt/format.h>

#include <set>

namespace cosmo::summary {

using engine::ErrorKind;
using engine::PathEnd;
using engine::SourceLocation;

namespace {

/// A run on the inputs of an accelerated query's model: its loops run up
/// to millions of iterations.
constexpr double kAcceleratedRunSeconds = 5;
/// Accelerated queries first with one phase per loop (one path repeated),
/// then with three (a path, another, the first again).
constexpr unsigned kAccelerationPhases[] = {1, 3};

/// The values of `inst`'s atom in a clause where its carried values are
/// `carried`: its params first.
std::vector<ExprRef> atomArgs(const LoopInstance &inst,
                              const std::vector<ExprRef> &carried) {
  std::vector<ExprRef> args = inst.params;
  args.insert(args.end(), carried.begin(), carried.end());
  return args;
}

std::vector<ExprRef> carriedVars(const LoopInstance &inst) {
  std::vector<ExprRef> vars;
  for (const CarriedValue &c : inst.carried)
    vars.push_back(c.var);
  return vars;
}

/// Where the error of a path end is reported.
SourceLocation errorLocation(Executor &x, const ExecutionState &s,
                             const PathEnd &end) {
  if (!end.stack.empty())
    return end.stack.front();
  std::vector<SourceLocation> stack = x.stackOf(s);
  return stack.empty() ? SourceLocation{} : stack.front();
}

/// An input's variable name without the prefixes of loop bodies' runs
/// ("L3.") and its number ("#7"): the same for the input a call in a loop
/// makes in every iteration.
std::string inputKey(const std::string &name) {
  size_t start = 0;
  for (size_t k = 0; k < name.size();) {
    size_t dot = name.find('.', k);
    if (dot == std::string::npos || name[k] != 'L' || dot == k + 1 ||
        !std::all_of(name.begin() + static_cast<long>(k) + 1,
                     name.begin() + static_cast<long>(dot),
                     [](char c) { return std::isdigit(c); }))
      break;
    start = k = dot + 1;
  }
  std::string key = name.substr(start);
  return key.substr(0, key.rfind('#'));
}

/// The hook of a run on fixed inputs: each input takes the model's value
/// of its variable, or for an input a loop body makes, the value of that
/// body's input in the model (every iteration the same). It reports errors
/// as any run does, notes whether the one it looks for was among them, and
/// ends every other path silently (they are not paths of the program's
/// run).
class ErrorWatch : public engine::ExecutionHooks {
public:
  ErrorWatch(Executor &x, ErrorKind kind, SourceLocation where,
             const expr::Assignment &model)
      : x_(x), kind_(kind), where_(std::move(where)) {
    for (const auto &[var, value] : model.vars()) {
      ExprRef c = value.isBool ? x.ctx().boolVal(value.boolValue)
                               : x.ctx().bv(value.bits);
      const std::string &name = var->name();
      byName_[name] = c;
      // Made in a loop body's run: keyed without its prefix.
      if (std::string key = inputKey(name);
          key != name.substr(0, name.rfind('#')))
        byKey_[key] = c;
    }
  }
  ExprRef pinnedInput(const ExecutionState &, const ExprRef &var) override {
    ExprRef c;
    if (auto it = byName_.find(var->name()); it != byName_.end())
      c = it->second;
    else if (auto k = byKey_.find(inputKey(var->name())); k != byKey_.end())
      c = k->second;
    return c && c->sort() == var->sort() ? c : nullptr;
  }
  bool onPathEnd(ExecutionState &s, const PathEnd &end) override {
    if (end.kind != PathEnd::Kind::Error)
      return true;
    SourceLocation at = errorLocation(x_, s, end);
    if (end.error == kind_ && at.file == where_.file && at.line == where_.line)
      found = true;
    return false;
  }
  bool found = false;

private:
  Executor &x_;
  ErrorKind kind_;
  SourceLocation where_;
  std::map<std::string, ExprRef> byName_, byKey_;
};

/// C syntax for an invariant (signed arithmetic: the conjuncts Spacer
/// proposes are read back in wide signed arithmetic).
std::string cText(const expr::Expr *e,
                  const std::map<uint64_t, std::string> &names) {
  using expr::Kind;
  auto sub = [&](unsigned i) { return cText(e->child(i), names); };
  auto bin = [&](const char *op) {
    return fmt::format("({} {} {})", sub(0), op, sub(1));
  };
  switch (e->kind()) {
  case Kind::BoolConst: return e->boolValue() ? "1" : "0";
  case Kind::BVConst: {
    const llvm::APInt &v = e->bvValue();
    if (e->width() == 1)
      return v.isZero() ? "0" : "1";
    return llvm::toString(v, 10, /*Signed=*/true);
  }
  case Kind::Var:
  case Kind::ArrayVar: {
    auto it = names.find(e->id());
    return it == names.end() ? e->name() : it->second;
  }
  case Kind::Not: return "!" + sub(0);
  case Kind::And: return bin("&&");
  case Kind::Or: return bin("||");
  case Kind::Ite: return fmt::format("({} ? {} : {})", sub(0), sub(1), sub(2));
  case Kind::Eq: return bin("==");
  case Kind::Ult: return bin("<u");
  case Kind::Ule: return bin("<=u");
  case Kind::Slt: return bin("<");
  case Kind::Sle: return bin("<=");
  case Kind::Add: return bin("+");
  case Kind::Sub: return bin("-");
  case Kind::Mul: return bin("*");
  case Kind::UDiv:
  case Kind::SDiv: return bin("/");
  case Kind::URem:
  case Kind::SRem: return bin("%");
  case Kind::Shl: return bin("<<");
  case Kind::LShr:
  case Kind::AShr: return bin(">>");
  case Kind::BAnd: return bin("&");
  case Kind::BOr: return bin("|");
  case Kind::BXor: return bin("^");
  case Kind::BNot: return "~" + sub(0);
  case Kind::Neg: return "-" + sub(0);
  case Kind::ZExt:
  case Kind::SExt: return sub(0); // the same value, wider
  case Kind::Extract:
    return fmt::format("bits({}, {}, {})", sub(0), e->aux0(), e->aux1());
  case Kind::Concat: return fmt::format("concat({}, {})", sub(0), sub(1));
  case Kind::Select: return fmt::format("{}[{}]", sub(0), sub(1));
  case Kind::Store:
    return fmt::format("store({}, {}, {})", sub(0), sub(1), sub(2));
  }
  return "?";
}

/// An input's name as the user knows it: without cosmo's prefixes and
/// numbering.
std::string userName(const std::string &var) {
  std::string n = var.substr(0, var.find('#'));
  size_t dot = n.rfind('.');
  return dot == std::string::npos ? n : n.substr(dot + 1);
}

} // namespace

void finishInstance(LoopInstance &inst, const LoopRegistry &registry) {
  std::set<ExprRef, expr::ExprIdLess> vars;
  auto collect = [&](const ExprRef &e) {
    for (const ExprRef &v : expr::freeVariables(e))
      vars.insert(v);
  };
  for (const ExprRef &e : inst.entry)
    collect(e);
  for (const LoopIteration &it : inst.iterations) {
    for (const ExprRef &c : it.pc)
      collect(c);
    for (const ExprRef &n : it.next)
      collect(n);
    for (size_t a : it.atoms) {
      const LoopInstance &inner = registry.at(a);
      for (const ExprRef &p : inner.params)
        collect(p);
    }
  }
  // What an iteration makes is its own (universally quantified per clause);
  // the rest is the same in every iteration: a parameter of the relation.
  for (const CarriedValue &c : inst.carried)
    vars.erase(c.var);
  inst.params.clear();
  for (const ExprRef &v : vars)
    if (v->name().compare(0, inst.prefix.size(), inst.prefix) != 0)
      inst.params.push_back(v);
}

bool confirmByRun(Executor &x, LoopCandidate &c, solver::Model model,
                  double seconds) {
  if (!model) {
    solver::SolverResult m = x.pathModel(*c.state);
    if (!m.isSat() || !m.model)
      return false;
    model = m.model;
  }
  expr::ExprContext &ctx = x.ctx();
  engine::ExplorationBounds bounds;
  bounds.what = "the run on the inputs of a loop summary";
  bounds.setDeadline(std::min(seconds, x.secondsLeft()));
  bounds.maxStates = 64;
  engine::Exploration run(
      engine::createSearcher(engine::SearchStrategy::DFS, x.options().seed,
                             [](const ExecutionState &) { return false; }),
      std::move(bounds));
  ErrorWatch watch(x, c.end.error, errorLocation(x, *c.state, c.end),
                   *model);
  run.hooks = {&watch};
  x.exploreFrom(run, [&] {
    std::unique_ptr<ExecutionState> s = x.initialState();
    // Inputs are named alike on the same path: the model's values fix the
    // run's memory inputs before they are made (scalars: ErrorWatch).
    for (const auto &[var, value] : model->vars())
      if (!value.isBool && var->width() == 8)
        s->constraints.add(ctx.eq(var, ctx.bv(value.bits)));
    s->model = model;
    return s;
  });
  return watch.found;
}

HornQuestion hornQuestionFor(Executor &x, const LoopRegistry &registry,
                             const LoopCandidate &c) {
  expr::ExprContext &ctx = x.ctx();
  HornQuestion q;
  const LoopPathData *data = LoopPathData::find(*c.state);
  std::vector<size_t> atoms = data ? data->atoms : std::vector<size_t>{};
  // The recursive states the question reaches through clauses.
  std::map<size_t, size_t> relationOf;
  std::vector<size_t> work = atoms, order;
  std::set<size_t> seen;
  while (!work.empty()) {
    size_t id = work.back();
    work.pop_back();
    if (!seen.insert(id).second)
      continue;
    const LoopInstance &inst = registry.at(id);
    if (!inst.complete) {
      q.exact = false;
      continue;
    }
    order.push_back(id);
    work.insert(work.end(), inst.arrivalAtoms.begin(), inst.arrivalAtoms.end());
    for (const LoopIteration &it : inst.iterations)
      work.insert(work.end(), it.atoms.begin(), it.atoms.end());
  }
  for (size_t id : order) {
    const LoopInstance &inst = registry.at(id);
    std::vector<expr::Sort> sorts;
    for (const ExprRef &v : atomArgs(inst, carriedVars(inst))) {
      if (v->sort().isArray()) {
        q.unsupported = fmt::format(
            "the loop at {}:{} depends on memory read at symbolic offsets",
            inst.where.file, inst.where.line);
        return q;
      }
      sorts.push_back(v->sort());
    }
    relationOf[id] = q.system.addRelation(inst.relation, std::move(sorts));
    q.instanceOf.push_back(id);
  }
  // Atoms of states not complete yet are left out (an over-approximation).
  auto atomsOf = [&](const std::vector<size_t> &ids) {
    std::vector<solver::HornAtom> out;
    for (size_t id : ids)
      if (relationOf.count(id))
        out.push_back({relationOf[id],
                       atomArgs(registry.at(id), carriedVars(registry.at(id)))});
    return out;
  };
  for (size_t id : order) {
    const LoopInstance &inst = registry.at(id);
    size_t r = relationOf[id];
    q.system.addClause({atomsOf(inst.arrivalAtoms), ctx.andAll(inst.arrivalPc),
                        solver::HornAtom{r, atomArgs(inst, inst.entry)}});
    for (const LoopIteration &it : inst.iterations) {
      std::vector<solver::HornAtom> body = atomsOf({id});
      for (solver::HornAtom &a : atomsOf(it.atoms))
        body.push_back(std::move(a));
      q.system.addClause({std::move(body), ctx.andAll(it.pc),
                          solver::HornAtom{r, atomArgs(inst, it.next)}});
    }
  }
  auto pc = c.state->constraints.list();
  q.system.addClause({atomsOf(atoms),
                      ctx.andAll(std::vector<ExprRef>(pc.begin(), pc.end())),
                      std::nullopt});
  return q;
}

namespace {

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
  return conjuncts;
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

std::string describeInvariant(expr::ExprContext &ctx, const HornQuestion &q,
                              const LoopRegistry &registry, size_t r,
                              const ExprRef &invariant) {
  const LoopInstance &inst = registry.at(q.instanceOf[r]);
  std::map<uint64_t, std::string> names;
  unsigned k = 0;
  for (const ExprRef &p : inst.params)
    names[q.system.argument(ctx, r, k++)->id()] = userName(p->name());
  for (const CarriedValue &c : inst.carried)
    names[q.system.argument(ctx, r, k++)->id()] = c.name;
  std::string text;
  for (const expr::Expr *e : conjunctsOf(invariant)) {
    std::string t = cText(e, names);
    if (t.size() > 2 && t.front() == '(' && t.back() == ')')
      t = t.substr(1, t.size() - 2);
    text += (text.empty() ? "" : " && ") + t;
  }
  return text;
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
  // only value in the function is an SSA value whose register holds it.
  auto holder = [&](const ExprRef &value) -> std::string {
    for (const auto &[var, values] : debug.vars) {
      if (values.unknown || values.values.size() != 1 || !inScope(var, at))
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
    if (c.phi) {
      llvm::SmallVector<llvm::DbgValueInst *, 2> uses;
      llvm::findDbgValues(uses, const_cast<llvm::PHINode *>(c.phi));
      for (const llvm::DbgValueInst *d : uses)
        if (inScope(d->getVariable(), at))
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

std::vector<engine::LoopInvariant> LoopRegistry::witnessInvariants() const {
  // Every arrival at a head made a recursive state at its first visit:
  // the head's visits are those of their Rec, and the disjunction of what
  // holds on each is an invariant of the head.
  std::map<const llvm::BasicBlock *, std::vector<const LoopInstance *>> byHead;
  for (const auto &inst : instances_)
    if (inst->arrival)
      byHead[inst->head].push_back(inst.get());
  std::vector<engine::LoopInvariant> out;
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

bool LoopSummarizer::unrollInstead(const LoopCandidate &c) {
  // Unrolling from the first loop of the candidate's path explores every
  // path the candidate stands for, exactly: the verdict is then what
  // --loops=unroll would give (an error found, a proof when the loop is
  // bounded, no end otherwise). That loop is not summarised again.
  for (size_t id : LoopPathData::find(*c.state)->atoms) {
    LoopInstance &inst = registry_.at(id);
    if (!inst.arrival)
      continue;
    registry_.unrolledHeads.insert(inst.head);
    if (!inst.resumed) {
      inst.resumed = true;
      ++x_.summary().stats.loopStats.unrolledAfter;
      x_.addState(x_.copyState(*inst.arrival));
    }
    return true;
  }
  return false;
}

void LoopSummarizer::recordInvariants(const HornQuestion &q,
                                      const solver::HornAnswer &a) {
  engine::RunSummary &sum = x_.summary();
  for (size_t r = 0; r < a.invariants.size(); ++r) {
    if (!a.invariants[r] || a.invariants[r]->isTrue())
      continue;
    LoopInstance &inst = registry_.at(q.instanceOf[r]);
    if (std::string c =
            witnessInvariant(x_.ctx(), q, registry_, r, a.invariants[r]);
        !c.empty())
      inst.witnessConjuncts.push_back(std::move(c));
    engine::LoopInvariant li{
        inst.where, inst.function,
        describeInvariant(x_.ctx(), q, registry_, r, a.invariants[r])};
    if (std::none_of(sum.invariants.begin(), sum.invariants.end(),
                     [&](const engine::LoopInvariant &o) {
                       return o.location.file == li.location.file &&
                              o.location.line == li.location.line &&
                              o.invariant == li.invariant;
                     }))
      sum.invariants.push_back(std::move(li));
  }
}

void LoopSummarizer::decide(LoopCandidate c) {
  engine::LoopStats &st = x_.summary().stats.loopStats;
  if (!enclosing_)
    for (size_t id : LoopPathData::find(*c.state)->atoms)
      if (const LoopInstance &inst = registry_.at(id); inst.arrival) {
        if (inst.resumed)
          return; // the loop is being unrolled: that decides it
        if (registry_.unrolledHeads.count(inst.head) && unrollInstead(c))
          return; // its summaries left an error undecided before
        break;
      }
  ++st.errorCandidates;
  if (confirmByRun(x_, c)) {
    ++st.confirmedByRun;
    return;
  }
  for (unsigned phases : kAccelerationPhases)
    if (AcceleratedPath p =
            accelerate(x_, registry_, c, phases, /*runnable=*/true);
        p.inputs && confirmByRun(x_, c, p.inputs, kAcceleratedRunSeconds)) {
      ++st.confirmedByRun;
      return;
    }
  SourceLocation at = errorLocation(x_, *c.state, c.end);
  HornQuestion q = hornQuestionFor(x_, registry_, c);
  solver::HornAnswer a;
  if (q.unsupported.empty()) {
    solver::HornOptions o;
    o.timeoutSeconds =
        std::max(0.1, std::min(x_.options().hornTimeoutSeconds,
                               x_.secondsLeft()));
    a = solver::solveHorn(x_.ctx(), q.system, o);
    ++st.hornQueries;
    st.hornSeconds += a.seconds;
  } else {
    a.reason = q.unsupported;
  }
  if (a.status == solver::HornAnswer::Safe) {
    ++st.refutedByHorn;
    if (q.exact)
      recordInvariants(q, a);
    return;
  }
  if (!q.exact && enclosing_) {
    // The enclosing loop's Rec may exclude it: asked again once that loop's
    // body is complete.
    enclosing_->candidates.push_back(std::move(c));
    --st.errorCandidates;
    return;
  }
  for (unsigned phases : kAccelerationPhases)
    if (AcceleratedPath p =
            accelerate(x_, registry_, c, phases, /*runnable=*/false);
        p.exact) {
      // Too deep to run in seconds, but every iteration was checked.
      ++st.provedByAcceleration;
      reporting_ = true;
      x_.terminateError(*c.state, c.end.error, c.end.message, c.end.stack,
                        p.exact);
      reporting_ = false;
      return;
    }
  if (a.status == solver::HornAnswer::Unsafe && q.exact) {
    ++st.provedByHorn;
    // Reachable; unrolling from the arrival finds it with inputs that
    // reproduce it (Spacer's derivations are short). Only without an
    // arrival to unroll from is it reported with the over-approximation's.
    if (!enclosing_ && unrollInstead(c))
      return;
    reporting_ = true;
    x_.terminateError(*c.state, c.end.error, c.end.message, c.end.stack);
    reporting_ = false;
    return;
  }
  ++st.undecided;
  if (!enclosing_ && unrollInstead(c))
    return;
  const SourceLocation &loop =
      registry_.at(LoopPathData::find(*c.state)->atoms.back()).where;
  x_.noteUnknown(fmt::format(
      "whether the {} at {}:{} is reachable past the loop at {}:{} was not "
      "decided: {}",
      engine::errorKindName(c.end.error), at.file, at.line, loop.file,
      loop.line,
      a.reason.empty() ? "the Horn solver answered unknown" : a.reason));
}

} // namespace cosmo::summary
