//===- AcslIntrinsics.cpp - the intrinsics of instrumented ACSL -----------===//
//
// What frontend/AcslInstrument.h writes into the program, given meaning
// (seed 003: contracts and loop invariants as assert / havoc / assume):
//
//   __cosmo_acsl_check(ok, kind, line, clause)  an error of the clause's
//       kind where `ok` can be 0, reported at the clause's line;
//   __cosmo_acsl_assume(ok)                     paths where it is 0 end;
//   __cosmo_acsl_any()                          a fresh value (a checked
//       quantifier's variable; not an input of the program, but recorded
//       in tests for native runs); __cosmo_acsl_fresh() the same, not
//       recorded (an assumed quantifier's);
//   __cosmo_acsl_loop_back(id, taken)           `taken` (native runs learn
//       from it that the next arrival at the loop head is by its back edge);
//   __cosmo_acsl_unknown(why)                   the path ends, unknown;
//   __cosmo_acsl_weakened(why)                  an assumption was dropped:
//       errors on the path are not claimed;
//   __cosmo_acsl_valid(p, lo, hi, elem, assumed)  \valid(p + (lo .. hi));
//   __cosmo_acsl_havoc(p, lo, hi, elem)         fresh bytes there;
//   __cosmo_acsl_snapshot(p)                    p's place in a copy of
//       the object p points into, made now (\old under a quantifier);
//   __cosmo_acsl_loop_first(id)                 1 when the loop head is
//       entered from outside the loop, 0 by its back edge;
//   __cosmo_acsl_loop_havoc(id, memory)         fresh values for the loop
//       head's registers and (memory = 1) for the objects the loop stores
//       to.
//
//===----------------------------------------------------------------------===//

#include "contracts/ContractHooks.h"

#include "cosmo/frontend/AcslInstrument.h"

#include <llvm/IR/Instructions.h>

#include <fmt/format.h>

#include <cstring>

namespace cosmo::summary {

namespace {

using engine::ErrorKind;
using engine::Split;
using frontend::acsl::CheckKind;

ErrorKind kindOfClause(uint64_t k) {
  switch (static_cast<CheckKind>(k)) {
  case CheckKind::Precondition:
    return ErrorKind::Precondition;
  case CheckKind::Postcondition:
    return ErrorKind::Postcondition;
  case CheckKind::InvariantEstablished:
    return ErrorKind::InvariantEstablished;
  case CheckKind::InvariantPreserved:
    return ErrorKind::InvariantPreserved;
  case CheckKind::Assertion:
    break;
  }
  return ErrorKind::Assert;
}

/// What a failed clause says: `function` is the contract's (empty for loop
/// annotations and assertions), `line` the clause's.
std::string clauseMessage(ErrorKind kind, const std::string &clause,
                          const std::string &function, unsigned line) {
  switch (kind) {
  case ErrorKind::Precondition:
    return fmt::format("{}'s '{}' (line {}) does not hold at the call",
                       function, clause, line);
  case ErrorKind::Postcondition:
    return fmt::format("{}'s '{}' does not hold", function, clause);
  case ErrorKind::InvariantEstablished:
    return "'" + clause + "' does not hold when the loop is entered";
  case ErrorKind::InvariantPreserved:
    return "'" + clause + "' is not preserved by an iteration";
  default:
    return "'" + clause + "' does not hold";
  }
}

/// Bytes [start, end) of elements lo .. hi of `elem` bytes from `base`, in
/// `width` bits (base zero-extended, the bounds sign-extended).
struct ByteRange {
  ExprRef start, end;
};
ByteRange elementRange(expr::ExprContext &ctx, const ExprRef &base,
                       const ExprRef &lo, const ExprRef &hi, uint64_t elem,
                       unsigned width) {
  ExprRef b = ctx.zextOrTrunc(base, width);
  ExprRef size = ctx.bv(width, elem);
  return {
      ctx.add(b, ctx.mul(ctx.sextOrTrunc(lo, width), size)),
      ctx.add(b, ctx.mul(ctx.add(ctx.sextOrTrunc(hi, width), ctx.bv(width, 1)),
                         size))};
}

uint64_t concreteOr(const ExprRef &e, const char *what) {
  if (!e->isConst())
    throw engine::Unsupported{std::string("ACSL: a symbolic ") + what};
  return e->bvValue().getZExtValue();
}

} // namespace

bool ContractHooks::onExternalCall(ExecutionState &s,
                                   const llvm::CallBase &call,
                                   const llvm::Function &f,
                                   std::vector<ExprRef> &args) {
  llvm::StringRef name = f.getName();
  return name.startswith("__cosmo_acsl_") &&
         handleIntrinsic(s, call, name, args);
}

const frontend::RecursiveVertex *
ContractHooks::loopVertex(const llvm::BasicBlock *head) {
  const llvm::Function *f = head->getParent();
  auto it = loopStructures_.find(f);
  if (it == loopStructures_.end())
    it = loopStructures_.emplace(f, frontend::loopStructureOf(*f)).first;
  return it->second.vertexOf(head);
}

bool ContractHooks::handleIntrinsic(ExecutionState &s,
                                    const llvm::CallBase &call,
                                    llvm::StringRef name,
                                    std::vector<ExprRef> &args) {
  auto arg = [&](unsigned k) -> ExprRef {
    if (k >= args.size())
      throw engine::Unsupported{"call to '" + name.str() +
                                "' with too few arguments"};
    return args[k];
  };
  auto nonZero = [&](const ExprRef &v) {
    ExprRef b = x_.asBV(v);
    return ctx_.ne(b, ctx_.bv(b->width(), 0));
  };
  if (name == "__cosmo_acsl_check") {
    engine::ErrorKind kind = kindOfClause(concreteOr(arg(1), "clause kind"));
    unsigned line = static_cast<unsigned>(concreteOr(arg(2), "clause line"));
    // "f|requires x > 0" for contracts, the clause alone otherwise.
    std::string clause = x_.readCString(s, arg(3)), function;
    if (size_t bar = clause.find('|'); bar != std::string::npos) {
      function = clause.substr(0, bar);
      clause = clause.substr(bar + 1);
    }
    std::vector<engine::SourceLocation> stack = x_.stackOf(s);
    for (engine::SourceLocation &l : stack)
      for (const char *prefix :
           {frontend::acsl::kVerifyPrefix, frontend::acsl::kUsePrefix})
        if (llvm::StringRef(l.function).startswith(prefix))
          l.function = l.function.substr(std::strlen(prefix)) + " (contract)";
    if (kind == engine::ErrorKind::Precondition && stack.size() > 1)
      stack.erase(stack.begin()); // reported at the call
    else if (!stack.empty())
      stack.front().line = line;
    x_.checkError(s, ctx_.notE(nonZero(arg(0))), kind,
                  clauseMessage(kind, clause, function, line),
                  std::move(stack));
    return true;
  }
  if (name == "__cosmo_acsl_assume") {
    x_.assume(s, nonZero(arg(0)));
    return true;
  }
  if (name == "__cosmo_acsl_any" || name == "__cosmo_acsl_fresh") {
    unsigned w = call.getType()->getIntegerBitWidth();
    ExprRef v = ctx_.var(s.freshName("acsl"), expr::Sort::bv(w));
    if (name == "__cosmo_acsl_any")
      s.choices.push_back({v, "acsl"});
    x_.returnValue(s, call, v);
    return true;
  }
  if (name == "__cosmo_acsl_loop_end")
    return true; // the engine ends loop frames from the CFG
  if (name == "__cosmo_acsl_loop_back") {
    // The engine tells back edges from the CFG (loop_first).
    unsigned w = call.getType()->getIntegerBitWidth();
    x_.returnValue(s, call,
                   ctx_.ite(nonZero(arg(1)), ctx_.bv(w, 1), ctx_.bv(w, 0)));
    return true;
  }
  if (name == "__cosmo_acsl_unknown")
    throw engine::Unsupported{"ACSL: " + x_.readCString(s, arg(0))};
  if (name == "__cosmo_acsl_weakened") {
    if (s.weakened.empty())
      s.weakened = x_.readCString(s, arg(0));
    return true;
  }
  if (name == "__cosmo_acsl_valid") {
    ExprRef p = arg(0), lo = arg(1), hi = arg(2);
    uint64_t elem = concreteOr(arg(3), "element size");
    bool assumed = concreteOr(arg(4), "flag") != 0;
    unsigned w = call.getType()->getIntegerBitWidth();
    // An empty range is valid whatever p is.
    engine::Split empty = x_.split(s, ctx_.slt(hi, lo), /*isBranch=*/false);
    if (empty.onTrue)
      x_.returnValue(*empty.onTrue, call, ctx_.bv(w, 1));
    if (!empty.onFalse)
      return true;
    ExecutionState &st = *empty.onFalse;
    ExprRef null = ctx_.eq(p, x_.pointer(0));
    if (assumed) {
      x_.assume(st, ctx_.notE(null));
      if (st.terminated)
        return true;
    } else {
      engine::Split isNull = x_.split(st, null, /*isBranch=*/false);
      if (isNull.onTrue)
        x_.returnValue(*isNull.onTrue, call, ctx_.bv(w, 0));
      if (!isNull.onFalse)
        return true;
    }
    if (assumed && shapeInputObject(st, call, p, lo, hi, elem))
      return true;
    // An input pointer no access resolved yet is resolved now (one byte
    // at p is what \valid needs at least); any other pointer is only
    // looked at: a \valid never reports an error of its own.
    std::vector<ExecutionState *> states{&st};
    auto lazy = st.lazyPointers.find(p);
    if (lazy != st.lazyPointers.end() && !lazy->second.target) {
      states.clear();
      for (const ResolvedAccess &a : x_.resolve(st, p, 1))
        states.push_back(a.state);
    }
    for (ExecutionState *cp : states) {
      ExecutionState &c = *cp;
      ExprRef ok = validRange(c, p, lo, hi, elem);
      if (!assumed) {
        x_.returnValue(c, call, ctx_.ite(ok, ctx_.bv(w, 1), ctx_.bv(w, 0)));
        continue;
      }
      ExprRef at = x_.withResolvedLazy(c, p);
      const memory::ObjectEntry *e =
          at->isConst() ? c.memory.find(at->bvValue().getZExtValue()) : nullptr;
      ExprRef bytes =
          ctx_.mul(ctx_.add(ctx_.sub(hi, lo), ctx_.bv(hi->width(), 1)),
                   ctx_.bv(hi->width(), elem));
      // A symbolic-size input object has the size a \valid gave it.
      bool exact = e && (e->object->symbolicSize ||
                         (bytes->isConst() && bytes->bvValue().getZExtValue() ==
                                                  e->object->capacity));
      if (e && e->object->kind == memory::ObjectKind::Input && !exact) {
        // The input object's size is cosmo's choice, not the contract's:
        // the inputs it leaves out are not covered. Where the range does
        // not fit, the path is cut (not dropped: that would prove the
        // contract for no input at all).
        std::string why = fmt::format(
            "a \\valid range over the input object '{}' of {} bytes: inputs "
            "with other sizes are not covered (--input-array-size)",
            e->object->name, e->object->capacity);
        if (c.restricted.empty())
          c.restricted = why;
        engine::Split fits = x_.split(c, ok, /*isBranch=*/false);
        if (fits.onFalse)
          x_.terminateCut(*fits.onFalse, why);
        if (fits.onTrue)
          x_.returnValue(*fits.onTrue, call, ctx_.bv(w, 1));
        continue;
      }
      x_.assume(c, ok);
      if (!c.terminated)
        x_.returnValue(c, call, ctx_.bv(w, 1));
    }
    return true;
  }
  if (name == "__cosmo_acsl_abstract") {
    x_.returnValue(
        s, call,
        ctx_.bv(call.getType()->getIntegerBitWidth(), concrete() ? 0 : 1));
    return true;
  }
  if (name == "__cosmo_acsl_snapshot") {
    // \old(a[k]) under a quantifier (AcslToC.cpp): the object a points
    // into, copied as it is now. The copy is never written: a global of
    // the run, outside every frame's assigns. A null pointer stays null
    // (a property guarded against it reads nothing).
    ExprRef p = arg(0);
    engine::Split isNull =
        x_.split(s, ctx_.eq(p, x_.pointer(0)), /*isBranch=*/false);
    if (isNull.onTrue)
      x_.returnValue(*isNull.onTrue, call, x_.pointer(0));
    if (!isNull.onFalse)
      return true;
    for (const ResolvedAccess &a : x_.resolve(*isNull.onFalse, p, 1)) {
      ExecutionState &c = *a.state;
      const memory::ObjectEntry *e = c.memory.findByBase(a.base);
      const memory::MemoryObject &o = *e->object;
      memory::ObjectState content = *e->state;
      // (Made unbounded: no bytes of its own before the content is set.)
      uint64_t copy = x_.allocate(
          c, o.capacity, memory::ObjectKind::Global, "\\old(" + o.name + ")",
          ctx_.arrayVar(c.freshName("old")), o.symbolicSize, o.typeTag,
          /*unbounded=*/true);
      c.memory.writable(copy) = std::move(content);
      x_.returnValue(c, call, ctx_.add(x_.pointer(copy), a.offset));
    }
    return true;
  }
  if (name == "__cosmo_acsl_havoc") {
    if (data(s).abstraction.empty())
      data(s).abstraction = "a callee's contract";
    ExprRef p = arg(0);
    uint64_t elem = concreteOr(arg(3), "element size");
    ExprRef lo = arg(1), hi = arg(2);
    if (lo->isConst() && hi->isConst()) {
      int64_t l = lo->bvValue().getSExtValue(),
              h = hi->bvValue().getSExtValue();
      if (l > h)
        return true;
      uint64_t n = static_cast<uint64_t>(h - l + 1) * elem;
      ExprRef start = ctx_.add(p, x_.pointer(static_cast<uint64_t>(l) * elem));
      for (const ResolvedAccess &a : x_.resolve(s, start, n)) {
        uint64_t off = concreteOr(a.offset, "offset to assign");
        ExecutionState *st = checkAssigns(a, x_.pointer(n));
        if (!st)
          continue;
        memory::ObjectState &os = st->memory.writable(a.base);
        for (uint64_t k = 0; k < n; ++k)
          os.writeByte(ctx_, off + k,
                       ctx_.var(st->freshName("assigned"), expr::Sort::bv(8)));
      }
      return true;
    }
    // A symbolic range: nothing where it is empty (p need not point
    // anywhere then); where not, exact when it is the whole object.
    engine::Split empty = x_.split(s, ctx_.slt(hi, lo), /*isBranch=*/false);
    if (!empty.onFalse)
      return true;
    for (const ResolvedAccess &a : x_.resolve(*empty.onFalse, p, 1)) {
      // The range's offsets in its object (64 bits: the content arrays'
      // index width).
      ByteRange r = elementRange(ctx_, a.offset, lo, hi, elem, 64);
      ExecutionState *c = a.state;
      // The range, as one write, against the running contract.
      if (!(c = checkAssigns(
                {c, a.base, r.start},
                ctx_.zextOrTrunc(ctx_.sub(r.end, r.start), x_.pointerBits()))))
        continue;
      const memory::ObjectEntry *e = c->memory.findByBase(a.base);
      ExprRef whole = ctx_.andE(
          ctx_.eq(r.start, ctx_.bv(64, 0)),
          ctx_.eq(r.end, ctx_.zextOrTrunc(
                             e->object->sizeExpr(ctx_, x_.pointerBits()), 64)));
      if (x_.ask(*c, ctx_.notE(whole), false).isUnsat()) {
        havocObject(*c, a.base);
        continue;
      }
      // Part of the object: fresh content, equal to the old one outside
      // the range (a frame condition over every offset).
      ExprRef start = r.start, end = r.end;
      memory::ObjectState &os = c->memory.writable(a.base);
      ExprRef old = os.content(ctx_);
      ExprRef fresh = ctx_.arrayVar(c->freshName("assigned"));
      ExprRef j = ctx_.var(c->freshName("offset"), expr::Sort::bv(64));
      ExprRef outside = ctx_.orE(ctx_.ult(j, start), ctx_.uge(j, end));
      ExprRef frame =
          ctx_.forall(std::span(&j, 1),
                      ctx_.implies(outside, ctx_.eq(ctx_.select(fresh, j),
                                                    ctx_.select(old, j))));
      os = memory::ObjectState::unbounded(os.capacity(), fresh);
      c->quantified = true;
      x_.assume(*c, frame);
    }
    return true;
  }
  if (name == "__cosmo_acsl_frame_begin") {
    AssignsFrame f;
    f.line = static_cast<unsigned>(concreteOr(arg(0), "clause line"));
    f.function = x_.readCString(s, arg(1));
    f.freshFrom =
        x_.addresses().place(s.nextObjectIndex, 1).value_or(~uint64_t(0));
    f.depth = s.stack.size();
    data(s).assigns.push_back(std::move(f));
    return true;
  }
  if (name == "__cosmo_acsl_loop_frame_begin") {
    const llvm::BasicBlock *head = data(s).annotatedLoopHead;
    if (!head)
      throw engine::Unsupported{
          "ACSL: a loop assigns frame outside an annotated loop"};
    AssignsFrame f;
    f.line = static_cast<unsigned>(concreteOr(arg(0), "clause line"));
    f.freshFrom =
        x_.addresses().place(s.nextObjectIndex, 1).value_or(~uint64_t(0));
    f.depth = s.stack.size() - 1;
    const frontend::RecursiveVertex *v = loopVertex(head);
    f.loopBody = &v->body;
    f.havocked = loopWriteTargets(s, *v, /*ownOnly=*/true);
    data(s).assigns.push_back(std::move(f));
    return true;
  }
  if (name == "__cosmo_acsl_assignable") {
    if (data(s).assigns.empty())
      throw engine::Unsupported{"ACSL: assignable outside a contract's frame"};
    ExprRef p = arg(0), lo = arg(1), hi = arg(2);
    uint64_t elem = concreteOr(arg(3), "element size");
    ByteRange r = elementRange(ctx_, p, lo, hi, elem, x_.pointerBits());
    // An empty range allows nothing.
    ExprRef empty = ctx_.slt(hi, lo);
    data(s).assigns.back().ranges.push_back(
        {ctx_.ite(empty, x_.pointer(0), r.start),
         ctx_.ite(empty, x_.pointer(0), r.end)});
    return true;
  }
  if (name == "__cosmo_acsl_frame_end") {
    if (data(s).assigns.empty() || data(s).assigns.back().loopBody)
      throw engine::Unsupported{"ACSL: unbalanced assigns frames"};
    data(s).assigns.pop_back();
    return true;
  }
  if (name == "__cosmo_acsl_loop_first") {
    const llvm::BasicBlock *head = s.frame().block;
    const frontend::RecursiveVertex *v = loopVertex(head);
    if (!v)
      throw engine::Unsupported{
          "ACSL: an annotated loop whose head is not where its "
          "condition starts"};
    const llvm::BasicBlock *prev = s.frame().previousBlock;
    bool first = !prev || std::find(v->body.begin(), v->body.end(), prev) ==
                              v->body.end();
    if (first)
      data(s).annotatedLoopHead = head;
    x_.returnValue(
        s, call, ctx_.bv(call.getType()->getIntegerBitWidth(), first ? 1 : 0));
    return true;
  }
  if (name == "__cosmo_acsl_bound_begin") {
    unsigned w = call.getType()->getIntegerBitWidth();
    ExprRef v = ctx_.var(s.freshName("bound"), expr::Sort::bv(w));
    data(s).captures.push_back({v, ctx_.falseE(), s.constraints.size()});
    x_.returnValue(s, call, v);
    return true;
  }
  if (name == "__cosmo_acsl_guard") {
    if (data(s).captures.empty())
      throw engine::Unsupported{"ACSL: an integer term beyond 128 bits"};
    QuantifierCapture &c = data(s).captures.back();
    c.unknown = ctx_.orE(c.unknown, nonZero(arg(0)));
    return true;
  }
  if (name == "__cosmo_acsl_bound_end") {
    uint64_t n = concreteOr(arg(1), "count");
    if (n == 0 || n > data(s).captures.size())
      throw engine::Unsupported{"ACSL: unbalanced quantifier capture"};
    std::vector<ExprRef> vars;
    ExprRef unknown = ctx_.falseE();
    size_t before = data(s).captures[data(s).captures.size() - n].constraints;
    for (uint64_t k = 0; k < n; ++k) {
      vars.push_back(data(s).captures.back().var);
      unknown = ctx_.orE(unknown, data(s).captures.back().unknown);
      data(s).captures.pop_back();
    }
    unsigned w = call.getType()->getIntegerBitWidth();
    if (s.constraints.size() != before) {
      // The body branched or constrained the path: it is not one formula
      // of the bound variables. Assume nothing of it.
      if (s.weakened.empty())
        s.weakened = "an assumed \\forall whose body branches";
      x_.returnValue(s, call, ctx_.bv(w, 1));
      return true;
    }
    // Where the body's value is unknown, the assumption says nothing.
    ExprRef body = ctx_.orE(unknown, nonZero(arg(0)));
    ExprRef q = ctx_.forall(vars, body);
    s.quantified |= q->kind() == expr::Kind::Forall;
    x_.returnValue(s, call, ctx_.ite(q, ctx_.bv(w, 1), ctx_.bv(w, 0)));
    return true;
  }
  if (name == "__cosmo_acsl_loop_havoc") {
    if (data(s).abstraction.empty()) {
      engine::SourceLocation at = engine::Executor::locationOf(&call);
      data(s).abstraction =
          fmt::format("the invariants of the loop at {}:{}", at.file, at.line);
    }
    havocLoop(s, concreteOr(arg(1), "flag") != 0);
    return true;
  }
  return false;
}

bool ContractHooks::shapeInputObject(ExecutionState &s,
                                     const llvm::CallBase &call,
                                     const ExprRef &p, const ExprRef &lo,
                                     const ExprRef &hi, uint64_t elem) {
  auto lazy = s.lazyPointers.find(p);
  if (lazy == s.lazyPointers.end() || lazy->second.target || !lo->isConst() ||
      !lo->bvValue().isZero() || !lazy->second.pointee)
    return false;
  // Room for the largest range: 16 TiB on LP64 (an int array indexed by
  // any int fits), 256 MiB on ILP32. Larger ranges are not covered: cut.
  uint64_t capacity = x_.pointerBits() >= 64 ? uint64_t(1) << 44 : 1u << 28;
  if (!x_.addresses().place(s.nextObjectIndex, capacity))
    return false;
  const engine::LazyPointer lp = lazy->second;
  unsigned w = call.getType()->getIntegerBitWidth();
  unsigned wide = std::max(hi->width(), x_.pointerBits()) + 2;
  ExprRef bytesWide =
      elementRange(ctx_, ctx_.bv(wide, 0), lo, hi, elem, wide).end;
  engine::Split fits = x_.split(s, ctx_.ule(bytesWide, ctx_.bv(wide, capacity)),
                                /*isBranch=*/false);
  if (fits.onFalse)
    x_.terminateCut(
        *fits.onFalse,
        fmt::format("a \\valid range of more than {} bytes", capacity));
  if (!fits.onTrue)
    return true;
  ExecutionState &st = *fits.onTrue;

  // p may also be an input object of its type met before (without
  // \separated, C allows it): each is a path of its own.
  std::vector<uint64_t> aliases;
  for (const auto &[base, entry] : st.memory.objects())
    if (entry.object->kind == memory::ObjectKind::Input &&
        entry.object->typeTag == lp.pointee)
      aliases.push_back(base);
  for (uint64_t base : aliases) {
    ExecutionState &c = x_.clone(st);
    c.lazyPointers.at(p).target = base;
    x_.assume(c, ctx_.andE(ctx_.eq(p, x_.pointer(base)),
                           validRange(c, x_.pointer(base), lo, hi, elem)));
    if (!c.terminated)
      x_.returnValue(c, call, ctx_.bv(w, 1));
  }

  ExprRef size = ctx_.trunc(bytesWide, x_.pointerBits());
  uint64_t base = x_.newInputTarget(st, p, capacity, size,
                                    engine::InputRecord::CallerDecides::Nothing,
                                    /*unbounded=*/true);
  x_.assume(st, ctx_.eq(p, x_.pointer(base)));
  if (!st.terminated)
    x_.returnValue(st, call, ctx_.bv(w, 1));
  return true;
}

ExprRef ContractHooks::validRange(ExecutionState &s, const ExprRef &p,
                                  const ExprRef &lo, const ExprRef &hi,
                                  uint64_t elem) {
  // Wider than pointers and bounds, where nothing wraps.
  unsigned w = std::max(hi->width(), x_.pointerBits()) + 2;
  ByteRange r = elementRange(ctx_, p, lo, hi, elem, w);
  ExprRef any = ctx_.falseE();
  for (const auto &[base, entry] : s.memory.objects()) {
    const memory::MemoryObject &o = *entry.object;
    if (o.kind == memory::ObjectKind::Function)
      continue;
    ExprRef b = ctx_.bv(w, base);
    ExprRef size = ctx_.zextOrTrunc(o.sizeExpr(ctx_, x_.pointerBits()), w);
    any = ctx_.orE(any, ctx_.andE(ctx_.sle(b, r.start),
                                  ctx_.sle(r.end, ctx_.add(b, size))));
  }
  return any;
}

} // namespace cosmo::summary
