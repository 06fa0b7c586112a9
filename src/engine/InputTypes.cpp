//===- InputTypes.cpp - the C type of an input ----------------------------===//

#include "cosmo/engine/InputTypes.h"

#include "cosmo/frontend/DebugTypes.h"

#include "cosmo/engine/EntrySignature.h"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Operator.h>

#include <array>

namespace cosmo::engine {

namespace {

using Kind = InputType::Kind;

InputType scalar(Kind kind, std::string name, bool signedChar = true) {
  InputType t;
  t.kind = kind;
  t.name = std::move(name);
  t.signedChar = signedChar;
  return t;
}

// The kind of a scalar type (stripped), Unknown if it is none.
Kind scalarKind(const llvm::DIType *t, bool &signedChar) {
  if (auto *b = llvm::dyn_cast_or_null<llvm::DIBasicType>(t)) {
    switch (b->getEncoding()) {
    case llvm::dwarf::DW_ATE_signed:
      return Kind::Signed;
    case llvm::dwarf::DW_ATE_unsigned:
      return Kind::Unsigned;
    case llvm::dwarf::DW_ATE_boolean:
      return Kind::Bool;
    case llvm::dwarf::DW_ATE_signed_char:
      signedChar = true;
      return Kind::Char;
    case llvm::dwarf::DW_ATE_unsigned_char:
      signedChar = false;
      return Kind::Char;
    case llvm::dwarf::DW_ATE_float:
      return t->getSizeInBits() == 32 || t->getSizeInBits() == 64
                 ? Kind::Float
                 : Kind::Unknown; // long double: bytes
    default:
      return Kind::Unknown;
    }
  }
  if (auto *c = llvm::dyn_cast_or_null<llvm::DICompositeType>(t))
    if (c->getTag() == llvm::dwarf::DW_TAG_enumeration_type)
      return Kind::Signed;
  if (auto *d = llvm::dyn_cast_or_null<llvm::DIDerivedType>(t))
    if (d->getTag() == llvm::dwarf::DW_TAG_pointer_type)
      return Kind::Pointer;
  return Kind::Unknown;
}

} // namespace

InputType nondetInputType(std::string_view function) {
  if (function == "klee_range")
    return scalar(Kind::Signed, "int");
  constexpr std::string_view prefix = "__VERIFIER_nondet_";
  if (!function.starts_with(prefix))
    return {};
  std::string_view suffix = function.substr(prefix.size());
  struct Named {
    std::string_view suffix;
    Kind kind;
    std::string_view name;
  };
  static constexpr std::array<Named, 22> table{{
      {"int", Kind::Signed, "int"},
      {"uint", Kind::Unsigned, "unsigned int"},
      {"unsigned", Kind::Unsigned, "unsigned int"},
      {"long", Kind::Signed, "long"},
      {"ulong", Kind::Unsigned, "unsigned long"},
      {"longlong", Kind::Signed, "long long"},
      {"ulonglong", Kind::Unsigned, "unsigned long long"},
      {"short", Kind::Signed, "short"},
      {"ushort", Kind::Unsigned, "unsigned short"},
      {"char", Kind::Char, "char"},
      {"uchar", Kind::Char, "unsigned char"},
      {"bool", Kind::Bool, "_Bool"},
      {"_Bool", Kind::Bool, "_Bool"},
      {"pointer", Kind::Pointer, "void *"},
      {"float", Kind::Float, "float"},
      {"double", Kind::Float, "double"},
      {"size_t", Kind::Unsigned, "size_t"},
      {"loff_t", Kind::Signed, "loff_t"},
      {"u32", Kind::Unsigned, "u32"},
      {"u16", Kind::Unsigned, "u16"},
      {"u8", Kind::Unsigned, "u8"},
      {"int128", Kind::Signed, "__int128"},
  }};
  for (const Named &n : table)
    if (n.suffix == suffix)
      return scalar(n.kind, std::string(n.name), suffix != "uchar");
  return {};
}

InputType inputTypeOf(const llvm::DIType *t, uint64_t bytes) {
  // A typedef has no size of its own: the type it names has.
  const llvm::DIType *base = t ? frontend::withoutQualifiers(t) : nullptr;
  if (!base || base->getSizeInBits() != bytes * 8)
    return {};
  bool signedChar = true;
  if (Kind k = scalarKind(base, signedChar); k != Kind::Unknown) {
    std::optional<std::string> name = cTypeName(t);
    return scalar(k, name.value_or(""), signedChar);
  }
  if (auto *record = llvm::dyn_cast_or_null<llvm::DICompositeType>(base);
      record && record->getTag() == llvm::dwarf::DW_TAG_structure_type) {
    // Field by field; a struct with bit-fields stays bytes.
    InputType result;
    result.kind = Kind::Struct;
    result.name = cTypeName(t).value_or("struct");
    for (const llvm::DINode *n : record->getElements()) {
      auto *member = llvm::dyn_cast_or_null<llvm::DIDerivedType>(n);
      if (!member || member->getTag() != llvm::dwarf::DW_TAG_member)
        continue;
      if (member->isBitField())
        return {};
      uint64_t offset = member->getOffsetInBits() / 8;
      uint64_t size = member->getSizeInBits() / 8;
      if (size == 0) // a flexible array member
        continue;
      if (offset + size > bytes)
        return {};
      result.fields.push_back({member->getName().str(), offset, size,
                               inputTypeOf(member->getBaseType(), size)});
    }
    return result;
  }
  auto *array = llvm::dyn_cast_or_null<llvm::DICompositeType>(base);
  if (!array || array->getTag() != llvm::dwarf::DW_TAG_array_type ||
      array->getElements().size() != 1)
    return {};
  const llvm::DIType *element = array->getBaseType();
  const llvm::DIType *elementBase = frontend::withoutQualifiers(element);
  uint64_t elementBits = element ? element->getSizeInBits() : 0;
  if (elementBits == 0 || elementBits % 8 || (bytes * 8) % elementBits)
    return {};
  std::optional<std::string> elementName = cTypeName(element);
  InputType result;
  switch (scalarKind(elementBase, result.signedChar)) {
  case Kind::Char:
    result.kind = Kind::Text;
    break;
  case Kind::Signed:
    result.kind = Kind::SignedArray;
    break;
  case Kind::Unsigned:
  case Kind::Bool:
    result.kind = Kind::UnsignedArray;
    break;
  default:
    return {};
  }
  result.elementBytes = static_cast<unsigned>(elementBits / 8);
  if (elementName)
    result.name = *elementName + "[" +
                  std::to_string(bytes * 8 / elementBits) + "]";
  return result;
}

const llvm::DIType *debugTypeOfObjectAt(const llvm::Value *pointer) {
  if (!pointer)
    return nullptr;
  pointer = pointer->stripPointerCasts();
  // &array[0] is the array itself.
  if (auto *gep = llvm::dyn_cast<llvm::GEPOperator>(pointer))
    if (gep->hasAllZeroIndices())
      pointer = gep->getPointerOperand()->stripPointerCasts();
  if (auto *alloca = llvm::dyn_cast<llvm::AllocaInst>(pointer)) {
    for (llvm::DbgVariableIntrinsic *d :
         llvm::FindDbgDeclareUses(const_cast<llvm::AllocaInst *>(alloca)))
      if (llvm::DILocalVariable *v = d->getVariable())
        return v->getType();
    return nullptr;
  }
  if (auto *global = llvm::dyn_cast<llvm::GlobalVariable>(pointer)) {
    llvm::SmallVector<llvm::DIGlobalVariableExpression *, 1> infos;
    global->getDebugInfo(infos);
    for (llvm::DIGlobalVariableExpression *info : infos)
      if (info->getVariable())
        return info->getVariable()->getType();
  }
  return nullptr;
}

} // namespace cosmo::engine
