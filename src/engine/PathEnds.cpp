//===- PathEnds.cpp - how paths end: coverage, tests, errors and cuts ----===//
//
// The Executor's side of a path's end (Executor.h): the coverage it
// claims, the test vector its model gives, the error it reports (with
// the model that reproduces it), and a cut or infeasible end. The hooks
// (Hooks.h) see every end first; set-up and forking are Executor.cpp's.
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Executor.h"

#include "cosmo/engine/Hooks.h"
#include "cosmo/expr/Assignment.h"
#include "cosmo/frontend/Frontend.h"

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/Support/Path.h>

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace cosmo::engine {

uint64_t Executor::programBlocksCovered() const {
  uint64_t n = 0;
  for (const llvm::BasicBlock *b : run_->covered)
    if (!frontend::isModelFunction(*b->getParent()))
      ++n;
  return n;
}

Progress Executor::progress(uint64_t blocksTotal) const {
  const RunStats &st = summary_.stats;
  Progress p;
  p.pathsDone = st.pathsCompleted + st.pathsErrored + st.pathsCut;
  p.errors = summary_.errors.size();
  p.statesPending = run_->states.size();
  p.blocksCovered = programBlocksCovered();
  p.blocksTotal = blocksTotal;
  p.solverQueries = solverStats_.queries;
  p.elapsedSeconds = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - start_)
                         .count();
  p.timeLimitSeconds = opts_.timeoutSeconds;
  return p;
}

std::vector<FileCoverage> Executor::lineCoverage() const {
  // A line is covered when a block holding one of its instructions was
  // entered by some path.
  std::map<std::string, std::pair<std::set<unsigned>, std::set<unsigned>>>
      files;
  for (const llvm::Function &f : module_) {
    if (f.isDeclaration() || frontend::isModelFunction(f))
      continue;
    for (const llvm::BasicBlock &b : f) {
      bool covered = run_->covered.count(&b) != 0;
      for (const llvm::Instruction &i : b) {
        if (!i.getDebugLoc() || i.getDebugLoc().getLine() == 0)
          continue;
        SourceLocation loc = locationOf(&i);
        auto &[lines, hit] = files[loc.file];
        lines.insert(loc.line);
        if (covered)
          hit.insert(loc.line);
      }
    }
  }
  std::vector<FileCoverage> out;
  for (auto &[file, sets] : files)
    out.push_back(FileCoverage{
        file, std::vector<unsigned>(sets.first.begin(), sets.first.end()),
        std::vector<unsigned>(sets.second.begin(), sets.second.end())});
  return out;
}

SourceLocation Executor::locationOf(const llvm::Instruction *i) {
  SourceLocation loc;
  if (!i)
    return loc;
  loc.function = i->getFunction()->getName().str();
  if (const llvm::DebugLoc &dl = i->getDebugLoc()) {
    loc.line = dl.getLine();
    loc.column = dl.getCol();
    if (auto *scope = llvm::dyn_cast<llvm::DIScope>(dl.getScope()))
      loc.file = scope->getFilename().str();
  }
  if (loc.file.empty())
    if (const llvm::DISubprogram *sp = i->getFunction()->getSubprogram())
      loc.file = sp->getFilename().str();
  return loc;
}

// Where frame k of `s` stands: the instruction just executed in the
// innermost frame, the call of the frame above in the others.
static const llvm::Instruction *positionOf(const ExecutionState &s,
                                           size_t k) {
  const StackFrame &f = s.stack[k];
  if (k + 1 == s.stack.size())
    return f.pc == f.block->begin() ? &*f.pc : &*std::prev(f.pc);
  return s.stack[k + 1].callSite;
}

const llvm::Instruction *
Executor::currentInstruction(const ExecutionState &s) const {
  return positionOf(s, s.stack.size() - 1);
}

std::vector<SourceLocation>
Executor::stackOf(const ExecutionState &s) const {
  std::vector<SourceLocation> out;
  for (size_t k = s.stack.size(); k-- > 0;)
    // Errors inside libc models belong to the program's call.
    if (!frontend::isModelFunction(*s.stack[k].function))
      out.push_back(locationOf(positionOf(s, k)));
  return out;
}

SourceLocation Executor::programLocation(const ExecutionState &s) const {
  for (size_t k = s.stack.size(); k-- > 0;)
    if (!frontend::isModelFunction(*s.stack[k].function))
      return locationOf(positionOf(s, k));
  return {};
}

static std::vector<uint8_t> bytesOf(const llvm::APInt &value, unsigned nbytes) {
  llvm::APInt v = value.zextOrTrunc(nbytes * 8);
  std::vector<uint8_t> out(nbytes);
  for (unsigned i = 0; i < nbytes; ++i)
    out[i] = static_cast<uint8_t>(v.extractBitsAsZExtValue(8, 8 * i));
  return out;
}

TestVector Executor::makeTest(ExecutionState &s, const std::string &outcome,
                                  const expr::Assignment &model) {
  TestVector t;
  t.outcome = outcome;
  for (const InputRecord &in : s.inputs) {
    TestInput ti;
    ti.name = in.name;
    ti.source = in.source;
    ti.function = in.function;
    ti.location = in.location;
    ti.type = in.type;
    if (in.array) {
      // A symbolic-size object: its bytes up to its size in this model
      // (at most kMaxTestArrayBytes of them).
      constexpr uint64_t kMaxTestArrayBytes = 1 << 20;
      auto n = expr::evaluate(in.arraySize, model);
      uint64_t size = n ? std::min<uint64_t>(n->bits.getLimitedValue(),
                                             kMaxTestArrayBytes)
                        : 0;
      for (uint64_t k = 0; k < size; ++k) {
        auto v = expr::evaluate(ctx_.select(in.array, ctx_.bv(64, k)), model);
        ti.bytes.push_back(v ? static_cast<uint8_t>(v->bits.getZExtValue())
                             : 0);
      }
    } else if (in.arraySize) {
      // Bytes of a symbolic-size object (a shaped string or array): those
      // below its size in this model.
      auto n = expr::evaluate(in.arraySize, model);
      uint64_t size = n ? std::min<uint64_t>(n->bits.getLimitedValue(),
                                             in.byteVars.size())
                        : in.byteVars.size();
      for (uint64_t k = 0; k < size; ++k) {
        auto v = expr::evaluate(in.byteVars[k], model);
        ti.bytes.push_back(v ? static_cast<uint8_t>(v->bits.getZExtValue())
                             : 0);
      }
    } else if (in.var) {
      auto v = expr::evaluate(in.var, model);
      if (in.var->sort().isBool())
        ti.bytes = {static_cast<uint8_t>(v && v->boolValue ? 1 : 0)};
      else
        ti.bytes = bytesOf(v->bits, static_cast<unsigned>(in.size));
    } else {
      for (const ExprRef &b : in.byteVars) {
        auto v = expr::evaluate(b, model);
        ti.bytes.push_back(static_cast<uint8_t>(v->bits.getZExtValue()));
      }
    }
    t.inputs.push_back(std::move(ti));
  }
  for (const ExecutionState::Choice &c : s.choices) {
    TestInput ti;
    ti.name = c.var->name();
    ti.source = c.source;
    auto value = expr::evaluate(c.var, model);
    ti.bytes = bytesOf(value ? value->bits : llvm::APInt(c.var->width(), 0),
                       c.var->width() / 8);
    t.inputs.push_back(std::move(ti));
  }
  for (const auto &[ptr, lp] : s.lazyPointers) {
    if (!lp.target || lp.holder.empty())
      continue;
    std::string target;
    if (*lp.target != 0)
      if (const memory::ObjectEntry *e = s.memory.findByBase(*lp.target))
        target = e->object->name;
    t.pointers.push_back(InputPointer{lp.holder, lp.holderOffset, target});
  }
  return t;
}

void Executor::noteUnknown(const std::string &reason) {
  for (const std::string &r : summary_.unknownReasons)
    if (r == reason)
      return;
  summary_.unknownReasons.push_back(reason);
}

bool Executor::pathLimitReached() const {
  return opts_.maxPaths > 0 &&
         summary_.stats.pathsCompleted + summary_.stats.pathsErrored >=
             opts_.maxPaths;
}

bool Executor::timeLimitPassed() const {
  return opts_.timeoutSeconds > 0 &&
         std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       start_)
                 .count() >= opts_.timeoutSeconds;
}

bool Executor::observesBranches(const ExecutionState &s) const {
  for (const ExecutionHooks *h : run_->branchObservers)
    if (h->observesBranches(s))
      return true;
  return false;
}

bool Executor::decideBranch(
    ExecutionState &s, const llvm::Instruction &site,
    const std::vector<ExprRef> &conds,
    const std::vector<const llvm::BasicBlock *> &succs) {
  for (ExecutionHooks *h : run_->hooks)
    if (h->onBranch(s, site, conds, succs))
      return true;
  return false;
}

bool Executor::mayPointOutside(const ExprRef &address) const {
  for (const ExecutionHooks *h : run_->hooks)
    if (h->mayPointOutside(address))
      return true;
  return false;
}

void Executor::takeBranch(ExecutionState &s, const llvm::Instruction &site,
                              unsigned choice, const llvm::BasicBlock *target,
                              bool decided) {
  for (ExecutionHooks *h : run_->hooks)
    if (!h->onBranchTaken(s, site, choice, decided))
      return;
  transferToBlock(s, target);
}

bool Executor::hookTakesEnd(ExecutionState &s, PathEnd end) {
  for (ExecutionHooks *h : run_->hooks)
    if (h->onPathEnd(s, end)) {
      s.terminated = true;
      return true;
    }
  return false;
}

bool Executor::endsOtherwise(ExecutionState &s, PathEnd end) {
  if (hookTakesEnd(s, std::move(end)))
    return true;
  if (!pathLimitReached())
    return false;
  terminateCut(s, fmt::format("path limit of {} reached", opts_.maxPaths));
  return true;
}

void Executor::terminateCompleted(ExecutionState &s,
                                      std::optional<ExprRef> returned) {
  if (!s.restricted.empty()) {
    terminateCut(s, s.restricted);
    return;
  }
  if (endsOtherwise(s, [&] {
        PathEnd end;
        end.kind = PathEnd::Kind::Completed;
        end.returned = returned;
        return end;
      }()))
    return;
  s.terminated = true;
  ++summary_.stats.pathsCompleted;
  if (!wantsTest(s))
    return; // no test, so no model to solve for
  solver::SolverResult r = pathModel(s);
  if (!r.isSat()) {
    // Cannot happen for a feasible path unless the solver gave up (or the
    // run's time ran out while it tried).
    noteUnknown(timeLimitPassed()
                    ? timeLimitReason()
                    : withSourceLine(s, "solver could not produce a test for "
                                        "a completed path (" +
                                            r.reason + ")"));
    return;
  }
  ++summary_.stats.completedTests;
  listener_.onCompletedPath(makeTest(s, "completed", *r.model));
}

void Executor::claimCoverage(ExecutionState &s) {
  auto claim = std::make_shared<CoverageClaim>();
  if (s.coverageClaim && !s.coverageClaim->taken)
    claim->older = std::move(s.coverageClaim);
  s.coverageClaim = std::move(claim);
}

bool Executor::wantsTest(ExecutionState &s) {
  switch (opts_.tests) {
  case TestPolicy::Errors:
    return false;
  case TestPolicy::All:
    return true;
  case TestPolicy::NewCoverage:
    break;
  }
  // Only the program's run writes tests of completed paths.
  if (!s.coverageClaim || s.coverageClaim->taken)
    return false;
  for (CoverageClaim *c = s.coverageClaim.get(); c && !c->taken;
       c = c->older.get())
    c->taken = true;
  return true;
}

namespace {

/// Whether `s`'s path condition mentions the content of memory never
/// written or an undefined value (variables named uninit#N, undef#N).
bool readsUninitialised(const ExecutionState &s) {
  std::unordered_set<const expr::Expr *> seen;
  std::vector<const expr::Expr *> work;
  for (const ExprRef &c : s.constraints.list())
    work.push_back(c.get());
  while (!work.empty()) {
    const expr::Expr *e = work.back();
    work.pop_back();
    if (!seen.insert(e).second)
      continue;
    if ((e->kind() == expr::Kind::ArrayVar || e->kind() == expr::Kind::Var) &&
        (e->name().find("uninit#") != std::string::npos ||
         e->name().find("undef#") != std::string::npos))
      return true;
    for (unsigned k = 0; k < e->numChildren(); ++k)
      work.push_back(e->child(k));
  }
  return false;
}

} // namespace

void Executor::terminateError(ExecutionState &s, ErrorKind kind,
                                  const std::string &message,
                                  std::vector<SourceLocation> stack,
                                  solver::Model model) {
  reportError(s, kind, message, std::move(stack), std::move(model),
              std::nullopt);
}

void Executor::reportError(ExecutionState &s, ErrorKind kind,
                               const std::string &message,
                               std::vector<SourceLocation> stack,
                               solver::Model model,
                               std::optional<CheckId> check) {
  if (!s.weakened.empty()) {
    // An assumption of the path was dropped: the error may need inputs
    // the program's annotations exclude.
    terminateCut(s, fmt::format("a possible {} ({}) not claimed: {}",
                                errorKindName(kind), message, s.weakened));
    return;
  }
  if (targetReached_) {
    // Errors found at once with the last one counted (a composed summary's
    // arms) are past what the run was asked for.
    terminateCut(s, *targetReached_);
    return;
  }
  if (endsOtherwise(s, [&] {
        PathEnd end;
        end.kind = PathEnd::Kind::Error;
        end.error = kind;
        end.message = message;
        end.stack = stack;
        end.check = check;
        end.model = model;
        return end;
      }()))
    return;
  s.terminated = true;
  if (stack.empty())
    stack = stackOf(s);
  SourceLocation loc = stack.empty() ? SourceLocation{} : stack.front();
  ++summary_.stats.pathsErrored;
  if (!reportedErrors_.insert(placeOf(kind, loc)).second)
    return; // the same error at the same place was reported already
  if (!model) {
    bool impossible = false;
    model = errorModel(s, kind, loc, impossible);
    if (!model) {
      reportedErrors_.erase(placeOf(kind, loc));
      if (impossible)
        --summary_.stats.pathsErrored;
      return;
    }
  }
  ErrorReport e;
  e.kind = kind;
  e.location = loc;
  e.message = message;
  e.stack = std::move(stack);
  e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                            start_)
                  .count();
  e.test = makeTest(s, "error", *model);
  e.readsUninitialised = readsUninitialised(s);
  if (shapesInputs() && s.namePrefix.empty())
    classifyLatency(s, e);
  e.test.errorKind = kind;
  e.test.errorLocation = loc;
  if (e.stack.size() > 1)
    e.test.errorCallers.assign(e.stack.begin() + 1, e.stack.end());
  summary_.errors.push_back(e);
  listener_.onError(e);
  if (opts_.target == Target::Errors)
    targetReached_ = "--target=errors: the run stops at the first error";
  if (opts_.maxErrors &&
      (opts_.countedErrors.empty() ||
       std::ranges::count(opts_.countedErrors, kind) > 0) &&
      ++errorsCounted_ >= opts_.maxErrors)
    targetReached_ =
        opts_.countedErrors == std::vector{ErrorKind::Assert}
            ? std::string("the run stops at the first failed assertion")
            : fmt::format("the run stops at {} error{}", opts_.maxErrors,
                          opts_.maxErrors == 1 ? "" : "s");
}

namespace {

/// Whether `m` satisfies every constraint of `s` that it decides.
bool satisfiesPath(const ExecutionState &s, const expr::Assignment &m) {
  for (const ExprRef &c : s.constraints.list())
    if (expr::evaluateBool(c, m) == false)
      return false;
  return true;
}

} // namespace

solver::SolverResult Executor::askZ3Alone(const ExecutionState &s) {
  auto path = s.constraints.list();
  std::vector<ExprRef> all(path.begin(), path.end());
  solver::Query q(all, /*model=*/true);
  q.quantified = s.quantified;
  // A path under an assumed \forall needs the pipeline's quantifier layer.
  if (s.quantified)
    return solver().check(q);
  // (Not the pipeline's Z3, which the run's time limit interrupts: bounded
  // as a path's model is.)
  std::unique_ptr<solver::Solver> z3 = solver::createZ3Solver(
      ctx_, solver::SolverOptions{pathModelLimitMs()}, &solverStats_);
  return z3->check(q);
}

solver::Model Executor::errorModel(ExecutionState &s, ErrorKind kind,
                                  const SourceLocation &at, bool &impossible) {
  solver::SolverResult r = pathModel(s);
  // The test of an error must be a model of its path, or its native run
  // shows nothing. The pipeline's layers take a path to be satisfiable;
  // on one that is not, they answer with a model that is not its (an
  // error past a branch the path could not take, once a wrong model had
  // made the branch's side look feasible: IncrementalZ3Solver.cpp's
  // timeouts). Checked, and asked again of Z3 alone: the layers' caches
  // may hold the same wrong model for the path's constraints.
  bool askedPlainly = false;
  if (r.isSat() && !satisfiesPath(s, *r.model)) {
    s.model = nullptr;
    r = askZ3Alone(s);
    askedPlainly = true;
    if (r.isSat() && !satisfiesPath(s, *r.model))
      r = solver::SolverResult::unknown("a model that is not the path's");
  }
  if (r.isSat())
    return r.model;
  // No input follows the path: one over-approximated under an assumed
  // \forall (solver::Query::quantified), or one a hook forked without asking (a
  // memoization tree's check sides, decided in the callee's isolated run,
  // where a loop's havocked values were bound by other invariants than
  // the replay's). Otherwise an error we cannot demonstrate is not
  // reported as one.
  impossible = r.isUnsat() && (s.quantified || askedPlainly);
  if (!impossible)
    noteUnknown(fmt::format("solver could not confirm a possible {} at {}:{}",
                            errorKindName(kind), at.file, at.line));
  return nullptr;
}

void Executor::terminateCut(ExecutionState &s, const std::string &reason) {
  s.terminated = true;
  if (hookTakesEnd(s, [&] {
        PathEnd end;
        end.kind = PathEnd::Kind::Cut;
        end.message = reason;
        return end;
      }()))
    return;
  ++summary_.stats.pathsCut;
  // A query cut short by the run's time limit is the time limit's doing.
  noteUnknown(timeLimitPassed() ? timeLimitReason()
                                : withSourceLine(s, reason));
}

std::string Executor::timeLimitReason() const {
  return fmt::format("time limit of {}s reached", opts_.timeoutSeconds);
}

std::string Executor::withSourceLine(const ExecutionState &s,
                                     const std::string &reason) const {
  // Limits of a path or of the run are one reason wherever they strike.
  for (std::string_view limit :
       {"path limit", "instruction limit", "depth limit", "summary depth",
        "time limit", "recursion bound", "interrupted"})
    if (std::string_view(reason).starts_with(limit))
      return reason;
  // A reason that names its place already: "... at f.c:12".
  for (size_t at = reason.find(" at "); at != std::string::npos;
       at = reason.find(" at ", at + 1)) {
    size_t colon = reason.find(':', at + 4);
    if (colon != std::string::npos && colon + 1 < reason.size() &&
        std::isdigit(static_cast<unsigned char>(reason[colon + 1])) &&
        reason.find(' ', at + 4) > colon)
      return reason;
  }
  SourceLocation where = programLocation(s);
  if (where.line == 0)
    return reason;
  return fmt::format("{} at {}:{}",
                     reason, llvm::sys::path::filename(where.file).str(),
                     where.line);
}

void Executor::terminateInfeasible(ExecutionState &s) {
  s.terminated = true;
  PathEnd end;
  end.kind = PathEnd::Kind::Infeasible;
  hookTakesEnd(s, std::move(end));
}

} // namespace cosmo::engine
