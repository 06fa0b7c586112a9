//===- ExecFloat.cpp - float and double instructions ----------------------===//
//
// A float or double value is its bits (BitVec(32) / BitVec(64)), so loads,
// stores, unions, memcpy and bitcasts need nothing special; the operations
// are expr's floating-point kinds (expr/FloatOps.h: IEEE 754, round to
// nearest even, canonical NaN). fneg, fabs and copysign act on the sign
// bit, as IEEE 754 defines them (NaN included).
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Executor.h"
#include "cosmo/expr/FloatOps.h"

#include <llvm/ADT/bit.h>
#include <llvm/IR/IntrinsicInst.h>

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <optional>

namespace cosmo::engine {

using expr::Kind;
using llvm::Instruction;

namespace {

llvm::APInt signMask(unsigned w) { return llvm::APInt::getSignMask(w); }

} // namespace

void Executor::executeFloatBinary(ExecutionState &s,
                                  const llvm::Instruction &i) {
  if (isUncomputedType(i.getType()))
    throw Unsupported{fmt::format("{} of {} at {}:{}", i.getOpcodeName(),
                                  uncomputedTypeName(i.getType()),
                                  locationOf(&i).file, locationOf(&i).line)};
  ExprRef a = eval(s, i.getOperand(0));
  if (i.getOpcode() == Instruction::FNeg) {
    bind(s, &i, ctx_.bxor(a, ctx_.bv(signMask(a->width()))));
    return;
  }
  ExprRef b = eval(s, i.getOperand(1));
  Kind k;
  switch (i.getOpcode()) {
  case Instruction::FAdd: k = Kind::FAdd; break;
  case Instruction::FSub: k = Kind::FSub; break;
  case Instruction::FMul: k = Kind::FMul; break;
  case Instruction::FDiv: k = Kind::FDiv; break;
  default: k = Kind::FRem; break;
  }
  ExprRef ops[] = {a, b};
  bind(s, &i, ctx_.floatOp(k, ops));
}

ExprRef Executor::floatCompare(llvm::CmpInst::Predicate p, const ExprRef &a,
                               const ExprRef &b) {
  using P = llvm::CmpInst::Predicate;
  // Only the terms the predicate needs (each fcmp builds its own).
  auto op = [&](Kind k, const ExprRef &x, const ExprRef &y) {
    ExprRef xy[] = {x, y};
    return ctx_.floatOp(k, xy);
  };
  auto unordered = [&] {
    ExprRef ea[] = {a}, eb[] = {b};
    return ctx_.orE(ctx_.floatOp(Kind::FIsNaN, ea),
                    ctx_.floatOp(Kind::FIsNaN, eb));
  };
  switch (p) {
  case P::FCMP_FALSE: return ctx_.falseE();
  case P::FCMP_TRUE: return ctx_.trueE();
  case P::FCMP_OEQ: return op(Kind::FOEq, a, b);
  case P::FCMP_OGT: return op(Kind::FOLt, b, a);
  case P::FCMP_OGE: return op(Kind::FOLe, b, a);
  case P::FCMP_OLT: return op(Kind::FOLt, a, b);
  case P::FCMP_OLE: return op(Kind::FOLe, a, b);
  case P::FCMP_ONE: return ctx_.orE(op(Kind::FOLt, a, b), op(Kind::FOLt, b, a));
  case P::FCMP_ORD: return ctx_.notE(unordered());
  case P::FCMP_UNO: return unordered();
  // An unordered predicate is the negation of the opposite ordered one.
  case P::FCMP_UEQ: return ctx_.orE(unordered(), op(Kind::FOEq, a, b));
  case P::FCMP_UGT: return ctx_.notE(op(Kind::FOLe, a, b));
  case P::FCMP_UGE: return ctx_.notE(op(Kind::FOLt, a, b));
  case P::FCMP_ULT: return ctx_.notE(op(Kind::FOLe, b, a));
  case P::FCMP_ULE: return ctx_.notE(op(Kind::FOLt, b, a));
  case P::FCMP_UNE: return ctx_.notE(op(Kind::FOEq, a, b));
  default: break;
  }
  throw Unsupported{"unsupported floating-point comparison predicate"};
}

void Executor::executeFloatCompare(ExecutionState &s, const llvm::FCmpInst &i) {
  if (isUncomputedType(i.getOperand(0)->getType()))
    throw Unsupported{fmt::format(
        "fcmp of {} at {}:{}", uncomputedTypeName(i.getOperand(0)->getType()),
        locationOf(&i).file, locationOf(&i).line)};
  bind(s, &i,
       floatCompare(i.getPredicate(), eval(s, i.getOperand(0)),
                    eval(s, i.getOperand(1))));
}

ExprRef Executor::floatCastOutOfRange(const ExprRef &v, unsigned width,
                                     bool isSigned) {
  // C: the value truncated toward zero must fit (C11 6.3.1.4): above
  // -2^(w-1) - 1 (signed) or -1 (unsigned), below 2^(w-1) or 2^w.
  const llvm::fltSemantics &sem = expr::floatSemantics(v->width());
  auto constant = [&](unsigned exponent, bool negative) {
    llvm::APFloat p(sem);
    p.convertFromAPInt(llvm::APInt::getOneBitSet(exponent + 1, exponent),
                       false, llvm::APFloat::rmNearestTiesToEven);
    if (negative)
      p.changeSign();
    return ctx_.bv(p.bitcastToAPInt());
  };
  ExprRef ops[] = {v};
  ExprRef t = ctx_.floatOp(Kind::FRound, ops,
                           static_cast<unsigned>(expr::RoundingMode::TowardZero));
  ExprRef low = isSigned ? constant(width - 1, true) : constant(0, true);
  ExprRef high = constant(isSigned ? width - 1 : width, false);
  ExprRef lowOk[] = {low, t};
  ExprRef aboveLow = isSigned ? ctx_.floatOp(Kind::FOLe, lowOk)  // low <= t
                              : ctx_.floatOp(Kind::FOLt, lowOk); // -1 < t
  ExprRef belowHigh[] = {t, high};
  return ctx_.notE(ctx_.andE(aboveLow, ctx_.floatOp(Kind::FOLt, belowHigh)));
}

void Executor::executeFloatCast(ExecutionState &s, const llvm::CastInst &i) {
  const llvm::Type *from = i.getSrcTy(), *to = i.getDestTy();
  if (isUncomputedType(from) || isUncomputedType(to))
    throw Unsupported{fmt::format(
        "{} of {} at {}:{}", i.getOpcodeName(),
        uncomputedTypeName(isUncomputedType(from) ? from : to),
        locationOf(&i).file, locationOf(&i).line)};
  ExprRef v = eval(s, i.getOperand(0));
  auto width = [&](const llvm::Type *t) { return storeBits(t); };
  switch (i.getOpcode()) {
  case Instruction::BitCast: // the same bits
    bind(s, &i, asBV(v));
    return;
  case Instruction::FPToSI:
  case Instruction::FPToUI: {
    unsigned w = to->getIntegerBitWidth();
    if (w > 64)
      throw Unsupported{fmt::format("{} to i{} at {}:{}", i.getOpcodeName(), w,
                                    locationOf(&i).file, locationOf(&i).line)};
    ExprRef ops[] = {v};
    bool isSigned = i.getOpcode() == Instruction::FPToSI;
    ExecutionState *cur = &s;
    if (opts_.checkFloatCast) {
      cur = checkError(s, floatCastOutOfRange(v, w, isSigned),
                       ErrorKind::FloatCast,
                       fmt::format("{} value out of the range of i{}",
                                   v->width() == 32 ? "float" : "double", w));
      if (!cur)
        return;
    }
    // To an i1 (a bool): through a byte, then its low bit.
    unsigned via = w < 8 ? 8 : w;
    ExprRef r = ctx_.floatOp(isSigned ? Kind::FToSI : Kind::FToUI, ops, via);
    bind(*cur, &i, w == via ? r : decode(r, to));
    return;
  }
  case Instruction::SIToFP:
  case Instruction::UIToFP: {
    ExprRef ops[] = {asBV(v)};
    if (ops[0]->width() == 1) // an i1 converts as 0 or 1 (uitofp) / -1
      ops[0] = i.getOpcode() == Instruction::SIToFP ? ctx_.sext(ops[0], 8)
                                                    : ctx_.zext(ops[0], 8);
    bind(s, &i,
         ctx_.floatOp(i.getOpcode() == Instruction::SIToFP ? Kind::SIToF
                                                           : Kind::UIToF,
                      ops, width(to)));
    return;
  }
  case Instruction::FPExt:
  case Instruction::FPTrunc: {
    ExprRef ops[] = {v};
    bind(s, &i, ctx_.floatOp(Kind::FToF, ops, width(to)));
    return;
  }
  default: break;
  }
  throw Unsupported{fmt::format("unsupported floating-point cast '{}'",
                                i.getOpcodeName())};
}

namespace {

namespace I = llvm::Intrinsic;

/// The libm functions that are one IEEE operation, as the intrinsic that
/// does it (fmod: not_intrinsic, it is FRem).
std::optional<llvm::Intrinsic::ID> mathFunction(llvm::StringRef name) {
  static const std::map<std::string, llvm::Intrinsic::ID, std::less<>> table =
      {{"fabs", I::fabs},         {"copysign", I::copysign},
       {"sqrt", I::sqrt},         {"fma", I::fma},
       {"floor", I::floor},       {"ceil", I::ceil},
       {"trunc", I::trunc},       {"round", I::round},
       {"rint", I::rint},         {"nearbyint", I::nearbyint},
       {"fmin", I::minnum},       {"fmax", I::maxnum},
       {"fmod", I::not_intrinsic}};
  if (auto it = table.find(name); it != table.end())
    return it->second;
  if (name.endswith("f"))
    if (auto it = table.find(name.drop_back()); it != table.end())
      return it->second;
  return std::nullopt;
}

/// libm's functions that are not one IEEE operation. On constant
/// arguments cosmo computes them with the host's libm -- the library a
/// native run of the program links, so that a replay agrees bit for bit.
/// On symbolic ones there is no exact encoding: the path ends unknown,
/// naming the function. Like the functions above, they set no errno.
struct LibmFunction {
  double (*unary)(double) = nullptr;
  double (*binary)(double, double) = nullptr;
  float (*unaryF)(float) = nullptr;
  float (*binaryF)(float, float) = nullptr;
};

const LibmFunction *libmFunction(llvm::StringRef name) {
  static const std::map<std::string, LibmFunction, std::less<>> table = {
      {"pow", {nullptr, ::pow, nullptr, ::powf}},
      {"atan2", {nullptr, ::atan2, nullptr, ::atan2f}},
      {"hypot", {nullptr, ::hypot, nullptr, ::hypotf}},
      {"exp", {::exp, nullptr, ::expf, nullptr}},
      {"exp2", {::exp2, nullptr, ::exp2f, nullptr}},
      {"log", {::log, nullptr, ::logf, nullptr}},
      {"log2", {::log2, nullptr, ::log2f, nullptr}},
      {"log10", {::log10, nullptr, ::log10f, nullptr}},
      {"sin", {::sin, nullptr, ::sinf, nullptr}},
      {"cos", {::cos, nullptr, ::cosf, nullptr}},
      {"tan", {::tan, nullptr, ::tanf, nullptr}},
      {"asin", {::asin, nullptr, ::asinf, nullptr}},
      {"acos", {::acos, nullptr, ::acosf, nullptr}},
      {"atan", {::atan, nullptr, ::atanf, nullptr}},
      {"sinh", {::sinh, nullptr, ::sinhf, nullptr}},
      {"cosh", {::cosh, nullptr, ::coshf, nullptr}},
      {"tanh", {::tanh, nullptr, ::tanhf, nullptr}},
      {"cbrt", {::cbrt, nullptr, ::cbrtf, nullptr}}};
  if (auto it = table.find(name); it != table.end())
    return &it->second;
  return nullptr;
}

/// The libm name of an intrinsic that is one of those functions.
llvm::StringRef libmNameOf(llvm::Intrinsic::ID id) {
  switch (id) {
  case I::pow: return "pow";
  case I::exp: return "exp";
  case I::exp2: return "exp2";
  case I::log: return "log";
  case I::log2: return "log2";
  case I::log10: return "log10";
  case I::sin: return "sin";
  case I::cos: return "cos";
  default: return "";
  }
}

} // namespace

bool Executor::isMathFunction(llvm::StringRef name) {
  if (mathFunction(name).has_value() || libmFunction(name))
    return true;
  return name.endswith("f") && libmFunction(name.drop_back());
}

bool Executor::handleLibmFunction(ExecutionState &s, const llvm::CallBase &call,
                                  const llvm::Function &f,
                                  const std::vector<ExprRef> &args) {
  const llvm::Type *t = call.getType();
  bool isFloat = t->isFloatTy();
  if (!isFloat && !t->isDoubleTy())
    return false;
  llvm::StringRef name = f.isIntrinsic() ? libmNameOf(f.getIntrinsicID())
                                         : f.getName();
  if (!f.isIntrinsic() && isFloat && name.endswith("f"))
    name = name.drop_back();
  const LibmFunction *fn = libmFunction(name);
  if (!fn || (!f.isIntrinsic() && !f.isDeclaration()))
    return false;
  size_t arity = fn->binary ? 2 : 1;
  if (args.size() != arity || call.arg_size() != arity)
    return false;
  for (const ExprRef &a : args)
    if (!a->isConst())
      throw Unsupported{fmt::format(
          "{} of a symbolic argument (at {}:{}): cosmo has no exact encoding "
          "of it",
          f.getName().str(), locationOf(&call).file, locationOf(&call).line)};
  auto bits = [&](const ExprRef &a) { return a->bvValue().getZExtValue(); };
  uint64_t result;
  if (isFloat) {
    auto x = [&](size_t k) {
      return llvm::bit_cast<float>(static_cast<uint32_t>(bits(args[k])));
    };
    float r = arity == 2 ? fn->binaryF(x(0), x(1)) : fn->unaryF(x(0));
    result = llvm::bit_cast<uint32_t>(r);
  } else {
    auto x = [&](size_t k) { return llvm::bit_cast<double>(bits(args[k])); };
    double r = arity == 2 ? fn->binary(x(0), x(1)) : fn->unary(x(0));
    result = llvm::bit_cast<uint64_t>(r);
  }
  returnValue(s, call, ctx_.bv(isFloat ? 32 : 64, result));
  return true;
}

bool Executor::handleFloatIntrinsic(ExecutionState &s,
                                    const llvm::CallBase &call,
                                    const llvm::Function &f,
                                    std::vector<ExprRef> &args) {
  const llvm::Type *t = call.getType();
  if (!t->isFloatTy() && !t->isDoubleTy())
    return false;
  if (handleLibmFunction(s, call, f, args))
    return true;
  llvm::Intrinsic::ID id = f.getIntrinsicID();
  if (id == I::not_intrinsic) {
    // A libm function of the same meaning, declared (cosmo's libc has no
    // body for it); errno is not set (C's math_errhandling).
    std::optional<llvm::Intrinsic::ID> math = mathFunction(f.getName());
    if (!math || !f.isDeclaration() || args.size() != f.arg_size())
      return false;
    id = *math;
    if (id == I::not_intrinsic) { // fmod
      ExprRef ops[] = {args[0], args[1]};
      returnValue(s, call, ctx_.floatOp(Kind::FRem, ops));
      return true;
    }
  }
  auto round = [&](expr::RoundingMode m) {
    ExprRef ops[] = {args[0]};
    returnValue(s, call,
                ctx_.floatOp(Kind::FRound, ops, static_cast<unsigned>(m)));
    return true;
  };
  unsigned w = storeBits(t);
  ExprRef sign = ctx_.bv(signMask(w)), magnitude = ctx_.bv(~signMask(w));
  switch (id) {
  case I::fabs:
    returnValue(s, call, ctx_.band(args[0], magnitude));
    return true;
  case I::copysign:
    returnValue(s, call,
                ctx_.bor(ctx_.band(args[0], magnitude), ctx_.band(args[1], sign)));
    return true;
  case I::sqrt: {
    ExprRef ops[] = {args[0]};
    returnValue(s, call, ctx_.floatOp(Kind::FSqrt, ops));
    return true;
  }
  case I::fma: {
    ExprRef ops[] = {args[0], args[1], args[2]};
    returnValue(s, call, ctx_.floatOp(Kind::FFma, ops));
    return true;
  }
  case I::fmuladd: {
    // Fused only on a target with FMA, which x86-64's default is not: a
    // product, then a sum.
    ExprRef product[] = {args[0], args[1]};
    ExprRef sum[] = {ctx_.floatOp(Kind::FMul, product), args[2]};
    returnValue(s, call, ctx_.floatOp(Kind::FAdd, sum));
    return true;
  }
  case I::floor: return round(expr::RoundingMode::TowardNegative);
  case I::ceil: return round(expr::RoundingMode::TowardPositive);
  case I::trunc: return round(expr::RoundingMode::TowardZero);
  case I::round: return round(expr::RoundingMode::NearestAway);
  case I::rint:
  case I::nearbyint:
  case I::roundeven: return round(expr::RoundingMode::NearestEven);
  case I::minnum:
  case I::maxnum: {
    // The other operand when one is NaN; otherwise the smaller (larger),
    // the first of two equal ones (-0 and +0 may come either way).
    ExprRef a = args[0], b = args[1];
    ExprRef ea[] = {a}, eb[] = {b};
    ExprRef pick = id == I::minnum ? floatCompare(llvm::CmpInst::FCMP_OLT, b, a)
                                   : floatCompare(llvm::CmpInst::FCMP_OGT, b, a);
    ExprRef r = ctx_.ite(ctx_.floatOp(Kind::FIsNaN, ea), b,
                         ctx_.ite(ctx_.floatOp(Kind::FIsNaN, eb), a,
                                  ctx_.ite(pick, b, a)));
    returnValue(s, call, r);
    return true;
  }
  default: return false;
  }
}

} // namespace cosmo::engine
