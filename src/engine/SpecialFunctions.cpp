//===- SpecialFunctions.cpp - verifier, KLEE and cosmo intrinsics, malloc,
//                            LLVM intrinsics, entry arguments -------------===//

#include "cosmo/engine/Executor.h"
#include "cosmo/engine/InputTypes.h"
#include "cosmo/expr/Assignment.h"
#include "cosmo/frontend/Frontend.h"

#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Intrinsics.h>

#include <fmt/format.h>

#include <functional>
#include <set>

namespace cosmo::engine {

namespace {
bool startsWith(llvm::StringRef s, llvm::StringRef p) { return s.startswith(p); }

// The source variable a call's result is assigned to, from the debug
// records mem2reg leaves behind (`int x = __VERIFIER_nondet_int();` -> x).
std::string variableNameOf(const llvm::CallBase &call) {
  llvm::SmallVector<llvm::DbgValueInst *, 2> uses;
  llvm::findDbgValues(uses, const_cast<llvm::CallBase *>(&call));
  for (llvm::DbgValueInst *d : uses)
    if (llvm::DILocalVariable *v = d->getVariable())
      return v->getName().str();
  return "";
}
} // namespace

ExprRef Executor::makeSymbolicValue(ExecutionState &s, const llvm::Type *t,
                                        const std::string &name,
                                        const std::string &source,
                                        const std::string &function,
                                        InputType type) {
  expr::Sort sort = t->isIntegerTy(1) ? expr::Sort::boolean()
                                      : expr::Sort::bv(storeBits(t));
  if (t->isIntegerTy() && !t->isIntegerTy(1))
    sort = expr::Sort::bv(t->getIntegerBitWidth());
  ExprRef v = ctx_.var(s.freshName(name), sort);
  uint64_t bytes = t->isIntegerTy(1) ? 1 : (sort.width + 7) / 8;
  // Inputs made by a call say where the program made it.
  if (source == "nondet" && type.kind == InputType::Kind::Unknown)
    type = nondetInputType(function);
  s.inputs.push_back(InputRecord{
      name, source, function, v, {}, bytes,
      function.empty() ? SourceLocation{} : programLocation(s), 0,
      std::move(type)});
  for (ExecutionHooks *h : run_->hooks)
    if (ExprRef pin = h->pinnedInput(s, v)) {
      // The input keeps its variable (its test shows the value) and the
      // path goes on with the constant.
      s.constraints.add(ctx_.eq(v, pin));
      if (s.model) {
        auto m = std::make_shared<expr::Assignment>(*s.model);
        m->set(v, pin->sort().isBool()
                      ? expr::Value::ofBool(pin->boolValue())
                      : expr::Value::ofBits(pin->bvValue()));
        s.model = std::move(m);
      }
      return pin;
    }
  return v;
}

bool Executor::isPrimitive(llvm::StringRef name) {
  // Keep in step with handleSpecial below.
  static const std::set<std::string> names = {
      "reach_error", "__VERIFIER_error", "__assert_fail", "__assert_rtn",
      "__assert", "klee_report_error", "cosmo_assert", "klee_assert",
      "__VERIFIER_assert",
      "__VERIFIER_assume", "klee_assume", "cosmo_assume",
      "assume_abort_if_not", "klee_make_symbolic", "cosmo_symbolic",
      "klee_range", "exit", "_exit", "_Exit", "abort", "klee_silent_exit",
      "atexit",
      "malloc", "valloc", "calloc", "free", "realloc", "alloca",
      "__builtin_alloca", "__cosmo_env_file",
      "__cosmo_env_var", "__cosmo_env_unknown"};
  return names.count(name.str()) || name.startswith("__VERIFIER_nondet_") ||
         frontend::isInstrumentationFunction(name) || isMathFunction(name);
}

bool Executor::handleSpecial(ExecutionState &s, const llvm::CallBase &call,
                                 const llvm::Function &f,
                                 std::vector<ExprRef> &args) {
  llvm::StringRef name = f.getName();
  auto arg = [&](unsigned k) -> ExprRef {
    if (k >= args.size())
      throw Unsupported{fmt::format("call to '{}' with too few arguments",
                                    name.str())};
    return args[k];
  };

  // Under a property other than reachability, a failed assertion is the
  // abort() it is natively; reach_error is the task's own function there
  // (memory-safety tasks often define it empty), run as written.
  // (__VERIFIER_error is older SV-COMP tasks' reach_error.)
  bool reachError = name == "reach_error" || name == "__VERIFIER_error";
  if (opts_.assertionsAbort) {
    if (reachError && !f.isDeclaration())
      return false;
    if (reachError || name == "__assert_fail" ||
        name == "__assert_rtn" || name == "__assert") {
      abortProgram(s, call);
      return true;
    }
  }
  // Errors reported at the call, whatever the function's body.
  if (reachError) {
    terminateError(s, ErrorKind::Assert, name.str() + "() is reachable");
    return true;
  }
  if (name == "__assert_fail" || name == "__assert_rtn" ||
      name == "__assert" || name == "klee_report_error") {
    std::string msg = name == "__assert_fail" ? readCString(s, arg(0)) : "";
    terminateError(s, ErrorKind::Assert,
                   msg.empty() ? "assertion failure"
                               : "assertion '" + msg + "' failed");
    return true;
  }
  if (name == "cosmo_assert" || name == "klee_assert" ||
      name == "__VERIFIER_assert") {
    if (name == "__VERIFIER_assert" && !f.isDeclaration())
      return false; // SV-COMP tasks often define it; run their definition
    if (opts_.assertionsAbort) {
      Split failing = split(
          s, ctx_.eq(asBV(arg(0)), ctx_.bv(arg(0)->width(), 0)), false);
      if (failing.onTrue)
        abortProgram(*failing.onTrue, call);
      return true;
    }
    checkError(s, ctx_.eq(asBV(arg(0)), ctx_.bv(arg(0)->width(), 0)),
               ErrorKind::Assert, name.str() + " failed");
    return true;
  }
  if (!f.isDeclaration())
    return false; // the program's own definition wins from here on
  if (handleFloatIntrinsic(s, call, f, args)) // libm's sqrt, floor ...
    return true;

  if (startsWith(name, "__cosmo_env_"))
    return handleEnvironmentCall(s, call, name, args);
  if (startsWith(name, "__VERIFIER_nondet_")) {
    if (isUncomputedType(call.getType()))
      throw Unsupported{"long double nondet value (" + name.str() + ")"};
    std::string var = variableNameOf(call);
    returnValue(s, call,
                makeSymbolicValue(s, call.getType(),
                                  var.empty() ? "nondet_" + name.substr(18).str()
                                              : var,
                                  "nondet", name.str()));
    return true;
  }
  if (name == "__VERIFIER_assume" || name == "klee_assume" ||
      name == "cosmo_assume" || name == "assume_abort_if_not") {
    assume(s, ctx_.ne(asBV(arg(0)), ctx_.bv(asBV(arg(0))->width(), 0)));
    return true;
  }
  if (name == "klee_make_symbolic" || name == "cosmo_symbolic") {
    ExprRef size = arg(1);
    if (!size->isConst())
      throw Unsupported{name.str() + " with a symbolic size"};
    uint64_t n = size->bvValue().getZExtValue();
    std::string label = readCString(s, arg(2));
    if (label.empty())
      label = "symbolic";
    // One variable per byte keeps queries in QF_BV, which Z3 solves far
    // faster than array queries.
    std::string id = s.freshName(label);
    std::vector<ExprRef> vars;
    for (uint64_t k = 0; k < n; ++k)
      vars.push_back(ctx_.var(id + "[" + std::to_string(k) + "]",
                              expr::Sort::bv(8)));
    for (const ResolvedAccess &a : resolve(s, arg(0), n)) {
      if (!a.offset->isConst())
        throw Unsupported{name.str() + " on a symbolic address"};
      if (a.state->memory.findByBase(a.base)->object->region) {
        terminateCut(*a.state, name.str() + " on a node of a loop's region");
        continue;
      }
      uint64_t off = a.offset->bvValue().getZExtValue();
      memory::ObjectState &os = a.state->memory.writable(a.base);
      for (uint64_t k = 0; k < n; ++k)
        os.writeByte(ctx_, off + k, vars[k]);
      a.state->inputs.push_back(InputRecord{
          label, "symbolic", name.str(), {}, vars, n, locationOf(&call), 0,
          inputTypeOf(debugTypeOfObjectAt(call.getArgOperand(0)), n)});
    }
    return true;
  }
  if (name == "klee_range") {
    std::string label = readCString(s, arg(2));
    ExprRef v = makeSymbolicValue(s, call.getType(),
                                  label.empty() ? "range" : label, "nondet",
                                  name.str());
    assume(s, ctx_.andE(ctx_.sge(v, arg(0)), ctx_.slt(v, arg(1))));
    if (!s.terminated)
      returnValue(s, call, v);
    return true;
  }
  if (name == "exit") {
    endProgram(s, true, call, std::nullopt);
    return true;
  }
  if (name == "_exit" || name == "_Exit" || name == "abort" ||
      name == "klee_silent_exit") {
    abortProgram(s, call);
    return true;
  }
  if (name == "atexit") {
    // The handlers run at exit() and at main's return, last first.
    ExprRef fn = arg(0);
    auto it = fn->isConst() ? functionAt_.find(fn->bvValue().getZExtValue())
                            : functionAt_.end();
    if (it == functionAt_.end())
      throw Unsupported{fmt::format("atexit of a symbolic or unknown "
                                    "function pointer at {}:{}",
                                    locationOf(&call).file,
                                    locationOf(&call).line)};
    s.atexitHandlers.push_back(it->second);
    returnValue(s, call, ctx_.bv(call.getType()->getIntegerBitWidth(), 0));
    return true;
  }
  if (name == "malloc" || name == "valloc") {
    allocateHeap(s, arg(0), false, &call, fmt::format("malloc at line {}",
                                                      locationOf(&call).line));
    return true;
  }
  if (name == "calloc") {
    // Sizes are widened to 64 bits: exact for ILP32's 32-bit size_t (the
    // product cannot wrap); an LP64 product wraps modulo 2^64.
    ExprRef n = ctx_.zextOrTrunc(arg(0), 64), sz = ctx_.zextOrTrunc(arg(1), 64);
    allocateHeap(s, ctx_.mul(n, sz), true, &call,
                 fmt::format("calloc at line {}", locationOf(&call).line));
    return true;
  }
  if (name == "alloca" || name == "__builtin_alloca") {
    // Memory of the caller's frame, freed when it returns (a declared
    // alloca is a call, not the instruction).
    allocateInFrame(s, ctx_.zextOrTrunc(arg(0), 64),
                    fmt::format("alloca at line {}", locationOf(&call).line),
                    nullptr, &call);
    return true;
  }
  if (name == "free") {
    freeAddress(s, arg(0));
    return true;
  }
  if (name == "realloc") {
    ExprRef p = arg(0), n = ctx_.zextOrTrunc(arg(1), 64);
    if (!p->isConst() || !n->isConst())
      throw Unsupported{"realloc with a symbolic pointer or size"};
    uint64_t addr = p->bvValue().getZExtValue();
    if (addr == 0) {
      allocateHeap(s, n, false, &call,
                   fmt::format("realloc at line {}", locationOf(&call).line));
      return true;
    }
    const memory::ObjectEntry *e = s.memory.find(addr);
    if (!e || e->freed || e->object->address != addr ||
        e->object->kind != memory::ObjectKind::Heap ||
        e->object->symbolicSize) {
      freeAddress(s, p); // reports the error
      if (!s.terminated)
        throw Unsupported{"realloc of a block of symbolic size"};
      return true;
    }
    uint64_t old = e->object->capacity, size = n->bvValue().getZExtValue();
    allocateHeap(s, n, false, &call,
                 fmt::format("realloc at line {}", locationOf(&call).line));
    copyBytes(s, eval(s, &call), p, std::min(old, size));
    s.memory.markFreed(addr);
    return true;
  }
  return false;
}

bool Executor::handleIntrinsic(ExecutionState &s, const llvm::CallBase &call,
                                   const llvm::Function &f,
                                   std::vector<ExprRef> &args) {
  using llvm::Intrinsic::ID;
  namespace I = llvm::Intrinsic;
  switch (f.getIntrinsicID()) {
  case I::dbg_declare:
  case I::dbg_value:
  case I::dbg_label:
  case I::lifetime_start:
  case I::lifetime_end:
  case I::donothing:
  case I::stackrestore:
  case I::experimental_noalias_scope_decl:
  case I::invariant_end:
    return true;
  case I::vastart:
    executeVaStart(s, args[0]);
    return true;
  case I::vacopy:
    executeVaCopy(s, args[0], args[1]);
    return true;
  case I::vaend:
    return true;
  case I::stacksave:
    returnValue(s, call, pointer(0));
    return true;
  case I::expect:
  case I::ssa_copy:
  case I::launder_invariant_group:
  case I::strip_invariant_group:
    returnValue(s, call, args[0]);
    return true;
  case I::assume:
    assume(s, asBool(args[0]));
    return true;
  case I::ubsantrap: {
    // clang's -fsanitize-trap checks; --check=overflow instruments the
    // left shifts of signed values (whose signedness the IR does not keep).
    uint64_t check = args[0]->isConst() ? args[0]->bvValue().getZExtValue()
                                        : ~uint64_t(0);
    const char *what = check == 0    ? "signed overflow in '+'"
                       : check == 3  ? "signed overflow in '/' or '%'"
                       : check == 12 ? "signed overflow in '*'"
                       : check == 13 ? "signed overflow in unary '-'"
                       : check == 20 ? "left shift of a signed value whose "
                                       "result does not fit"
                       : check == 21 ? "signed overflow in '-'"
                                     : nullptr;
    if (!what)
      terminateCut(s, fmt::format("undefined-behaviour check {} failed at "
                                  "{}:{}",
                                  check, locationOf(&call).file,
                                  locationOf(&call).line));
    else
      terminateError(s, ErrorKind::Overflow, what);
    return true;
  }
  case I::trap:
    terminateCut(s, fmt::format("__builtin_trap reached at {}:{}",
                                locationOf(&call).file, locationOf(&call).line));
    return true;
  case I::memcpy:
  case I::memmove:
  case I::memset: {
    ExprRef n = ctx_.zextOrTrunc(asBV(args[2]), 64);
    if (!n->isConst()) {
      // One path per feasible length: exact, and each path then copies a
      // concrete number of bytes.
      ExecutionState *rest = &s;
      for (uint64_t k = 0; rest && k <= opts_.maxSymbolicAllocation; ++k) {
        Split sp = split(*rest, ctx_.eq(n, ctx_.bv(64, k)));
        if (sp.onTrue) {
          std::vector<ExprRef> fixed = args;
          fixed[2] = ctx_.bv(64, k);
          handleIntrinsic(*sp.onTrue, call, f, fixed);
        }
        rest = sp.onFalse;
      }
      if (rest)
        terminateCut(*rest, fmt::format("{} length may exceed {} bytes",
                                        f.getName().str(),
                                        opts_.maxSymbolicAllocation));
      return true;
    }
    uint64_t len = n->bvValue().getZExtValue();
    if (f.getIntrinsicID() != I::memset) {
      copyBytes(s, args[0], args[1], len);
      return true;
    }
    if (len == 0)
      return true;
    ExprRef byte = ctx_.trunc(asBV(args[1]), 8);
    for (const ResolvedAccess &a : resolve(s, args[0], len)) {
      ExprRef v = byte;
      for (uint64_t k = 1; k < len; ++k)
        v = ctx_.concat(byte, v);
      if (ExecutionState *st = allowedWrite(a, len))
        st->memory.writable(a.base).write(ctx_, a.offset, v);
    }
    return true;
  }
  case I::sadd_with_overflow:
  case I::uadd_with_overflow:
  case I::ssub_with_overflow:
  case I::usub_with_overflow:
  case I::smul_with_overflow:
  case I::umul_with_overflow: {
    ExprRef a = args[0], b = args[1];
    unsigned w = a->width();
    ID id = f.getIntrinsicID();
    bool isSigned = id == I::sadd_with_overflow ||
                    id == I::ssub_with_overflow || id == I::smul_with_overflow;
    unsigned op = (id == I::sadd_with_overflow || id == I::uadd_with_overflow)
                      ? llvm::Instruction::Add
                  : (id == I::ssub_with_overflow || id == I::usub_with_overflow)
                      ? llvm::Instruction::Sub
                      : llvm::Instruction::Mul;
    auto ext = [&](const ExprRef &x) {
      return isSigned ? ctx_.sext(x, 2 * w) : ctx_.zext(x, 2 * w);
    };
    ExprRef r = binaryOp(op, a, b);
    ExprRef overflow = ctx_.ne(binaryOp(op, ext(a), ext(b)), ext(r));
    // {iN, i1} laid out as in memory.
    llvm::Type *st = call.getType();
    ExprRef agg = ctx_.bv(storeBits(st), 0);
    const llvm::StructLayout *sl =
        layout_.getStructLayout(llvm::cast<llvm::StructType>(st));
    unsigned flagAt = static_cast<unsigned>(sl->getElementOffset(1) * 8);
    ExprRef flag = ctx_.zext(ctx_.boolToBV(overflow), 8);
    unsigned total = agg->width();
    ExprRef v = ctx_.concat(flag, ctx_.zextOrTrunc(r, flagAt));
    v = ctx_.zextOrTrunc(v, total);
    returnValue(s, call, v);
    return true;
  }
  case I::smin:
  case I::smax:
  case I::umin:
  case I::umax: {
    ExprRef a = args[0], b = args[1];
    ID id = f.getIntrinsicID();
    ExprRef less = (id == I::smin || id == I::smax) ? ctx_.slt(a, b)
                                                    : ctx_.ult(a, b);
    bool wantMin = id == I::smin || id == I::umin;
    returnValue(s, call, wantMin ? ctx_.ite(less, a, b) : ctx_.ite(less, b, a));
    return true;
  }
  case I::abs: {
    ExprRef a = args[0];
    unsigned w = a->width();
    returnValue(s, call,
                ctx_.ite(ctx_.slt(a, ctx_.bv(w, 0)), ctx_.neg(a), a));
    return true;
  }
  case I::bswap: {
    ExprRef a = args[0], r;
    for (unsigned k = 0; k < a->width() / 8; ++k) {
      ExprRef b = ctx_.extract(a, 8 * k + 7, 8 * k);
      r = r ? ctx_.concat(r, b) : b;
    }
    returnValue(s, call, r);
    return true;
  }
  case I::ctpop: {
    ExprRef a = args[0];
    unsigned w = a->width();
    ExprRef sum = ctx_.bv(w, 0);
    for (unsigned k = 0; k < w; ++k)
      sum = ctx_.add(sum, ctx_.zext(ctx_.extract(a, k, k), w));
    returnValue(s, call, sum);
    return true;
  }
  case I::ctlz:
  case I::cttz: {
    ExprRef a = args[0];
    unsigned w = a->width();
    bool lead = f.getIntrinsicID() == I::ctlz;
    ExprRef r = ctx_.bv(w, w);
    // The outermost ite is tested first, so build it from the bit that
    // matters least: ctlz wants the highest set bit, cttz the lowest.
    for (unsigned k = 0; k < w; ++k) {
      unsigned bit = lead ? k : w - 1 - k;
      unsigned count = lead ? w - 1 - bit : bit;
      r = ctx_.ite(ctx_.eq(ctx_.extract(a, bit, bit), ctx_.bv(1, 1)),
                   ctx_.bv(w, count), r);
    }
    returnValue(s, call, r);
    return true;
  }
  case I::fshl:
  case I::fshr: {
    ExprRef a = args[0], b = args[1];
    unsigned w = a->width();
    ExprRef amount = ctx_.urem(args[2], ctx_.bv(w, w));
    ExprRef wide = ctx_.concat(a, b);
    ExprRef amt2 = ctx_.zext(amount, 2 * w);
    ExprRef r = f.getIntrinsicID() == I::fshl
                    ? ctx_.extract(ctx_.shl(wide, amt2), 2 * w - 1, w)
                    : ctx_.extract(ctx_.lshr(wide, amt2), w - 1, 0);
    returnValue(s, call, r);
    return true;
  }
  default:
    return handleFloatIntrinsic(s, call, f, args);
  }
}

void Executor::setUpEntryArguments(ExecutionState &s, const llvm::Function &f,
                                   bool shaped) {
  StackFrame &frame = s.frame();
  if (f.getName() == "main") {
    setUpMainArguments(s, f);
    return;
  }
  for (const llvm::Argument &a : f.args()) {
    std::string name =
        a.hasName() ? a.getName().str() : "arg" + std::to_string(a.getArgNo());
    llvm::Type *t = a.getType();
    if (isUncomputedType(t))
      throw Unsupported{"long double or vector parameter '" + name + "'"};
    if (t->isPointerTy() && a.hasByValAttr()) {
      // A struct passed by value: a private copy with symbolic content.
      llvm::Type *vt = a.getParamByValType();
      uint64_t size = layout_.getTypeAllocSize(vt);
      uint64_t base = allocate(s, size, memory::ObjectKind::Input, name,
                               ctx_.arrayVar(s.freshName(name)), {}, vt);
      s.inputs.push_back(InputRecord{name, "argument", "", {},
                                     fillWithInputBytes(s, base, name), size});
      frame.registers.set(&a, RegValue::of(pointer(base)));
      continue;
    }
    const llvm::DIType *debugType = nullptr;
    if (const llvm::DISubprogram *sp = f.getSubprogram(); sp && sp->getType())
      if (llvm::DITypeRefArray types = sp->getType()->getTypeArray();
          types.size() == f.arg_size() + 1)
        debugType = types[a.getArgNo() + 1];
    ExprRef v = makeSymbolicValue(
        s, t, name, "argument", "",
        inputTypeOf(debugType, t->isIntegerTy(1) ? 1 : storeBits(t) / 8));
    if (t->isPointerTy())
      registerLazyPointer(s, v, t->getPointerElementType(), name, name, 0);
    frame.registers.set(&a, RegValue::of(v));
  }
  if (shaped)
    shapeEntryInputs(s, f);
}

} // namespace cosmo::engine
