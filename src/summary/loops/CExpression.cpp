//===- CExpression.cpp - bit-vector formulas as C expressions -------------===//
//
// See LoopInstance.h (cExpression). Every bit-vector term of width w is
// rendered as a C expression of an unsigned type holding its value modulo
// 2^w: unsigned char, short, int and long long for the widths 8, 16, 32
// and 64 (C's unsigned arithmetic wraps as bit-vectors do; a cast after
// each operation undoes the promotion of the narrow ones to int), and
// unsigned long long masked to w bits for the other widths up to 64.
// Comparisons convert to the signed type where the formula compares
// signed values (a conversion C leaves to the implementation; GCC and
// Clang define it as modular).
//
//===----------------------------------------------------------------------===//

#include "loops/LoopInstance.h"

#include <fmt/format.h>

namespace cosmo::summary {

namespace {

using expr::Expr;
using expr::Kind;

bool standardWidth(unsigned w) { return w == 8 || w == 16 || w == 32 || w == 64; }

const char *unsignedType(unsigned w) {
  switch (w) {
  case 8: return "unsigned char";
  case 16: return "unsigned short";
  case 32: return "unsigned int";
  default: return "unsigned long long";
  }
}

const char *signedType(unsigned w) {
  switch (w) {
  case 8: return "signed char";
  case 16: return "short";
  case 32: return "int";
  default: return "long long";
  }
}

std::string mask(unsigned w) {
  return fmt::format("0x{:x}ULL", (w >= 64 ? ~uint64_t(0)
                                           : (uint64_t(1) << w) - 1));
}

class Renderer {
public:
  explicit Renderer(const std::map<uint64_t, std::string> &names)
      : names_(names) {}

  /// The formula `e` (Bool), or none.
  std::optional<std::string> formula(const Expr *e) {
    switch (e->kind()) {
    case Kind::BoolConst: return e->boolValue() ? "1" : "0";
    case Kind::Not: return unary("!", formula(e->child(0)));
    case Kind::And: return binary("&&", formula(e->child(0)), formula(e->child(1)));
    case Kind::Or: return binary("||", formula(e->child(0)), formula(e->child(1)));
    case Kind::Eq:
      if (e->child(0)->sort().isBool())
        return binary("==", formula(e->child(0)), formula(e->child(1)));
      return binary("==", value(e->child(0)), value(e->child(1)));
    case Kind::Ult: return binary("<", value(e->child(0)), value(e->child(1)));
    case Kind::Ule: return binary("<=", value(e->child(0)), value(e->child(1)));
    case Kind::Slt: return binary("<", signedValue(e->child(0)), signedValue(e->child(1)));
    case Kind::Sle: return binary("<=", signedValue(e->child(0)), signedValue(e->child(1)));
    default: return std::nullopt;
    }
  }

private:
  static std::optional<std::string> unary(const char *op,
                                          std::optional<std::string> a) {
    if (!a)
      return std::nullopt;
    return fmt::format("{}{}", op, *a);
  }
  static std::optional<std::string> binary(const char *op,
                                           std::optional<std::string> a,
                                           std::optional<std::string> b) {
    if (!a || !b)
      return std::nullopt;
    return fmt::format("({} {} {})", *a, op, *b);
  }

  /// `text`, of a type at least as wide as w bits, brought to e's type.
  static std::string wrap(unsigned w, const std::string &text) {
    if (standardWidth(w))
      return fmt::format("(({}){})", unsignedType(w), text);
    return fmt::format("(({}) & {})", text, mask(w));
  }

  /// The signed value of a bit-vector term, as long long or narrower.
  std::optional<std::string> signedValue(const Expr *e) {
    unsigned w = e->width();
    std::optional<std::string> u = value(e);
    if (!u)
      return std::nullopt;
    if (standardWidth(w))
      return fmt::format("(({}){})", signedType(w), *u);
    // x - 2^w when the sign bit is set, without overflow.
    uint64_t sign = uint64_t(1) << (w - 1);
    return fmt::format("((long long)({} ^ {}ULL) - {}LL)", *u, sign, sign);
  }

  /// The unsigned value of a bit-vector term (of width 1 to 64).
  std::optional<std::string> value(const Expr *e) {
    unsigned w = e->width();
    if (!e->sort().isBV() || w == 0 || w > 64)
      return std::nullopt;
    auto sub = [&](unsigned i) { return value(e->child(i)); };
    auto arith = [&](const char *op) -> std::optional<std::string> {
      std::optional<std::string> a = sub(0), b = sub(1);
      if (!a || !b)
        return std::nullopt;
      // Narrow operands would be promoted to int, whose products overflow.
      if (w < 32)
        return wrap(w, fmt::format("((unsigned int){} {} (unsigned int){})",
                                   *a, op, *b));
      return wrap(w, *binary(op, a, b));
    };
    switch (e->kind()) {
    case Kind::BVConst:
      return fmt::format("{}{}", e->bvValue().getZExtValue(),
                         w > 32 || !standardWidth(w) ? "ULL" : "U");
    case Kind::Var: {
      auto it = names_.find(e->id());
      if (it == names_.end())
        return std::nullopt;
      return standardWidth(w) ? fmt::format("(({}){})", unsignedType(w),
                                            it->second)
                              : std::optional<std::string>();
    }
    case Kind::Add: return arith("+");
    case Kind::Sub: return arith("-");
    case Kind::Mul: return arith("*");
    case Kind::BAnd: return arith("&");
    case Kind::BOr: return arith("|");
    case Kind::BXor: return arith("^");
    case Kind::BNot: {
      std::optional<std::string> a = sub(0);
      return a ? std::optional(wrap(w, "~" + *a)) : std::nullopt;
    }
    case Kind::Neg: {
      std::optional<std::string> a = sub(0);
      return a ? std::optional(wrap(w, "-" + *a)) : std::nullopt;
    }
    case Kind::ZExt: {
      std::optional<std::string> a = sub(0);
      return a ? std::optional(wrap(w, "(unsigned long long)" + *a))
               : std::nullopt;
    }
    case Kind::SExt: {
      std::optional<std::string> a = signedValue(e->child(0));
      return a ? std::optional(wrap(w, "(unsigned long long)(long long)" + *a))
               : std::nullopt;
    }
    case Kind::Extract: {
      std::optional<std::string> a = sub(0);
      if (!a)
        return std::nullopt;
      return wrap(w, fmt::format("((unsigned long long){} >> {})", *a,
                                 e->aux1()));
    }
    case Kind::Ite: {
      std::optional<std::string> c = formula(e->child(0)), t = sub(1),
                                 f = sub(2);
      if (!c || !t || !f)
        return std::nullopt;
      return fmt::format("({} ? {} : {})", *c, *t, *f);
    }
    default:
      // Division (C and bit-vectors differ on zero), shifts (C's are
      // undefined past the width), arrays: not rendered.
      return std::nullopt;
    }
  }

  const std::map<uint64_t, std::string> &names_;
};

} // namespace

std::optional<std::string>
cExpression(const expr::Expr *formula,
            const std::map<uint64_t, std::string> &names) {
  return Renderer(names).formula(formula);
}

} // namespace cosmo::summary
