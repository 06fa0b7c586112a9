//===- TermArchive.cpp - terms written down and read back -----------------===//
//
// One table entry per node, an array whose first element is the kind:
//   BoolConst  [kind, value]
//   BVConst    [kind, width, hex digits]
//   Var        [kind, sort tag, width, name]
//   ArrayVar   [kind, name]
//   otherwise  [kind, aux0, aux1, [child indices]]
// A child's index is always smaller than its parent's.
//
//===----------------------------------------------------------------------===//

#include "cosmo/expr/TermArchive.h"

#include <llvm/ADT/SmallString.h>
#include <nlohmann/json.hpp>

#include <stdexcept>

namespace cosmo::expr {

using nlohmann::json;

namespace {

llvm::Error malformed(size_t entry, const std::string &why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "term table entry " + std::to_string(entry) +
                                     ": " + why);
}

constexpr unsigned kLastKind = static_cast<unsigned>(Kind::FToF);

/// Whether a node of `kind` can have `n` children (floating-point kinds:
/// at least one; FloatOps.h says how many each takes).
bool arityFits(Kind kind, size_t n) {
  switch (kind) {
  case Kind::Not:
  case Kind::BNot:
  case Kind::Neg:
  case Kind::Extract:
  case Kind::ZExt:
  case Kind::SExt:
  case Kind::ConstArray: return n == 1;
  case Kind::Ite:
  case Kind::Store: return n == 3;
  case Kind::Forall: return n >= 2;
  COSMO_FLOAT_KINDS(COSMO_FLOAT_KIND_CASE) return n >= 1;
  default: return n == 2;
  }
}

bool isHex(const std::string &digits) {
  return !digits.empty() &&
         digits.find_first_not_of("0123456789abcdefABCDEF") ==
             std::string::npos;
}

} // namespace

TermWriter::TermWriter() : table_(std::make_unique<json>(json::array())) {}
TermWriter::~TermWriter() = default;

const json &TermWriter::table() const { return *table_; }

int64_t TermWriter::add(const ExprRef &root) {
  if (!root)
    return -1;
  // Children first, without recursion: terms can be deeper than the stack.
  std::vector<std::pair<const Expr *, unsigned>> stack{{root.get(), 0}};
  while (!stack.empty()) {
    auto &[e, next] = stack.back();
    if (index_.count(e)) {
      stack.pop_back();
      continue;
    }
    if (next < e->numChildren()) {
      const Expr *c = e->child(next++);
      if (!index_.count(c))
        stack.push_back({c, 0});
      continue;
    }
    json entry = json::array({static_cast<unsigned>(e->kind())});
    switch (e->kind()) {
    case Kind::BoolConst:
      entry.push_back(e->boolValue());
      break;
    case Kind::BVConst: {
      llvm::SmallString<32> digits;
      e->bvValue().toString(digits, 16, /*Signed=*/false);
      entry.push_back(e->width());
      entry.push_back(std::string(digits));
      break;
    }
    case Kind::Var:
      entry.push_back(static_cast<unsigned>(e->sort().tag));
      entry.push_back(e->width());
      entry.push_back(e->name());
      break;
    case Kind::ArrayVar:
      entry.push_back(e->name());
      break;
    default: {
      json children = json::array();
      for (unsigned k = 0; k < e->numChildren(); ++k)
        children.push_back(index_.at(e->child(k)));
      entry.push_back(e->aux0());
      entry.push_back(e->aux1());
      entry.push_back(std::move(children));
    }
    }
    index_[e] = static_cast<int64_t>(table_->size());
    table_->push_back(std::move(entry));
    stack.pop_back();
  }
  return index_.at(root.get());
}

llvm::Expected<std::vector<ExprRef>> readTerms(ExprContext &ctx,
                                               const json &table) {
  if (!table.is_array())
    return malformed(0, "not a table");
  std::vector<ExprRef> terms;
  terms.reserve(table.size());
  try {
    for (size_t i = 0; i < table.size(); ++i) {
      const json &entry = table[i];
      if (!entry.is_array() || entry.empty())
        return malformed(i, "not a node");
      unsigned k = entry[0].get<unsigned>();
      if (k > kLastKind)
        return malformed(i, "unknown kind " + std::to_string(k));
      Kind kind = static_cast<Kind>(k);
      switch (kind) {
      case Kind::BoolConst:
        terms.push_back(ctx.boolVal(entry.at(1).get<bool>()));
        break;
      case Kind::BVConst: {
        unsigned width = entry.at(1).get<unsigned>();
        std::string digits = entry.at(2).get<std::string>();
        if (width == 0 || !isHex(digits) || digits.size() > (width + 3) / 4)
          return malformed(i, "a bit-vector constant of no width or value");
        terms.push_back(ctx.bv(llvm::APInt(width, digits, 16)));
        break;
      }
      case Kind::Var: {
        unsigned tag = entry.at(1).get<unsigned>();
        if (tag != Sort::Bool && tag != Sort::BitVec)
          return malformed(i, "a variable of no scalar sort");
        Sort sort{static_cast<Sort::Tag>(tag), entry.at(2).get<uint32_t>()};
        terms.push_back(ctx.var(entry.at(3).get<std::string>(), sort));
        break;
      }
      case Kind::ArrayVar:
        terms.push_back(ctx.arrayVar(entry.at(1).get<std::string>()));
        break;
      default: {
        std::vector<ExprRef> children;
        for (const json &c : entry.at(3)) {
          int64_t at = c.get<int64_t>();
          if (at < 0 || static_cast<size_t>(at) >= i)
            return malformed(i, "a child that is not before it");
          children.push_back(terms[at]);
        }
        if (!arityFits(kind, children.size()))
          return malformed(i, std::string("a node of ") + kindName(kind) +
                                  " with " + std::to_string(children.size()) +
                                  " children");
        terms.push_back(ctx.raw(kind, children, entry.at(1).get<unsigned>(),
                                entry.at(2).get<unsigned>()));
      }
      }
    }
  } catch (const json::exception &e) {
    return malformed(terms.size(), e.what());
  }
  return terms;
}

ExprRef termAt(const std::vector<ExprRef> &terms, const json &index) {
  int64_t k = index.get<int64_t>();
  if (k < -1 || k >= static_cast<int64_t>(terms.size()))
    throw std::out_of_range("a term index past the table");
  return k < 0 ? ExprRef() : terms[k];
}

} // namespace cosmo::expr
