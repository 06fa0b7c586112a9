//===- ParameterShapes.cpp - what a parameter points to -------------------===//

#include "cosmo/frontend/ParameterShapes.h"

#include "cosmo/frontend/DebugTypes.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <set>

namespace cosmo::frontend {

namespace {

/// Whether debug type `t` is a pointer to char, signed char or unsigned
/// char (through qualifiers and typedefs).
bool isCharPointer(const llvm::DIType *t) {
  auto *b = llvm::dyn_cast_or_null<llvm::DIBasicType>(
      withoutQualifiers(pointeeOf(t)));
  return b && b->getSizeInBits() == 8 &&
         (b->getEncoding() == llvm::dwarf::DW_ATE_signed_char ||
          b->getEncoding() == llvm::dwarf::DW_ATE_unsigned_char);
}

const llvm::Value *withoutCasts(const llvm::Value *v) {
  while (auto *c = llvm::dyn_cast<llvm::CastInst>(v))
    v = c->getOperand(0);
  return v;
}

/// `v` without casts and a constant added or subtracted: the index of
/// `i + 1 < n`.
const llvm::Value *indexTerm(const llvm::Value *v) {
  v = withoutCasts(v);
  if (auto *b = llvm::dyn_cast<llvm::BinaryOperator>(v))
    if ((b->getOpcode() == llvm::Instruction::Add ||
         b->getOpcode() == llvm::Instruction::Sub) &&
        llvm::isa<llvm::Constant>(b->getOperand(1)))
      return withoutCasts(b->getOperand(0));
  return v;
}

/// The pointers derived from `p` by arithmetic (GEPs, casts, the phis of
/// pointer increments) and the indices those GEPs add, without casts.
struct Derived {
  std::set<const llvm::Value *> pointers, indices;
  /// End pointers: GEPs off a derived pointer, with their index.
  std::vector<std::pair<const llvm::Value *, const llvm::Value *>> offsets;
};

Derived derivedFrom(const llvm::Argument &p) {
  Derived d;
  std::vector<const llvm::Value *> work{&p};
  d.pointers.insert(&p);
  while (!work.empty()) {
    const llvm::Value *v = work.back();
    work.pop_back();
    for (const llvm::User *u : v->users()) {
      bool derived = false;
      if (auto *g = llvm::dyn_cast<llvm::GetElementPtrInst>(u)) {
        if (g->getPointerOperand() != v)
          continue;
        for (const llvm::Use &i : g->indices())
          if (!llvm::isa<llvm::Constant>(i)) {
            d.indices.insert(withoutCasts(i));
            d.offsets.emplace_back(g, withoutCasts(i));
          }
        derived = true;
      } else if (llvm::isa<llvm::BitCastInst>(u) || llvm::isa<llvm::PHINode>(u) ||
                 llvm::isa<llvm::SelectInst>(u)) {
        derived = true;
      }
      if (derived && d.pointers.insert(u).second)
        work.push_back(u);
    }
  }
  return d;
}

/// Whether some comparison of `f` bounds the accesses through `p` by `n`:
/// an index of `p` compared with `n` (`i < n` before `p[i]`), or a pointer
/// into `p` compared with `p + n` (the end pointer of `while (p < end)`).
bool boundsIndices(const llvm::Function &f, const llvm::Argument &p,
                   const llvm::Argument &n) {
  Derived d = derivedFrom(p);
  std::set<const llvm::Value *> ends;
  for (const auto &[gep, index] : d.offsets)
    if (index == &n)
      ends.insert(gep);
  for (const llvm::Instruction &i : llvm::instructions(f)) {
    auto *cmp = llvm::dyn_cast<llvm::ICmpInst>(&i);
    if (!cmp)
      continue;
    const llvm::Value *a = indexTerm(cmp->getOperand(0));
    const llvm::Value *b = indexTerm(cmp->getOperand(1));
    for (int side = 0; side < 2; ++side, std::swap(a, b)) {
      if (b == &n && d.indices.count(a))
        return true;
      if (ends.count(b) && d.pointers.count(a))
        return true;
    }
  }
  return false;
}

/// Whether `f` writes through `p` (a store, or a memcpy or memset into it):
/// a char pointer it writes is a buffer, not a string.
bool writesThrough(const llvm::Function &f, const llvm::Argument &p) {
  Derived d = derivedFrom(p);
  for (const llvm::Instruction &i : llvm::instructions(f)) {
    if (auto *st = llvm::dyn_cast<llvm::StoreInst>(&i)) {
      if (d.pointers.count(st->getPointerOperand()))
        return true;
    } else if (auto *m = llvm::dyn_cast<llvm::MemIntrinsic>(&i)) {
      if (d.pointers.count(m->getRawDest()))
        return true;
    }
  }
  return false;
}

/// Whether debug type `t` is a pointer to a const-qualified type.
bool pointsToConst(const llvm::DIType *t) {
  auto *pointee =
      llvm::dyn_cast_or_null<llvm::DIDerivedType>(pointeeOf(t));
  for (; pointee; pointee = llvm::dyn_cast_or_null<llvm::DIDerivedType>(
                      pointee->getBaseType())) {
    if (pointee->getTag() == llvm::dwarf::DW_TAG_const_type)
      return true;
    if (pointee->getTag() != llvm::dwarf::DW_TAG_typedef &&
        pointee->getTag() != llvm::dwarf::DW_TAG_volatile_type)
      return false;
  }
  return false;
}

/// Whether `name` is what C programmers call a count of elements.
bool isLengthName(llvm::StringRef name) {
  std::string n = name.lower();
  static const std::set<std::string> exact = {
      "n",     "len",    "length", "size",   "sz",    "count", "cnt",
      "num",   "nmemb",  "nelem",  "nelems", "nitems", "cap",  "capacity",
      "bufsz", "buflen", "bufsize", "maxlen", "nbytes", "num_elements"};
  if (exact.count(n))
    return true;
  llvm::StringRef s(n);
  return s.endswith("len") || s.endswith("length") || s.endswith("size") ||
         s.endswith("sz") ||
         s.endswith("count") || s.endswith("_n") || s.startswith("num_") ||
         s.startswith("n_");
}

bool isLengthType(const llvm::Type *t) {
  return t->isIntegerTy() && t->getIntegerBitWidth() >= 8;
}

bool isDataPointer(const llvm::Argument &a) {
  llvm::Type *t = a.getType();
  return t->isPointerTy() && !a.hasByValAttr() &&
         !t->getPointerElementType()->isFunctionTy();
}

} // namespace

const char *shapeKindName(ParameterShape::Kind k) {
  switch (k) {
  case ParameterShape::Kind::Scalar: return "scalar";
  case ParameterShape::Kind::String: return "string";
  case ParameterShape::Kind::Array: return "array";
  case ParameterShape::Kind::Object: return "object";
  case ParameterShape::Kind::Opaque: return "opaque";
  }
  return "?";
}

std::vector<ParameterShape> parameterShapesOf(const llvm::Function &f) {
  using Kind = ParameterShape::Kind;
  std::vector<ParameterShape> shapes(f.arg_size());
  llvm::DITypeRefArray debugTypes;
  if (const llvm::DISubprogram *sp = f.getSubprogram(); sp && sp->getType())
    if (llvm::DITypeRefArray types = sp->getType()->getTypeArray();
        types.size() == f.arg_size() + 1)
      debugTypes = types;
  auto debugType = [&](unsigned k) -> const llvm::DIType * {
    return debugTypes ? debugTypes[k + 1] : nullptr;
  };

  for (const llvm::Argument &a : f.args()) {
    ParameterShape &s = shapes[a.getArgNo()];
    if (!a.getType()->isPointerTy())
      s.kind = Kind::Scalar;
    else if (!isDataPointer(a))
      s.kind = Kind::Opaque;
    else
      s.kind = Kind::Object;
  }
  // Pointers whose accesses an integer parameter bounds.
  for (const llvm::Argument &p : f.args()) {
    if (shapes[p.getArgNo()].kind != Kind::Object)
      continue;
    for (const llvm::Argument &n : f.args())
      if (isLengthType(n.getType()) && boundsIndices(f, p, n)) {
        shapes[p.getArgNo()] = {Kind::Array, static_cast<int>(n.getArgNo()),
                                "bounds the indices"};
        break;
      }
  }
  // By name, a length next to a pointer: (buf, len), (int n, int *a).
  for (const llvm::Argument &n : f.args()) {
    if (!isLengthType(n.getType()) || !isLengthName(n.getName()))
      continue;
    unsigned k = n.getArgNo();
    for (int j : {static_cast<int>(k) - 1, static_cast<int>(k) + 1})
      if (j >= 0 && j < static_cast<int>(f.arg_size()) &&
          shapes[j].kind == Kind::Object) {
        shapes[j] = {Kind::Array, static_cast<int>(k), "named"};
        break;
      }
  }
  // A char pointer the function only reads is a string; one it writes
  // through (and that is not const) is a buffer of a size only its caller
  // knows (`char buf[6]` is a pointer too).
  for (const llvm::Argument &a : f.args()) {
    const llvm::DIType *t = debugType(a.getArgNo());
    if (shapes[a.getArgNo()].kind == Kind::Object && isCharPointer(t) &&
        (pointsToConst(t) || !writesThrough(f, a)))
      shapes[a.getArgNo()].kind = Kind::String;
  }
  return shapes;
}

} // namespace cosmo::frontend
