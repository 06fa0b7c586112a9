//===- Mutations.cpp - one injected fault per mutant ----------------------===//
//
// The places a fault can go are collected by kind (a loop bound, an index,
// a constant, a guard, a call argument, an `assigns` item); a kind is
// drawn, then a place of that kind, so that rare kinds are not drowned by
// the many constants. The mutant is a deep copy; the original is left as
// it was.
//
//===----------------------------------------------------------------------===//
#include "AstBuilders.h"
#include "ProgramGenerator.h"

#include <map>

namespace cosmo::differential {

using namespace build;

namespace {

struct Site {
  std::string what;
  std::function<void()> apply;
};

class SiteCollector {
public:
  SiteCollector(Program &p, Rng &rng) : program(p), rng(rng) {}

  std::map<std::string, std::vector<Site>> sites;

  void collect() {
    collectBody(program.mainBody, "main");
    for (Function &f : program.functions) {
      collectBody(f.body, f.name);
      if (f.contract)
        collectContract(f);
    }
  }

private:
  Program &program;
  Rng &rng;

  const Function *function(const std::string &name) const {
    for (const Function &f : program.functions)
      if (f.name == name)
        return &f;
    return nullptr;
  }

  long delta() { return rng.chance(50) ? 1 : -1; }

  void constants(const ExprP &e, const std::string &where) {
    forEachExpr(e, [&](const ExprP &x) {
      if (x->kind == ExprKind::Const && x->name != "null")
        sites["wrong constant"].push_back(
            {"wrong constant " + std::to_string(x->value) + " in " + where,
             [x, d = delta()] { x->value += d; }});
    });
  }

  void expressions(const ExprP &e, const std::string &where) {
    constants(e, where);
    forEachExpr(e, [&](const ExprP &x) {
      if (x->kind == ExprKind::Elem || x->kind == ExprKind::PtrElem)
        sites["index"].push_back({"index of " + x->name + " off by one in " + where,
                                  [x] { x->args[0] = bin("+", x->args[0], num(1)); }});
      if (x->kind == ExprKind::Call)
        callArguments(x, where);
    });
  }

  /// An argument pushed just outside the callee's `requires` box at the
  /// edge of what it takes at this call.
  void callArguments(const ExprP &call, const std::string &where) {
    const Function *f = function(call->name);
    if (!f || !f->contract)
      return;
    for (size_t i = 0; i < call->args.size() && i < f->contract->paramBox.size(); ++i) {
      if (!call->argRanges[i])
        continue;
      Range arg = *call->argRanges[i];
      Range box{f->contract->paramBox[i].lo + 3, f->contract->paramBox[i].hi - 3};
      long shift = rng.chance(50) ? box.hi - arg.hi + 1 : -(arg.lo - box.lo + 1);
      sites["call argument"].push_back(
          {"argument " + std::to_string(i + 1) + " of " + call->name + " in " + where +
               " outside its requires",
           [call, i, shift] { call->args[i] = bin("+", call->args[i], num(shift)); }});
    }
  }

  void collectBody(std::vector<StmtP> &body, const std::string &where) {
    for (size_t k = 0; k < body.size(); ++k) {
      StmtP s = body[k];
      expressions(s->target, where);
      expressions(s->expr, where);
      expressions(s->start, where);
      expressions(s->guard, where);
      for (const ExprP &inv : s->invariants)
        constants(inv, "a loop invariant in " + where);
      if (s->kind == StmtKind::For) {
        sites["loop bound"].push_back({"loop bound of " + s->name + " in " + where +
                                           (s->inclusive ? " made <" : " made <="),
                                       [s] { s->inclusive = !s->inclusive; }});
        if (s->guard)
          sites["guard"].push_back({"guard of the loop on " + s->name + " in " + where +
                                        " dropped",
                                    [s] { s->guard = nullptr; }});
      }
      if (s->loopAssigns)
        for (size_t i = 0; i < s->loopAssigns->size(); ++i)
          if ((*s->loopAssigns)[i].find('[') != std::string::npos)
            sites["assigns"].push_back(
                {"loop assigns item " + (*s->loopAssigns)[i] + " dropped in " + where,
                 [s, i] { s->loopAssigns->erase(s->loopAssigns->begin() + i); }});
      if (s->kind == StmtKind::Assert)
        sites["wrong constant"].push_back(
            {"assertion bound " + std::to_string(s->bound) + " changed in " + where,
             [s, d = delta()] { s->bound += d; }});
      if (s->isGuard)
        sites["guard"].push_back({"guard dropped in " + where, [&body, k] {
                                    StmtP g = body[k];
                                    body.erase(body.begin() + k);
                                    body.insert(body.begin() + k, g->body.begin(),
                                                g->body.end());
                                  }});
      collectBody(s->body, where);
      collectBody(s->orelse, where);
    }
  }

  void collectContract(Function &f) {
    Contract &c = *f.contract;
    for (const ExprP &r : c.requiresClauses)
      constants(r, "requires of " + f.name);
    for (const ExprP &e : c.ensures)
      constants(e, "ensures of " + f.name);
    if (c.assigns)
      for (size_t i = 0; i < c.assigns->size(); ++i)
        sites["assigns"].push_back({"assigns item " + (*c.assigns)[i].text +
                                        " dropped from " + f.name,
                                    [&c, i] { c.assigns->erase(c.assigns->begin() + i); }});
  }
};

} // namespace

std::optional<Program> mutate(const Program &original) {
  Program p = cloneProgram(original);
  Rng rng(p.seed * 0x2545f4914f6cdd1dULL + 0x42);
  SiteCollector collector(p, rng);
  collector.collect();
  std::vector<std::string> kinds;
  for (const auto &[kind, sites] : collector.sites)
    if (!sites.empty())
      kinds.push_back(kind);
  if (kinds.empty())
    return std::nullopt;
  const std::vector<Site> &sites = collector.sites.at(rng.pick(kinds));
  const Site &site = rng.pick(sites);
  site.apply();
  p.mutation = site.what;
  return p;
}

} // namespace cosmo::differential
