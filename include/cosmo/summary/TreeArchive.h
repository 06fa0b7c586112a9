//===- cosmo/summary/TreeArchive.h - trees kept across runs -----*- C++ -*-===//
//
// A function's memoization tree outlives its run (issue 45: "do not learn
// twice" across runs, seed 002 §IV): TreeArchive::write turns it into
// bytes that name what a later run can find again — instructions by
// function and position, input objects' types by their IR text, terms
// through an expr::TermWriter — and TreeArchive::read rebuilds it in
// another run of a program with the same function. A TreeShelf is where
// an analysis looks a tree up before an isolated run and leaves the trees
// it built.
//
// What a tree holds is only what its function's key covers (its IR, its
// callees', the globals it reads, the options) and where the engine
// placed the program's globals and functions: the tree's terms can hold
// their addresses. layoutDigest says the latter; a shelf keys trees by
// both.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_TREEARCHIVE_H
#define COSMO_SUMMARY_TREEARCHIVE_H

#include "cosmo/engine/Executor.h"
#include "cosmo/summary/MemoTree.h"

#include <llvm/Support/Error.h>

#include <memory>
#include <optional>
#include <string>

namespace cosmo::summary {

/// Trees of one module as bytes, and back.
class TreeArchive {
public:
  explicit TreeArchive(const llvm::Module &m);
  ~TreeArchive();

  std::string write(const MemoTree &tree);
  /// A tree `write` wrote (in a run of this module or of another with the
  /// same function), rebuilt over the terms of `ctx`; an error when the
  /// bytes are not such a tree or name what the module lacks.
  llvm::Expected<std::unique_ptr<MemoTree>> read(const std::string &bytes,
                                                 expr::ExprContext &ctx);

private:
  struct Index;
  const llvm::Module &m_;
  std::unique_ptr<Index> index_; // made when first needed
  Index &index();
};

/// A hash of where `x` placed every function and global of its module
/// (and so where the objects after them start).
std::string layoutDigest(engine::Executor &x);

/// Where an analysis finds trees that earlier runs built and leaves the
/// ones it builds.
class TreeShelf {
public:
  virtual ~TreeShelf() = default;
  /// A tree of `f` kept under the same options and `layout`, as bytes.
  virtual std::optional<std::string> find(const llvm::Function &f,
                                          const std::string &layout) = 0;
  /// Keeps the tree just built for `f` (in bytes).
  virtual void keep(const llvm::Function &f, const std::string &layout,
                    const std::string &tree) = 0;
  /// The tree `find` gave for `f` could not be read, for `why`: it is
  /// built again.
  virtual void unreadable(const llvm::Function &f, const std::string &why) = 0;
  /// `find` found no tree of `f`, and its isolated run gave none either (a
  /// bound cut it, or no path ended): nothing will be kept.
  virtual void dropped(const llvm::Function &f, const std::string &layout) {}
};

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_TREEARCHIVE_H
