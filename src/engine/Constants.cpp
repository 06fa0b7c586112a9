//===- Constants.cpp - LLVM constants and globals as terms ----------------===//

#include "cosmo/engine/Executor.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Operator.h>

#include <fmt/format.h>

namespace cosmo::engine {

ExprRef Executor::eval(ExecutionState &s, const llvm::Value *v) {
  if (auto *c = llvm::dyn_cast<llvm::Constant>(v))
    return evalConstant(s, c);
  if (const RegValue *r = s.frame().registers.find(v))
    return r->toExpr(ctx_);
  throw Unsupported{"use of a value with no definition on this path: " +
                    v->getName().str()};
}

RegValue Executor::evalValue(ExecutionState &s, const llvm::Value *v) {
  if (!llvm::isa<llvm::Constant>(v)) {
    if (const RegValue *r = s.frame().registers.find(v))
      return *r;
    throw Unsupported{"use of a value with no definition on this path: " +
                      v->getName().str()};
  }
  if (auto *ci = llvm::dyn_cast<llvm::ConstantInt>(v)) {
    unsigned w = ci->getBitWidth();
    if (w == 1)
      return RegValue::boolean(ci->isOne());
    if (w <= 64)
      return RegValue::concrete(w, ci->getZExtValue());
  }
  if (auto *c = llvm::dyn_cast<llvm::Constant>(v))
    return RegValue::of(evalConstant(s, c));
  if (const RegValue *r = s.frame().registers.find(v))
    return *r;
  throw Unsupported{"use of a value with no definition on this path: " +
                    v->getName().str()};
}

const FunctionSlots &Executor::slotsOf(const llvm::Function &f) {
  auto &slots = functionSlots_[&f];
  if (!slots)
    slots = std::make_unique<FunctionSlots>(f, pointerBits());
  return *slots;
}

RegisterFile Executor::registersFor(const llvm::Function &f) {
  return RegisterFile(slotsOf(f));
}

ExprRef Executor::evalConstant(ExecutionState &s, const llvm::Constant *c) {
  llvm::Type *t = c->getType();
  if (auto *ci = llvm::dyn_cast<llvm::ConstantInt>(c)) {
    if (t->isIntegerTy(1))
      return ctx_.boolVal(ci->isOne());
    return ctx_.bv(ci->getValue());
  }
  if (llvm::isa<llvm::ConstantPointerNull>(c))
    return ctx_.bv(storeBits(t), 0);
  if (auto *ba = llvm::dyn_cast<llvm::BlockAddress>(c)) {
    auto it = blockAddress_.find(ba->getBasicBlock());
    if (it == blockAddress_.end())
      throw Unsupported{"address of a block that was not allocated"};
    return pointer(it->second);
  }
  if (auto *gv = llvm::dyn_cast<llvm::GlobalValue>(c)) {
    auto it = globalAddress_.find(gv);
    if (it == globalAddress_.end()) {
      if (auto *alias = llvm::dyn_cast<llvm::GlobalAlias>(gv))
        return evalConstant(s, alias->getAliasee());
      throw Unsupported{"address of unknown global '" + gv->getName().str() +
                        "'"};
    }
    return pointer(it->second);
  }
  if (llvm::isa<llvm::UndefValue>(c) && !t->isAggregateType()) {
    // Indeterminate value: anything (C's uninitialised variables).
    if (t->isIntegerTy(1))
      return ctx_.var(s.freshName("undef"), expr::Sort::boolean());
    if (isUncomputedType(t))
      throw Unsupported{"long double or vector undefined value"};
    return ctx_.var(s.freshName("undef"), expr::Sort::bv(storeBits(t)));
  }
  if (auto *ce = llvm::dyn_cast<llvm::ConstantExpr>(c)) {
    unsigned op = ce->getOpcode();
    if (op == llvm::Instruction::GetElementPtr) {
      ExprRef base = evalConstant(s, ce->getOperand(0));
      return ctx_.add(base, gepOffset(s, *llvm::cast<llvm::GEPOperator>(ce)));
    }
    if (ce->isCast())
      return castOp(op, evalConstant(s, ce->getOperand(0)),
                    ce->getOperand(0)->getType(), t);
    if (ce->isCompare())
      return compareOp(static_cast<llvm::CmpInst::Predicate>(ce->getPredicate()),
                       evalConstant(s, ce->getOperand(0)),
                       evalConstant(s, ce->getOperand(1)));
    if (llvm::Instruction::isBinaryOp(op))
      return binaryOp(op, evalConstant(s, ce->getOperand(0)),
                      evalConstant(s, ce->getOperand(1)));
    if (op == llvm::Instruction::Select)
      return ctx_.ite(asBool(evalConstant(s, ce->getOperand(0))),
                      evalConstant(s, ce->getOperand(1)),
                      evalConstant(s, ce->getOperand(2)));
    throw Unsupported{fmt::format("unsupported constant expression '{}'",
                                  ce->getOpcodeName())};
  }
  if (t->isAggregateType()) {
    std::vector<ExprRef> bytes(layout_.getTypeAllocSize(t));
    constantBytes(s, c, bytes, 0);
    ExprRef v;
    for (const ExprRef &b : bytes) {
      ExprRef byte = b ? b : ctx_.bv(8, 0);
      v = v ? ctx_.concat(byte, v) : byte;
    }
    return v;
  }
  if (auto *fp = llvm::dyn_cast<llvm::ConstantFP>(c))
    return ctx_.bv(fp->getValueAPF().bitcastToAPInt());
  throw Unsupported{"unsupported constant of type " +
                    std::to_string(t->getTypeID())};
}

// Lays a constant out as bytes (little-endian) into `out` at `offset`;
// padding stays null (zero for globals). `undef` inside an aggregate is
// padding clang did not spell out (e.g. around bit-fields): zero, as C11
// 6.7.9p10 makes the padding of static objects, not a symbolic value.
void Executor::constantBytes(ExecutionState &s, const llvm::Constant *c,
                                 std::vector<ExprRef> &out, uint64_t offset) {
  llvm::Type *t = c->getType();
  if (llvm::isa<llvm::ConstantAggregateZero>(c) ||
      llvm::isa<llvm::UndefValue>(c)) {
    uint64_t n = layout_.getTypeAllocSize(t);
    for (uint64_t i = 0; i < n; ++i)
      out[offset + i] = ctx_.bv(8, 0);
    return;
  }
  if (auto *st = llvm::dyn_cast<llvm::StructType>(t)) {
    const llvm::StructLayout *sl = layout_.getStructLayout(st);
    for (unsigned i = 0; i < st->getNumElements(); ++i)
      constantBytes(s, c->getAggregateElement(i), out,
                    offset + sl->getElementOffset(i));
    return;
  }
  if (t->isArrayTy() || t->isVectorTy()) {
    uint64_t n = t->isArrayTy()
                     ? t->getArrayNumElements()
                     : llvm::cast<llvm::FixedVectorType>(t)->getNumElements();
    llvm::Type *et = t->isArrayTy()
                         ? t->getArrayElementType()
                         : llvm::cast<llvm::VectorType>(t)->getElementType();
    uint64_t es = layout_.getTypeAllocSize(et);
    for (uint64_t i = 0; i < n; ++i)
      constantBytes(s, c->getAggregateElement(static_cast<unsigned>(i)), out,
                    offset + i * es);
    return;
  }
  ExprRef v = encode(evalConstant(s, c), t);
  for (unsigned i = 0; i < v->width() / 8; ++i)
    out[offset + i] = ctx_.extract(v, 8 * i + 7, 8 * i);
}

void Executor::initializeGlobals(ExecutionState &s) {
  // Functions first: their addresses may appear in initialisers. Not
  // intrinsics: no program can take their address (IR forbids it), and a
  // declaration of one that an edit brings in (llvm.dbg.declare, with a
  // function's first local) must not move every object after it.
  for (const llvm::Function &f : module_) {
    if (f.isIntrinsic())
      continue;
    uint64_t base = allocate(s, 1, memory::ObjectKind::Function,
                             f.getName().str(), ctx_.arrayVar("fn." + f.getName().str()));
    globalAddress_[&f] = base;
    functionAt_[base] = &f;
    for (const llvm::BasicBlock &b : f)
      if (b.hasAddressTaken())
        blockAddress_[&b] =
            allocate(s, 1, memory::ObjectKind::Function,
                     f.getName().str() + ":" + b.getName().str(),
                     ctx_.arrayVar("label"));
  }
  for (const llvm::GlobalVariable &g : module_.globals()) {
    uint64_t size = layout_.getTypeAllocSize(g.getValueType());
    uint64_t base = allocate(s, size, memory::ObjectKind::Global,
                             g.getName().str(),
                             ctx_.arrayVar("global." + g.getName().str()),
                             {}, g.getValueType());
    globalAddress_[&g] = base;
  }
  for (const llvm::GlobalVariable &g : module_.globals()) {
    if (!g.hasInitializer())
      continue; // external: its content stays symbolic
    uint64_t size = layout_.getTypeAllocSize(g.getValueType());
    std::vector<ExprRef> bytes(size);
    constantBytes(s, g.getInitializer(), bytes, 0);
    // Zeros first (a large global's are one constant array: `int
    // a[100000];` is one term, not 400,000), then the other bytes.
    uint64_t base = globalAddress_[&g];
    zeroFill(s, base);
    memory::ObjectState &os = s.memory.writable(base);
    ExprRef zero = ctx_.bv(8, 0);
    for (uint64_t i = 0; i < size; ++i)
      if (bytes[i] && bytes[i] != zero)
        os.writeByte(ctx_, i, bytes[i]);
  }
}

} // namespace cosmo::engine
