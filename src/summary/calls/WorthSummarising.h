//===- WorthSummarising.h - which functions --calls=auto summarises -*- C++ -*-===//
//
// A formula summary costs one isolated run of its function and saves a
// path split at every call it is composed into (seed 000 section 1.4,
// seed 001 section 4). --calls=auto (issue 47) pays that run only where
// the calls are many and the run ends: a function called inside a loop or
// at eight places or more, with no loop and no recursion in what it
// runs (such a run follows its loop's iterations until a bound cuts it,
// and gives no summary). Every other function is explored inline.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_CALLS_WORTHSUMMARISING_H
#define COSMO_SUMMARY_CALLS_WORTHSUMMARISING_H

#include <llvm/IR/Function.h>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace cosmo::summary {

/// The calls of each function in the functions `entry` reaches.
class CallSites {
public:
  CallSites(const llvm::Module &m, const llvm::Function *entry);

  /// Why --calls=auto does not summarise `f` (one phrase), or empty.
  /// `closure`: the defined functions f reaches, f included.
  std::string whyNotWorthIt(
      const llvm::Function &f,
      const std::vector<const llvm::Function *> &closure) const;

private:
  struct Calls {
    unsigned sites = 0;   // call instructions naming the function
    bool inLoop = false;  // one of them in a loop of its caller
  };
  std::map<const llvm::Function *, Calls> calls_;
  /// Functions with a cycle in their control flow.
  std::map<const llvm::Function *, bool> loops_;
  /// Functions of recursive call-graph components.
  std::set<const llvm::Function *> recursive_;
  bool hasLoop(const llvm::Function &f) const;
};

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_CALLS_WORTHSUMMARISING_H
