//===- ProgramAst.h - the generated programs of the differential campaign -===//
//
// The abstract syntax of the small C programs the campaign generates
// (issue 42): integer inputs read at the top of main, global arrays,
// structs and a node pool, helper functions with and without ACSL
// contracts, loops with and without invariants, assertions whose bounds
// are chosen after a native probe. One tree is printed twice
// (CPrinter.h): as the program cosmo checks and as the oracle that runs
// it natively with every error turned into an explicit check.
//
// Nodes are shared pointers so that a program is cheap to pass around;
// `cloneProgram` makes the deep copy a mutation edits.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_DIFFERENTIAL_PROGRAMAST_H
#define COSMO_DIFFERENTIAL_PROGRAMAST_H

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cosmo::differential {

struct Expr;
struct Stmt;
using ExprP = std::shared_ptr<Expr>;
using StmtP = std::shared_ptr<Stmt>;

/// A closed range of integers.
struct Range {
  long lo = 0, hi = 0;
  long size() const { return hi - lo + 1; }
  bool contains(long v) const { return lo <= v && v <= hi; }
};

enum class ExprKind {
  Const,     // value
  Var,       // name: a local, a parameter, a global scalar or `gs.x`
  Binary,    // op, args[0] op args[1]; `/` and `%` are checked for zero
  Elem,      // name[args[0]] (a global array of `size`), `.field` if set
  PtrElem,   // name[args[0]]: a pointer variable into array `base`
  NodeField, // args[0]->field: a list node pointer, checked for null
  AddrOf,    // &name[args[0]] (no check: only the address is taken)
  Call,      // name(args...)
  Result,    // \result (ACSL)
  Old,       // \old(args[0]) (ACSL)
};

struct Expr {
  ExprKind kind = ExprKind::Const;
  long value = 0;
  std::string name;
  std::string op;
  std::vector<ExprP> args;
  std::string field;
  // PtrElem: the array the pointer points into and that array's size.
  std::string base;
  int size = 0;
  // Call: the range each argument takes at this call site, when known
  // (what a mutation needs to pass an argument outside `requires`).
  std::vector<std::optional<Range>> argRanges;
};

enum class StmtKind {
  Decl,   // type name = expr;
  Assign, // target = expr;
  If,     // if (expr) body else orelse
  For,    // for (name = start; name < expr [&& guard]; name++) body
  While,  // while (expr) body
  Assert, // if (!(expr cmp bound)) reach_error();
  Return, // return expr;
  Eval,   // expr; (a call)
};

/// Comparison of an assertion; the bound is chosen after the probe run.
enum class Cmp { Le, Ge, Eq, Ne };

struct Stmt {
  StmtKind kind = StmtKind::Eval;
  std::string type; // Decl: "int", "int *", "struct node *"
  std::string name; // Decl, For: the variable
  ExprP target;     // Assign
  ExprP expr;       // Decl init, Assign value, If/While condition, For
                    // bound, Assert's left side, Return, Eval
  ExprP start;      // For: the first value
  ExprP guard;      // For: an extra conjunct of the condition (droppable)
  bool declaresVar = true; // For: `for (int i = ...` or `for (i = ...`
  bool inclusive = false;  // For: `<=` instead of `<`
  bool isGuard = false;    // If: a check a mutation may drop
  std::vector<StmtP> body, orelse;
  // For with annotations.
  std::vector<ExprP> invariants;
  std::optional<std::vector<std::string>> loopAssigns; // C text of items
  // Assert.
  Cmp cmp = Cmp::Le;
  long bound = 0;
  int probe = -1;
};

/// What a contract's `assigns` item allows, as the campaign reasons about
/// writes: a global scalar ("gc", "gs.x") or a whole global array ("ga").
struct AssignsItem {
  std::string text; // as printed: "gs.x", "ga[0 .. 7]"
  std::string root; // "gs.x", "ga"
};

struct Contract {
  std::vector<ExprP> requiresClauses; // printed one clause per line
  std::vector<Range> paramBox;        // the box `requires` gives each param
  std::vector<ExprP> ensures;        // one clause per line
  std::optional<std::vector<AssignsItem>> assigns; // none: no clause
};

struct Function {
  std::string name;
  bool returnsInt = true;
  std::vector<std::string> params; // all `int`, or `struct node *` below
  bool listParam = false;          // the one parameter is a `struct node *`
  std::vector<StmtP> body;
  std::optional<Contract> contract;
};

struct GlobalArray {
  std::string name;
  std::vector<long> init; // its size is init.size()
  std::string elemType = "int"; // or "struct pair"
};

struct Input {
  std::string name;
  Range range;
};

struct Program {
  uint64_t seed = 0;
  std::vector<Input> inputs;
  // Elements 0 .. arrayInputs-1 of `ga` are read as inputs after the
  // scalar inputs, each in arrayInputRange.
  int arrayInputs = 0;
  Range arrayInputRange;
  std::vector<GlobalArray> arrays; // "ga" first when there is one
  bool hasPair = false;            // struct pair gs
  long pairInit[2] = {0, 0};
  int pairArraySize = 0;           // struct pair sa[N] (0: none)
  bool hasCounter = false;         // int gc
  int poolSize = 0;                // struct node pool[N] (0: none)
  bool usesMalloc = false;
  std::vector<Function> functions;
  std::vector<StmtP> mainBody;
  int probes = 0;
  /// The mutation applied, empty for an original program.
  std::string mutation;
};

ExprP cloneExpr(const ExprP &e);
StmtP cloneStmt(const StmtP &s);
Program cloneProgram(const Program &p);

/// Every statement of `body`, nested ones included, in program order.
void forEachStmt(const std::vector<StmtP> &body,
                 const std::function<void(const StmtP &)> &f);
/// Every expression node under `e` (itself first).
void forEachExpr(const ExprP &e, const std::function<void(const ExprP &)> &f);

/// The global a write to `target` changes ("gc", "gs.x", "ga"), or "" for
/// a local (or memory the campaign does not track: the node pool).
std::string writtenGlobal(const Expr &target);

} // namespace cosmo::differential

#endif // COSMO_DIFFERENTIAL_PROGRAMAST_H
