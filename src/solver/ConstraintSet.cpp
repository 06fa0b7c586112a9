//===- ConstraintSet.cpp - path conditions with independent sets ----------===//

#include "cosmo/solver/ConstraintSet.h"

#include "cosmo/expr/Transform.h"

#include <algorithm>

namespace cosmo::solver {

ConstraintSet::Group &ConstraintSet::mutableGroup(uint32_t slot) {
  GroupRef &g = groups_[slot];
  if (g.use_count() > 1)
    g = std::make_shared<Group>(*g); // shared with a forked copy
  return *g;
}

std::vector<uint32_t>
ConstraintSet::slotsOf(std::span<const ExprRef> vars) const {
  std::vector<uint32_t> slots;
  for (const ExprRef &v : vars)
    if (auto it = slotOf_.find(v.get()); it != slotOf_.end())
      if (std::find(slots.begin(), slots.end(), it->second) == slots.end())
        slots.push_back(it->second);
  return slots;
}

void ConstraintSet::add(const ExprRef &c) {
  if (c->isTrue())
    return;
  list_.push_back(c);
  if (!track_)
    return;
  std::vector<ExprRef> vars = expr::freeVariables(c);
  std::vector<uint32_t> slots = slotsOf(vars);
  // Union: the largest set absorbs the others (union by size).
  uint32_t target;
  if (slots.empty()) {
    if (!freeSlots_.empty()) {
      target = freeSlots_.back();
      freeSlots_.pop_back();
      groups_[target] = std::make_shared<Group>();
    } else {
      target = static_cast<uint32_t>(groups_.size());
      groups_.push_back(std::make_shared<Group>());
    }
  } else {
    target = *std::max_element(slots.begin(), slots.end(),
                               [&](uint32_t a, uint32_t b) {
                                 return groups_[a]->constraints.size() <
                                        groups_[b]->constraints.size();
                               });
  }
  Group &into = mutableGroup(target);
  for (uint32_t s : slots) {
    if (s == target)
      continue;
    const Group &from = *groups_[s];
    into.constraints.insert(into.constraints.end(), from.constraints.begin(),
                            from.constraints.end());
    for (const ExprRef &v : from.vars) {
      into.vars.push_back(v);
      slotOf_[v.get()] = target;
    }
    groups_[s].reset();
    freeSlots_.push_back(s);
  }
  for (const ExprRef &v : vars)
    if (auto [it, fresh] = slotOf_.emplace(v.get(), target); fresh)
      into.vars.push_back(v);
  into.constraints.push_back(c);
}

ConstraintSet::IndependentSet ConstraintSet::whole() const {
  IndependentSet all{list_, {}};
  for (const ExprRef &c : list_)
    for (const ExprRef &v : expr::freeVariables(c))
      all.vars.push_back(v);
  std::sort(all.vars.begin(), all.vars.end());
  all.vars.erase(std::unique(all.vars.begin(), all.vars.end()), all.vars.end());
  return all;
}

ConstraintSet::IndependentSet
ConstraintSet::relevantTo(std::span<const ExprRef> vars) const {
  if (!track_)
    return whole();
  IndependentSet out;
  for (uint32_t s : slotsOf(vars)) {
    const Group &g = *groups_[s];
    out.constraints.insert(out.constraints.end(), g.constraints.begin(),
                           g.constraints.end());
    out.vars.insert(out.vars.end(), g.vars.begin(), g.vars.end());
  }
  return out;
}

std::vector<ConstraintSet::IndependentSet>
ConstraintSet::independentSets(std::span<const ExprRef> skipVars) const {
  if (!track_) {
    if (list_.empty())
      return {};
    IndependentSet all = whole();
    for (const ExprRef &v : skipVars)
      if (std::binary_search(all.vars.begin(), all.vars.end(), v))
        return {};
    return {std::move(all)};
  }
  std::vector<IndependentSet> out;
  std::vector<uint32_t> skip = slotsOf(skipVars);
  for (uint32_t s = 0; s < groups_.size(); ++s)
    if (groups_[s] && std::find(skip.begin(), skip.end(), s) == skip.end())
      out.push_back(*groups_[s]);
  return out;
}

size_t ConstraintSet::numIndependentSets() const {
  if (!track_)
    return list_.empty() ? 0 : 1;
  return groups_.size() - freeSlots_.size();
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
