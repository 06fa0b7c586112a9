//===- CPrinter.cpp - a generated program as cosmo's input and as oracle --===//
//
// The cosmo text is printed first, recording the line of every statement
// and clause; the oracle text reuses those lines in its checks. The
// oracle's runtime (failure recording, the checks, the enumeration
// driver) is in OracleRuntime below.
//
//===----------------------------------------------------------------------===//
#include "CPrinter.h"

#include <fmt/format.h>

#include <algorithm>

namespace cosmo::differential {

namespace {

const char *cmpText(Cmp c) {
  switch (c) {
  case Cmp::Le: return "<=";
  case Cmp::Ge: return ">=";
  case Cmp::Eq: return "==";
  case Cmp::Ne: return "!=";
  }
  return "?";
}

bool isArithmetic(const std::string &op) {
  return op == "+" || op == "-" || op == "*" || op == "/" || op == "%";
}

/// The part of the oracle that does not depend on the program.
constexpr const char *kOracleRuntime = R"(#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jmp_buf oracle_env;
static const char *oracle_kind;
static char oracle_lines[256];
static int oracle_noted;
static int oracle_probing;
static int oracle_inputs[64];
static int oracle_next_input;

static void oracle_note(int line) {
  size_t used = strlen(oracle_lines);
  snprintf(oracle_lines + used, sizeof oracle_lines - used, "%s%d",
           oracle_noted ? "," : "", line);
  oracle_noted = 1;
}
static void oracle_flush(const char *kind) {
  if (!oracle_noted)
    return;
  oracle_kind = kind;
  longjmp(oracle_env, 1);
}
static void oracle_fail(const char *kind, int line) {
  oracle_note(line);
  oracle_flush(kind);
}
static long oracle_index(long i, long n, int line) {
  if (i < 0 || i >= n)
    oracle_fail("out-of-bounds", line);
  return i;
}
static int *oracle_elem(int *p, long j, int *base, long n, int line) {
  long offset = (long)(p - base) + j;
  if (offset < 0 || offset >= n)
    oracle_fail("out-of-bounds", line);
  return p + j;
}
static int oracle_quot(int n, int d, int line) {
  if (d == 0 || (n == -2147483647 - 1 && d == -1))
    oracle_fail("div-by-zero", line);
  return n / d;
}
static int oracle_rem(int n, int d, int line) {
  if (d == 0 || (n == -2147483647 - 1 && d == -1))
    oracle_fail("div-by-zero", line);
  return n % d;
}
static void *oracle_nonnull(void *p, int line) {
  if (!p)
    oracle_fail("null-deref", line);
  return p;
}
int __VERIFIER_nondet_int(void) { return oracle_inputs[oracle_next_input++]; }
void __VERIFIER_assume(int holds) {
  if (!holds)
    oracle_fail("assume", 0);
}

static long oracle_bound[64], oracle_min[64], oracle_max[64];
static int oracle_cmp[64], oracle_reached[64];
static void oracle_assert(int probe, long value, int line) {
  if (oracle_probing) {
    if (!oracle_reached[probe] || value < oracle_min[probe])
      oracle_min[probe] = value;
    if (!oracle_reached[probe] || value > oracle_max[probe])
      oracle_max[probe] = value;
    oracle_reached[probe] = 1;
    return;
  }
  long b = oracle_bound[probe];
  int holds = oracle_cmp[probe] == 0   ? value <= b
              : oracle_cmp[probe] == 1 ? value >= b
              : oracle_cmp[probe] == 2 ? value == b
                                       : value != b;
  if (!holds)
    oracle_fail("assert", line);
}
/* Runs one tuple: prints "ok" or the error's kind and lines. */
#define ORACLE_RUN(call)                                                   \
  do {                                                                     \
    oracle_lines[0] = 0;                                                   \
    oracle_noted = 0;                                                      \
    oracle_next_input = 0;                                                 \
    if (setjmp(oracle_env) == 0) {                                         \
      call;                                                                \
      printf(" : ok\n");                                                   \
    } else {                                                               \
      printf(" : %s %s\n", oracle_kind, oracle_lines);                     \
    }                                                                      \
  } while (0)
)";

/// Prints expressions; `oracle` selects the checked native form, `acsl`
/// an annotation's term (integer arithmetic in 64 bits natively).
class ExprPrinter {
public:
  ExprPrinter(const Program &p, bool oracle, bool acsl, int line,
              std::vector<const Expr *> *olds = nullptr)
      : program(p), oracle(oracle), acsl(acsl), line(line), olds(olds) {}

  std::string top(const ExprP &e) { return print(*e, true); }

private:
  const Program &program;
  bool oracle, acsl;
  int line;
  std::vector<const Expr *> *olds;

  bool contracted(const std::string &fn) const {
    for (const Function &f : program.functions)
      if (f.name == fn)
        return f.contract.has_value();
    return false;
  }

  std::string print(const Expr &e, bool outer = false) {
    switch (e.kind) {
    case ExprKind::Const:
      return e.value < 0 && !outer ? fmt::format("({})", e.value)
                                   : fmt::format("{}", e.value);
    case ExprKind::Var:
      return e.name;
    case ExprKind::Binary: {
      std::string a = print(*e.args[0]), b = print(*e.args[1]);
      if (oracle && acsl && isArithmetic(e.op)) {
        a = "(long long)" + a;
        b = "(long long)" + b;
      }
      if (oracle && !acsl && (e.op == "/" || e.op == "%"))
        return fmt::format("oracle_{}({}, {}, {})",
                           e.op == "/" ? "quot" : "rem", a, b, line);
      std::string text = a + " " + e.op + " " + b;
      return outer ? text : "(" + text + ")";
    }
    case ExprKind::Elem: {
      std::string index = print(*e.args[0], true);
      if (oracle)
        index = fmt::format("oracle_index({}, {}, {})", index, e.size, line);
      std::string text = e.name + "[" + index + "]";
      return e.field.empty() ? text : text + "." + e.field;
    }
    case ExprKind::PtrElem: {
      std::string index = print(*e.args[0], true);
      if (!oracle)
        return e.name + "[" + index + "]";
      return fmt::format("(*oracle_elem({}, {}, {}, {}, {}))", e.name, index,
                         e.base, e.size, line);
    }
    case ExprKind::NodeField: {
      std::string node = print(*e.args[0]);
      if (oracle)
        node = fmt::format("((struct node *)oracle_nonnull({}, {}))", node,
                           line);
      return node + "->" + e.field;
    }
    case ExprKind::AddrOf:
      return "&" + e.name + "[" + print(*e.args[0], true) + "]";
    case ExprKind::Call: {
      std::string text = e.name + "(";
      for (size_t i = 0; i < e.args.size(); ++i)
        text += (i ? ", " : "") + print(*e.args[i], true);
      if (oracle && contracted(e.name))
        text += fmt::format("{}{}", e.args.empty() ? "" : ", ", line);
      return text + ")";
    }
    case ExprKind::Result:
      return oracle ? "oracle_result" : "\\result";
    case ExprKind::Old:
      if (!oracle)
        return "\\old(" + print(*e.args[0], true) + ")";
      olds->push_back(&e);
      return fmt::format("oracle_old{}", olds->size() - 1);
    }
    return "?";
  }
};

/// What the statement printer needs to know about where it prints.
struct Scope {
  const Function *function = nullptr; // null: main
  /// Globals a write may change without an `assigns` error; none: any.
  std::optional<std::set<std::string>> assignable;
};

class ProgramPrinter {
public:
  explicit ProgramPrinter(const Program &p) : program(p) {}

  PrintedProgram run() {
    PrintedProgram out;
    cosmoPass = true;
    text.clear();
    lineNo = 1;
    printAll();
    out.cosmoText = text;
    cosmoPass = false;
    text = kOracleRuntime;
    printAll();
    printOracleDriver();
    out.oracleText = text;
    out.lines = lines;
    return out;
  }

private:
  const Program &program;
  bool cosmoPass = true;
  std::string text;
  int lineNo = 1;
  LineMap lines;
  int depth = 0;

  void emit(const std::string &s) {
    text += std::string(2 * depth, ' ') + s + "\n";
    ++lineNo;
  }
  int stmtLine(const Stmt &s) {
    if (cosmoPass)
      lines.stmt[&s] = lineNo;
    return lines.stmt.at(&s);
  }
  int clauseLine(const Expr &e) {
    if (cosmoPass)
      lines.clause[&e] = lineNo;
    return lines.clause.at(&e);
  }
  std::string expr(const ExprP &e, int line) {
    return ExprPrinter(program, !cosmoPass, false, line).top(e);
  }

  //===-- declarations ----------------------------------------------------===//

  void printAll() {
    if (cosmoPass) {
      emit("extern int __VERIFIER_nondet_int(void);");
      emit("extern void __VERIFIER_assume(int);");
      emit("extern void reach_error(void);");
      if (program.usesMalloc)
        emit("extern void *malloc(unsigned long);");
    }
    if (program.hasPair || program.pairArraySize)
      emit("struct pair { int x; int y; };");
    if (program.poolSize || program.usesMalloc)
      emit("struct node { int val; struct node *next; };");
    for (const GlobalArray &a : program.arrays) {
      std::string init;
      for (size_t i = 0; i < a.init.size(); ++i)
        init += (i ? ", " : "") + fmt::format("{}", a.init[i]);
      emit(fmt::format("int {}[{}] = {{{}}};", a.name, a.init.size(), init));
    }
    if (program.hasPair)
      emit(fmt::format("struct pair gs = {{{}, {}}};", program.pairInit[0],
                       program.pairInit[1]));
    if (program.pairArraySize)
      emit(fmt::format("struct pair sa[{}];", program.pairArraySize));
    if (program.hasCounter)
      emit("int gc = 0;");
    if (program.poolSize)
      emit(fmt::format("struct node pool[{}];", program.poolSize));
    if (!cosmoPass)
      printPrototypes();
    for (const Function &f : program.functions)
      printFunction(f);
    printMain();
  }

  std::string paramList(const Function &f, bool withLine) {
    std::string s;
    for (const std::string &p : f.params)
      s += (s.empty() ? "" : ", ") +
           std::string(f.listParam ? "struct node *" : "int ") + p;
    if (withLine)
      s += std::string(s.empty() ? "" : ", ") + "int oracle_line";
    return s.empty() ? "void" : s;
  }
  std::string argList(const Function &f) {
    std::string s;
    for (const std::string &p : f.params)
      s += (s.empty() ? "" : ", ") + p;
    return s;
  }
  std::string ret(const Function &f) { return f.returnsInt ? "int" : "void"; }

  void printPrototypes() {
    for (const Function &f : program.functions) {
      if (f.contract) {
        emit(fmt::format("static {} {}__body({});", ret(f), f.name,
                         paramList(f, false)));
        emit(fmt::format("static {} {}__checked({});", ret(f), f.name,
                         paramList(f, false)));
      }
      emit(fmt::format("static {} {}({});", ret(f), f.name,
                       paramList(f, f.contract.has_value())));
    }
  }

  //===-- functions -------------------------------------------------------===//

  void printContractComment(const Function &f) {
    const Contract &c = *f.contract;
    bool first = true;
    auto clause = [&](const char *kw, const ExprP &e) {
      clauseLine(*e);
      emit(fmt::format("{}{} {};", first ? "/*@ " : "    ", kw, expr(e, 0)));
      first = false;
    };
    for (const ExprP &r : c.requiresClauses)
      clause("requires", r);
    for (const ExprP &e : c.ensures)
      clause("ensures", e);
    if (c.assigns) {
      std::string items;
      for (const AssignsItem &a : *c.assigns)
        items += (items.empty() ? "" : ", ") + a.text;
      emit(fmt::format("{}assigns {};", first ? "/*@ " : "    ",
                       items.empty() ? "\\nothing" : items));
    }
    emit("*/");
  }

  std::string acsl(const ExprP &e, std::vector<const Expr *> *olds) {
    return ExprPrinter(program, true, true, 0, olds).top(e);
  }

  void printFunction(const Function &f) {
    Scope scope{&f, std::nullopt};
    if (!f.contract) {
      int first = lineNo;
      emit(fmt::format("{}{} {}({}) {{", cosmoPass ? "" : "static ", ret(f),
                       f.name, paramList(f, false)));
      printBody(f.body, scope);
      emit("}");
      if (cosmoPass)
        lines.function[f.name] = Range{first, lineNo - 1};
      return;
    }
    const Contract &c = *f.contract;
    if (c.assigns) {
      scope.assignable.emplace();
      for (const AssignsItem &a : *c.assigns)
        scope.assignable->insert(a.root);
    }
    if (cosmoPass) {
      int first = lineNo;
      printContractComment(f);
      emit(fmt::format("{} {}({}) {{", ret(f), f.name, paramList(f, false)));
      printBody(f.body, scope);
      emit("}");
      lines.function[f.name] = Range{first, lineNo - 1};
      return;
    }
    // The wrapper every call goes through: `requires` at the call's line.
    emit(fmt::format("static {} {}({}) {{", ret(f), f.name,
                     paramList(f, true)));
    std::string pre;
    for (const ExprP &r : c.requiresClauses)
      pre += (pre.empty() ? "" : " && ") + acsl(r, nullptr);
    emit(fmt::format("  if (!({})) oracle_fail(\"precondition\", oracle_line);",
                     pre));
    emit(fmt::format("  {}{}__checked({});", f.returnsInt ? "return " : "",
                     f.name, argList(f)));
    emit("}");
    // The body between its `\old` snapshots and its `ensures` checks.
    std::vector<const Expr *> olds;
    std::vector<std::string> checks;
    for (const ExprP &e : c.ensures)
      checks.push_back(fmt::format("  if (!({})) oracle_note({});",
                                   acsl(e, &olds), lines.clause.at(e.get())));
    emit(fmt::format("static {} {}__checked({}) {{", ret(f), f.name,
                     paramList(f, false)));
    for (size_t i = 0; i < olds.size(); ++i)
      emit(fmt::format("  long long oracle_old{} = {};", i,
                       acsl(olds[i]->args[0], nullptr)));
    emit(fmt::format("  {}{}__body({});",
                     f.returnsInt ? "int oracle_result = " : "", f.name,
                     argList(f)));
    for (const std::string &check : checks)
      emit(check);
    emit("  oracle_flush(\"postcondition\");");
    if (f.returnsInt)
      emit("  return oracle_result;");
    emit("}");
    emit(fmt::format("static {} {}__body({}) {{", ret(f), f.name,
                     paramList(f, false)));
    printBody(f.body, scope);
    emit("}");
  }

  void printMain() {
    int first = lineNo;
    emit(cosmoPass ? "int main(void) {" : "static int program_main(void) {");
    ++depth;
    for (const Input &in : program.inputs) {
      emit(fmt::format("int {} = __VERIFIER_nondet_int();", in.name));
      emit(fmt::format("__VERIFIER_assume({} <= {} && {} <= {});",
                       in.range.lo, in.name, in.name, in.range.hi));
    }
    if (program.arrayInputs) {
      emit(fmt::format("for (int k = 0; k < {}; k++) {{", program.arrayInputs));
      emit("  ga[k] = __VERIFIER_nondet_int();");
      emit(fmt::format("  __VERIFIER_assume({} <= ga[k] && ga[k] <= {});",
                       program.arrayInputRange.lo, program.arrayInputRange.hi));
      emit("}");
    }
    --depth;
    printBody(program.mainBody, Scope{});
    emit("  return 0;");
    emit("}");
    if (cosmoPass)
      lines.function["main"] = Range{first, lineNo - 1};
  }

  //===-- statements ------------------------------------------------------===//

  void printBody(const std::vector<StmtP> &body, const Scope &scope) {
    ++depth;
    for (const StmtP &s : body)
      printStmt(*s, scope);
    --depth;
  }

  /// The oracle's `assigns` check before a store to `target`.
  std::string assignsCheck(const Expr &target, const Scope &scope, int line) {
    if (cosmoPass || !scope.assignable)
      return "";
    std::string global = writtenGlobal(target);
    if (global.empty() || scope.assignable->count(global))
      return "";
    return fmt::format("oracle_fail(\"assigns\", {}); ", line);
  }

  void printStmt(const Stmt &s, const Scope &scope) {
    switch (s.kind) {
    case StmtKind::Decl: {
      int line = stmtLine(s);
      std::string sep = s.type.back() == '*' ? "" : " ";
      emit(s.type + sep + s.name + " = " + expr(s.expr, line) + ";");
      return;
    }
    case StmtKind::Assign: {
      int line = stmtLine(s);
      emit(assignsCheck(*s.target, scope, line) + expr(s.target, line) +
           " = " + expr(s.expr, line) + ";");
      return;
    }
    case StmtKind::Eval: {
      int line = stmtLine(s);
      emit(expr(s.expr, line) + ";");
      return;
    }
    case StmtKind::Return: {
      int line = stmtLine(s);
      emit("return " + expr(s.expr, line) + ";");
      return;
    }
    case StmtKind::Assert: {
      int line = stmtLine(s);
      if (cosmoPass)
        emit(fmt::format("if (!({} {} {})) reach_error();",
                         expr(s.expr, line), cmpText(s.cmp),
                         s.bound < 0 ? fmt::format("({})", s.bound)
                                     : fmt::format("{}", s.bound)));
      else
        emit(fmt::format("oracle_assert({}, {}, {});", s.probe,
                         expr(s.expr, line), line));
      return;
    }
    case StmtKind::If: {
      int line = stmtLine(s);
      emit("if (" + expr(s.expr, line) + ") {");
      printBody(s.body, scope);
      if (!s.orelse.empty()) {
        emit("} else {");
        printBody(s.orelse, scope);
      }
      emit("}");
      return;
    }
    case StmtKind::While: {
      int line = stmtLine(s);
      emit("while (" + expr(s.expr, line) + ") {");
      printBody(s.body, scope);
      emit("}");
      return;
    }
    case StmtKind::For:
      printFor(s, scope);
      return;
    }
  }

  void printFor(const Stmt &s, const Scope &scope) {
    bool annotated = !s.invariants.empty() || s.loopAssigns;
    Scope inner = scope;
    if (s.loopAssigns) {
      inner.assignable.emplace();
      for (const std::string &item : *s.loopAssigns)
        inner.assignable->insert(item.substr(0, item.find('[')));
    }
    std::vector<int> invariantLines;
    if (annotated && cosmoPass) {
      bool first = true;
      for (const ExprP &inv : s.invariants) {
        clauseLine(*inv);
        emit(fmt::format("{}loop invariant {};", first ? "/*@ " : "    ",
                         expr(inv, 0)));
        first = false;
      }
      if (s.loopAssigns) {
        std::string items;
        for (const std::string &item : *s.loopAssigns)
          items += (items.empty() ? "" : ", ") + item;
        emit(fmt::format("{}loop assigns {};", first ? "/*@ " : "    ", items));
      }
      emit("*/");
    }
    int line = stmtLine(s);
    std::string start = expr(s.start, line);
    std::string cond = fmt::format("{} {} {}", s.name, s.inclusive ? "<=" : "<",
                                   expr(s.expr, line));
    if (s.guard)
      cond += " && " + expr(s.guard, line);
    std::string init = (s.declaresVar ? "int " : "") + s.name + " = " + start;
    if (cosmoPass || s.invariants.empty()) {
      emit(fmt::format("for ({}; {}; {}++) {{", init, cond, s.name));
      printBody(s.body, inner);
      emit("}");
      return;
    }
    // Natively: the invariants at every arrival at the loop head.
    emit("{");
    emit("  int oracle_first = 1;");
    emit(fmt::format("  for ({}; ; {}++) {{", init, s.name));
    for (const ExprP &inv : s.invariants)
      emit(fmt::format("    if (!({})) oracle_note({});", acsl(inv, nullptr),
                       lines.clause.at(inv.get())));
    emit("    oracle_flush(oracle_first ? \"invariant-established\" "
         ": \"invariant-preserved\");");
    emit("    oracle_first = 0;");
    emit(fmt::format("    if (!({})) break;", cond));
    ++depth;
    printBody(s.body, inner);
    --depth;
    emit("  }");
    emit("}");
  }

  //===-- the oracle's driver ---------------------------------------------===//

  /// Nested loops over `ranges` around `body`, printing the tuple first.
  void enumerate(const std::string &label, const std::vector<Range> &ranges,
                 const std::vector<std::string> &vars,
                 const std::string &filter, const std::string &run) {
    emit("{");
    for (size_t i = 0; i < ranges.size(); ++i)
      emit(fmt::format("for (long {} = {}; {} <= {}; {}++)", vars[i],
                       ranges[i].lo, vars[i], ranges[i].hi, vars[i]));
    emit("{");
    emit("  oracle_reset();");
    emit(fmt::format("  printf(\"{}\");", label));
    for (const std::string &v : vars)
      emit(fmt::format("  printf(\" %ld\", {});", v));
    if (!filter.empty())
      emit(fmt::format("  if (!({})) {{ printf(\" : skip\\n\"); continue; }}",
                       filter));
    emit("  " + run);
    emit("}");
    emit("}");
  }

  /// oracle_set_global(name, hex): a global's bytes from a test vector.
  void printGlobalSetter() {
    emit("static void oracle_set_global(const char *name, const char *hex) {");
    emit("  struct { const char *name; void *at; size_t size; } globals[] = {");
    for (const GlobalArray &a : program.arrays)
      emit(fmt::format("    {{\"{0}\", {0}, sizeof {0}}},", a.name));
    if (program.hasPair)
      emit("    {\"gs\", &gs, sizeof gs},");
    if (program.pairArraySize)
      emit("    {\"sa\", sa, sizeof sa},");
    if (program.hasCounter)
      emit("    {\"gc\", &gc, sizeof gc},");
    if (program.poolSize)
      emit("    {\"pool\", pool, sizeof pool},");
    emit("    {0, 0, 0}};");
    emit("  for (int g = 0; globals[g].name; g++) {");
    emit("    if (strcmp(globals[g].name, name) != 0) continue;");
    emit("    for (size_t i = 0; i < globals[g].size && hex[2 * i] && hex[2 * i + 1]; i++) {");
    emit("      char byte[3] = {hex[2 * i], hex[2 * i + 1], 0};");
    emit("      ((unsigned char *)globals[g].at)[i] = (unsigned char)strtoul(byte, 0, 16);");
    emit("    }");
    emit("  }");
    emit("}");
  }

  /// `oracle vector F ARG... [-- NAME HEX]...`: one contract test vector
  /// whose globals are inputs, run as its isolated run would be.
  void printVectorMode() {
    emit("  if (argc > 2 && strcmp(argv[1], \"vector\") == 0) {");
    emit("    oracle_reset();");
    emit("    int a = 3;");
    emit("    while (a < argc && strcmp(argv[a], \"--\") != 0) a++;");
    emit("    for (int g = a + 1; g + 1 < argc; g += 2) oracle_set_global(argv[g], argv[g + 1]);");
    emit("    printf(\"vector\");");
    for (const Function &f : program.functions) {
      if (!f.contract)
        continue;
      std::string bind, pre;
      for (size_t i = 0; i < f.params.size(); ++i)
        bind += fmt::format("int {} = atoi(argv[{}]); ", f.params[i], 3 + i);
      for (const ExprP &r : f.contract->requiresClauses)
        pre += (pre.empty() ? "" : " && ") + acsl(r, nullptr);
      emit(fmt::format("    if (strcmp(argv[2], \"{}\") == 0 && a == {}) {{", f.name,
                       3 + f.params.size()));
      emit("      " + bind);
      if (!pre.empty())
        emit(fmt::format("      if (!({})) {{ printf(\" : skip\\n\"); return 0; }}", pre));
      emit(fmt::format("      ORACLE_RUN({}__checked({}));", f.name, argList(f)));
      emit("      return 0;");
      emit("    }");
    }
    emit("    printf(\" : unknown-function\\n\");");
    emit("    return 0;");
    emit("  }");
  }

  void printOracleDriver() {
    emit("static void oracle_reset(void) {");
    for (const GlobalArray &a : program.arrays) {
      std::string init;
      for (long v : a.init)
        init += fmt::format("{}, ", v);
      emit(fmt::format("  static const int init_{}[] = {{{}}};", a.name, init));
      emit(fmt::format("  memcpy({}, init_{}, sizeof {});", a.name, a.name,
                       a.name));
    }
    if (program.hasPair)
      emit(fmt::format("  gs.x = {}; gs.y = {};", program.pairInit[0],
                       program.pairInit[1]));
    if (program.pairArraySize)
      emit("  memset(sa, 0, sizeof sa);");
    if (program.hasCounter)
      emit("  gc = 0;");
    if (program.poolSize)
      emit("  memset(pool, 0, sizeof pool);");
    emit("}");

    printGlobalSetter();
    emit("int main(int argc, char **argv) {");
    printVectorMode();
    emit("  oracle_probing = argc > 1 && strcmp(argv[1], \"probe\") == 0;");
    emit(fmt::format("  for (int i = 0; !oracle_probing && i < {}; i++) {{",
                     program.probes));
    emit("    oracle_cmp[i] = atoi(argv[1 + 2 * i]);");
    emit("    oracle_bound[i] = atol(argv[2 + 2 * i]);");
    emit("  }");
    std::vector<Range> ranges;
    std::vector<std::string> vars;
    for (const Input &in : program.inputs) {
      ranges.push_back(in.range);
      vars.push_back("v_" + in.name);
    }
    for (int i = 0; i < program.arrayInputs; ++i) {
      ranges.push_back(program.arrayInputRange);
      vars.push_back(fmt::format("v_ga{}", i));
    }
    std::string feed;
    for (size_t i = 0; i < vars.size(); ++i)
      feed += fmt::format("oracle_inputs[{}] = (int){}; ", i, vars[i]);
    enumerate("main", ranges, vars, "",
              feed + "ORACLE_RUN(program_main());");
    for (const Function &f : program.functions) {
      if (!f.contract)
        continue;
      std::vector<std::string> params;
      std::string bind, pre;
      for (const std::string &p : f.params) {
        params.push_back("v_" + p);
        bind += fmt::format("int {} = (int)v_{}; ", p, p);
      }
      for (const ExprP &r : f.contract->requiresClauses)
        pre += (pre.empty() ? "" : " && ") + acsl(r, nullptr);
      // `requires` over the parameters' names: bound inside the filter.
      std::string filter =
          pre.empty() ? "" : fmt::format("({{ {}{}; }})", bind, pre);
      enumerate("contract " + f.name, f.contract->paramBox, params, filter,
                fmt::format("{{ {}ORACLE_RUN({}__checked({})); }}", bind,
                            f.name, argList(f)));
    }
    emit("  if (oracle_probing)");
    emit(fmt::format("    for (int i = 0; i < {}; i++)", program.probes));
    emit("      printf(\"probe %d %d %ld %ld\\n\", i, oracle_reached[i], "
         "oracle_min[i], oracle_max[i]);");
    emit("  return 0;");
    emit("}");
  }
};

} // namespace

PrintedProgram printProgram(const Program &p) {
  return ProgramPrinter(p).run();
}

std::vector<std::string> oracleAssertionArgs(const Program &p) {
  std::vector<std::string> args(2 * p.probes, "0");
  forEachStmt(p.mainBody, [&](const StmtP &s) {
    if (s->kind == StmtKind::Assert) {
      args[2 * s->probe] = fmt::format("{}", static_cast<int>(s->cmp));
      args[2 * s->probe + 1] = fmt::format("{}", s->bound);
    }
  });
  for (const Function &f : p.functions)
    forEachStmt(f.body, [&](const StmtP &s) {
      if (s->kind == StmtKind::Assert) {
        args[2 * s->probe] = fmt::format("{}", static_cast<int>(s->cmp));
        args[2 * s->probe + 1] = fmt::format("{}", s->bound);
      }
    });
  return args;
}

} // namespace cosmo::differential
