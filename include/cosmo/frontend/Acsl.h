//===- cosmo/frontend/Acsl.h - ACSL annotations of a C file ------*- C++ -*-===//
//
// The subset of ACSL (the specification language of Frama-C, written in
// `/*@ ... */` and `//@ ...` comments) that cosmo reads (seed 003: contracts
// and loop invariants make symbolic execution compositional):
//
//   function contracts   requires P;  ensures P;  assigns L, ...;
//   loop annotations     loop invariant P;  loop assigns L, ...;
//                        loop variant T;  (read, not checked)
//   assertions           assert P;  (in a function body)
//   file scope           predicate name(type x, ...) = P;
//                        logic type name(type x, ...) = T;
//
// Terms are C expressions over the names in scope plus \result, \old(t),
// \at(t, Pre|Old), \null, \true, \false, ==>, <==>, chained comparisons
// (0 <= i < n), \forall / \exists over integer types, \valid(L),
// \valid_read(L), \separated(L, L, ...) and ranges `a .. b` inside locations
// (p + (0 .. n-1), a[0 .. n-1]). Anything else is an error naming the file,
// line and construct: an annotation cosmo does not understand is never
// silently ignored.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_ACSL_H
#define COSMO_FRONTEND_ACSL_H

#include <llvm/Support/Error.h>

#include <memory>
#include <string>
#include <vector>

namespace cosmo::frontend::acsl {

/// One term of an annotation.
struct Term {
  enum class Kind {
    Int,       // text: the literal as written (C syntax)
    Char,      // text: the literal with its quotes
    Ident,     // text: the name
    Result,    // \result
    Null,      // \null
    Bool,      // text: "1" or "0"
    Old,       // kids[0]
    Unary,     // text: ! - ~ * & +
    Binary,    // text: the operator (==> <==> || && | ^ & == != < <= > >=
               // << >> + - * / %), kids[0] op kids[1]
    Chain,     // kids: operands, ops: n-1 comparison operators
    Ternary,   // kids: condition, then, else
    Index,     // kids[0][kids[1]]
    Member,    // kids[0].text or kids[0]->text (op: "." or "->")
    Call,      // text: predicate or logic function; kids: arguments
    Cast,      // text: the C type; kids[0]
    SizeOf,    // text: the C type, or kids[0]
    Quantifier,// text: "forall" or "exists"; binders; kids[0]: the body
    Valid,     // text: "valid" or "valid_read"; kids[0]: a location
    Separated, // kids: locations
    Range,     // kids: low, high (inside locations only)
  };
  struct Binder {
    std::string type; // as written: "integer", "int", "unsigned long" ...
    std::string name;
  };

  Kind kind = Kind::Int;
  std::string text;
  std::vector<std::string> ops; // Chain's operators; Member's "." / "->"
  std::vector<std::shared_ptr<const Term>> kids;
  std::vector<Binder> binders;
  unsigned line = 0; // in the C file

  using Ref = std::shared_ptr<const Term>;
};

enum class ClauseKind {
  Requires,
  Ensures,
  Assigns,
  LoopInvariant,
  LoopAssigns,
  LoopVariant,
  Decreases,  // a function's termination measure: read, not checked
  Terminates, // when a function must terminate: read, not checked
  Assert,
};
const char *clauseKeyword(ClauseKind k); // "requires", "loop invariant" ...

struct Clause {
  ClauseKind kind = ClauseKind::Requires;
  unsigned line = 0;  // where the clause starts
  std::string source; // the clause's text as written, without the keyword
  /// The property or term (Requires, Ensures, invariants, variants,
  /// Assert); for Assigns / LoopAssigns the locations (none: \nothing).
  std::vector<Term::Ref> terms;
};

/// `predicate name(params) = body;` or `logic type name(params) = body;`
struct LogicDefinition {
  std::string name;
  std::string resultType; // empty for a predicate
  std::vector<Term::Binder> params;
  Term::Ref body;
  unsigned line = 0;
};

/// One annotation comment and what it annotates.
struct Annotation {
  enum class Kind { Contract, Loop, Assert, Logic };
  Kind kind = Kind::Contract;
  unsigned line = 0;       // of the comment's start
  size_t begin = 0, end = 0; // byte range of the comment in the file
  std::vector<Clause> clauses;
  std::vector<LogicDefinition> definitions; // Kind::Logic
};

struct AnnotatedFile {
  std::string path;
  std::vector<Annotation> annotations; // in file order
  bool empty() const { return annotations.empty(); }
};

/// Whether `text` holds an annotation comment at all (a cheap test before
/// parsing).
bool mayHoldAnnotations(const std::string &text);

/// Every annotation of a C file's text. The error names `path:line` and the
/// construct ("path:12: unsupported ACSL construct 'behavior'").
llvm::Expected<AnnotatedFile> parseAnnotations(const std::string &text,
                                               const std::string &path);

/// One term parsed on its own (for tests): `line` is the first line's.
llvm::Expected<Term::Ref> parseTerm(const std::string &text,
                                    const std::string &path, unsigned line);

/// The term printed back in ACSL syntax, fully parenthesised (for tests and
/// messages).
std::string printTerm(const Term &t);

} // namespace cosmo::frontend::acsl

#endif // COSMO_FRONTEND_ACSL_H
