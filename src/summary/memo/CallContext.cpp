//===- CallContext.cpp - a calling context as a tree sees it --------------===//
//
// Seed 002 algorithm 3, the heap check: see CallContext.h.
//
//===----------------------------------------------------------------------===//

#include "cosmo/summary/CallContext.h"

namespace cosmo::summary {

using engine::SourceLocation;

ExprRef byteAt(expr::ExprContext &ctx, const ExecutionState &s,
               uint64_t address) {
  const memory::ObjectEntry *e = s.memory.find(address);
  if (!e || e->freed)
    return {};
  return e->state->read(ctx, ctx.bv(64, address - e->object->address), 1);
}

std::unique_ptr<CallContext> fitCall(Executor &x, ExecutionState &s,
                                     const MemoTree &tree,
                                     const std::vector<ExprRef> &args,
                                     bool exactExtent) {
  expr::ExprContext &ctx = x.ctx();
  auto cc = std::make_unique<CallContext>();
  // The caller's bytes, read once per call (pairs share their objects).
  auto byteAt = [&](uint64_t address) -> ExprRef {
    auto [it, isNew] = cc->bytes.try_emplace(address);
    if (!isNew)
      return it->second;
    const memory::ObjectEntry *e = s.memory.find(address);
    if (!e || e->freed)
      return {};
    it->second =
        e->state->read(ctx, ctx.bv(64, address - e->object->address), 1);
    cc->concrete &= it->second->isConst();
    return it->second;
  };
  // Formals to actuals, the globals it reads to their current bytes.
  expr::Substitution base;
  for (size_t k = 0; k < tree.parameters().size() && k < args.size(); ++k)
    if (tree.parameters()[k]) {
      base.emplace(tree.parameters()[k], args[k]);
      cc->concrete &= args[k]->isConst();
    }
  std::unordered_set<uint64_t> inputGlobals;
  for (const summary::GlobalInput &g : tree.globals()) {
    ExprRef b = byteAt(g.address);
    if (!b)
      return nullptr;
    base.emplace(g.var, b);
    if (const memory::ObjectEntry *e = s.memory.find(g.address))
      inputGlobals.insert(e->object->address);
  }
  uint64_t isolatedStart = x.isolatedRegionStart();

  // Algorithm 3's heap check, exact for the contexts it accepts: every
  // input pointer the pair resolved is a concrete address in the caller,
  // and each new input object is a distinct object of the caller (not one
  // of the globals the function also reads by name).
  // `objects` maps the bytes of the pair's input objects placed so far;
  // the rest of its substitution is `base`, which pairs share (copied only
  // for each distinct placement: it holds every byte of the globals read).
  auto fit = [&](const PcPair &p, CallContext::Pair &cp,
                 expr::Substitution &objects) -> PairFit {
    std::vector<std::optional<uint64_t>> &objectAddress = cp.objectAddress;
    objectAddress.assign(p.objects.size(), std::nullopt);
    for (const HeapFact &f : p.heap) {
      ExprRef v = expr::rewriteBottomUp(ctx, f.pointer,
                                        [&](const ExprRef &n) -> ExprRef {
                                          auto it = objects.find(n);
                                          if (it != objects.end())
                                            return it->second;
                                          auto jt = base.find(n);
                                          return jt == base.end()
                                                     ? ExprRef()
                                                     : jt->second;
                                        });
      if (v->kind() != expr::Kind::BVConst)
        return PairFit::Unrepresentable;
      uint64_t a = v->bvValue().getZExtValue();
      if (a >= isolatedStart)
        return PairFit::Unrepresentable;
      switch (f.kind) {
      case HeapFact::Null:
        if (a != 0)
          return PairFit::Inconsistent;
        break;
      case HeapFact::Alias:
        if (objectAddress[f.object] != a)
          return PairFit::Inconsistent;
        break;
      case HeapFact::Fresh: {
        if (a == 0)
          return PairFit::Inconsistent;
        const summary::InputObject &o = p.objects[f.object];
        const memory::ObjectEntry *e = s.memory.find(a);
        if (!e || e->freed || e->object->symbolicSize ||
            e->object->kind == memory::ObjectKind::Function ||
            a - e->object->address + o.bytes.size() > e->object->capacity ||
            (exactExtent && (a != e->object->address ||
                             o.bytes.size() != e->object->capacity)) ||
            inputGlobals.count(e->object->address))
          return PairFit::Unrepresentable;
        for (size_t j = 0; j < objectAddress.size(); ++j) {
          if (!objectAddress[j])
            continue;
          if (*objectAddress[j] == a && p.objects[j].typeTag == o.typeTag &&
              p.objects[j].bytes.size() == o.bytes.size())
            return PairFit::Inconsistent; // the alias pair covers it
          const memory::ObjectEntry *other = s.memory.find(*objectAddress[j]);
          if (other == e)
            return PairFit::Unrepresentable; // parts of one object
        }
        objectAddress[f.object] = a;
        cp.where.emplace_back(o.bytes.empty() ? nullptr : o.bytes[0].get(),
                              a);
        for (size_t k = 0; k < o.bytes.size(); ++k)
          objects[o.bytes[k]] = byteAt(a + k);
        break;
      }
      }
    }
    return PairFit::Consistent;
  };
  const std::vector<PcPair> &pairs = tree.pairs();
  cc->pairs.resize(pairs.size());
  for (size_t k = 0; k < pairs.size(); ++k) {
    CallContext::Pair &cp = cc->pairs[k];
    expr::Substitution objects;
    cp.fit = fit(pairs[k], cp, objects);
    if (cp.fit == PairFit::Unrepresentable)
      return nullptr;
    // Pairs that place the same input objects at the same addresses have
    // the same substitution.
    if (cp.fit != PairFit::Consistent)
      continue;
    auto [at, isNew] = cc->placed.try_emplace(cp.where);
    if (isNew) {
      at->second.sub = base;
      at->second.sub.insert(objects.begin(), objects.end());
    }
  }
  return cc;
}

std::vector<SourceLocation> calleeErrorStack(const Executor &x, const PcPair &p,
                                             const ExecutionState &s,
                                             bool calleeFramePushed) {
  std::vector<SourceLocation> stack;
  // A precondition is reported at the call of the contract's `use`
  // companion (contracts/AcslIntrinsics.cpp): checked in the isolated
  // run's own frame, the function summarised is that companion, and the
  // call is the caller's.
  bool atThisCall = p.errorKind == engine::errorKindName(
                                       engine::ErrorKind::Precondition) &&
                    p.stack.size() == 1;
  if (!atThisCall)
    for (const PcPair::Frame &f : p.stack)
      stack.push_back({f.file, f.line, f.function, 0});
  std::vector<SourceLocation> outer = x.stackOf(s);
  size_t skip = calleeFramePushed && !outer.empty() ? 1 : 0;
  stack.insert(stack.end(), outer.begin() + skip, outer.end());
  return stack;
}

} // namespace cosmo::summary
