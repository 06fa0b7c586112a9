//===- Environment.cpp - main's arguments, standard input and files -------===//
//
// The symbolic environment of EngineOptions::environment, as KLEE's POSIX
// runtime gives it: main's argc and argv, and the bytes of standard input,
// of the files A, B, ... and of environment variables, which cosmo's libc
// (libc/files.c, libc/stdlib.c) asks for through the __cosmo_env_*
// primitives below and serves to stdio, POSIX I/O and getenv. Each becomes
// an input of the path (sources `argc`, `argv`, `stdin`, `file`, `env`),
// so tests reproduce it: report/NativeBuild.h runs the program natively
// with those arguments, that standard input and those files.
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Executor.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>

#include <fmt/format.h>

namespace cosmo::engine {

namespace {

InputType textType(uint64_t size) {
  InputType t;
  t.kind = InputType::Kind::Text;
  t.name = fmt::format("char[{}]", size);
  t.elementBytes = 1;
  return t;
}

} // namespace

uint64_t Executor::makeEnvironmentInput(ExecutionState &s,
                                        const std::string &name,
                                        const std::string &source,
                                        uint64_t size, bool terminated) {
  uint64_t capacity = size + (terminated ? 1 : 0);
  uint64_t base =
      allocate(s, std::max<uint64_t>(capacity, 1), memory::ObjectKind::Global,
               name, ctx_.arrayVar(s.freshName(name + ".init")));
  // One variable per byte, as klee_make_symbolic: queries stay in QF_BV.
  std::string id = s.freshName(name);
  std::vector<ExprRef> vars;
  memory::ObjectState &os = s.memory.writable(base);
  for (uint64_t k = 0; k < size; ++k) {
    vars.push_back(
        ctx_.var(fmt::format("{}[{}]", id, k), expr::Sort::bv(8)));
    os.writeByte(ctx_, k, vars.back());
  }
  if (terminated)
    os.writeByte(ctx_, size, ctx_.bv(8, 0));
  InputRecord record;
  record.name = name;
  record.source = source;
  record.byteVars = std::move(vars);
  record.size = size;
  record.type = textType(size);
  s.inputs.push_back(std::move(record));
  return base;
}

void Executor::setUpMainArguments(ExecutionState &s, const llvm::Function &f) {
  const SymbolicEnvironment &env = opts_.environment;
  StackFrame &frame = s.frame();
  unsigned fixed = static_cast<unsigned>(env.args.size());
  unsigned slots = 1 + fixed + env.moreArgsMax; // argv[0] .. argv[argc - 1]
  unsigned argcBits =
      f.arg_size() >= 1 ? f.getArg(0)->getType()->getIntegerBitWidth() : 32;
  ExprRef argc = ctx_.bv(argcBits, 1 + fixed + env.moreArgsMin);
  if (env.moreArgsMax > env.moreArgsMin) {
    InputType type;
    type.kind = InputType::Kind::Signed;
    type.name = "int";
    argc = makeSymbolicValue(s, f.getArg(0)->getType(), "argc", "argc", "",
                             type);
    assume(s, ctx_.andE(
                  ctx_.sge(argc, ctx_.bv(argcBits, 1 + fixed + env.moreArgsMin)),
                  ctx_.sle(argc, ctx_.bv(argcBits, slots))));
  }
  if (f.arg_size() >= 1)
    frame.registers.set(f.getArg(0), RegValue::of(argc));
  if (f.arg_size() < 2) {
    // main cannot see them, but a native run of the test must get as many
    // arguments as argc says.
    for (unsigned k = 1; k < slots; ++k)
      makeEnvironmentInput(s, fmt::format("argv[{}]", k), "argv",
                           k <= fixed ? env.args[k - 1] : env.moreArgsLength,
                           true);
    return;
  }
  uint64_t name = allocate(s, 5, memory::ObjectKind::Global, "argv[0]",
                           ctx_.arrayVar("argv0"));
  memory::ObjectState &ns = s.memory.writable(name);
  const char *prog = "prog";
  for (unsigned k = 0; k < 5; ++k)
    ns.writeByte(ctx_, k, ctx_.bv(8, static_cast<uint8_t>(prog[k])));
  // argv[k] for k < argc, then NULL: argv[k] = argc > k ? arg : NULL for
  // the arguments --sym-args may leave out.
  std::vector<ExprRef> entries{pointer(name)};
  for (unsigned k = 1; k < slots; ++k) {
    bool optional = k > fixed + env.moreArgsMin;
    uint64_t length = k <= fixed ? env.args[k - 1] : env.moreArgsLength;
    ExprRef arg = pointer(makeEnvironmentInput(
        s, fmt::format("argv[{}]", k), "argv", length, true));
    entries.push_back(optional ? ctx_.ite(ctx_.sgt(argc, ctx_.bv(argcBits, k)),
                                          arg, pointer(0))
                               : arg);
  }
  entries.push_back(pointer(0));
  unsigned pointerBytes = pointerBits() / 8;
  uint64_t argv = allocate(s, entries.size() * pointerBytes,
                           memory::ObjectKind::Global, "argv",
                           ctx_.arrayVar("argv"));
  memory::ObjectState &as = s.memory.writable(argv);
  for (size_t k = 0; k < entries.size(); ++k)
    as.write(ctx_, pointer(k * pointerBytes), entries[k]);
  frame.registers.set(f.getArg(1), RegValue::of(pointer(argv)));
  for (unsigned k = 2; k < f.arg_size(); ++k)
    frame.registers.set(f.getArg(k),
                        RegValue::of(zeroOf(f.getArg(k)->getType())));
}

bool Executor::handleEnvironmentCall(ExecutionState &s,
                                     const llvm::CallBase &call,
                                     llvm::StringRef name,
                                     std::vector<ExprRef> &args) {
  const SymbolicEnvironment &env = opts_.environment;
  auto needArgs = [&](size_t n) {
    if (args.size() < n)
      throw Unsupported{fmt::format("call to '{}' with too few arguments",
                                    name.str())};
  };
  auto storeSize = [&](ExecutionState &st, const ExprRef &where,
                       int64_t value) {
    // The size goes to a `long` of the libc (same width as a pointer).
    ExprRef v = ctx_.bv(pointerBits(), static_cast<uint64_t>(value));
    for (const ResolvedAccess &a : resolve(st, where, pointerBits() / 8)) {
      memory::ObjectState &os = a.state->memory.writable(a.base);
      os.write(ctx_, a.offset, v);
    }
  };
  if (name == "__cosmo_env_file") {
    // void *__cosmo_env_file(int index, long *size): index -1 is standard
    // input, 0.. the files A, B, ...; NULL with size -1 when that part of
    // the environment is not symbolic, NULL with size 0 for an absent file.
    // Index -2 asks for the number of files (-1: no file system).
    needArgs(2);
    auto answer = [&](ExecutionState &st, int64_t index) {
      int64_t size = env.fileCount >= 0 && index >= 0 ? 0 : -1;
      ExprRef result = pointer(0);
      if (index == -2) {
        size = env.fileCount;
      } else if (index == -1 && env.stdinSize >= 0) {
        size = env.stdinSize;
        result = pointer(makeEnvironmentInput(st, "stdin", "stdin",
                                              env.stdinSize, false));
      } else if (index >= 0 && index < env.fileCount) {
        size = env.fileSize;
        std::string file(1, static_cast<char>('A' + index));
        result = pointer(
            makeEnvironmentInput(st, file, "file", env.fileSize, false));
      }
      storeSize(st, args[1], size);
      if (!st.terminated)
        returnValue(st, call, result);
    };
    if (args[0]->isConst()) {
      answer(s, args[0]->bvValue().getSExtValue());
      return true;
    }
    // A symbolic index (a file name the path has not fixed): a path for
    // each file it may be, and one for every other value (absent).
    ExecutionState *rest = &s;
    for (int64_t index = -2; index < std::max(env.fileCount, 0) && rest;
         ++index) {
      Split sp = split(*rest, ctx_.eq(args[0], ctx_.bv(args[0]->width(),
                                                       static_cast<uint64_t>(
                                                           index))),
                       false);
      if (sp.onTrue)
        answer(*sp.onTrue, index);
      rest = sp.onFalse;
    }
    if (rest)
      answer(*rest, std::max(env.fileCount, 0));
    return true;
  }
  if (name == "__cosmo_env_var") {
    // char *__cosmo_env_var(const char *name): a fresh symbolic string of
    // up to --sym-env characters, or NULL without --sym-env.
    needArgs(1);
    std::string var = readCString(s, args[0]);
    ExprRef result = pointer(0);
    if (env.envLength >= 0)
      result = pointer(makeEnvironmentInput(s, var, "env",
                                            static_cast<uint64_t>(env.envLength),
                                            true));
    returnValue(s, call, result);
    return true;
  }
  if (name == "__cosmo_env_unknown") {
    // void __cosmo_env_unknown(const char *why): the environment cannot
    // answer what the program asks; the path ends unknown.
    needArgs(1);
    throw Unsupported{readCString(s, args[0])};
  }
  return false;
}

} // namespace cosmo::engine
