//===- CandidateSubsumption.cpp - candidates another one implies ----------===//

#include "horn/CandidateSubsumption.h"

#include <algorithm>

namespace cosmo::solver {

using expr::Expr;
using expr::Kind;

const std::vector<CandidateSubsumption::Literal> &
CandidateSubsumption::literals(const ExprRef &c) {
  auto [it, inserted] = literals_.try_emplace(c);
  if (!inserted)
    return it->second;
  std::vector<Literal> &out = it->second;
  // A disjunction's disjuncts, a negated conjunction's negated conjuncts.
  std::vector<Literal> work{{c.get(), false}};
  while (!work.empty()) {
    auto [e, negated] = work.back();
    work.pop_back();
    if (e->kind() == Kind::Not) {
      work.push_back({e->child(0), !negated});
      continue;
    }
    if (e->kind() == (negated ? Kind::And : Kind::Or)) {
      for (unsigned k = 0; k < e->numChildren(); ++k)
        work.push_back({e->child(k), negated});
      continue;
    }
    out.push_back({e, negated});
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<ExprRef>
CandidateSubsumption::strongest(const std::vector<ExprRef> &all) {
  if (auto known = answers_.find(all); known != answers_.end())
    return known->second;
  std::vector<const std::vector<Literal> *> lits;
  lits.reserve(all.size());
  for (const ExprRef &c : all)
    lits.push_back(&literals(c));
  std::vector<ExprRef> out;
  for (size_t b = 0; b < all.size(); ++b) {
    const std::vector<Literal> &weaker = *lits[b];
    bool implied = false;
    for (size_t a = 0; a < all.size() && !implied; ++a) {
      const std::vector<Literal> &stronger = *lits[a];
      if (a == b || stronger.size() > weaker.size() ||
          (stronger.size() == weaker.size() && a > b))
        continue;
      implied = std::includes(weaker.begin(), weaker.end(), stronger.begin(),
                              stronger.end());
    }
    if (!implied)
      out.push_back(all[b]);
  }
  answers_.emplace(all, out);
  return out;
}

} // namespace cosmo::solver
