//===- ConstraintSet.cpp - path conditions with independent sets ----------===//

#include "cosmo/solver/ConstraintSet.h"

#include "cosmo/expr/Transform.h"

#include <algorithm>

namespace cosmo::solver {

ConstraintSet::ConstraintSet(const ConstraintSet &o)
    : track_(o.track_), log_(o.log_), groups_(o.groups_),
      nextSlot_(o.nextSlot_), slotOf_(o.slotOf_), fixed_(o.fixed_),
      schedule_(o.schedule_) {}

ConstraintSet &ConstraintSet::operator=(const ConstraintSet &o) {
  if (this != &o) {
    ConstraintSet copy(o);
    *this = std::move(copy);
  }
  return *this;
}

std::span<const ExprRef> ConstraintSet::list() const {
  if (!flat_)
    flat_ = std::make_unique<std::vector<ExprRef>>();
  if (flat_->size() < log_.size()) {
    flat_->reserve(log_.size());
    if (flat_->empty()) {
      log_.appendTo(*flat_);
    } else {
      for (size_t k = flat_->size(); k < log_.size(); ++k)
        flat_->push_back(log_[k]);
    }
  }
  return {flat_->data(), flat_->size()};
}

std::vector<uint32_t>
ConstraintSet::slotsOf(std::span<const ExprRef> vars) const {
  std::vector<uint32_t> slots;
  for (const ExprRef &v : vars)
    if (const uint32_t *slot = slotOf_.find(v.get()))
      if (std::find(slots.begin(), slots.end(), *slot) == slots.end())
        slots.push_back(*slot);
  return slots;
}

void ConstraintSet::add(const ExprRef &c) {
  if (c->isTrue())
    return;
  log_.push_back(c);
  if (flat_ && flat_->size() + 1 == log_.size())
    flat_->push_back(c);
  if (!track_)
    return;
  std::vector<ExprRef> vars = expr::freeVariables(c);
  std::vector<uint32_t> slots = slotsOf(vars);
  // Union: the largest set absorbs the others (union by size).
  uint32_t target;
  if (slots.empty()) {
    target = nextSlot_++;
    groups_.set(target, Group{});
  } else {
    target = *std::max_element(slots.begin(), slots.end(),
                               [&](uint32_t a, uint32_t b) {
                                 return groups_.find(a)->constraints.size() <
                                        groups_.find(b)->constraints.size();
                               });
  }
  Group into = *groups_.find(target);
  for (uint32_t s : slots) {
    if (s == target)
      continue;
    const Group &from = *groups_.find(s);
    for (const ExprRef &fc : from.constraints)
      into.constraints.push_back(fc);
    for (const ExprRef &v : from.vars) {
      into.vars.push_back(v);
      slotOf_.set(v.get(), target);
    }
    groups_.erase(s);
  }
  for (const ExprRef &v : vars)
    if (!slotOf_.contains(v.get())) {
      slotOf_.set(v.get(), target);
      into.vars.push_back(v);
    }
  into.constraints.push_back(c);
  groups_.set(target, std::move(into));
}

ConstraintSet::IndependentSet ConstraintSet::whole() const {
  std::span<const ExprRef> all = list();
  IndependentSet out{std::vector<ExprRef>(all.begin(), all.end()), {}};
  for (const ExprRef &c : all)
    for (const ExprRef &v : expr::freeVariables(c))
      out.vars.push_back(v);
  std::sort(out.vars.begin(), out.vars.end());
  out.vars.erase(std::unique(out.vars.begin(), out.vars.end()), out.vars.end());
  return out;
}

ConstraintSet::IndependentSet ConstraintSet::flatten(const Group &g) const {
  return IndependentSet{g.constraints.toVector(), g.vars.toVector()};
}

ConstraintSet::IndependentSet
ConstraintSet::relevantTo(std::span<const ExprRef> vars) const {
  if (!track_)
    return whole();
  IndependentSet out;
  for (uint32_t s : slotsOf(vars)) {
    const Group &g = *groups_.find(s);
    g.constraints.appendTo(out.constraints);
    g.vars.appendTo(out.vars);
  }
  return out;
}

std::vector<ConstraintSet::IndependentSet>
ConstraintSet::independentSets(std::span<const ExprRef> skipVars) const {
  if (!track_) {
    if (log_.empty())
      return {};
    IndependentSet all = whole();
    for (const ExprRef &v : skipVars)
      if (std::binary_search(all.vars.begin(), all.vars.end(), v))
        return {};
    return {std::move(all)};
  }
  std::vector<IndependentSet> out;
  std::vector<uint32_t> skip = slotsOf(skipVars);
  for (const auto &[slot, g] : groups_)
    if (std::find(skip.begin(), skip.end(), slot) == skip.end())
      out.push_back(flatten(g));
  return out;
}

size_t ConstraintSet::numIndependentSets() const {
  if (!track_)
    return log_.empty() ? 0 : 1;
  return groups_.size();
}

bool ConstraintSet::fixesAll(std::span<const ExprRef> vars) const {
  if (!fixed_)
    return vars.empty();
  for (const ExprRef &v : vars)
    if (!std::binary_search(fixed_->begin(), fixed_->end(), v.get()))
      return false;
  return true;
}

void ConstraintSet::recordFixed(std::span<const ExprRef> vars) const {
  auto grown = fixed_ ? std::make_shared<std::vector<const expr::Expr *>>(
                            *fixed_)
                      : std::make_shared<std::vector<const expr::Expr *>>();
  for (const ExprRef &v : vars)
    grown->push_back(v.get());
  std::sort(grown->begin(), grown->end());
  grown->erase(std::unique(grown->begin(), grown->end()), grown->end());
  fixed_ = std::move(grown);
}

} // namespace cosmo::solver
