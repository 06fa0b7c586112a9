//===- VarArgs.cpp - calls to variadic functions and va_start/va_copy -----===//
//
// clang lowers `va_arg` to ordinary loads and stores on the va_list,
// following the target's ABI, so the engine only lays out a call's extra
// arguments where those loads look for them and fills the va_list at
// llvm.va_start. The ABI follows the module's pointer width:
//
//  - x86_64 (SysV): va_list is {i32 gp_offset, i32 fp_offset,
//    i8* overflow_arg_area, i8* reg_save_area}. va_arg takes an argument
//    from the register save area while gp_offset <= 48 - 8 * (eightbytes
//    needed), fp_offset likewise below 176; with gp_offset = 48 and
//    fp_offset = 176 every va_arg reads the overflow area instead, where
//    arguments sit in 8-byte slots, 16-byte aligned for 16-byte types.
//  - i386: va_list is a pointer to the arguments, each in a slot of its
//    size rounded up to 4 bytes, 4-byte aligned (a long long takes 8).
//
// The extra arguments live in a stack object of the callee's frame, so a
// va_list used after the function returned is a use after free. Structs
// passed by value (byval) are refused; a double (a float is promoted to
// one) is laid out like an 8-byte integer, its bits; a long double never
// gets here (executeCall refuses it).
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Executor.h"

#include <llvm/ADT/Triple.h>
#include <llvm/Support/MathExtras.h>

#include <fmt/format.h>

namespace cosmo::engine {

namespace {
constexpr uint32_t kGpOffsetAllUsed = 48;  // 6 integer registers * 8
constexpr uint32_t kFpOffsetAllUsed = 176; // 48 + 8 vector registers * 16
} // namespace

void Executor::checkVarArgsTarget() const {
  unsigned ptrBits = layout_.getPointerSizeInBits();
  llvm::Triple triple(module_.getTargetTriple());
  bool x86 = triple.getTriple().empty() || triple.isX86();
  if (!x86 || (ptrBits != 64 && ptrBits != 32))
    throw Unsupported{
        fmt::format("variadic functions on target '{}' ({}-bit pointers)",
                    module_.getTargetTriple(), ptrBits)};
}

uint64_t Executor::vaListBytes() const {
  unsigned ptrBits = layout_.getPointerSizeInBits();
  return ptrBits == 64 ? 8 + 2 * ptrBits / 8 : ptrBits / 8;
}

uint64_t Executor::layOutVarArgs(ExecutionState &s,
                                     const llvm::CallBase &call,
                                     const llvm::Function &f,
                                     const std::vector<ExprRef> &args) {
  checkVarArgsTarget();
  unsigned ptrBits = layout_.getPointerSizeInBits();
  uint64_t slot = ptrBits / 8;
  std::vector<std::pair<uint64_t, ExprRef>> placed; // offset, bits
  uint64_t end = 0;
  for (unsigned k = f.arg_size(); k < args.size(); ++k) {
    if (call.paramHasAttr(k, llvm::Attribute::ByVal))
      throw Unsupported{fmt::format(
          "struct passed by value to variadic function '{}' at {}:{}",
          f.getName().str(), locationOf(&call).file, locationOf(&call).line)};
    llvm::Type *t = call.getArgOperand(k)->getType();
    uint64_t align = slot;
    // x86_64 aligns 16-byte types (__int128, long double) to 16.
    if (ptrBits == 64 && (layout_.getABITypeAlignment(t) > 8 ||
                          (t->isIntegerTy() && t->getIntegerBitWidth() > 64)))
      align = 16;
    uint64_t at = llvm::alignTo(end, align);
    placed.emplace_back(at, encode(args[k], t));
    end = at + llvm::alignTo(layout_.getTypeAllocSize(t), slot);
  }
  uint64_t base = allocate(s, end, memory::ObjectKind::Stack,
                           "variadic arguments of " + f.getName().str(),
                           ctx_.arrayVar(s.freshName("uninit")));
  memory::ObjectState &os = s.memory.writable(base);
  for (const auto &[at, bits] : placed)
    for (unsigned b = 0; b < bits->width() / 8; ++b)
      os.writeByte(ctx_, at + b, ctx_.extract(bits, 8 * b + 7, 8 * b));
  return base;
}

void Executor::executeVaStart(ExecutionState &s, const ExprRef &vaList) {
  checkVarArgsTarget();
  std::optional<uint64_t> area = s.frame().varArgs;
  if (!area)
    throw Unsupported{
        fmt::format("va_start in '{}', which was not called by the program",
                    s.frame().function->getName().str())};
  unsigned ptrBits = layout_.getPointerSizeInBits();
  ExprRef overflowArea = ctx_.bv(ptrBits, *area);
  ExprRef value = overflowArea;
  if (ptrBits == 64) // {gp_offset, fp_offset, overflow area, no save area}
    value = ctx_.concat(ctx_.concat(ctx_.bv(ptrBits, 0), overflowArea),
                        ctx_.concat(ctx_.bv(32, kFpOffsetAllUsed),
                                    ctx_.bv(32, kGpOffsetAllUsed)));
  for (const ResolvedAccess &a : resolve(s, vaList, vaListBytes()))
    a.state->memory.writable(a.base).write(ctx_, a.offset, value);
}

void Executor::executeVaCopy(ExecutionState &s, const ExprRef &dst,
                                 const ExprRef &src) {
  checkVarArgsTarget();
  copyBytes(s, dst, src, vaListBytes());
}

} // namespace cosmo::engine
