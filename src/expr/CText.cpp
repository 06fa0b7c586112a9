//===- CText.cpp - terms in C syntax, for people ---------------------------===//

#include "cosmo/expr/Transform.h"

#include <llvm/ADT/StringExtras.h>

#include <fmt/format.h>

namespace cosmo::expr {

std::string toCText(const Expr *e, const CNames &names) {
  if (std::optional<std::string> n = names(e))
    return *n;
  auto sub = [&](unsigned i) { return toCText(e->child(i), names); };
  auto bin = [&](const char *op) {
    return fmt::format("({} {} {})", sub(0), op, sub(1));
  };
  switch (e->kind()) {
  case Kind::BoolConst: return e->boolValue() ? "1" : "0";
  case Kind::BVConst: {
    const llvm::APInt &v = e->bvValue();
    if (e->width() == 1)
      return v.isZero() ? "0" : "1";
    return llvm::toString(v, 10, /*Signed=*/true);
  }
  case Kind::Var:
  case Kind::ArrayVar: return e->name();
  case Kind::Not: return fmt::format("!{}", sub(0));
  case Kind::And: return bin("&&");
  case Kind::Or: return bin("||");
  case Kind::Ite: return fmt::format("({} ? {} : {})", sub(0), sub(1), sub(2));
  case Kind::Eq: return bin("==");
  case Kind::Ult: return bin("<u");
  case Kind::Ule: return bin("<=u");
  case Kind::Slt: return bin("<");
  case Kind::Sle: return bin("<=");
  case Kind::Add: return bin("+");
  case Kind::Sub: return bin("-");
  case Kind::Mul: return bin("*");
  case Kind::UDiv:
  case Kind::SDiv: return bin("/");
  case Kind::URem:
  case Kind::SRem: return bin("%");
  case Kind::Shl: return bin("<<");
  case Kind::LShr:
  case Kind::AShr: return bin(">>");
  case Kind::BAnd: return bin("&");
  case Kind::BOr: return bin("|");
  case Kind::BXor: return bin("^");
  case Kind::BNot: return fmt::format("~{}", sub(0));
  case Kind::Neg: return fmt::format("-{}", sub(0));
  case Kind::ZExt:
  case Kind::SExt: return sub(0); // the same value, wider
  case Kind::Extract:
    return fmt::format("bits({}, {}, {})", sub(0), e->aux0(), e->aux1());
  case Kind::Concat: return fmt::format("concat({}, {})", sub(0), sub(1));
  case Kind::Select: return fmt::format("{}[{}]", sub(0), sub(1));
  case Kind::Store:
    return fmt::format("store({}, {}, {})", sub(0), sub(1), sub(2));
  default: return "?"; // floating point, quantifiers
  }
}

} // namespace cosmo::expr
