//===- ConfirmingRun.cpp - an error confirmed by a run on inputs ----------===//

#include "common/ConfirmingRun.h"

#include "common/IsolatedRun.h"

#include <algorithm>

namespace cosmo::summary {

using engine::ExecutionState;
using engine::PathEnd;
using engine::SourceLocation;
using expr::ExprRef;

namespace {

/// The run's hook: pins scalar inputs (as the run says), and watches for
/// the error.
class PinsAndWatch : public engine::ExecutionHooks {
public:
  PinsAndWatch(engine::Executor &x,
               std::function<ExprRef(const ExprRef &)> pinOf, bool onlyErrors,
               engine::ErrorKind kind, SourceLocation where)
      : x_(x), pinOf_(std::move(pinOf)), onlyErrors_(onlyErrors),
        kind_(kind), where_(std::move(where)) {}

  ExprRef pinnedInput(const ExecutionState &, const ExprRef &var) override {
    ExprRef c = pinOf_(var);
    inputs.emplace_back(var, c);
    return c;
  }
  bool onPathEnd(ExecutionState &s, const PathEnd &end) override {
    if (end.kind != PathEnd::Kind::Error)
      return onlyErrors_;
    SourceLocation at = errorLocation(x_, s, end);
    if (end.error == kind_ && at.file == where_.file && at.line == where_.line)
      found = true;
    return false; // reported as any run's error
  }
  bool found = false;
  std::vector<std::pair<ExprRef, ExprRef>> inputs;

private:
  engine::Executor &x_;
  std::function<ExprRef(const ExprRef &)> pinOf_;
  bool onlyErrors_;
  engine::ErrorKind kind_;
  SourceLocation where_;
};

} // namespace

ConfirmingRun::ConfirmingRun(engine::Executor &x, std::string what,
                             double seconds, size_t maxStates)
    : x_(x), what_(std::move(what)), seconds_(seconds),
      maxStates_(maxStates) {}

ConfirmingRun &ConfirmingRun::pinScalars(
    const expr::Assignment &model,
    const std::function<bool(const ExprRef &)> &pin,
    std::function<std::string(const std::string &)> key) {
  key_ = std::move(key);
  for (const auto &[var, value] : model.vars()) {
    if (pin && !pin(var))
      continue;
    ExprRef c = value.in(x_.ctx());
    byName_[var->name()] = c;
    // A variable whose key is more than its name without its number was
    // made in an isolated run (a loop body's): keyed without its prefix.
    const std::string &name = var->name();
    if (key_)
      if (std::string k = key_(name); k != name.substr(0, name.rfind('#')))
        byKey_[k] = c;
  }
  return *this;
}

ConfirmingRun &
ConfirmingRun::pinBytes(const expr::Assignment &model,
                        const std::function<bool(const ExprRef &)> &pin) {
  expr::ExprContext &ctx = x_.ctx();
  for (const auto &[var, value] : model.vars())
    if (!value.isBool && pin(var))
      constraints_.push_back(ctx.eq(var, ctx.bv(value.bits)));
  return *this;
}

ConfirmingRun &ConfirmingRun::pinArrays(const expr::Assignment &model,
                                        const std::set<std::string> &names,
                                        size_t maxElements,
                                        uint64_t defaultElements) {
  expr::ExprContext &ctx = x_.ctx();
  for (const auto &[array, value] : model.arrays()) {
    if (!names.count(array->name()))
      continue;
    size_t pinned = 0;
    for (const auto &[index, byte] : value.bytes) {
      if (++pinned > maxElements)
        break;
      constraints_.push_back(
          ctx.eq(ctx.select(array, ctx.bv(64, index)), ctx.bv(8, byte)));
    }
    for (uint64_t i = 0; i < defaultElements; ++i)
      if (!value.bytes.count(i))
        constraints_.push_back(ctx.eq(ctx.select(array, ctx.bv(64, i)),
                                      ctx.bv(8, value.fallback)));
  }
  return *this;
}

ConfirmingRun &ConfirmingRun::startWithModel(solver::Model model) {
  startModel_ = std::move(model);
  return *this;
}

ConfirmingRun &ConfirmingRun::onlyErrors() {
  onlyErrors_ = true;
  return *this;
}

ConfirmingRun &ConfirmingRun::zeroTheRest() {
  zeroTheRest_ = true;
  return *this;
}

ConfirmingRun &ConfirmingRun::skippingAlike(FruitlessRuns *runs) {
  fruitless_ = runs;
  return *this;
}

ExprRef ConfirmingRun::pinOf(const ExprRef &var) const {
  ExprRef c;
  if (auto it = byName_.find(var->name()); it != byName_.end())
    c = it->second;
  else if (key_)
    if (auto k = byKey_.find(key_(var->name())); k != byKey_.end())
      c = k->second;
  if (c && c->sort() == var->sort())
    return c;
  if (!zeroTheRest_)
    return nullptr;
  return var->sort().isBool() ? x_.ctx().boolVal(false)
         : var->sort().isBV() ? x_.ctx().bv(var->width(), 0)
                              : nullptr;
}

const FruitlessRuns::Run *
ConfirmingRun::alike(engine::ErrorKind kind,
                     const SourceLocation &where) const {
  if (!fruitless_)
    return nullptr;
  for (const FruitlessRuns::Run &r : fruitless_->runs)
    if (r.kind == kind && r.where.file == where.file &&
        r.where.line == where.line && r.seconds == seconds_ &&
        r.maxStates == maxStates_ && r.zeroTheRest == zeroTheRest_ &&
        r.constraints == constraints_ &&
        std::all_of(r.inputs.begin(), r.inputs.end(), [&](const auto &in) {
          return pinOf(in.first) == in.second;
        }))
      return &r;
  return nullptr;
}

bool ConfirmingRun::reaches(engine::ErrorKind kind,
                            const SourceLocation &where,
                            std::vector<engine::ExecutionHooks *> hooks) {
  // (Only a run without hooks of its caller's is known by its pins.)
  if (const FruitlessRuns::Run *r = hooks.empty() ? alike(kind, where)
                                                  : nullptr) {
    forkedPastItsStates_ = r->forkedPastItsStates;
    ++fruitless_->skipped;
    return false;
  }
  engine::ExplorationBounds bounds;
  bounds.what = what_;
  bool wholeTime = seconds_ <= x_.secondsLeft();
  bounds.setDeadline(std::min(seconds_, x_.secondsLeft()));
  bounds.maxStates = maxStates_;
  engine::Exploration run = isolatedExploration(x_, std::move(bounds));
  PinsAndWatch watch(
      x_, [this](const ExprRef &var) { return pinOf(var); }, onlyErrors_,
      kind, where);
  run.hooks = {&watch};
  run.hooks.insert(run.hooks.end(), hooks.begin(), hooks.end());
  x_.exploreFrom(run, [&] {
    std::unique_ptr<ExecutionState> s = x_.initialState();
    for (const ExprRef &c : constraints_)
      s->constraints.add(c);
    if (startModel_)
      s->model = startModel_;
    return s;
  });
  forkedPastItsStates_ = run.stoppedAtStates();
  if (fruitless_ && hooks.empty() && wholeTime && !watch.found)
    fruitless_->runs.push_back({kind, where, seconds_, maxStates_,
                                zeroTheRest_, constraints_,
                                std::move(watch.inputs),
                                forkedPastItsStates_});
  // Found on this run, and reported (a report may still fail: no model).
  return watch.found && x_.errorReported(kind, where);
}

SourceLocation errorLocation(engine::Executor &x, const ExecutionState &s,
                             const PathEnd &end) {
  if (!end.stack.empty())
    return end.stack.front();
  std::vector<SourceLocation> stack = x.stackOf(s);
  return stack.empty() ? SourceLocation{} : stack.front();
}

} // namespace cosmo::summary
