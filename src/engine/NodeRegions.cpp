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
//  - the links of a valid cell (its fields that point to its own type)
//    hold null or a cell: every write of a link is checked (a path where
//    it may not is cut), every read of one assumes it. A pointer to
//    another type (a label, a payload) is data: carried as written,
//    neither assumed nor checked, and never an anchor. A cell's links
//    are unset until written; the cells whose links were all written are
//    the first `validCells` (the summarizer checks the cells an iteration
//    allocates before it counts them);
//  - inside a loop body's isolated run over a region's content, a valid
//    cell's link holds a cell of the head or a link written since
//    (linkBound, writtenLinks: every link write is recorded), so a walk
//    cannot reach a node allocated in the iteration before a link to it
//    is written;
//  - a free of a cell frees nothing when the program is taken to be
//    memory safe (a freed node is never used again), and ends its path
//    cut otherwise: no cell has a freed mark yet;
//  - a region has room for more cells than a real process can hold
//    blocks of their size (nodeRegionBytes), so the bound every
//    allocation assumes (maxNodes) cuts no real run.
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Executor.h"

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DerivedTypes.h>

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

namespace cosmo::engine {

namespace {

/// Offsets of the fields of `t` (nested aggregates included) that point
/// to `node`: its links.
void linkFields(const llvm::DataLayout &layout, llvm::Type *t,
                const llvm::StructType *node, uint64_t at,
                std::vector<uint64_t> &out) {
  if (t->isPointerTy()) {
    if (t->getPointerElementType() == node)
      out.push_back(at);
  } else if (auto *st = llvm::dyn_cast<llvm::StructType>(t)) {
    const llvm::StructLayout *sl = layout.getStructLayout(st);
    for (unsigned k = 0; k < st->getNumElements(); ++k)
      linkFields(layout, st->getElementType(k), node,
                 at + sl->getElementOffset(k), out);
  } else if (auto *at2 = llvm::dyn_cast<llvm::ArrayType>(t)) {
    uint64_t step = layout.getTypeAllocSize(at2->getElementType());
    for (uint64_t k = 0; k < at2->getNumElements(); ++k)
      linkFields(layout, at2->getElementType(), node, at + k * step, out);
  }
}

/// Rebinds the object at `base` (a node region) in `s` with a copy of its
/// region that `edit` changed. (References into the old object dangle
/// after it.)
template <class Edit>
void editRegion(ExecutionState &s, uint64_t base, Edit edit) {
  const memory::ObjectEntry *e = s.memory.findByBase(base);
  auto object = std::make_shared<memory::MemoryObject>(*e->object);
  auto region =
      std::make_shared<memory::MemoryObject::NodeRegion>(*object->region);
  edit(*region);
  object->region = std::move(region);
  s.memory.bind(std::move(object), e->state);
}

} // namespace

std::optional<std::vector<uint64_t>>
Executor::nodeLinks(const llvm::Type *node) const {
  auto *st = llvm::dyn_cast<llvm::StructType>(const_cast<llvm::Type *>(node));
  if (!st || !st->isSized())
    return std::nullopt;
  std::vector<uint64_t> links;
  linkFields(layout_, st, st, 0, links);
  return links;
}

uint64_t Executor::nodeRegionBytes(uint64_t blockSize) const {
  // LP64: as large as a 64-bit process's user address space (2^47
  // bytes): no program has more blocks at once, whatever their size.
  if (pointerBits() >= 64)
    return uint64_t(1) << 47;
  // ILP32: as many cells as a 32-bit process holds blocks of `blockSize`
  // bytes. Each block takes a chunk of at least max(16, blockSize + 4)
  // bytes rounded up to 16 (glibc's i386 malloc: a 4-byte size header,
  // 16-byte alignment, 16-byte least chunk), and the chunks never take the
  // whole 4 GiB: Linux keeps a gap of 1 MiB below the stack that no mapping
  // enters (stack_guard_gap), besides the stack itself, the program's image
  // and the unmapped lowest page. (Without that megabyte, 2^28 blocks of 12
  // bytes in cells of 16 would need the whole address space: no region of
  // them would fit, and no loop that builds them would be summarised.)
  constexpr uint64_t kNeverChunks = uint64_t(1) << 20;
  uint64_t chunk =
      std::max<uint64_t>(16, (blockSize + 4 + 15) & ~uint64_t(15));
  uint64_t blocks = ((uint64_t(1) << 32) - kNeverChunks + chunk - 1) / chunk;
  return memory::MemoryObject::NodeRegion::cellSizeFor(blockSize) * blocks;
}

std::optional<uint64_t>
Executor::makeNodeRegion(ExecutionState &s, const std::string &name,
                         uint64_t blockSize, std::vector<uint64_t> links,
                         const ExprRef &cells, const void *site,
                         const void *typeTag) {
  uint64_t cellSize = memory::MemoryObject::NodeRegion::cellSizeFor(blockSize);
  // So large that the bound every allocation assumes (maxNodes) holds in
  // every real run; a path whose address space has no room for it has no
  // region.
  uint64_t capacity = nodeRegionBytes(blockSize);
  // The base a multiple of the cell's size: a link read is then a cell
  // index times that size (assumeLinkRead).
  uint64_t index = s.nextObjectIndex;
  for (std::optional<uint64_t> at; (at = addresses_.place(index, capacity));
       ++index)
    if (*at % cellSize == 0)
      break;
  if (!addresses_.place(index, capacity))
    return std::nullopt;
  s.nextObjectIndex = index;
  ExprRef size = ctx_.mul(cells, pointer(cellSize));
  uint64_t base = allocate(s, capacity, memory::ObjectKind::Heap, name,
                           ctx_.arrayVar(s.freshName("uninit")), size, typeTag,
                           /*unbounded=*/true);
  const memory::ObjectEntry *e = s.memory.findByBase(base);
  auto object = std::make_shared<memory::MemoryObject>(*e->object);
  auto region = std::make_shared<memory::MemoryObject::NodeRegion>();
  region->blockSize = blockSize;
  region->linkOffsets = std::move(links);
  region->cells = region->validCells = cells;
  object->region = std::move(region);
  object->siteTag = site;
  s.memory.bind(std::move(object), e->state);
  return base;
}

ExprRef Executor::contentOffset(const memory::MemoryObject &o,
                                const ExprRef &offset) {
  if (!o.region || pointerBits() >= 64)
    return offset;
  // A 32-bit address a in the region: a - base, in 64 bits, as
  // zext(a) - base (the same on the path, where a >= base). As LP64's
  // offsets, a null link's is then below every cell (negative), which the
  // Horn layer's templates over cells rely on (CellTemplates.cpp).
  ExprRef address = ctx_.add(offset, pointer(o.address));
  return ctx_.sub(ctx_.zextOrTrunc(address, 64), ctx_.bv(64, o.address));
}

uint64_t Executor::maxNodes(const memory::MemoryObject &o) {
  return o.capacity / o.region->cellSize();
}

namespace {
/// `v` is null, an anchor of `o`'s region or a cell of it below `cells`.
ExprRef nodeBelow(Executor &x, const memory::MemoryObject &o,
                  const ExprRef &v, const ExprRef &cells) {
  expr::ExprContext &ctx = x.ctx();
  const memory::MemoryObject::NodeRegion &r = *o.region;
  // As the executor's resolution reads "inside" (ExecMemory.cpp).
  ExprRef end = ctx.add(x.pointer(o.address),
                        ctx.mul(cells, x.pointer(r.cellSize())));
  ExprRef offset = ctx.sub(v, x.pointer(o.address));
  std::vector<ExprRef> node{
      ctx.eq(v, x.pointer(0)),
      ctx.andAll(std::vector<ExprRef>{
          ctx.uge(v, x.pointer(o.address)), ctx.ult(v, end),
          ctx.eq(ctx.urem(offset, x.pointer(r.cellSize())), x.pointer(0))})};
  for (uint64_t anchor : r.anchors)
    node.push_back(ctx.eq(v, x.pointer(anchor)));
  return ctx.orAll(node);
}
} // namespace

ExprRef Executor::isLinkTarget(const memory::MemoryObject &o,
                               const ExprRef &v) {
  const memory::MemoryObject::NodeRegion &r = *o.region;
  ExprRef node = isNodeOf(o, v);
  if (!r.linkBound)
    return node;
  std::vector<ExprRef> any{nodeBelow(*this, o, v, r.linkBound)};
  for (const ExprRef &w : r.writtenLinks)
    any.push_back(ctx_.eq(v, w));
  return ctx_.andE(node, ctx_.orAll(any));
}

void Executor::boundLinks(ExecutionState &s, uint64_t base) {
  const memory::ObjectEntry *e = s.memory.findByBase(base);
  if (!e || !e->object->region)
    return;
  editRegion(s, base, [](memory::MemoryObject::NodeRegion &r) {
    r.linkBound = r.cells;
    r.writtenLinks.clear();
  });
}

ExprRef Executor::isNodeOf(const memory::MemoryObject &o, const ExprRef &v) {
  const memory::MemoryObject::NodeRegion &r = *o.region;
  // With the bound every allocation assumes: the region does not wrap.
  return ctx_.andE(ctx_.ule(r.cells, pointer(maxNodes(o))),
                   nodeBelow(*this, o, v, r.cells));
}

void Executor::addNodeAnchor(ExecutionState &s, uint64_t base,
                             uint64_t anchor, const ExprRef &valid) {
  editRegion(s, base, [&](memory::MemoryObject::NodeRegion &r) {
    assert(anchor % r.cellSize() == 0 &&
           "a link read is a multiple of the cell's size (assumeLinkRead)");
    if (std::find(r.anchors.begin(), r.anchors.end(), anchor) ==
        r.anchors.end())
      r.anchors.push_back(anchor);
    r.anchorsValid = valid;
  });
  const memory::ObjectEntry *a = s.memory.findByBase(anchor);
  if (!a || a->freed) // (a rebinding would forget the free)
    return;
  auto anchored = std::make_shared<memory::MemoryObject>(*a->object);
  anchored->anchorOf = base;
  s.memory.bind(std::move(anchored), a->state);
}

void Executor::setNodeCells(ExecutionState &s, uint64_t base,
                            const ExprRef &cells, const ExprRef &validCells) {
  const memory::ObjectEntry *e = s.memory.findByBase(base);
  auto object = std::make_shared<memory::MemoryObject>(*e->object);
  auto region =
      std::make_shared<memory::MemoryObject::NodeRegion>(*object->region);
  region->cells = cells;
  // Other valid cells: links the bound has not seen (cells written while
  // not valid).
  if (region->validCells != validCells) {
    region->linkBound = nullptr;
    region->writtenLinks.clear();
  }
  region->validCells = validCells;
  object->symbolicSize = ctx_.mul(cells, pointer(region->cellSize()));
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
  ExprRef offset = ctx_.mul(index, pointer(r.cellSize()));
  setNodeCells(s, base, ctx_.add(index, pointer(1)), r.validCells);
  if (zeroed)
    s.memory.writable(base).write(ctx_, offset,
                                  ctx_.bv(8 * static_cast<unsigned>(
                                                  r.cellSize()),
                                          0));
  bind(s, result, ctx_.add(pointer(base), offset));
}

namespace {
/// What an access to a region's cell or to one of its anchors is to the
/// region's links.
struct LinkSite {
  const memory::MemoryObject *region = nullptr; ///< null: no links there
  ExprRef inCell; ///< the offset in the node
  ExprRef valid;  ///< the node's links are set
};
} // namespace

/// The links access `a` may touch: of a cell of a region, or of an anchor.
static LinkSite linkSiteOf(Executor &x, const ExecutionState &s,
                           const ResolvedAccess &a) {
  expr::ExprContext &ctx = x.ctx();
  const memory::MemoryObject &o = *s.memory.findByBase(a.base)->object;
  LinkSite out;
  if (o.region) {
    ExprRef cell = x.pointer(o.region->cellSize());
    out.region = &o;
    out.inCell = ctx.urem(a.offset, cell);
    out.valid = ctx.ult(ctx.udiv(a.offset, cell), o.region->validCells);
  } else if (o.anchorOf) {
    out.region = s.memory.findByBase(o.anchorOf)->object.get();
    out.inCell = a.offset;
    const memory::MemoryObject::NodeRegion &r = *out.region->region;
    out.valid = r.anchorsValid ? r.anchorsValid : ctx.trueE();
    if (r.isUnsetAnchor(a.base))
      out.valid = ctx.falseE();
  }
  if (out.region && out.region->region->linkOffsets.empty())
    out.region = nullptr;
  return out;
}

/// The solver's time to tell whether a read is surely of a link: past it,
/// the read is taken as a link's only where it is one (sound). Z3 answers
/// most in milliseconds, some (offsets modulo the cell's size on a path
/// through a loop's summary) not in 10 s; 250 ms loses a proof of
/// tests/programs/loops/list_append_head_proved.c.
constexpr unsigned kLinkReadMs = 1000;

ExprRef Executor::assumeLinkRead(ExecutionState &s, const ResolvedAccess &a,
                                 unsigned bytes, const ExprRef &value) {
  LinkSite site = linkSiteOf(*this, s, a);
  if (!site.region || bytes * 8 != pointerBits())
    return value;
  const memory::MemoryObject &o = *site.region;
  // An anchor's links as they are (its content may be carried where the
  // region's is not: no bound speaks of it).
  bool inCell = s.memory.findByBase(a.base)->object->region != nullptr;
  auto target = [&](const ExprRef &v) {
    return inCell ? isLinkTarget(o, v) : isNodeOf(o, v);
  };
  std::vector<ExprRef> atLink;
  for (uint64_t link : o.region->linkOffsets)
    atLink.push_back(ctx_.eq(site.inCell, pointer(link)));
  ExprRef link = ctx_.andE(ctx_.orAll(atLink), site.valid);
  uint64_t cell = o.region->cellSize();
  if (o.address % cell == 0 &&
      ask(s, ctx_.notE(link), false, kLinkReadMs).isUnsat()) {
    // Surely a link: null, a cell or an anchor, a multiple of the cell's
    // size, as such (a relation over the region then reads it at cells).
    assume(s, target(value));
    return ctx_.mul(pointer(cell), ctx_.udiv(value, pointer(cell)));
  }
  assume(s, ctx_.implies(link, target(value)));
  return value;
}

std::vector<ExprRef>
Executor::linksAt(const memory::ObjectEntry &e,
                  const memory::MemoryObject::NodeRegion &r,
                  const ExprRef &at) {
  std::vector<ExprRef> out;
  for (uint64_t link : r.linkOffsets)
    out.push_back(e.state->read(
        ctx_, contentOffset(*e.object, ctx_.add(at, pointer(link))),
        pointerBits() / 8));
  return out;
}

bool Executor::adoptAnchor(ExecutionState &s, const memory::MemoryObject &o,
                           const ExprRef &value) {
  // A node made outside the region (a block of the node's size, alone,
  // at a cell's alignment) whose address a link takes: the region's
  // links may hold it from now on, as a list's head's (an anchor). Its
  // own links are the region's once they hold null or nodes: until then
  // it is unset (linked in first, its links set after), neither assumed
  // nor checked, and no loop's head takes them as valid
  // (assumeAnchorLinks). (A loop body's run that adopts one runs again
  // with it an anchor its head knows, when it is a node of the loop's
  // arrival; else it is refused its summary: nodesBroken.)
  if (!value->isConst())
    return false;
  uint64_t address = value->bvValue().getZExtValue();
  const memory::MemoryObject::NodeRegion &r = *o.region;
  if (address == 0 || address % r.cellSize() != 0 ||
      std::find(r.anchors.begin(), r.anchors.end(), address) !=
          r.anchors.end())
    return false;
  const memory::ObjectEntry *e = s.memory.findByBase(address);
  if (!e || e->freed || e->object->region || e->object->anchorOf ||
      e->object->symbolicSize || e->object->capacity != r.blockSize ||
      e->object->kind != memory::ObjectKind::Heap)
    return false;
  // (`o` and `r` are the region's object before the rebinding below.)
  uint64_t base = o.address;
  addNodeAnchor(s, base, address,
                r.anchorsValid ? r.anchorsValid : ctx_.trueE());
  editRegion(s, base, [&](memory::MemoryObject::NodeRegion &region) {
    region.unsetAnchors.push_back(address);
  });
  settleAnchors(s, base);
  return true;
}

void Executor::settleAnchors(ExecutionState &s, uint64_t base) {
  const memory::ObjectEntry &e = *s.memory.findByBase(base);
  const memory::MemoryObject::NodeRegion &r = *e.object->region;
  if (r.unsetAnchors.empty())
    return;
  std::vector<uint64_t> unset;
  for (uint64_t a : r.unsetAnchors) {
    const memory::ObjectEntry *anchor = s.memory.findByBase(a);
    if (!anchor || anchor->freed) {
      unset.push_back(a); // (its links stay as they were: not the region's)
      continue;
    }
    std::vector<ExprRef> set;
    for (const ExprRef &v : linksAt(*anchor, r, pointer(0)))
      set.push_back(isNodeOf(*e.object, v));
    if (!ask(s, ctx_.notE(ctx_.andAll(set)), false).isUnsat())
      unset.push_back(a);
  }
  if (unset.size() != r.unsetAnchors.size())
    editRegion(s, base, [&](memory::MemoryObject::NodeRegion &region) {
      region.unsetAnchors = unset;
    });
}

ExecutionState *Executor::checkedNodeWrite(const ResolvedAccess &a,
                                           uint64_t bytes,
                                           const ExprRef &value) {
  LinkSite site = linkSiteOf(*this, *a.state, a);
  if (!site.region)
    return a.state;
  // A pointer written into a link may make a block a node outside the
  // region; not one written into a field of another type (a node's label
  // is no anchor, whatever its size).
  auto mayBeLink = [&] {
    const std::vector<uint64_t> &links = site.region->region->linkOffsets;
    return !site.inCell->isConst() ||
           std::find(links.begin(), links.end(),
                     site.inCell->bvValue().getZExtValue()) != links.end();
  };
  if (value && bytes * 8 == pointerBits() && mayBeLink())
    if (adoptAnchor(*a.state, *site.region, value))
      site = linkSiteOf(*this, *a.state, a);
  const memory::MemoryObject &o = *site.region;
  unsigned linkBytes = pointerBits() / 8;
  std::vector<ExprRef> bad;
  for (uint64_t link : o.region->linkOffsets) {
    // [in, in + bytes) meets [link, link + linkBytes) of a valid node.
    ExprRef overlap = ctx_.andAll(std::vector<ExprRef>{
        site.valid, ctx_.ult(site.inCell, pointer(link + linkBytes)),
        ctx_.ugt(ctx_.add(site.inCell, pointer(bytes)), pointer(link))});
    if (value && bytes * 8 == pointerBits())
      // Exactly the link, with null or a node, is a link's write.
      overlap = ctx_.andE(
          overlap, ctx_.notE(ctx_.andE(ctx_.eq(site.inCell, pointer(link)),
                                       isNodeOf(o, value))));
    bad.push_back(overlap);
  }
  Split sp = split(*a.state, ctx_.orAll(bad), /*isBranch=*/false);
  if (sp.onTrue)
    terminateCut(*sp.onTrue,
                 fmt::format("a write into a link of a node of '{}' that may "
                             "hold neither null nor one of its nodes",
                             o.name));
  // (`o` is the region's object before the rebindings below.)
  uint64_t base = o.address;
  bool bounded = o.region->linkBound != nullptr;
  bool unset = a.base != base && o.region->isUnsetAnchor(a.base);
  // A write into an unset anchor: it may have set its last link.
  if (sp.onFalse && unset)
    settleAnchors(*sp.onFalse, base);
  // A link written (or a non-link field: one value more is harmless) is a
  // value a valid cell's link may hold from now on.
  if (sp.onFalse && bounded && value && bytes * 8 == pointerBits())
    editRegion(*sp.onFalse, base, [&](memory::MemoryObject::NodeRegion &r) {
      r.writtenLinks.push_back(value);
    });
  return sp.onFalse;
}

ExecutionState *Executor::freeNode(ExecutionState &s, const ExprRef &address) {
  std::vector<std::shared_ptr<const memory::MemoryObject>> regions;
  for (const auto &[base, entry] : s.memory.objects())
    if (entry.object->region)
      regions.push_back(entry.object);
  ExecutionState *rest = &s;
  for (const auto &region : regions) {
    const memory::MemoryObject &o = *region;
    if (!rest)
      break;
    // A cell's first byte: in the region's valid cells, at a multiple of
    // the cell's size (as isNodeOf reads a link, null aside).
    ExprRef offset = ctx_.sub(address, pointer(o.address));
    ExprRef cell = ctx_.andE(
        ctx_.ult(ctx_.udiv(offset, pointer(o.region->cellSize())),
                 o.region->cells),
        ctx_.eq(ctx_.urem(offset, pointer(o.region->cellSize())), pointer(0)));
    Split sp = split(*rest, cell, /*isBranch=*/false);
    if (sp.onTrue && !opts_.assumeMemorySafe)
      terminateCut(*sp.onTrue, fmt::format("a free of a node of '{}' (a "
                                           "loop's node region: no freed "
                                           "mark per node yet)",
                                           o.name));
    rest = sp.onFalse;
  }
  return rest;
}

} // namespace cosmo::engine
