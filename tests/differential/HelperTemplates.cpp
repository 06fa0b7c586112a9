//===- HelperTemplates.cpp - the helper functions main calls --------------===//
//
// Each call of a helper gets a helper of its own, made from a template
// with constants drawn here: with a contract (about two in three; with an
// `assigns` clause in most) or without. A contract's `requires` is the box
// of what its call passes (sometimes a little wider), plus one relational
// clause for `range`; its `ensures` are exact, so an original program's
// contracts hold. The box the oracle enumerates for the isolated run is
// the `requires` box widened by 3 on each side (a mutation may weaken
// `requires`), filtered by `requires` itself.
//
//===----------------------------------------------------------------------===//
#include "AstBuilders.h"
#include "GeneratorState.h"

namespace cosmo::differential {

using namespace build;

namespace {

/// The templates, by what they need of their arguments.
const std::vector<std::string> kMainTemplates = {
    "accum", "rec", "get", "put", "bump", "maxof", "quot", "range"};
const std::vector<std::string> kLoopTemplates = {"accum", "rec", "get",
                                                 "maxof"};

Range widen(Range r, long by) { return Range{r.lo - by, r.hi + by}; }

} // namespace

const Function &GeneratorState::makeHelper(const std::string &tmpl,
                                           const std::vector<Range> &ranges) {
  Function f;
  f.name = fresh(tmpl);
  Contract c;
  std::vector<AssignsItem> assigns;
  int n = arraySize();
  auto requireBox = [&](const std::string &param, Range r) {
    if (rng.chance(30))
      r.hi += rng.between(1, 2);
    c.requiresClauses.push_back(within(var(param), r));
    c.paramBox.push_back(widen(r, 3));
  };
  if (tmpl == "accum") {
    long k = rng.pick(std::vector<long>{-3, -1, 1, 2, 3, 5});
    f.params = {"n"};
    requireBox("n", ranges[0]);
    f.body.push_back(decl("int", "s", num(0)));
    StmtP loop = forLoop("i", num(0), var("n"), {assign(var("s"), bin("+", var("s"), num(k)))});
    if (rng.chance(50)) {
      f.body.push_back(decl("int", "i", num(0)));
      loop->declaresVar = false;
      loop->invariants = {bin("&&", bin("<=", num(0), var("i")), bin("<=", var("i"), var("n"))),
                          bin("==", var("s"), bin("*", num(k), var("i")))};
      loop->loopAssigns = std::vector<std::string>{"i", "s"};
    }
    f.body.push_back(loop);
    f.body.push_back(ret(var("s")));
    c.ensures.push_back(bin("==", result(), bin("*", num(k), var("n"))));
  } else if (tmpl == "rec") {
    long base = rng.between(0, 5), step = rng.between(1, 4);
    f.params = {"n"};
    requireBox("n", ranges[0]);
    f.body.push_back(ifThen(bin("<=", var("n"), num(0)), {ret(num(base))}));
    f.body.push_back(ret(bin("+", call(f.name, {bin("-", var("n"), num(1))}), num(step))));
    c.ensures.push_back(bin("==", result(), bin("+", num(base), bin("*", num(step), var("n")))));
  } else if (tmpl == "get") {
    f.params = {"k"};
    c.requiresClauses.push_back(within(var("k"), Range{0, n - 1}));
    c.paramBox.push_back(widen(Range{0, n - 1}, 3));
    f.body.push_back(ret(elem("ga", n, var("k"))));
    c.ensures.push_back(bin("==", result(), elem("ga", n, var("k"))));
  } else if (tmpl == "put") {
    f.returnsInt = false;
    f.params = {"k", "v"};
    c.requiresClauses.push_back(within(var("k"), Range{0, n - 1}));
    c.paramBox.push_back(widen(Range{0, n - 1}, 3));
    requireBox("v", ranges[1]);
    f.body.push_back(assign(elem("ga", n, var("k")), var("v")));
    c.ensures.push_back(bin("==", elem("ga", n, var("k")), var("v")));
    assigns.push_back({"ga[0 .. " + std::to_string(n - 1) + "]", "ga"});
  } else if (tmpl == "bump") {
    program.hasPair = program.hasCounter = true;
    f.params = {"d"};
    requireBox("d", ranges[0]);
    f.body.push_back(assign(var("gs.x"), bin("+", var("gs.x"), var("d"))));
    f.body.push_back(assign(var("gc"), bin("+", var("gc"), num(1))));
    f.body.push_back(ret(var("gs.x")));
    c.ensures.push_back(bin("==", var("gs.x"), bin("+", old(var("gs.x")), var("d"))));
    c.ensures.push_back(bin("==", result(), var("gs.x")));
    assigns.push_back({"gs.x", "gs.x"});
    assigns.push_back({"gc", "gc"});
  } else if (tmpl == "maxof") {
    f.params = {"a", "b"};
    requireBox("a", ranges[0]);
    requireBox("b", ranges[1]);
    f.body.push_back(ifThen(bin(">", var("a"), var("b")), {ret(var("a"))}));
    f.body.push_back(ret(var("b")));
    c.ensures.push_back(bin("&&", bin(">=", result(), var("a")), bin(">=", result(), var("b"))));
    c.ensures.push_back(bin("||", bin("==", result(), var("a")), bin("==", result(), var("b"))));
  } else if (tmpl == "quot") {
    f.params = {"a", "b"};
    requireBox("a", ranges[0]);
    requireBox("b", ranges[1]);
    f.body.push_back(ret(bin("/", var("a"), var("b"))));
    c.ensures.push_back(bin("==", result(), bin("/", var("a"), var("b"))));
  } else { // range
    f.params = {"lo", "hi"};
    requireBox("lo", ranges[0]);
    requireBox("hi", ranges[1]);
    c.requiresClauses.push_back(bin("<=", var("lo"), var("hi")));
    f.body.push_back(decl("int", "s", num(0)));
    f.body.push_back(forLoop("i", var("lo"), var("hi"),
                             {assign(var("s"), bin("+", var("s"), bin("%", var("i"), num(4))))}));
    f.body.push_back(ret(var("s")));
    c.ensures.push_back(bin(">=", result(), num(0)));
    c.ensures.push_back(bin("<=", result(), bin("*", num(3), bin("-", var("hi"), var("lo")))));
  }
  if (rng.chance(65)) {
    if (rng.chance(85))
      c.assigns = assigns;
    f.contract = c;
  } else {
    // Without a contract nothing checks what the loop promised either.
    forEachStmt(f.body, [](const StmtP &s) {
      s->invariants.clear();
      s->loopAssigns.reset();
    });
  }
  program.functions.push_back(std::move(f));
  return program.functions.back();
}

std::string GeneratorState::callHelper(std::vector<StmtP> &out) {
  const std::string &tmpl = rng.pick(kMainTemplates);
  int n = arraySize();
  std::vector<ExprP> args;
  std::vector<Range> ranges;
  std::vector<StmtP> guarded; // statements that need `index < n`
  ExprP guardCond;
  auto inputArg = [&](InputRole role) {
    const Input &in = needInput(role);
    args.push_back(var(in.name));
    ranges.push_back(in.range);
    return in;
  };
  if (tmpl == "accum" || tmpl == "rec") {
    inputArg(InputRole::Bound);
  } else if (tmpl == "get" || tmpl == "put") {
    Input k = inputArg(InputRole::Index);
    if (k.range.hi >= n)
      guardCond = bin("<", var(k.name), num(n));
    if (tmpl == "put")
      inputArg(InputRole::Small);
  } else if (tmpl == "bump" || tmpl == "maxof") {
    inputArg(InputRole::Small);
    if (tmpl == "maxof")
      inputArg(rng.chance(50) ? InputRole::Small : InputRole::Bound);
  } else if (tmpl == "quot") {
    inputArg(InputRole::Small);
    Input b = needInput(InputRole::Bound);
    args.push_back(bin("+", var(b.name), num(1)));
    ranges.push_back(Range{b.range.lo + 1, b.range.hi + 1});
  } else { // range: range(x, x + y)
    Input x = inputArg(InputRole::Bound);
    Input y = needInput(InputRole::Bound);
    args.push_back(bin("+", var(x.name), var(y.name)));
    ranges.push_back(Range{x.range.lo + y.range.lo, x.range.hi + y.range.hi});
  }
  const Function &f = makeHelper(tmpl, ranges);
  std::vector<std::optional<Range>> argRanges(ranges.begin(), ranges.end());
  ExprP c = call(f.name, args, argRanges);
  std::string r;
  StmtP stmt;
  if (f.returnsInt) {
    r = fresh("r");
    out.push_back(decl("int", r, num(0)));
    stmt = assign(var(r), c);
  } else {
    stmt = eval(c);
  }
  if (guardCond)
    out.push_back(guardIf(guardCond, {stmt}));
  else
    out.push_back(stmt);
  return r;
}

ExprP GeneratorState::helperTerm(const ExprP &arg, Range range) {
  const std::string &tmpl = rng.pick(kLoopTemplates);
  if (tmpl == "maxof") {
    long k = rng.between(-2, 6);
    const Function &f = makeHelper(tmpl, {range, Range{k, k}});
    return call(f.name, {arg, num(k)}, {range, Range{k, k}});
  }
  if (tmpl == "get" && range.hi >= arraySize())
    return helperTerm(arg, range); // drawn again: get needs an index
  const Function &f = makeHelper(tmpl, {range});
  return call(f.name, {arg}, {range});
}

std::string GeneratorState::listHelper() {
  Function f;
  f.name = fresh("list_sum");
  f.params = {"h"};
  f.listParam = true;
  f.body.push_back(decl("int", "s", num(0)));
  f.body.push_back(whileLoop(
      bin("!=", var("h"), null()),
      {assign(var("s"), bin("+", var("s"), nodeField(var("h"), "val"))),
       assign(var("h"), nodeField(var("h"), "next"))}));
  f.body.push_back(ret(var("s")));
  program.functions.push_back(std::move(f));
  return program.functions.back().name;
}

} // namespace cosmo::differential
