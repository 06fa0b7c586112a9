//===- AcslToC.cpp - one ACSL term as a C expression ----------------------===//
//
// Integers. ACSL's integer terms are mathematical: every arithmetic
// operation on integers runs in __int128, checked (__acsl_add ... end the
// path as unknown beyond 128 bits), and a comparison converts both sides to
// __int128 (exact for every C integer type up to 64 bits, of either
// signedness). Whether an operand is a pointer is decided by clang
// (__builtin_classify_type under __builtin_choose_expr), so `p + i` stays
// pointer arithmetic.
//
// Quantifiers (seed 003: a universally quantified property to check becomes
// a fresh symbolic index). Where a property is checked, a \forall in a
// positive position (or an \exists under a negation) is exact with a fresh
// unconstrained variable: the check fails for some value exactly when the
// property fails. Where a property is assumed, the dual holds: an \exists
// in a positive position is a fresh variable (Skolem). The other two cases
// need quantifier reasoning, not built yet: an assumption is then dropped
// (the path is marked weakened, so an error found on it is not claimed) and
// a check ends the path as unknown. Under <==>, in a condition or inside
// \old, a quantifier has both polarities: unknown.
//
// \old. A term without bound variables is evaluated when the function is
// entered (`__cosmo_old_<k>`). Under a quantifier, \old(a[k]) reads
// element k of a copy of a's object made on entry (__cosmo_acsl_snapshot):
// the quantifier's variable is chosen where the property stands, the
// memory read is the pre-state's.
//
//===----------------------------------------------------------------------===//

#include "AcslToC.h"

#include <algorithm>
#include <cstring>

namespace cosmo::frontend::acsl {

namespace {

enum class Polarity { Positive, Negative, Both };

Polarity flip(Polarity p) {
  return p == Polarity::Positive   ? Polarity::Negative
         : p == Polarity::Negative ? Polarity::Positive
                                   : Polarity::Both;
}

/// The C type of a binder or cast; throws for types a quantifier cannot
/// range over.
std::string cTypeOf(const std::string &acsl, unsigned line, bool forBinder) {
  if (acsl == "integer")
    return "__acsl_int";
  if (acsl == "boolean")
    return "_Bool";
  if (forBinder && (acsl.find('*') != std::string::npos ||
                    acsl.find("struct") != std::string::npos ||
                    acsl.find("union") != std::string::npos ||
                    acsl == "real" || acsl == "float" || acsl == "double"))
    throw TranslateError{line, "unsupported ACSL construct 'quantifier over " +
                                   acsl + "' (integer types only)"};
  if (acsl == "real")
    throw TranslateError{line, "unsupported ACSL construct 'real'"};
  return acsl;
}

Term::Ref substitute(const Term::Ref &t,
                     const std::map<std::string, Term::Ref> &args) {
  if (t->kind == Term::Kind::Ident) {
    auto it = args.find(t->text);
    return it == args.end() ? t : it->second;
  }
  auto copy = std::make_shared<Term>(*t);
  std::map<std::string, Term::Ref> inner = args;
  for (const Term::Binder &b : t->binders)
    inner.erase(b.name); // a binder shadows a parameter
  for (Term::Ref &k : copy->kids)
    k = substitute(k, inner);
  return copy;
}

class Translator {
public:
  explicit Translator(TermScope &scope) : scope_(scope) {}

  std::string term(const Term &t, Polarity pol) {
    if (oldMode_) {
      if (t.kind != Term::Kind::Int && t.kind != Term::Kind::Char &&
          t.kind != Term::Kind::Bool && t.kind != Term::Kind::Null &&
          !mentionsBound(t))
        return entryValue(t);
      if (std::string why = notInPreState(t); !why.empty())
        throw TranslateError{t.line, "unsupported ACSL construct '\\old(" +
                                         why + ")' under a quantifier"};
    }
    switch (t.kind) {
    case Term::Kind::Int:
    case Term::Kind::Char:
      return t.text;
    case Term::Kind::Ident:
      return t.text;
    case Term::Kind::Bool:
      return t.text;
    case Term::Kind::Null:
      return "((void *)0)";
    case Term::Kind::Result:
      if (!scope_.resultAllowed)
        throw TranslateError{t.line, "\\result is only allowed in ensures"};
      return "__cosmo_result";
    case Term::Kind::Old: {
      if (!scope_.oldAllowed || !scope_.olds)
        throw TranslateError{t.line, "\\old is only allowed in ensures"};
      if (oldMode_ || !mentionsBound(*t.kids[0]))
        return oldMode_ ? term(*t.kids[0], Polarity::Both)
                        : entryValue(*t.kids[0]);
      // A term over a quantifier's variables: evaluated where the property
      // is, reading the memory of the pre-state (its snapshots).
      oldMode_ = true;
      std::string e = term(*t.kids[0], Polarity::Both);
      oldMode_ = false;
      return e;
    }
    case Term::Kind::Unary:
      return unary(t, pol);
    case Term::Kind::Binary:
      return binary(t, pol);
    case Term::Kind::Chain:
      return chain(t);
    case Term::Kind::Ternary:
      return "((" + term(*t.kids[0], Polarity::Both) + ") ? (" +
             term(*t.kids[1], pol) + ") : (" + term(*t.kids[2], pol) + "))";
    case Term::Kind::Index:
      if (t.kids[1]->kind == Term::Kind::Range)
        throw TranslateError{t.line, "a range is only allowed in a location"};
      if (oldMode_)
        return elementInPreState(*t.kids[0], *t.kids[1]);
      return "((" + term(*t.kids[0], Polarity::Both) + ")[" +
             helper("__acsl_index") + "(" + term(*t.kids[1], Polarity::Both) +
             ")])";
    case Term::Kind::Member:
      return "((" + term(*t.kids[0], Polarity::Both) + ")" + t.ops[0] + t.text +
             ")";
    case Term::Kind::Cast:
      return "((" + cTypeOf(t.text, t.line, false) + ")(" +
             term(*t.kids[0], Polarity::Both) + "))";
    case Term::Kind::SizeOf:
      return "((__acsl_int)sizeof(" +
             (t.kids.empty() ? cTypeOf(t.text, t.line, false)
                             : term(*t.kids[0], Polarity::Both)) +
             "))";
    case Term::Kind::Call:
      return call(t, pol);
    case Term::Kind::Quantifier:
      return quantifier(t, pol);
    case Term::Kind::Valid: {
      Range r = location(*t.kids[0]);
      bool shapes = scope_.use == Use::Assume && pol == Polarity::Positive;
      return "__cosmo_acsl_valid(" + r.base + ", __acsl_index(" + r.lo +
             "), __acsl_index(" + r.hi + "), sizeof(*(" + r.base + ")), " + (shapes ? "1" : "0") + ")";
    }
    case Term::Kind::Separated: {
      std::vector<Range> rs;
      for (const Term::Ref &k : t.kids)
        rs.push_back(location(*k));
      std::string s = "(1";
      for (size_t i = 0; i < rs.size(); ++i)
        for (size_t j = i + 1; j < rs.size(); ++j)
          s += " && __acsl_separated(" + rs[i].base + ", " + rs[i].lo + ", " +
               rs[i].hi + ", sizeof(*(" + rs[i].base + ")), " + rs[j].base +
               ", " + rs[j].lo + ", " + rs[j].hi + ", sizeof(*(" + rs[j].base +
               ")))";
      return s + ")";
    }
    case Term::Kind::Range:
      throw TranslateError{t.line, "a range is only allowed in a location"};
    }
    throw TranslateError{t.line, "unsupported term"};
  }

  /// A location as a base pointer and an element range [lo, hi].
  struct Range {
    std::string base, lo = "0", hi = "0";
  };

  Range location(const Term &t) {
    Range r;
    auto rangeOf = [&](const Term &range) {
      r.lo = term(*range.kids[0], Polarity::Both);
      r.hi = term(*range.kids[1], Polarity::Both);
    };
    if (t.kind == Term::Kind::Binary && t.text == "+" &&
        t.kids[1]->kind == Term::Kind::Range) {
      r.base = "(" + term(*t.kids[0], Polarity::Both) + ")";
      rangeOf(*t.kids[1]);
    } else if (t.kind == Term::Kind::Unary && t.text == "&" &&
               t.kids[0]->kind == Term::Kind::Index &&
               t.kids[0]->kids[1]->kind == Term::Kind::Range) {
      r.base = "(" + term(*t.kids[0]->kids[0], Polarity::Both) + ")";
      rangeOf(*t.kids[0]->kids[1]);
    } else {
      r.base = "(" + term(t, Polarity::Both) + ")";
    }
    return r;
  }

  /// `__cosmo_acsl_assignable(...)` of an `assigns` location: the same
  /// forms as havoc().
  std::string assignable(const Term &loc) {
    std::string h = havoc(loc);
    return "__cosmo_acsl_assignable" + h.substr(std::strlen("__cosmo_acsl_havoc"));
  }

  std::string havoc(const Term &loc) {
    // `a[lo .. hi]` and `*(p + (lo .. hi))` are ranges of elements.
    if (loc.kind == Term::Kind::Index &&
        loc.kids[1]->kind == Term::Kind::Range) {
      Range r;
      r.base = "(" + term(*loc.kids[0], Polarity::Both) + ")";
      r.lo = term(*loc.kids[1]->kids[0], Polarity::Both);
      r.hi = term(*loc.kids[1]->kids[1], Polarity::Both);
      return havocRange(r);
    }
    if (loc.kind == Term::Kind::Unary && loc.text == "*" &&
        loc.kids[0]->kind == Term::Kind::Binary)
      if (loc.kids[0]->kids[1]->kind == Term::Kind::Range)
        return havocRange(location(*loc.kids[0]));
    if (loc.kind == Term::Kind::Result)
      throw TranslateError{loc.line, "\\result is not a location to assign"};
    std::string lv = term(loc, Polarity::Both);
    return "__cosmo_acsl_havoc(&" + lv + ", 0, 0, sizeof(" + lv + "));";
  }

private:
  /// Whether `t` mentions a variable of an enclosing quantifier.
  bool mentionsBound(const Term &t) const {
    if (t.kind == Term::Kind::Ident)
      return std::find(bound_.begin(), bound_.end(), t.text) != bound_.end();
    return std::any_of(t.kids.begin(), t.kids.end(),
                       [&](const Term::Ref &k) { return mentionsBound(*k); });
  }

  /// `t`'s value when the function is entered: a `__cosmo_old_<k>`
  /// (AcslInstrument.h), one per distinct term.
  std::string entryValue(const Term &t) { return preStateName(entryText(t)); }

  std::string preStateName(const std::string &pre) {
    std::vector<std::string> &olds = *scope_.olds;
    size_t k = std::find(olds.begin(), olds.end(), pre) - olds.begin();
    if (k == olds.size())
      olds.push_back(pre);
    return "__cosmo_old_" + std::to_string(k);
  }

  /// Under \old, what of a term over bound variables cannot be read in
  /// the pre-state (empty: it can). An element `p[i]` or `*(p + i)` of an
  /// object `p` points into when the function is entered can: it is read
  /// from a copy of that object made then.
  std::string notInPreState(const Term &t) const {
    switch (t.kind) {
    case Term::Kind::Index:
      return mentionsBound(*t.kids[0]) ? "an array chosen by a bound variable"
                                       : "";
    case Term::Kind::Unary:
      if (t.text == "&")
        return "an address";
      if (t.text == "*" && !(t.kids[0]->kind == Term::Kind::Binary &&
                             t.kids[0]->text == "+" &&
                             !mentionsBound(*t.kids[0]->kids[0])))
        return "*(e) other than *(p + i)";
      return "";
    case Term::Kind::Member:
      return t.ops[0] == "->" ? "a member through a pointer" : "";
    case Term::Kind::Quantifier:
      return "a quantifier";
    case Term::Kind::Result:
      return "\\result";
    case Term::Kind::Valid:
    case Term::Kind::Separated:
      return "\\valid or \\separated";
    default:
      return "";
    }
  }

  /// Element `index` of `array` (bound-free) as it was when the function
  /// was entered: read from the copy __cosmo_acsl_snapshot made then of
  /// the object `array` points into.
  std::string elementInPreState(const Term &array, const Term &index) {
    std::string p = entryText(array);
    std::string copy = preStateName(
        "((__typeof__(&(" + p + ")[0]))__cosmo_acsl_snapshot((const void *)&(" +
        p + ")[0]))");
    return "((" + copy + ")[" + helper("__acsl_index") + "(" +
           term(index, Polarity::Both) + ")])";
  }

  /// `t` as C evaluated where the function is entered.
  std::string entryText(const Term &t) {
    bool cap = capture_, old = oldMode_;
    std::vector<std::string> bound;
    std::swap(bound, bound_);
    capture_ = oldMode_ = false;
    std::string text = term(t, Polarity::Both);
    capture_ = cap;
    oldMode_ = old;
    std::swap(bound, bound_);
    return text;
  }

  std::string havocRange(const Range &r) {
    return "__cosmo_acsl_havoc(" + r.base + ", __acsl_index(" + r.lo +
           "), __acsl_index(" + r.hi + "), sizeof(*" + r.base + "));";
  }

  std::string fresh() { return "__cosmo_t" + std::to_string(counter_++); }

  /// A checked helper; inside a captured quantifier body its branch-free
  /// variant, which records "unknown" in the capture instead of ending the
  /// path (AcslToC.h).
  std::string helper(const char *name) const {
    return capture_ ? std::string(name) + "_q" : std::string(name);
  }
  /// `a op b` for && and ||: short-circuit, or (in a captured body, which
  /// must not branch) on truth values.
  std::string logical(const std::string &op, const std::string &a,
                      const std::string &b) const {
    if (!capture_)
      return "((" + a + ") " + op + " (" + b + "))";
    return "(!!(" + a + ") " + op.substr(0, 1) + " !!(" + b + "))";
  }

  std::string unary(const Term &t, Polarity pol) {
    const std::string &op = t.text;
    if (oldMode_ && op == "*") // *(p + i), p without bound variables
      return elementInPreState(*t.kids[0]->kids[0], *t.kids[0]->kids[1]);
    if (op == "!")
      return "(!(" + term(*t.kids[0], flip(pol)) + "))";
    std::string a = term(*t.kids[0], Polarity::Both);
    if (op == "-")
      return helper("__acsl_sub") + "(0, (__acsl_int)(" + a + "))";
    if (op == "~")
      return "(~(__acsl_int)(" + a + "))";
    if (op == "+")
      return "(" + a + ")";
    return "(" + op + "(" + a + "))"; // * and &
  }

  std::string binary(const Term &t, Polarity pol) {
    const std::string &op = t.text;
    if (op == "&&" || op == "||")
      return logical(op, term(*t.kids[0], pol), term(*t.kids[1], pol));
    if (op == "==>")
      return logical("||", "!(" + term(*t.kids[0], flip(pol)) + ")",
                     term(*t.kids[1], pol));
    if (op == "<==>")
      return "(!(" + term(*t.kids[0], Polarity::Both) + ") == !(" +
             term(*t.kids[1], Polarity::Both) + "))";
    std::string a = term(*t.kids[0], Polarity::Both);
    std::string b = term(*t.kids[1], Polarity::Both);
    if (op == "+" || op == "-" || op == "==" || op == "!=" || op == "<" ||
        op == "<=" || op == ">" || op == ">=")
      return pointerAware(op, a, b);
    if (op == "*" || op == "<<")
      return helper(op == "*" ? "__acsl_mul" : "__acsl_shl") +
             "((__acsl_int)(" + a + "), (__acsl_int)(" + b + "))";
    // / % >> & | ^ cannot leave the range of their operands.
    return "((__acsl_int)(" + a + ") " + op + " (__acsl_int)(" + b + "))";
  }

  /// `a op b` with pointer semantics when either side is a pointer, exact
  /// integer semantics otherwise.
  std::string pointerAware(const std::string &op, const std::string &a,
                           const std::string &b) {
    std::string l = fresh(), r = fresh();
    std::string integer =
        op == "+"   ? helper("__acsl_add") + "((__acsl_int)" + l +
                        ", (__acsl_int)" + r + ")"
        : op == "-" ? helper("__acsl_sub") + "((__acsl_int)" + l +
                          ", (__acsl_int)" + r + ")"
                    : "((__acsl_int)" + l + " " + op + " (__acsl_int)" + r + ")";
    return "({ __auto_type " + l + " = (" + a + "); __auto_type " + r +
           " = (" + b + "); __builtin_choose_expr(__ACSL_PTR(" + l +
           ") || __ACSL_PTR(" + r + "), " + l + " " + op + " " + r + ", " +
           integer + "); })";
  }

  std::string chain(const Term &t) {
    std::vector<std::string> names;
    std::string s = "({ ";
    for (const Term::Ref &k : t.kids) {
      names.push_back(fresh());
      s += "__auto_type " + names.back() + " = (" +
           term(*k, Polarity::Both) + "); ";
    }
    std::string all = "1";
    for (size_t i = 0; i < t.ops.size(); ++i)
      all = logical("&&", all, pointerAware(t.ops[i], names[i], names[i + 1]));
    return s + "(" + all + "); })";
  }

  std::string call(const Term &t, Polarity pol) {
    const LogicDefinition *d = nullptr;
    if (scope_.logic)
      if (auto it = scope_.logic->find(t.text); it != scope_.logic->end())
        d = it->second;
    if (!d)
      throw TranslateError{t.line, "'" + t.text +
                                       "' is not a predicate or logic function "
                                       "defined in an annotation (ACSL terms "
                                       "cannot call C functions)"};
    if (d->params.size() != t.kids.size())
      throw TranslateError{t.line, "'" + t.text + "' takes " +
                                       std::to_string(d->params.size()) +
                                       " arguments"};
    if (++depth_ > 32)
      throw TranslateError{t.line, "unsupported ACSL construct 'recursive "
                                   "predicate' ('" + t.text + "')"};
    // Each argument is converted to its parameter's type, as a call would.
    std::map<std::string, Term::Ref> args;
    for (size_t i = 0; i < t.kids.size(); ++i) {
      auto cast = std::make_shared<Term>();
      cast->kind = Term::Kind::Cast;
      cast->text = d->params[i].type;
      cast->line = t.line;
      cast->kids.push_back(t.kids[i]);
      args[d->params[i].name] = cast;
    }
    std::string body = term(*substitute(d->body, args), pol);
    --depth_;
    if (!d->resultType.empty())
      body = "((" + cTypeOf(d->resultType, d->line, false) + ")(" + body + "))";
    return body;
  }

  std::string quantifier(const Term &t, Polarity pol) {
    bool forall = t.text == "forall";
    std::string what = "line " + std::to_string(t.line) + ": \\" + t.text;
    if (pol == Polarity::Both)
      return "(__cosmo_acsl_unknown(" +
             cStringLiteral(what + " under <==>, in a condition or inside \\old") +
             "), 0)";
    if (scope_.native && scope_.use == Use::Assume)
      return pol == Polarity::Positive ? "1" : "0";
    // The quantifier as it acts where it stands.
    bool universal = forall == (pol == Polarity::Positive);
    bool exact = scope_.use == Use::Check ? universal : !universal;
    // Inside a captured body a fresh variable would not depend on the
    // bound ones: only universal quantifiers nest there.
    if (capture_ && !(forall && pol == Polarity::Positive))
      return std::string("(__cosmo_acsl_weakened(") +
             cStringLiteral("assuming " + what + " inside an assumed \\forall") +
             "), " + (pol == Polarity::Positive ? "1" : "0") + ")";
    if (scope_.use == Use::Assume && forall && pol == Polarity::Positive)
      return captured(t);
    if (!exact) {
      if (scope_.use == Use::Check)
        return "(__cosmo_acsl_unknown(" +
               cStringLiteral("checking " + what + " needs quantifier reasoning") +
               "), 0)";
      return "(__cosmo_acsl_weakened(" +
             cStringLiteral("assuming " + what + " needs quantifier reasoning") +
             "), " + (pol == Polarity::Positive ? "1" : "0") + ")";
    }
    std::string s = "({ ";
    for (const Term::Binder &b : t.binders) {
      std::string type = cTypeOf(b.type, t.line, true);
      // A checked variable's value is part of the test (a native run
      // takes it from there); an assumed one is not.
      s += type + " " + b.name + " = (" + type + ")" +
           (scope_.use == Use::Check ? "__acsl_any" : "__acsl_fresh") + "(); ";
      bound_.push_back(b.name);
    }
    s += "(" + term(*t.kids[0], pol) + "); })";
    bound_.resize(bound_.size() - t.binders.size());
    return s;
  }

  /// An assumed \forall as one formula: the engine binds each variable
  /// (bound_begin), runs the body without branching, and makes
  /// forall vars. body of it (bound_end).
  std::string captured(const Term &t) {
    std::string s = "({ ";
    for (const Term::Binder &b : t.binders) {
      std::string type = cTypeOf(b.type, t.line, true);
      s += type + " " + b.name + " = (" + type +
           ")__cosmo_acsl_bound_begin(); ";
      bound_.push_back(b.name);
    }
    bool was = capture_;
    capture_ = true;
    std::string body = term(*t.kids[0], Polarity::Positive);
    capture_ = was;
    bound_.resize(bound_.size() - t.binders.size());
    return s + "int __cosmo_q = !!(" + body + "); __cosmo_acsl_bound_end(" +
           "__cosmo_q, " + std::to_string(t.binders.size()) + "); })";
  }

  TermScope &scope_;
  bool capture_ = false;
  unsigned counter_ = 0;
  unsigned depth_ = 0;
  /// Translating the argument of an \old that mentions bound variables.
  bool oldMode_ = false;
  /// The variables of the enclosing quantifiers, innermost last.
  std::vector<std::string> bound_;
};

} // namespace

std::string cStringLiteral(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c == '\n' || c == '\r' ? ' ' : c;
  }
  return out + "\"";
}

std::string propertyToC(const Term &t, TermScope &scope) {
  return Translator(scope).term(t, Polarity::Positive);
}

std::string havocToC(const Term &loc, TermScope &scope) {
  return Translator(scope).havoc(loc);
}

std::string assignableToC(const Term &loc, TermScope &scope) {
  return Translator(scope).assignable(loc);
}

const char *preludeText() {
  return R"ACSL(/* cosmo: ACSL annotations as C */
#ifdef __SIZEOF_INT128__
typedef __int128 __acsl_int;
#else
typedef long long __acsl_int;
#endif
void __cosmo_acsl_check(int ok, int kind, int line, const char *clause);
void __cosmo_acsl_assume(int ok);
long long __cosmo_acsl_any(void);
long long __cosmo_acsl_fresh(void);
void __cosmo_acsl_unknown(const char *why);
void __cosmo_acsl_weakened(const char *why);
/* Bounds go as long (an __int128 argument is two in the IR). */
int __cosmo_acsl_valid(const void *p, long lo, long hi, unsigned long elem,
                       int assumed);
void __cosmo_acsl_havoc(const void *p, long lo, long hi, unsigned long elem);
/* A copy, made now, of the object p points into; p's place in it. */
void *__cosmo_acsl_snapshot(const void *p);
int __cosmo_acsl_loop_first(int id);
int __cosmo_acsl_loop_back(int id, int taken);
void __cosmo_acsl_loop_end(int id);
void __cosmo_acsl_check_call(int ok, int kind, int line, const char *clause,
                             void *call_site);
void __cosmo_acsl_loop_havoc(int id, int memory);
void __cosmo_acsl_frame_begin(int line, const char *function);
void __cosmo_acsl_loop_frame_begin(int line);
int __cosmo_acsl_abstract(void);
void __cosmo_acsl_assignable(const void *p, long lo, long hi,
                             unsigned long elem);
void __cosmo_acsl_frame_end(void);
long long __cosmo_acsl_bound_begin(void);
int __cosmo_acsl_bound_end(int holds, int count);
void __cosmo_acsl_guard(int unknown);
#define __ACSL_PTR(x) (__builtin_classify_type(x) == 5)
/* name(a, b): a op b, the path unknown beyond the integer width; name_q:
   the branch-free variant for captured \forall bodies, which records
   "unknown" in the capture (the assumption is weakened where it holds). */
#define __ACSL_CHECKED(name, overflows)                                        \
  static inline __acsl_int name(__acsl_int a, __acsl_int b) {                  \
    __acsl_int r;                                                              \
    if (overflows(a, b, &r))                                                   \
      __cosmo_acsl_unknown(                                                    \
          "an integer term beyond the width of ACSL integers (128 bits)");     \
    return r;                                                                  \
  }                                                                            \
  static inline __acsl_int name##_q(__acsl_int a, __acsl_int b) {              \
    __acsl_int r;                                                              \
    __cosmo_acsl_guard(overflows(a, b, &r));                                   \
    return r;                                                                  \
  }
__ACSL_CHECKED(__acsl_add, __builtin_add_overflow)
__ACSL_CHECKED(__acsl_sub, __builtin_sub_overflow)
__ACSL_CHECKED(__acsl_mul, __builtin_mul_overflow)
static inline __acsl_int __acsl_shl(__acsl_int a, __acsl_int b) {
  if (b < 0 || b > (__acsl_int)(8 * sizeof(__acsl_int) - 2))
    __cosmo_acsl_unknown("a shift in an integer term beyond the width of ACSL integers (128 bits)");
  return __acsl_mul(a, (__acsl_int)1 << b);
}
/* An ACSL integer from two 64-bit fresh values (the checked quantifier's
   `any`, recorded in tests; an assumed one's `fresh`, not recorded). */
#ifdef __SIZEOF_INT128__
#define __ACSL_FRESH(name, source)                                             \
  static inline __acsl_int name(void) {                                        \
    unsigned __int128 h = (unsigned long long)source();                        \
    unsigned __int128 l = (unsigned long long)source();                        \
    return (__acsl_int)((h << 64) | l);                                        \
  }
#else
#define __ACSL_FRESH(name, source)                                             \
  static inline __acsl_int name(void) { return source(); }
#endif
__ACSL_FRESH(__acsl_any, __cosmo_acsl_any)
__ACSL_FRESH(__acsl_fresh, __cosmo_acsl_fresh)
static inline __acsl_int __acsl_shl_q(__acsl_int a, __acsl_int b) {
  __cosmo_acsl_guard((b < 0) | (b > (__acsl_int)(8 * sizeof(__acsl_int) - 2)));
  return __acsl_mul_q(a, (__acsl_int)1 << (b & 127));
}
static inline long __acsl_index_q(__acsl_int i) {
  __cosmo_acsl_guard((i < -__LONG_MAX__ - 1) | (i > __LONG_MAX__));
  return (long)i;
}
static inline long __acsl_index(__acsl_int i) {
  if (i < -__LONG_MAX__ - 1 || i > __LONG_MAX__)
    __cosmo_acsl_unknown("an index beyond the width of long");
  return (long)i;
}
static inline int __acsl_separated(const void *a, __acsl_int alo, __acsl_int ahi,
                                   unsigned long ae, const void *b,
                                   __acsl_int blo, __acsl_int bhi,
                                   unsigned long be) {
  if (alo > ahi || blo > bhi)
    return 1;
  __acsl_int a0 = (__acsl_int)(__UINTPTR_TYPE__)a + alo * (__acsl_int)ae;
  __acsl_int a1 = (__acsl_int)(__UINTPTR_TYPE__)a + (ahi + 1) * (__acsl_int)ae;
  __acsl_int b0 = (__acsl_int)(__UINTPTR_TYPE__)b + blo * (__acsl_int)be;
  __acsl_int b1 = (__acsl_int)(__UINTPTR_TYPE__)b + (bhi + 1) * (__acsl_int)be;
  return a1 <= b0 || b1 <= a0;
}
)ACSL";
}

} // namespace cosmo::frontend::acsl
