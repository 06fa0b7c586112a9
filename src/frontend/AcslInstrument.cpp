//===- AcslInstrument.cpp - ACSL annotations turned into C checks ---------===//
//
// Seed 003 section "contracts" and "loop invariants", as text: see
// AcslInstrument.h. The file keeps its line numbers (a `#line 1` after the
// prelude, code inserted into a loop's condition on the condition's own
// line, an `assert` replaced in place), so debug information and clang's
// diagnostics point at the user's lines; the companions appended at the end
// carry `#line` directives of their clauses.
//
//===----------------------------------------------------------------------===//

#include "cosmo/frontend/AcslInstrument.h"

#include "AcslToC.h"
#include "CText.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>

namespace cosmo::frontend::acsl {

namespace {

struct Failure {
  unsigned line;
  std::string msg;
};

using namespace ctext;

/// A function declarator after a contract.
struct Declarator {
  std::string name, returnType, params;
  std::vector<std::string> paramNames;
  bool definition = false;
  bool isStatic = false;
  size_t at = 0, nameAt = 0; // where it starts, where its name is
};

std::string paramName(const std::string &p, unsigned line) {
  std::string t = trim(p);
  if (size_t fp = t.find("(*"); fp != std::string::npos) {
    size_t b = fp + 2, e = b;
    while (e < t.size() && isIdent(t[e]))
      ++e;
    return t.substr(b, e - b);
  }
  while (!t.empty() && t.back() == ']') { // int a[], int a[n]
    size_t open = t.rfind('[');
    t = trim(t.substr(0, open));
  }
  size_t e = t.size(), b = e;
  while (b > 0 && isIdent(t[b - 1]))
    --b;
  std::string name = t.substr(b, e - b);
  static const std::set<std::string> types = {
      "int",  "char",   "long",     "short", "unsigned", "signed",
      "void", "_Bool",  "float",    "double"};
  if (name.empty() || b == 0 || types.count(name) ||
      std::isdigit(static_cast<unsigned char>(name[0])))
    throw Failure{line, "a function with a contract must name its "
                        "parameters ('" + t + "')"};
  return name;
}

Declarator declaratorAt(const std::string &s, size_t pos, unsigned line) {
  size_t i = pos;
  for (; i < s.size() && s[i] != '{' && s[i] != ';'; ++i)
    if (s[i] == '(') {
      size_t m = matching(s, i);
      if (m == std::string::npos)
        break;
      i = m;
    }
  if (i >= s.size())
    throw Failure{line, "a function contract must precede a function "
                        "declaration or definition"};
  Declarator d;
  d.at = pos;
  d.definition = s[i] == '{';
  std::string text = s.substr(pos, i - pos);
  size_t open = text.find('(');
  if (open == std::string::npos)
    throw Failure{line, "a function contract must precede a function "
                        "declaration or definition"};
  size_t e = open;
  while (e > 0 && std::isspace(static_cast<unsigned char>(text[e - 1])))
    --e;
  size_t b = e;
  while (b > 0 && isIdent(text[b - 1]))
    --b;
  d.name = text.substr(b, e - b);
  d.nameAt = pos + b;
  if (d.name.empty())
    throw Failure{line, "unsupported declarator after a function contract"};
  std::string prefix = " " + text.substr(0, b) + " ";
  d.isStatic = prefix.find(" static ") != std::string::npos;
  for (const char *word : {"static", "inline", "extern", "__inline__",
                           "__inline", "_Noreturn"}) {
    std::string w = std::string(" ") + word + " ";
    for (size_t at; (at = prefix.find(w)) != std::string::npos;)
      prefix.replace(at, w.size(), " ");
  }
  d.returnType = trim(prefix);
  size_t close = matching(text, open);
  if (close == std::string::npos)
    throw Failure{line, "unsupported declarator after a function contract"};
  d.params = text.substr(open + 1, close - open - 1);
  std::string p = trim(d.params);
  if (!p.empty() && p != "void") {
    size_t from = open + 1;
    std::vector<size_t> commas = splitAt(text, from, close, ',');
    commas.push_back(close);
    for (size_t c : commas) {
      std::string one = text.substr(from, c - from);
      if (trim(one) == "...")
        throw Failure{line, "unsupported: a contract on a variadic function"};
      d.paramNames.push_back(paramName(one, line));
      from = c + 1;
    }
  }
  return d;
}

struct Insertion {
  size_t at;
  size_t erase = 0; // bytes replaced from `at`
  std::string text;
  /// Among insertions at one place, the lower first (then in order):
  /// blocks closed there close inner ones (later loops) first.
  long rank = 0;
};

class Instrumenter {
public:
  Instrumenter(const std::string &text, const std::string &path,
               const AnnotatedFile &file, bool native)
      : s_(text), path_(path), file_(file), native_(native) {}

  InstrumentedSource run() {
    for (const Annotation &a : file_.annotations)
      for (const LogicDefinition &d : a.definitions) {
        if (logic_.count(d.name))
          throw Failure{d.line, "'" + d.name + "' is defined twice"};
        logic_[d.name] = &d;
      }
    InstrumentedSource out;
    std::string companions;
    std::set<std::string> contracted;
    for (const Annotation &a : file_.annotations) {
      switch (a.kind) {
      case Annotation::Kind::Logic:
        break;
      case Annotation::Kind::Contract: {
        Declarator d = declaratorAt(s_, skipBlank(s_, a.end), a.line);
        if (!contracted.insert(d.name).second)
          throw Failure{a.line, "'" + d.name + "' has two contracts"};
        ContractedFunction f{d.name, a.line, false, d.definition};
        companions += contract(a, d, f);
        out.functions.push_back(f);
        break;
      }
      case Annotation::Kind::Loop:
        loop(a, out.loops++);
        break;
      case Annotation::Kind::Assert:
        assertion(a);
        ++out.assertions;
        break;
      }
    }
    std::stable_sort(inserts_.begin(), inserts_.end(),
                     [](const Insertion &x, const Insertion &y) {
                       return x.at < y.at || (x.at == y.at && x.rank < y.rank);
                     });
    std::string body;
    size_t from = 0;
    for (const Insertion &ins : inserts_) {
      body += s_.substr(from, ins.at - from) + ins.text;
      from = ins.at + ins.erase;
    }
    body += s_.substr(from);
    out.text = std::string(preludeText()) + "#line 1 " + cStringLiteral(path_) + "\n" +
               body + "\n" + companions;
    return out;
  }

private:
  std::string lineDirective(unsigned line) const {
    return "#line " + std::to_string(line) + " " + cStringLiteral(path_) + "\n";
  }

  std::string property(const Term &t, TermScope &scope, unsigned line) {
    try {
      scope.logic = &logic_;
      scope.native = native_;
      return propertyToC(t, scope);
    } catch (const TranslateError &e) {
      throw Failure{e.line ? e.line : line, e.msg};
    }
  }

  std::string havoc(const Term &t, unsigned line, bool allowOnly = false) {
    try {
      TermScope scope;
      scope.logic = &logic_;
      return allowOnly ? assignableToC(t, scope) : havocToC(t, scope);
    } catch (const TranslateError &e) {
      throw Failure{e.line ? e.line : line, e.msg};
    }
  }

  /// `function`: the contract's, named in the message.
  /// `atCall`: natively, the violation is reported at the caller's call
  /// (a precondition), found from the return address.
  std::string check(const Clause &c, const std::string &cond, CheckKind kind,
                    const char *keyword, const std::string &function = "",
                    bool atCall = false) {
    return std::string(atCall ? "__cosmo_acsl_check_call(" : "__cosmo_acsl_check(") +
           cond + ", " + std::to_string(static_cast<int>(kind)) + ", " +
           std::to_string(c.line) + ", " +
           cStringLiteral((function.empty() ? "" : function + "|") + keyword +
                          " " + c.source) +
           (atCall ? ", __builtin_return_address(0));" : ");");
  }

  /// The checks of a contract's requires where `function` is called.
  std::string preconditionChecks(const Annotation &a,
                                 const std::string &function, bool atCall) {
    std::string out;
    for (const Clause &c : a.clauses)
      if (c.kind == ClauseKind::Requires) {
        TermScope scope;
        scope.use = Use::Check;
        out += lineDirective(c.line) + "  " +
               check(c, property(*c.terms[0], scope, c.line),
                     CheckKind::Precondition, "requires", function, atCall) +
               "\n";
      }
    return out;
  }

  /// The companions of one contracted function (AcslInstrument.h).
  std::string contract(const Annotation &a, const Declarator &d,
                       ContractedFunction &f) {
    std::string args;
    for (const std::string &p : d.paramNames)
      args += (args.empty() ? "" : ", ") + p;
    bool isVoid = d.returnType == "void";
    bool hasAssigns = false, hasRequires = false;
    for (const Clause &c : a.clauses) {
      hasAssigns |= c.kind == ClauseKind::Assigns;
      hasRequires |= c.kind == ClauseKind::Requires;
    }
    // Every call goes through the `use` companion when there is something
    // to check or to use there: the requires (checked at every call, as a
    // deductive verifier makes each call's precondition a goal) or assigns.
    bool checkedAtCalls = hasAssigns || hasRequires;
    std::string params = oneLine(d.params);
    // Natively (AcslInstrument.h), where the file defines f: its definition
    // is renamed, and f becomes the companion that checks the precondition
    // of every call (what the engine's call redirection does).
    std::string callee = d.name;
    size_t definedAt = !native_ || !checkedAtCalls ? std::string::npos
                       : d.definition          ? d.nameAt
                                               : definitionOf(s_, d.name);
    if (definedAt != std::string::npos) {
      callee = kImplPrefix + d.name;
      inserts_.push_back({definedAt, d.name.size(), callee});
      if (d.definition) // the calls after it still need f's prototype
        inserts_.push_back({d.at, 0,
                            (d.isStatic ? "static " : "") + d.returnType + " " +
                                d.name + "(" + params + "); "});
    }

    // verify: assume requires; call; check ensures.
    std::vector<std::string> olds;
    std::string pre, post;
    for (const Clause &c : a.clauses) {
      TermScope scope;
      if (c.kind == ClauseKind::Requires) {
        scope.use = Use::Assume;
        pre += lineDirective(c.line) + "  __cosmo_acsl_assume(" +
               property(*c.terms[0], scope, c.line) + ");\n";
      } else if (c.kind == ClauseKind::Ensures) {
        scope.use = Use::Check;
        scope.resultAllowed = !isVoid;
        scope.oldAllowed = true;
        scope.olds = &olds;
        post += lineDirective(c.line) + "  " +
                check(c, property(*c.terms[0], scope, c.line),
                      CheckKind::Postcondition, "ensures", d.name) +
                "\n";
      }
    }
    std::string out = lineDirective(a.line) + d.returnType + " " +
                      kVerifyPrefix + d.name + "(" + params + ") {\n" + pre;
    for (size_t k = 0; k < olds.size(); ++k)
      out += "  __auto_type __cosmo_old_" + std::to_string(k) + " = (" +
             olds[k] + ");\n";
    // The call runs checked against `assigns` (what memory it may write).
    std::string allowed;
    for (const Clause &c : a.clauses)
      if (c.kind == ClauseKind::Assigns) {
        if (allowed.empty())
          allowed = lineDirective(c.line) + "  __cosmo_acsl_frame_begin(" +
                    std::to_string(c.line) + ", " + cStringLiteral(d.name) + ");\n";
        for (const Term::Ref &loc : c.terms)
          allowed += lineDirective(c.line) + "  " + havoc(*loc, c.line, true) +
                     "\n";
      }
    out += allowed + lineDirective(a.line);
    out += isVoid ? "  " + callee + "(" + args + ");\n"
                  : "  " + d.returnType + " __cosmo_result = " + callee + "(" +
                        args + ");\n";
    if (!allowed.empty())
      out += "  __cosmo_acsl_frame_end();\n";
    out += post + (isVoid ? "}\n" : "  return __cosmo_result;\n}\n");
    if (!checkedAtCalls)
      return out;
    f.usable = hasAssigns;
    if (native_) {
      if (definedAt == std::string::npos)
        return out; // f is elsewhere: its calls are not checked natively
      out += lineDirective(a.line) + (d.isStatic ? "static " : "") +
             d.returnType + " " + d.name + "(" + params + ") {\n" +
             preconditionChecks(a, d.name, /*atCall=*/true);
      return out + "  " + (isVoid ? "" : "return ") + callee + "(" + args +
             ");\n}\n";
    }

    // use: check requires; havoc what assigns allows; assume ensures
    // (without assigns, nothing to assume: the call runs the function).
    olds.clear();
    post.clear();
    std::string havocs;
    for (const Clause &c : a.clauses) {
      TermScope scope;
      if (!hasAssigns)
        break;
      if (c.kind == ClauseKind::Ensures) {
        scope.use = Use::Assume;
        scope.resultAllowed = !isVoid;
        scope.oldAllowed = true;
        scope.olds = &olds;
        post += lineDirective(c.line) + "  __cosmo_acsl_assume(" +
                property(*c.terms[0], scope, c.line) + ");\n";
      } else if (c.kind == ClauseKind::Assigns) {
        for (const Term::Ref &loc : c.terms)
          havocs += lineDirective(c.line) + "  " + havoc(*loc, c.line) + "\n";
      }
    }
    // Without assigns the call cannot use the contract (the function could
    // write anything): it runs the function. So does a concrete run (to
    // confirm an error found through the contract).
    std::string runBody = isVoid ? "{ " + d.name + "(" + args + "); return; }\n"
                                 : "return " + d.name + "(" + args + ");\n";
    out += lineDirective(a.line) + d.returnType + " " + kUsePrefix + d.name +
           "(" + params + ") {\n" + preconditionChecks(a, d.name, false);
    if (!hasAssigns)
      return out + "  " + runBody + "}\n";
    out += "  if (!__cosmo_acsl_abstract()) " + runBody;
    for (size_t k = 0; k < olds.size(); ++k)
      out += "  __auto_type __cosmo_old_" + std::to_string(k) + " = (" +
             olds[k] + ");\n";
    out += havocs;
    if (!isVoid)
      out += "  " + d.returnType +
             " __cosmo_result;\n  __cosmo_acsl_havoc(&__cosmo_result, 0, 0, "
             "sizeof(__cosmo_result));\n";
    out += post + (isVoid ? "}\n" : "  return __cosmo_result;\n}\n");
    return out;
  }

  /// Seed 003's loop transformation inside the loop's condition.
  void loop(const Annotation &a, unsigned id) {
    size_t k = skipBlank(s_, a.end);
    auto keyword = [&](const char *w) { return wordAt(s_, k, w); };
    // A do-while loop's head is its body's first statement: the loop code
    // goes there (the body must be a block).
    bool isDo = keyword("do");
    size_t bodyOpen = isDo ? skipBlank(s_, k + 2) : 0;
    if (isDo && (bodyOpen >= s_.size() || s_[bodyOpen] != '{'))
      throw Failure{a.line, "unsupported: an annotated do-while loop whose "
                            "body is not a block"};
    bool isFor = keyword("for");
    if (!isDo && !isFor && !keyword("while"))
      throw Failure{a.line,
                    "a loop annotation must precede a for, while or do loop"};
    size_t open = skipBlank(s_, k + (isFor ? 3 : 5));
    size_t close = !isDo && open < s_.size() && s_[open] == '('
                       ? matching(s_, open)
                       : std::string::npos;
    if (!isDo && close == std::string::npos)
      throw Failure{a.line, "cannot find the condition of the annotated loop"};
    size_t condBegin = open + 1, condEnd = close;
    if (isFor) {
      std::vector<size_t> semis = splitAt(s_, open + 1, close, ';');
      if (semis.size() != 2)
        throw Failure{a.line, "cannot find the condition of the annotated loop"};
      condBegin = semis[0] + 1;
      condEnd = semis[1];
    }
    std::string established, preserved, assumed, havocs, allowed;
    bool hasAssigns = false;
    for (const Clause &c : a.clauses) {
      if (c.kind == ClauseKind::LoopInvariant) {
        TermScope checkScope, assumeScope;
        checkScope.use = Use::Check;
        assumeScope.use = Use::Assume;
        std::string chk = property(*c.terms[0], checkScope, c.line);
        established += check(c, chk, CheckKind::InvariantEstablished,
                             "loop invariant") + " ";
        preserved += check(c, chk, CheckKind::InvariantPreserved,
                           "loop invariant") + " ";
        assumed += "__cosmo_acsl_assume(" +
                   property(*c.terms[0], assumeScope, c.line) + "); ";
      } else if (c.kind == ClauseKind::LoopAssigns) {
        // The iteration's writes are checked against the clause: a frame
        // from after the havoc until the path leaves the loop.
        if (!hasAssigns)
          allowed = "__cosmo_acsl_loop_frame_begin(" + std::to_string(c.line) +
                    "); ";
        hasAssigns = true;
        for (const Term::Ref &loc : c.terms) {
          havocs += havoc(*loc, c.line) + " ";
          allowed += havoc(*loc, c.line, true) + " ";
        }
      }
    }
    // Where the engine runs the program concretely (to confirm an error
    // found through the abstraction), the loop just runs, its invariants
    // checked at each arrival.
    std::string code = "({ if (__cosmo_acsl_loop_first(" + std::to_string(id) +
                       ")) { " + established +
                       "if (__cosmo_acsl_abstract()) { __cosmo_acsl_loop_havoc(" +
                       std::to_string(id) + ", " + (hasAssigns ? "0" : "1") +
                       "); " + havocs + "} " + allowed +
                       "if (__cosmo_acsl_abstract()) { " + assumed +
                       "} } else { " +
                       preserved +
                       "if (__cosmo_acsl_abstract()) __cosmo_acsl_assume(0); } })";
    std::string back = "__cosmo_acsl_loop_back(" + std::to_string(id) + ", ";
    // A loop assigns frame ends where the loop does: a native run learns it
    // from a call after the loop statement, both in a block of their own
    // (a break lands on it; a return ends the frame with the function).
    if (hasAssigns)
      if (size_t end = statementEnd(s_, k); end != std::string::npos) {
        inserts_.push_back({k, 0, "{ "});
        inserts_.push_back(
            {end, 0, " __cosmo_acsl_loop_end(" + std::to_string(id) + "); }",
             -1 - static_cast<long>(id)});
      }
    if (isDo) {
      inserts_.push_back({bodyOpen + 1, 0, " (void)" + code + ";"});
      size_t bodyClose = matching(s_, bodyOpen);
      size_t w = bodyClose == std::string::npos ? bodyClose
                                                : skipBlank(s_, bodyClose + 1);
      size_t condOpen = w == std::string::npos || s_.compare(w, 5, "while") != 0
                            ? std::string::npos
                            : skipBlank(s_, w + 5);
      size_t condClose = condOpen < s_.size() && s_[condOpen] == '('
                             ? matching(s_, condOpen)
                             : std::string::npos;
      if (condClose == std::string::npos)
        throw Failure{a.line, "cannot find the condition of the annotated loop"};
      inserts_.push_back({condOpen + 1, 0, back + "!!("});
      inserts_.push_back({condClose, 0, "))"});
      return;
    }
    bool emptyCond = trim(s_.substr(condBegin, condEnd - condBegin)).empty();
    if (!isFor) { // while (c) -> for (; code, (c); back)
      inserts_.push_back({k, 5, "for"});
      inserts_.push_back({condBegin, 0, "; "});
    }
    inserts_.push_back({condBegin, 0, code + (emptyCond ? ", 1" : ", (")});
    if (!emptyCond)
      inserts_.push_back({condEnd, 0, ")"});
    if (isFor) {
      size_t stepEnd = close;
      bool emptyStep = trim(s_.substr(condEnd + 1, stepEnd - condEnd - 1)).empty();
      if (emptyStep) {
        inserts_.push_back({stepEnd, 0, back + "1)"});
      } else {
        inserts_.push_back({condEnd + 1, 0, "("});
        inserts_.push_back({stepEnd, 0, "), " + back + "1)"});
      }
    } else {
      inserts_.push_back({condEnd, 0, "; " + back + "1)"});
    }
  }

  void assertion(const Annotation &a) {
    std::string code;
    for (const Clause &c : a.clauses) {
      TermScope scope;
      scope.use = Use::Check;
      code += check(c, property(*c.terms[0], scope, c.line),
                    CheckKind::Assertion, "assert") + " ";
    }
    // Keep the comment's line count.
    std::string comment = s_.substr(a.begin, a.end - a.begin);
    code = "{ " + code + "}" +
           std::string(std::count(comment.begin(), comment.end(), '\n'), '\n');
    inserts_.push_back({a.begin, a.end - a.begin, code});
  }

  const std::string &s_;
  std::string path_;
  const AnnotatedFile &file_;
  bool native_;
  std::map<std::string, const LogicDefinition *> logic_;
  std::vector<Insertion> inserts_;
};

} // namespace

llvm::Expected<InstrumentedSource>
instrumentAnnotations(const std::string &original, const std::string &path,
                      bool forNativeRun) {
  auto file = parseAnnotations(original, path);
  if (!file)
    return file.takeError();
  try {
    return Instrumenter(original, path, *file, forNativeRun).run();
  } catch (const Failure &f) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   path + ":" + std::to_string(f.line) + ": " +
                                       f.msg);
  }
}

} // namespace cosmo::frontend::acsl
