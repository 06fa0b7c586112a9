//===- NodeRegions.cpp - a loop's heap blocks as cells of one object ------===//
//
// Seed 001 section 7 reads a location of the recursive heap Rec(l) as an
// index: the nodes a summarised loop allocates at one site are the cells
// of one object, a node region (MemoryObject::NodeRegion), taken one after
// the other. A relation over the region's content is then a relation over
// an array, which the Horn layer asks over one cell (CellIndexed.h).
//
// What keeps this exact:
//  - an access stays inside one cell (a block's bounds);
//  - the links of a valid cell hold null or a cell: every write of a link
//    is checked (a path where it may not is cut), every read of one
//    assumes it. A cell's links are unset until written; the cells whose
//    links were all written are the first `validCells` (the summarizer
//    checks the cells an iteration allocates before it counts them);
//  - a free of a cell is not modelled yet: the path is cut.
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Executor.h"

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DerivedTypes.h>

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <functional>

namespace cosmo::engine {

namespace {

/// Offsets of the pointer fields of `t` (nested aggregates included).
void pointerFields(const llvm::DataLayout &layout, llvm::Type *t,
                   uint64_t at, std::vector<uint64_t> &out) {
  if (t->isPointerTy()) {
    out.push_back(at);
  } else if (auto *st = llvm::dyn_cast<llvm::StructType>(t)) {
    const llvm::StructLayout *sl = layout.getStructLayout(st);
    for (unsigned k = 0; k < st->getNumElements(); ++k)
      pointerFields(layout, st->getElementType(k),
                    at + sl->getElementOffset(k), out);
  } else if (auto *at2 = llvm::dyn_cast<llvm::ArrayType>(t)) {
    uint64_t step = layout.getTypeAllocSize(at2->getElementType());
    for (uint64_t k = 0; k < at2->getNumElements(); ++k)
      pointerFields(layout, at2->getElementType(), at + k * step, out);
  }
}

} // namespace

std::optional<std::vector<uint64_t>>
Executor::nodeLinks(const llvm::Type *node) const {
  auto *st = llvm::dyn_cast<llvm::StructType>(const_cast<llvm::Type *>(node));
  if (!st || !st->isSized())
    return std::nullopt;
  std::vector<uint64_t> links;
  pointerFields(layout_, st, 0, links);
  // Every pointer field must point to the node type itself: a link.
  std::function<bool(llvm::Type *)> onlyLinks = [&](llvm::Type *t) {
    if (t->isPointerTy())
      return t->getPointerElementType() == st;
    if (auto *s2 = llvm::dyn_cast<llvm::StructType>(t))
      return std::all_of(s2->element_begin(), s2->element_end(), onlyLinks);
    if (auto *a = llvm::dyn_cast<llvm::ArrayType>(t))
      return onlyLinks(a->getElementType());
    return true;
  };
  if (!std::all_of(st->element_begin(), st->element_end(), onlyLinks))
    return std::nullopt;
  return links;
}

uint64_t Executor::makeNodeRegion(ExecutionState &s, const std::string &name,
                                  uint64_t cellSize,
                                  std::vector<uint64_t> links,
                                  const ExprRef &cells, const void *site,
                                  const void *typeTag) {
  // As large as a 64-bit process's user address space (2^47 bytes): no
  // program has more blocks of `cellSize` bytes at once, so the bound
  // every allocation assumes (maxNodes) holds in every real run.
  assert(pointerBits() >= 64 && "a 32-bit space has no room for a region");
  uint64_t capacity = uint64_t(1) << 47;
  ExprRef size = ctx_.mul(cells, pointer(cellSize));
  uint64_t base = allocate(s, capacity, memory::ObjectKind::Heap, name,
                           ctx_.arrayVar(s.freshName("uninit")), size, typeTag,
                           /*unbounded=*/true);
  const memory::ObjectEntry *e = s.memory.findByBase(base);
  auto object = std::make_shared<memory::MemoryObject>(*e->object);
  auto region = std::make_shared<memory::MemoryObject::NodeRegion>();
  region->cellSize = cellSize;
  region->linkOffsets = std::move(links);
  region->cells = region->validCells = cells;
  object->region = std::move(region);
  object->siteTag = site;
  s.memory.bind(std::move(object), e->state);
  return base;
}

uint64_t Executor::maxNodes(const memory::MemoryObject &o) {
  return o.capacity / o.region->cellSize;
}

ExprRef Executor::isNodeOf(const memory::MemoryObject &o, const ExprRef &v) {
  const memory::MemoryObject::NodeRegion &r = *o.region;
  // As the executor's resolution reads "inside" (ExecMemory.cpp).
  ExprRef end = ctx_.add(pointer(o.address),
                         ctx_.mul(r.cells, pointer(r.cellSize)));
  ExprRef offset = ctx_.sub(v, pointer(o.address));
  // With the bound every allocation assumes: the region does not wrap.
  return ctx_.andE(
      ctx_.ule(r.cells, pointer(maxNodes(o))),
      ctx_.orE(ctx_.eq(v, pointer(0)),
               ctx_.andAll(std::vector<ExprRef>{
                   ctx_.uge(v, pointer(o.address)), ctx_.ult(v, end),
                   ctx_.eq(ctx_.urem(offset, pointer(r.cellSize)),
                           pointer(0))})));
}

void Executor::setNodeCells(ExecutionState &s, uint64_t base,
                            const ExprRef &cells, const ExprRef &validCells) {
  const memory::ObjectEntry *e = s.memory.findByBase(base);
  auto object = std::make_shared<memory::MemoryObject>(*e->object);
  auto region =
      std::make_shared<memory::MemoryObject::NodeRegion>(*object->region);
  region->cells = cells;
  region->validCells = validCells;
  object->symbolicSize = ctx_.mul(cells, pointer(region->cellSize));
  object->region = std::move(region);
  s.memory.bind(std::move(object), e->state);
}

void Executor::allocateNode(ExecutionState &s, uint64_t base, bool zeroed,
                            const llvm::Value *result) {
  const memory::MemoryObject &o = *s.memory.findByBase(base)->object;
  const memory::MemoryObject::NodeRegion &r = *o.region;
  ExprRef index = r.cells;
  // No run has more blocks than fit in a process's address space.
  assume(s, ctx_.ult(index, pointer(maxNodes(o))));
  if (s.terminated)
    return;
  ExprRef offset = ctx_.mul(index, pointer(r.cellSize));
  setNodeCells(s, base, ctx_.add(index, pointer(1)), r.validCells);
  if (zeroed)
    s.memory.writable(base).write(ctx_, offset,
                                  ctx_.bv(8 * static_cast<unsigned>(
                                                  r.cellSize),
                                          0));
  bind(s, result, ctx_.add(pointer(base), offset));
}

/// Whether offset `offset` of a region of cells of `cellSize` bytes lies
/// in a valid cell and its `bytes` bytes overlap the link at `link`.
static ExprRef overlapsLink(expr::ExprContext &ctx, unsigned width,
                            const memory::MemoryObject::NodeRegion &r,
                            const ExprRef &offset, uint64_t bytes,
                            uint64_t link) {
  ExprRef in = ctx.urem(offset, ctx.bv(width, r.cellSize));
  unsigned linkBytes = width / 8;
  // [in, in + bytes) meets [link, link + linkBytes).
  return ctx.andAll(std::vector<ExprRef>{
      ctx.ult(ctx.udiv(offset, ctx.bv(width, r.cellSize)), r.validCells),
      ctx.ult(in, ctx.bv(width, link + linkBytes)),
      ctx.ugt(ctx.add(in, ctx.bv(width, bytes)), ctx.bv(width, link))});
}

ExprRef Executor::assumeLinkRead(ExecutionState &s, const ResolvedAccess &a,
                                 unsigned bytes, const ExprRef &value) {
  const memory::MemoryObject &o = *s.memory.findByBase(a.base)->object;
  if (!o.region || bytes * 8 != pointerBits() || o.region->linkOffsets.empty())
    return value;
  std::vector<ExprRef> atLink;
  for (uint64_t link : o.region->linkOffsets)
    atLink.push_back(ctx_.andE(
        ctx_.eq(ctx_.urem(a.offset, pointer(o.region->cellSize)),
                pointer(link)),
        ctx_.ult(ctx_.udiv(a.offset, pointer(o.region->cellSize)),
                 o.region->validCells)));
  ExprRef link = ctx_.orAll(atLink);
  uint64_t cell = o.region->cellSize;
  if (o.address % cell == 0 && ask(s, ctx_.notE(link), false).isUnsat()) {
    // Surely a link: null or a cell, a multiple of the cell's size, as
    // such (a relation over the region then reads it at cells).
    assume(s, isNodeOf(o, value));
    return ctx_.mul(pointer(cell), ctx_.udiv(value, pointer(cell)));
  }
  assume(s, ctx_.implies(link, isNodeOf(o, value)));
  return value;
}

ExecutionState *Executor::checkedNodeWrite(const ResolvedAccess &a,
                                           uint64_t bytes,
                                           const ExprRef &value) {
  const memory::MemoryObject &o = *a.state->memory.findByBase(a.base)->object;
  if (!o.region || o.region->linkOffsets.empty())
    return a.state;
  std::vector<ExprRef> bad;
  for (uint64_t link : o.region->linkOffsets) {
    ExprRef overlap =
        overlapsLink(ctx_, pointerBits(), *o.region, a.offset, bytes, link);
    if (value && bytes * 8 == pointerBits())
      // Exactly the link, with null or a node, is a link's write.
      overlap = ctx_.andE(
          overlap,
          ctx_.notE(ctx_.andE(
              ctx_.eq(ctx_.urem(a.offset, pointer(o.region->cellSize)),
                      pointer(link)),
              isNodeOf(o, value))));
    bad.push_back(overlap);
  }
  Split sp = split(*a.state, ctx_.orAll(bad), /*isBranch=*/false);
  if (sp.onTrue)
    terminateCut(*sp.onTrue,
                 fmt::format("a write into a link of a node of '{}' that may "
                             "hold neither null nor one of its nodes",
                             o.name));
  return sp.onFalse;
}

} // namespace cosmo::engine
