//===- EntryShapes.cpp - the inputs a C programmer means -----------------===//
//
// EngineOptions::InputShapes::Shaped (issue 44): the entry's pointer
// parameters point to what its callers pass (frontend::parameterShapesOf),
// not to anything lazy initialisation allows, and each error says whether
// valid inputs reach it (manifest) or it needs something only a caller
// decides (latent): a null pointer or a value stored in a struct the caller
// built, an object smaller than the entry's accesses, a free of memory the
// caller may have allocated. Infer's Pulse draws the same line.
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Executor.h"
#include "LatentCondition.h"
#include "cosmo/expr/Transform.h"
#include "cosmo/frontend/ParameterShapes.h"

#include <llvm/IR/DebugInfoMetadata.h>

#include <fmt/format.h>

#include <set>

namespace cosmo::engine {

using Shape = frontend::ParameterShape;
using CallerDecides = InputRecord::CallerDecides;

namespace {

bool isScalar(const llvm::Type *t) {
  return t && (t->isIntegerTy() || t->isFloatingPointTy());
}

/// What the caller decides of one object of `pointee` it passes: only its
/// size when it holds a scalar (the entry's to read), else everything (its
/// fields are the invariants of the functions that build it).
CallerDecides callerDecidesOf(const llvm::Type *pointee) {
  return isScalar(pointee) ? CallerDecides::Size : CallerDecides::All;
}

} // namespace

void Executor::shapeEntryInputs(ExecutionState &s, const llvm::Function &f) {
  std::vector<Shape> shapes = frontend::parameterShapesOf(f);
  const unsigned ptrBits = pointerBits();
  const uint64_t longest = std::max(1u, opts_.maxString);
  std::vector<std::string> bounded;
  for (const llvm::Argument &a : f.args()) {
    const Shape &shape = shapes[a.getArgNo()];
    if (shape.kind == Shape::Kind::Opaque && a.getType()->isPointerTy() &&
        !a.hasByValAttr()) {
      // A function pointer: which function it calls is the caller's choice.
      for (size_t k = 0; k < s.inputs.size(); ++k)
        if (s.inputs[k].source == "argument" && s.inputs[k].name == a.getName()) {
          InputRecord in = s.inputs[k];
          in.callerDecides = CallerDecides::All;
          s.inputs.replace(k, std::move(in));
        }
      continue;
    }
    if (shape.kind == Shape::Kind::Scalar || shape.kind == Shape::Kind::Opaque)
      continue;
    ExprRef p = s.frame().registers.find(&a)->toExpr(ctx_);
    const llvm::Type *pointee = a.getType()->getPointerElementType();
    // A run that pins the inputs (a confirming run) has made p a constant,
    // which lazy initialisation leaves alone: the object is made all the
    // same, at the address the pinned run's took.
    std::string name = a.getName().str();
    auto lazy = s.lazyPointers.try_emplace(p, LazyPointer{pointee, name, {}, name, 0})
                    .first;
    if (lazy->second.target)
      continue;
    uint64_t elem = 1;
    if (pointee && pointee->isSized())
      elem = std::max<uint64_t>(
          1, layout_.getTypeAllocSize(const_cast<llvm::Type *>(pointee)));
    uint64_t base = 0;
    ExprRef facts = ctx_.trueE();
    switch (shape.kind) {
    case Shape::Kind::String: {
      // A NUL at the end of the object; the string is what comes before the
      // first NUL, so every length up to the bound is there.
      ExprRef size = ctx_.var(s.freshName(name + ".size"), expr::Sort::bv(ptrBits));
      base = newInputTarget(s, p, longest + 1, size, CallerDecides::Nothing);
      const std::vector<ExprRef> &bytes = s.inputs.back().byteVars;
      ExprRef endsInNul = ctx_.falseE();
      for (uint64_t k = 0; k <= longest; ++k)
        endsInNul = ctx_.orE(endsInNul,
                             ctx_.andE(ctx_.eq(size, pointer(k + 1)),
                                       ctx_.eq(bytes[k], ctx_.bv(8, 0))));
      facts = ctx_.andE(ctx_.ule(pointer(1), size),
                        ctx_.andE(ctx_.ule(size, pointer(longest + 1)),
                                  endsInNul));
      bounded.push_back(fmt::format("'{}' a string", name));
      break;
    }
    case Shape::Kind::Array: {
      const llvm::Argument &lengthArg = *f.getArg(shape.lengthParam);
      ExprRef n = s.frame().registers.find(&lengthArg)->toExpr(ctx_);
      unsigned w = n->width();
      // At most `longest` elements, never negative whatever n's signedness.
      ExprRef limit = ctx_.bv(w, std::min<uint64_t>(
                                     longest, llvm::APInt::getSignedMaxValue(w)
                                                  .getZExtValue()));
      facts = ctx_.andE(ctx_.sle(ctx_.bv(w, 0), n), ctx_.sle(n, limit));
      ExprRef size = ctx_.mul(ctx_.zextOrTrunc(n, ptrBits), pointer(elem));
      // The length is the entry's; structs and pointers in the array are
      // the caller's.
      base = newInputTarget(s, p, std::max<uint64_t>(1, longest * elem), size,
                            isScalar(pointee) ? CallerDecides::Nothing
                                              : CallerDecides::Content);
      bounded.push_back(fmt::format("'{}' an array of '{}' elements", name,
                                    lengthArg.getName().str()));
      break;
    }
    default:
      base = newInputTarget(s, p, elem * std::max(1u, opts_.inputArrayElements),
                            {}, callerDecidesOf(pointee));
      break;
    }
    assume(s, ctx_.andE(ctx_.eq(p, pointer(base)), facts));
    if (s.terminated)
      return;
  }
  if (!bounded.empty())
    noteUnknown(fmt::format(
        "inputs of bounded size: {} of at most {} (--max-string)",
        fmt::join(bounded, ", "), longest));
}

namespace {

/// The input object at `base` among `s`'s, if any.
const InputRecord *inputAt(const ExecutionState &s, uint64_t base) {
  if (base == 0)
    return nullptr;
  for (const InputRecord &in : s.inputs)
    if (in.source == "input-memory" && in.address == base)
      return &in;
  return nullptr;
}

} // namespace

void Executor::classifyLatency(const ExecutionState &s, ErrorReport &e) {
  // An object the caller passes may be smaller than the entry's accesses,
  // or a heap block it may free.
  if (const InputRecord *in = inputAt(s, s.accessedObject)) {
    if (e.kind == ErrorKind::OutOfBounds &&
        (in->callerDecides == CallerDecides::Size ||
         in->callerDecides == CallerDecides::All))
      e.latent = fmt::format("an access beyond '{}', whose size the caller "
                             "decides",
                             in->name);
    else if (e.kind == ErrorKind::InvalidFree)
      e.latent = fmt::format("a free of '{}', which the caller may have "
                             "allocated with malloc",
                             in->name);
  }
  // The path needs values the caller stored in what it passes.
  std::set<const expr::Expr *> callers;
  std::set<std::string> objects;
  auto contentIsCallers = [](const InputRecord &in) {
    return in.callerDecides == CallerDecides::All ||
           in.callerDecides == CallerDecides::Content;
  };
  for (const InputRecord &in : s.inputs)
    if (contentIsCallers(in)) {
      for (const ExprRef &b : in.byteVars)
        callers.insert(b.get());
      for (const ExprRef &v : {in.array, in.var})
        if (v)
          callers.insert(v.get());
    }
  std::vector<ExprRef> conditions;
  for (const ExprRef &c : s.constraints.list()) {
    bool needs = false;
    expr::forEachNode(c, [&](const expr::Expr *n) {
      needs = needs || callers.count(n);
    });
    if (!needs)
      continue;
    for (const InputRecord &in : s.inputs)
      if (contentIsCallers(in))
        expr::forEachNode(c, [&](const expr::Expr *n) {
          for (const ExprRef &b : in.byteVars)
            if (b.get() == n)
              objects.insert(in.name);
        });
    conditions.push_back(c);
  }
  if (!conditions.empty()) {
    if (e.latent.empty())
      e.latent = fmt::format("it needs particular values in {}, which the "
                             "caller builds",
                             fmt::join(objects, ", "));
    e.latentCondition = latentConditionText(s, *entry_, conditions);
  }
}

} // namespace cosmo::engine
