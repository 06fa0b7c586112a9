//===- cosmo/expr/TermArchive.h - terms written down and read back -*- C++ -*-===//
//
// Terms outlive the process that built them when the persistent store
// keeps a function's memoization tree (issue 45). A TermWriter lists the
// distinct nodes of the terms given to it, children before parents, each
// shared node once; readTerms rebuilds them node by node in another
// context, exactly as they were (ExprContext::raw: no rewriting, so that a
// term read back is the term written). Variables keep their names: the
// names an isolated run gives are its function's alone (ExecutionState::
// namePrefix), so a variable read back is the one that run would make.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_EXPR_TERMARCHIVE_H
#define COSMO_EXPR_TERMARCHIVE_H

#include "cosmo/expr/ExprContext.h"

#include <llvm/Support/Error.h>
#include <nlohmann/json_fwd.hpp>

#include <unordered_map>
#include <vector>

namespace cosmo::expr {

class TermWriter {
public:
  TermWriter();
  ~TermWriter();
  /// The index of `e` in the table (its nodes added first); -1 for null.
  int64_t add(const ExprRef &e);
  /// The table: one entry per node, in the order readTerms rebuilds them.
  const nlohmann::json &table() const;

private:
  std::unordered_map<const Expr *, int64_t> index_;
  std::unique_ptr<nlohmann::json> table_;
};

/// The terms of a TermWriter's table, by index, built in `ctx`; an error
/// when the table is not one a TermWriter wrote.
llvm::Expected<std::vector<ExprRef>> readTerms(ExprContext &ctx,
                                               const nlohmann::json &table);

/// The term `index` (what TermWriter::add gave) names among `terms`, as
/// readTerms built them: null for -1. Throws std::out_of_range for an
/// index past the table, and nlohmann's type_error for one not a number.
ExprRef termAt(const std::vector<ExprRef> &terms, const nlohmann::json &index);

} // namespace cosmo::expr

#endif // COSMO_EXPR_TERMARCHIVE_H
