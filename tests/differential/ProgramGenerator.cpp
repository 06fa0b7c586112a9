//===- ProgramGenerator.cpp - main's segments and the assertion bounds ----===//
//
// A program is `ga` (4 to 8 ints), maybe a few of its cells read as
// inputs, and two to four segments of main, each a construct where the
// modes of cosmo can disagree, most ending in an assertion on what they
// computed; a last assertion may relate two of those values. The guards
// that keep an original program free of errors are marked (guardIf, a
// loop's `guard`) so that a mutation can drop them.
//
//===----------------------------------------------------------------------===//
#include "AstBuilders.h"
#include "GeneratorState.h"

#include <algorithm>

namespace cosmo::differential {

using namespace build;

//===-- inputs and assertions ---------------------------------------------===//

long GeneratorState::boxSize() const {
  long size = 1;
  for (const Input &in : program.inputs)
    size *= in.range.size();
  for (int i = 0; i < program.arrayInputs; ++i)
    size *= program.arrayInputRange.size();
  return size;
}

const Input &GeneratorState::needInput(InputRole role) {
  std::vector<size_t> same;
  for (size_t i = 0; i < program.inputs.size(); ++i)
    if (roles.at(program.inputs[i].name) == role)
      same.push_back(i);
  long room = kMaxTuples / boxSize();
  bool full = program.inputs.size() == 4 || room < 3;
  if (!same.empty() && (full || rng.chance(40)))
    return program.inputs[rng.pick(same)];
  if (program.inputs.size() == 4) {
    // Every input is taken by another role: one whose values suit this one.
    std::vector<size_t> suitable;
    for (size_t i = 0; i < program.inputs.size(); ++i)
      if (role == InputRole::Small || program.inputs[i].range.lo >= 0)
        suitable.push_back(i);
    return program.inputs[suitable.empty() ? 0 : rng.pick(suitable)];
  }
  Range r;
  switch (role) {
  case InputRole::Bound:
    r.lo = rng.pick(std::vector<long>{0, 0, 0, 1, 2});
    r.hi = rng.chance(60) ? rng.between(17, 40) : rng.between(4, 16);
    break;
  case InputRole::Index:
    r.lo = 0;
    r.hi = arraySize() - 1 + (rng.chance(50) ? 0 : rng.between(1, 2));
    break;
  case InputRole::Small:
    r.lo = -rng.between(0, 5);
    r.hi = rng.between(1, 6);
    break;
  }
  // Within budget: the range shrinks, to one value when the budget is spent.
  r.hi = std::min(r.hi, r.lo + std::max(room, 1L) - 1);
  program.inputs.push_back(Input{"x" + std::to_string(program.inputs.size()), r});
  roles[program.inputs.back().name] = role;
  return program.inputs.back();
}

void GeneratorState::assertOn(std::vector<StmtP> &out, ExprP lhs) {
  auto s = std::make_shared<Stmt>();
  s->kind = StmtKind::Assert;
  s->expr = std::move(lhs);
  long c = rng.between(0, 99);
  s->cmp = c < 45 ? Cmp::Le : c < 80 ? Cmp::Ge : c < 90 ? Cmp::Eq : Cmp::Ne;
  s->probe = program.probes++;
  out.push_back(s);
}

namespace {

//===-- segments ------------------------------------------------------------===//

/// A segment appends to main's body; it may leave an int value behind.
using Segment = std::string (*)(GeneratorState &, std::vector<StmtP> &);

/// s = sum over i < bound of a term; nested loops; conditional steps;
/// helper calls in the body.
std::string accumulate(GeneratorState &g, std::vector<StmtP> &out) {
  const Input &b = g.needInput(InputRole::Bound);
  std::string s = g.fresh("s"), i = g.fresh("i");
  out.push_back(decl("int", s, num(0)));
  std::vector<StmtP> body;
  long variant = g.rng.between(0, 3);
  if (variant == 0) {
    long m = g.rng.between(2, 5);
    body.push_back(assign(var(s), bin("+", var(s), bin("%", var(i), num(m)))));
  } else if (variant == 1) {
    std::string j = g.fresh("j");
    ExprP inner = g.rng.chance(50) ? var(i) : var(g.needInput(InputRole::Bound).name);
    body.push_back(forLoop(j, num(0), inner,
                           {assign(var(s), bin("+", var(s), num(g.rng.between(1, 3))))}));
  } else if (variant == 2) {
    long m = g.rng.between(2, 4), k = g.rng.between(1, 5);
    body.push_back(ifThen(bin("==", bin("%", var(i), num(m)), num(0)),
                          {assign(var(s), bin("+", var(s), num(k)))},
                          {assign(var(s), bin("-", var(s), num(1)))}));
  } else {
    long m = g.rng.between(2, 6);
    ExprP term = g.helperTerm(bin("%", var(i), num(m)), Range{0, m - 1});
    body.push_back(assign(var(s), bin("+", var(s), term)));
  }
  out.push_back(forLoop(i, num(0), var(b.name), body));
  return s;
}

/// A loop with invariants and `loop assigns`: s == k * i.
std::string invariantLoop(GeneratorState &g, std::vector<StmtP> &out) {
  const Input &b = g.needInput(InputRole::Bound);
  std::string s = g.fresh("s"), i = g.fresh("i");
  long k = g.rng.between(1, 4);
  out.push_back(decl("int", s, num(0)));
  out.push_back(decl("int", i, num(0)));
  std::vector<StmtP> body = {assign(var(s), bin("+", var(s), num(k)))};
  std::vector<std::string> assigns = {i, s};
  if (g.rng.chance(30)) {
    int n = g.arraySize();
    body.push_back(assign(elem("ga", n, bin("%", var(i), num(n))), var(i)));
    assigns.push_back("ga[0 .. " + std::to_string(n - 1) + "]");
  }
  StmtP loop = forLoop(i, num(0), var(b.name), body);
  loop->declaresVar = false;
  loop->invariants = {bin("&&", bin("<=", num(0), var(i)), bin("<=", var(i), var(b.name))),
                      bin("==", var(s), bin("*", num(k), var(i)))};
  loop->loopAssigns = assigns;
  out.push_back(loop);
  return s;
}

/// Writes to ga in a loop, then a read at an index input.
std::string arrayLoop(GeneratorState &g, std::vector<StmtP> &out) {
  const Input &b = g.needInput(InputRole::Bound);
  int n = g.arraySize();
  std::string i = g.fresh("i"), t = g.fresh("t");
  long k = g.rng.between(1, 4);
  long variant = g.rng.between(0, 2);
  if (variant == 0) {
    StmtP write = assign(elem("ga", n, var(i)), bin("+", elem("ga", n, var(i)), num(k)));
    out.push_back(forLoop(i, num(0), var(b.name),
                          {guardIf(bin("<", var(i), num(n)), {write})}));
  } else if (variant == 1) {
    out.push_back(forLoop(i, num(0), var(b.name),
                          {assign(elem("ga", n, var(i)), bin("*", var(i), num(k)))},
                          bin("<", var(i), num(n))));
  } else {
    out.push_back(forLoop(i, num(0), var(b.name),
                          {assign(elem("ga", n, bin("%", var(i), num(n))),
                                  bin("+", elem("ga", n, bin("%", var(i), num(n))), var(i)))}));
  }
  const Input &idx = g.needInput(InputRole::Index);
  out.push_back(decl("int", t, num(0)));
  StmtP read = assign(var(t), elem("ga", n, var(idx.name)));
  if (idx.range.hi >= n)
    out.push_back(guardIf(bin("<", var(idx.name), num(n)), {read}));
  else
    out.push_back(read);
  return t;
}

/// int *p = ga + k; reads through p, guarded by the array's end.
std::string pointerScan(GeneratorState &g, std::vector<StmtP> &out) {
  const Input &k = g.needInput(InputRole::Index);
  int n = g.arraySize();
  std::string p = g.fresh("p"), t = g.fresh("t"), i = g.fresh("i");
  ExprP start = k.range.hi >= n ? num(0) : var(k.name);
  out.push_back(decl("int *", p, bin("+", var("ga"), start)));
  out.push_back(decl("int", t, num(0)));
  if (g.rng.chance(60)) {
    const Input &m = g.needInput(InputRole::Bound);
    out.push_back(forLoop(i, num(0), var(m.name),
                          {assign(var(t), bin("+", var(t), ptrElem(p, "ga", n, var(i))))},
                          bin("<", bin("+", start, var(i)), num(n))));
  } else {
    long j = g.rng.between(1, 2);
    out.push_back(guardIf(bin("<", bin("+", start, num(j)), num(n)),
                          {assign(var(t), ptrElem(p, "ga", n, num(j)))}));
  }
  return t;
}

/// Fields of the global struct and of a struct array.
std::string structFields(GeneratorState &g, std::vector<StmtP> &out) {
  Program &p = g.program;
  p.hasPair = true;
  if (!p.pairArraySize)
    p.pairArraySize = static_cast<int>(g.rng.between(3, 6));
  int m = p.pairArraySize;
  const Input &v = g.needInput(InputRole::Small);
  const Input &k = g.needInput(InputRole::Index);
  std::string t = g.fresh("t");
  out.push_back(assign(var("gs.x"), bin("+", var("gs.x"), var(v.name))));
  out.push_back(assign(var("gs.y"), bin("-", var("gs.y"), num(g.rng.between(1, 3)))));
  StmtP write = assign(elem("sa", m, var(k.name), "y"),
                       bin("+", elem("sa", m, var(k.name), "y"), var("gs.x")));
  if (k.range.hi >= m)
    out.push_back(guardIf(bin("<", var(k.name), num(m)), {write}));
  else
    out.push_back(write);
  out.push_back(decl("int", t, bin("-", var("gs.x"), var("gs.y"))));
  return t;
}

/// A division whose divisor may be zero, guarded.
std::string division(GeneratorState &g, std::vector<StmtP> &out) {
  const Input &a = g.needInput(InputRole::Small);
  const Input &b = g.needInput(InputRole::Small);
  std::string q = g.fresh("q");
  ExprP dividend = g.values.empty() ? num(g.rng.between(10, 60)) : var(g.rng.pick(g.values));
  out.push_back(decl("int", q, num(g.rng.between(0, 3))));
  if (a.name != b.name && g.rng.chance(60)) {
    ExprP d = bin("-", var(a.name), var(b.name));
    out.push_back(guardIf(bin("!=", var(a.name), var(b.name)),
                          {assign(var(q), bin("/", dividend, d))}));
  } else {
    out.push_back(guardIf(bin("!=", var(a.name), num(0)),
                          {assign(var(q), bin("%", dividend, var(a.name)))}));
  }
  return q;
}

/// A list of `bound` nodes, in the pool or malloc'd; summed by a loop or
/// a helper; the head read behind a null check.
std::string listSegment(GeneratorState &g, std::vector<StmtP> &out) {
  Program &p = g.program;
  const Input &b = g.needInput(InputRole::Bound);
  std::string h = g.fresh("h"), i = g.fresh("i"), c = g.fresh("c"),
              q = g.fresh("q"), f = g.fresh("f");
  long k = g.rng.between(1, 3);
  ExprP value = bin("+", bin("*", var(i), num(k)), num(g.rng.between(0, 2)));
  out.push_back(decl("struct node *", h, null()));
  if (g.rng.chance(35)) {
    p.usesMalloc = true;
    std::string nd = g.fresh("nd");
    out.push_back(forLoop(i, num(0), var(b.name),
                          {decl("struct node *", nd, call("malloc", {var("sizeof(struct node)")})),
                           assign(nodeField(var(nd), "val"), value),
                           assign(nodeField(var(nd), "next"), var(h)),
                           assign(var(h), var(nd))}));
  } else {
    if (!p.poolSize)
      p.poolSize = static_cast<int>(g.rng.between(6, 24));
    int n = p.poolSize;
    out.push_back(forLoop(i, num(0), var(b.name),
                          {assign(elem("pool", n, var(i), "val"), value),
                           assign(elem("pool", n, var(i), "next"), var(h)),
                           assign(var(h), addrOf("pool", var(i)))},
                          bin("<", var(i), num(n))));
  }
  out.push_back(decl("int", c, num(0)));
  if (g.rng.chance(50)) {
    out.push_back(decl("struct node *", q, var(h)));
    out.push_back(whileLoop(bin("!=", var(q), null()),
                            {assign(var(c), bin("+", var(c), nodeField(var(q), "val"))),
                             assign(var(q), nodeField(var(q), "next"))}));
  } else {
    out.push_back(assign(var(c), call(g.listHelper(), {var(h)})));
  }
  out.push_back(decl("int", f, num(0)));
  out.push_back(guardIf(bin("!=", var(h), null()),
                        {assign(var(f), nodeField(var(h), "val"))}));
  g.values.push_back(f);
  return c;
}

std::string helperCall(GeneratorState &g, std::vector<StmtP> &out) {
  return g.callHelper(out);
}

} // namespace

//===-- programs -------------------------------------------------------------===//

Program generateProgram(uint64_t seed) {
  GeneratorState g(seed);
  Program &p = g.program;
  GlobalArray ga{"ga", {}};
  long n = g.rng.between(4, 8);
  for (long i = 0; i < n; ++i)
    ga.init.push_back(g.rng.between(-3, 9));
  p.arrays.push_back(ga);
  if (g.rng.chance(25)) {
    p.arrayInputs = static_cast<int>(g.rng.between(2, 3));
    p.arrayInputRange = Range{0, g.rng.between(2, 3)};
  }
  const std::vector<std::pair<Segment, int>> segments = {
      {accumulate, 20}, {invariantLoop, 10}, {arrayLoop, 12}, {pointerScan, 10},
      {structFields, 8}, {division, 8},      {listSegment, 10}, {helperCall, 22}};
  int total = 0;
  for (const auto &[seg, weight] : segments)
    total += weight;
  long count = g.rng.between(2, 4);
  for (long k = 0; k < count; ++k) {
    long draw = g.rng.between(0, total - 1);
    Segment chosen = segments.back().first;
    for (const auto &[seg, weight] : segments) {
      if (draw < weight) {
        chosen = seg;
        break;
      }
      draw -= weight;
    }
    std::vector<StmtP> body;
    std::string value = chosen(g, body);
    if (!value.empty()) {
      g.values.push_back(value);
      if (g.rng.chance(75))
        g.assertOn(body, var(value));
    }
    p.mainBody.insert(p.mainBody.end(), body.begin(), body.end());
  }
  if (g.values.size() >= 2 && g.rng.chance(50)) {
    const std::string &a = g.rng.pick(g.values), &b = g.rng.pick(g.values);
    if (a != b)
      g.assertOn(p.mainBody, bin("-", var(a), var(b)));
  }
  if (g.program.probes == 0 && !g.values.empty())
    g.assertOn(p.mainBody, var(g.values.back()));
  return p;
}

void chooseAssertionBounds(Program &p, const std::vector<ProbeResult> &probes) {
  Rng rng(p.seed ^ 0x9e3779b97f4a7c15ULL);
  std::vector<StmtP> asserts;
  forEachStmt(p.mainBody, [&](const StmtP &s) {
    if (s->kind == StmtKind::Assert)
      asserts.push_back(s);
  });
  std::vector<StmtP> reached;
  for (const StmtP &s : asserts)
    if (probes.at(s->probe).reached)
      reached.push_back(s);
  StmtP failing = !reached.empty() && !rng.chance(60) ? rng.pick(reached) : nullptr;
  for (const StmtP &s : asserts) {
    const ProbeResult &r = probes.at(s->probe);
    if (!r.reached) {
      s->bound = 0;
      continue;
    }
    if (s->cmp == Cmp::Eq && r.min != r.max)
      s->cmp = Cmp::Le;
    bool fails = s == failing;
    switch (s->cmp) {
    case Cmp::Le: s->bound = fails ? r.max - 1 : r.max + (rng.chance(20) ? 1 : 0); break;
    case Cmp::Ge: s->bound = fails ? r.min + 1 : r.min - (rng.chance(20) ? 1 : 0); break;
    case Cmp::Eq: s->bound = fails ? r.min + 1 : r.min; break;
    case Cmp::Ne: s->bound = fails ? r.min : r.max + 1; break;
    }
  }
}

} // namespace cosmo::differential
