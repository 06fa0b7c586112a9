//===- GeneratorState.h - what the generator knows while it builds --------===//
//
// Internal to the generator (ProgramGenerator.cpp, HelperTemplates.cpp):
// the program built so far, its inputs and their roles, the values main
// has computed (for assertions), and the input budget that keeps the box
// of main's inputs at most kMaxTuples tuples.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_DIFFERENTIAL_GENERATORSTATE_H
#define COSMO_DIFFERENTIAL_GENERATORSTATE_H

#include "ProgramGenerator.h"

#include <map>

namespace cosmo::differential {

/// The most input tuples of main the oracle enumerates.
constexpr long kMaxTuples = 5000;

/// What an input is for: a loop bound (from 0 or 1 up to ~40), an index
/// into `ga` (from 0, maybe a little past its end: uses are guarded), or
/// a small signed number.
enum class InputRole { Bound, Index, Small };

class GeneratorState {
public:
  explicit GeneratorState(uint64_t seed) : rng(seed) {
    program.seed = seed;
    program.inputs.reserve(4); // needInput hands out references into it
  }

  Rng rng;
  Program program;
  /// Integer values main has computed, for assertions and arguments.
  std::vector<std::string> values;

  std::string fresh(const std::string &prefix) {
    return prefix + std::to_string(++counter);
  }
  int arraySize() const {
    return static_cast<int>(program.arrays.front().init.size());
  }
  /// An input for `role`: one already read, or a new one within budget.
  const Input &needInput(InputRole role);
  /// Appends an assertion on `lhs` (its bound comes after the probe).
  void assertOn(std::vector<StmtP> &out, ExprP lhs);

  // Helper functions (HelperTemplates.cpp). Each returns a call of a
  // helper (made on first use) whose arguments satisfy its `requires`,
  // with guard statements appended to `out` where they are needed.
  /// `int r = helper(...)` in main, the helper chosen at random; returns
  /// the name of r, or "" when nothing was emitted.
  std::string callHelper(std::vector<StmtP> &out);
  /// A helper call on `arg`, whose range is `range`, as a term inside a
  /// loop body.
  ExprP helperTerm(const ExprP &arg, Range range);
  /// `int list_sum(struct node *)`, uncontracted.
  std::string listHelper();

private:
  int counter = 0;
  std::map<std::string, InputRole> roles;
  long boxSize() const;
  /// A new helper from template `tmpl` whose parameters take `ranges` at
  /// its call; added to the program, returned with its name.
  const Function &makeHelper(const std::string &tmpl,
                             const std::vector<Range> &ranges);
};

} // namespace cosmo::differential

#endif // COSMO_DIFFERENTIAL_GENERATORSTATE_H
