//===- LatentCondition.cpp - a latent error's condition in C --------------===//

#include "LatentCondition.h"

#include "cosmo/expr/Transform.h"
#include "cosmo/frontend/DebugTypes.h"

#include <llvm/IR/DebugInfoMetadata.h>

#include <fmt/format.h>

#include <map>

namespace cosmo::engine {

namespace {

using frontend::isPointerType;
using frontend::pointeeOf;
using frontend::withoutQualifiers;

/// The lvalue of `size` bytes at `offset` inside lvalue `lv` of type `t`
/// (`.field`, `[i]` appended), with its type; none when no member is
/// exactly there.
std::optional<std::pair<std::string, const llvm::DIType *>>
memberAt(std::string lv, const llvm::DIType *t, uint64_t offset,
         uint64_t size, bool viaPointer) {
  t = withoutQualifiers(t);
  if (!t)
    return std::nullopt;
  uint64_t bytes = t->getSizeInBits() / 8;
  if (offset == 0 && size == bytes &&
      !llvm::isa<llvm::DICompositeType>(t))
    return std::pair(viaPointer ? "*" + lv : lv, t);
  auto *c = llvm::dyn_cast<llvm::DICompositeType>(t);
  if (!c)
    return std::nullopt;
  if (c->getTag() == llvm::dwarf::DW_TAG_array_type) {
    const llvm::DIType *e = c->getBaseType();
    uint64_t es = withoutQualifiers(e) ? withoutQualifiers(e)->getSizeInBits() / 8 : 0;
    if (es == 0)
      return std::nullopt;
    return memberAt(fmt::format("{}[{}]", viaPointer ? "(*" + lv + ")" : lv,
                                offset / es),
                    e, offset % es, size, false);
  }
  for (const llvm::Metadata *m : c->getElements()) {
    auto *f = llvm::dyn_cast_or_null<llvm::DIDerivedType>(m);
    if (!f || f->getTag() != llvm::dwarf::DW_TAG_member)
      continue;
    uint64_t at = f->getOffsetInBits() / 8;
    uint64_t fs = withoutQualifiers(f->getBaseType())
                      ? withoutQualifiers(f->getBaseType())->getSizeInBits() / 8
                      : 0;
    if (offset >= at && offset + size <= at + fs)
      return memberAt(lv + (viaPointer ? "->" : ".") + f->getName().str(),
                      f->getBaseType(), offset - at, size, false);
  }
  return std::nullopt;
}

void conjunctsOf(const expr::Expr *e, std::vector<const expr::Expr *> &out) {
  if (e->kind() == expr::Kind::And) {
    for (unsigned i = 0; i < e->numChildren(); ++i)
      conjunctsOf(e->child(i), out);
    return;
  }
  out.push_back(e);
}

struct InputObject {
  const InputRecord *record = nullptr;
  std::string pointer;                 // C expression of its address
  const llvm::DIType *type = nullptr;  // what it holds
};

class CNamer {
public:
  CNamer(const ExecutionState &s, const llvm::Function &entry) {
    std::map<std::string, size_t> byName;
    for (const InputRecord &in : s.inputs)
      if (in.source == "input-memory" && !in.byteVars.empty()) {
        byName[in.name] = objects_.size();
        objects_.push_back({&in, "", nullptr});
        for (size_t k = 0; k < in.byteVars.size(); ++k)
          byteOf_[in.byteVars[k].get()] = {objects_.size() - 1, k};
      }
    llvm::DITypeRefArray types;
    if (const llvm::DISubprogram *sp = entry.getSubprogram(); sp && sp->getType())
      if (auto t = sp->getType()->getTypeArray(); t.size() == entry.arg_size() + 1)
        types = t;
    for (const llvm::Argument &a : entry.args())
      if (auto it = byName.find("*" + a.getName().str()); it != byName.end()) {
        objects_[it->second].pointer = a.getName().str();
        objects_[it->second].type = types ? pointeeOf(types[a.getArgNo() + 1]) : nullptr;
      }
    // Objects reached through a pointer stored in another one.
    for (bool progress = true; progress;) {
      progress = false;
      for (const auto &[ptr, lp] : s.lazyPointers) {
        if (!lp.target || *lp.target == 0)
          continue;
        auto holder = byName.find(lp.holder);
        InputObject *target = nullptr;
        for (InputObject &o : objects_)
          if (o.record->address == *lp.target)
            target = &o;
        if (holder == byName.end() || !target || !target->pointer.empty())
          continue;
        const InputObject &h = objects_[holder->second];
        if (h.pointer.empty())
          continue;
        auto field = memberAt(h.pointer, h.type, lp.holderOffset,
                              ptr->width() / 8, true);
        if (!field || !pointeeOf(field->second))
          continue;
        target->pointer = field->first;
        target->type = pointeeOf(field->second);
        progress = true;
      }
    }
  }

  /// The C lvalue of `size` bytes at `offset` of object `o`, with its type.
  std::optional<std::pair<std::string, const llvm::DIType *>>
  lvalue(size_t o, uint64_t offset, uint64_t size) const {
    const InputObject &obj = objects_[o];
    if (obj.pointer.empty())
      return std::nullopt;
    if (auto m = memberAt(obj.pointer, obj.type, offset, size, true))
      return m;
    return std::pair(fmt::format("((unsigned char *){})[{}]", obj.pointer,
                                 offset),
                     nullptr);
  }

  /// A concatenation of consecutive bytes of one object (or one byte):
  /// the object, the offset of its lowest byte and its size.
  std::optional<std::tuple<size_t, uint64_t, uint64_t>>
  bytesOf(const expr::Expr *e) const {
    std::vector<const expr::Expr *> leaves; // high to low
    std::vector<const expr::Expr *> work{e};
    while (!work.empty()) {
      const expr::Expr *t = work.back();
      work.pop_back();
      if (t->kind() == expr::Kind::Concat) {
        work.push_back(t->child(1));
        work.push_back(t->child(0));
      } else {
        leaves.push_back(t);
      }
    }
    std::optional<std::tuple<size_t, uint64_t, uint64_t>> out;
    for (size_t i = leaves.size(); i-- > 0;) {
      auto it = byteOf_.find(leaves[i]);
      if (it == byteOf_.end())
        return std::nullopt;
      auto [o, k] = it->second;
      if (!out)
        out = std::tuple(o, k, uint64_t(1));
      else if (std::get<0>(*out) != o ||
               k != std::get<1>(*out) + std::get<2>(*out))
        return std::nullopt;
      else
        ++std::get<2>(*out);
    }
    return out;
  }

  std::string text(const expr::Expr *e) const {
    // `!(b0 == 0 && ... && b7 == 0)` over the bytes of one field: the field
    // is not 0 (`if (p->next)`).
    if (e->kind() == expr::Kind::Not && e->child(0)->kind() == expr::Kind::And) {
      std::vector<const expr::Expr *> inner;
      conjunctsOf(e->child(0), inner);
      std::vector<std::string> joined = joinFields(inner);
      if (inner.empty() && joined.size() == 1)
        if (size_t eq = joined[0].find(" == "); eq != std::string::npos)
          return joined[0].replace(eq, 4, " != ");
    }
    // A pointer of the caller's equal to a constant other than 0: the
    // address of an object cosmo made for it, so it is not NULL.
    bool negated = e->kind() == expr::Kind::Not;
    const expr::Expr *eq = negated ? e->child(0) : e;
    if (eq->kind() == expr::Kind::Eq && eq->child(0)->kind() == expr::Kind::BVConst)
      if (auto b = bytesOf(eq->child(1)))
        if (auto lv = lvalue(std::get<0>(*b), std::get<1>(*b), std::get<2>(*b));
            lv && isPointerType(lv->second)) {
          bool null = eq->child(0)->bvValue().isZero();
          return fmt::format("{} {} NULL", lv->first, null != negated ? "==" : "!=");
        }
    return expr::toCText(e, [&](const expr::Expr *t) -> std::optional<std::string> {
      if (t->kind() != expr::Kind::Concat && t->kind() != expr::Kind::Var)
        return std::nullopt;
      if (auto b = bytesOf(t))
        if (auto lv = lvalue(std::get<0>(*b), std::get<1>(*b), std::get<2>(*b)))
          return lv->first;
      if (t->kind() == expr::Kind::Var) // a parameter: its name without cosmo's number
        return t->name().substr(0, t->name().find('#'));
      return std::nullopt;
    });
  }

  /// Conjuncts `byte == constant` of `conjuncts`, joined per field: one
  /// `field == value` for the bytes of a field all pinned (a pointer to
  /// NULL: the usual latent condition); what is left as it was.
  std::vector<std::string> joinFields(std::vector<const expr::Expr *> &conjuncts) const {
    std::map<std::pair<size_t, uint64_t>, uint8_t> pinned;
    std::vector<const expr::Expr *> rest;
    for (const expr::Expr *c : conjuncts) {
      if (c->kind() == expr::Kind::Eq && c->child(0)->kind() == expr::Kind::BVConst &&
          c->child(0)->width() == 8)
        if (auto it = byteOf_.find(c->child(1)); it != byteOf_.end()) {
          pinned[it->second] = static_cast<uint8_t>(c->child(0)->bvValue().getZExtValue());
          continue;
        }
      rest.push_back(c);
    }
    conjuncts = rest;
    std::vector<std::string> out;
    for (auto it = pinned.begin(); it != pinned.end();) {
      auto [o, k] = it->first;
      size_t run = 0;
      while (pinned.count({o, k + run}))
        ++run;
      uint64_t taken = 1;
      std::string lv = lvalue(o, k, 1) ? lvalue(o, k, 1)->first : "?";
      std::string relation = fmt::format("== {}", it->second);
      for (uint64_t size : {8u, 4u, 2u})
        if (size <= run)
          if (auto m = lvalue(o, k, size); m && m->second) {
            uint64_t v = 0;
            for (uint64_t b = 0; b < size; ++b)
              v |= uint64_t(pinned.at({o, k + b})) << (8 * b);
            lv = m->first;
            relation = fmt::format("== {}", v);
            if (isPointerType(m->second)) // not 0: an object cosmo made for it
              relation = v == 0 ? "== NULL" : "!= NULL";
            taken = size;
            break;
          }
      out.push_back(fmt::format("{} {}", lv, relation));
      for (uint64_t b = 0; b < taken; ++b)
        it = pinned.erase(pinned.find({o, k + b}));
    }
    return out;
  }

private:
  std::vector<InputObject> objects_;
  std::map<const expr::Expr *, std::pair<size_t, uint64_t>> byteOf_;
};

} // namespace

std::string latentConditionText(const ExecutionState &s,
                                const llvm::Function &entry,
                                const std::vector<ExprRef> &constraints) {
  CNamer namer(s, entry);
  std::vector<const expr::Expr *> conjuncts;
  for (const ExprRef &c : constraints)
    conjunctsOf(c.get(), conjuncts);
  std::vector<std::string> parts = namer.joinFields(conjuncts);
  for (const expr::Expr *c : conjuncts) {
    std::string t = namer.text(c);
    if (t.size() > 2 && t.front() == '(' && t.back() == ')')
      t = t.substr(1, t.size() - 2);
    parts.push_back(t);
  }
  return fmt::format("{}", fmt::join(parts, " && "));
}

} // namespace cosmo::engine
