//===- NodeSites.cpp - the nodes a loop allocates, as one region ----------===//
//
// Seed 001 section 7 (the recursive heap Rec(l) read by location): a loop
// that allocates a node per iteration and keeps it (a list it builds) has
// no bounded set of objects to carry. Its allocation site becomes a node
// region (MemoryObject::NodeRegion): one object whose cells are the
// nodes, carried as an array and a cell count, with pointers to nodes
// carried as addresses. The executor keeps every valid cell's links null
// or a cell; what the summary assumed beyond that is checked here, as an
// induction over the loop's iterations:
//  - a raw pointer is null or a cell at the arrival and at the end of
//    every iteration that started with it so;
//  - every cell an iteration allocates has its links set (to null or a
//    cell) by the iteration's end, so all cells are valid at the head.
//
//===----------------------------------------------------------------------===//

#include "loops/LoopInstance.h"

#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/MathExtras.h>

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <cassert>

namespace cosmo::summary {

namespace {

/// The struct type the blocks of `site` hold: the type of the one pointer
/// its result is cast to, of `size` bytes; null when none.
const llvm::Type *nodeTypeOf(const llvm::Value *site, uint64_t size,
                             const llvm::DataLayout &layout) {
  const llvm::Type *found = nullptr;
  for (const llvm::User *u : site->users()) {
    if (llvm::isa<llvm::GetElementPtrInst>(u) ||
        llvm::isa<llvm::PtrToIntInst>(u))
      return nullptr; // an address computed from the block's
    const auto *cast = llvm::dyn_cast<llvm::BitCastInst>(u);
    if (!cast || !cast->getType()->isPointerTy())
      continue;
    llvm::Type *t = cast->getType()->getPointerElementType();
    if (!t->isStructTy() || !t->isSized() ||
        layout.getTypeAllocSize(t) != size || (found && found != t))
      return nullptr;
    found = t;
  }
  return found;
}

/// Whether the module computes addresses from pointers to `node` other
/// than its fields' (`p + 1`, `p - 1`, through a cast or an integer): the
/// cells of a region are side by side, where such an address would be
/// outside its block, so only types without such arithmetic get regions.
bool arithmeticOnNodes(const llvm::Module &m, const llvm::Type *node) {
  const llvm::Type *pointer = node->getPointerTo();
  for (const llvm::Function &f : m)
    for (const llvm::BasicBlock &b : f)
      for (const llvm::Instruction &i : b) {
        if (const auto *gep = llvm::dyn_cast<llvm::GetElementPtrInst>(&i)) {
          const auto *first = llvm::dyn_cast<llvm::ConstantInt>(
              gep->idx_begin()->get());
          if (gep->getSourceElementType() == node &&
              !(first && first->isZero()))
            return true;
        } else if (i.getOperand(0)->getType() == pointer &&
                   (llvm::isa<llvm::PtrToIntInst>(&i) ||
                    (llvm::isa<llvm::CastInst>(&i) && i.getType() != pointer &&
                     std::any_of(i.user_begin(), i.user_end(),
                                 [](const llvm::User *u) {
                                   return llvm::isa<llvm::GetElementPtrInst>(u) ||
                                          llvm::isa<llvm::PtrToIntInst>(u);
                                 })))) {
          return true;
        }
      }
  return false;
}

/// `e` as `var + k` for a constant k (sums of constants over `var`).
std::optional<uint64_t> constantAbove(const ExprRef &e, const ExprRef &var) {
  uint64_t k = 0;
  const expr::Expr *at = e.get();
  while (at != var.get()) {
    if (at->kind() != expr::Kind::Add)
      return std::nullopt;
    if (at->child(0)->kind() == expr::Kind::BVConst) {
      k += at->child(0)->bvValue().getZExtValue();
      at = at->child(1);
    } else if (at->child(1)->kind() == expr::Kind::BVConst) {
      k += at->child(1)->bvValue().getZExtValue();
      at = at->child(0);
    } else {
      return std::nullopt;
    }
  }
  return k;
}

/// Whether `cond` holds on every input of the path of `s`.
bool holds(Executor &x, ExecutionState &s, const ExprRef &cond) {
  if (cond->isTrue())
    return true;
  return x.ask(s, x.ctx().notE(cond), false).isUnsat();
}

} // namespace

std::optional<uint64_t> LoopBodyRun::nodeRegionFor(ExecutionState &s,
                                                   const llvm::Value *site,
                                                   const ExprRef &size) {
  if (!size->isConst())
    return std::nullopt;
  uint64_t bytes = size->bvValue().getZExtValue();
  for (const NodeSite &n : instance_.nodeSites)
    if (n.site == site)
      return n.blockSize == bytes ? std::optional<uint64_t>(n.base)
                                  : std::nullopt;
  // A node of a type whose region the arrival has (a list an earlier loop
  // built, appended to here): a cell of that region, so that the links
  // between the two loops' nodes are links of one region (and a 32-bit
  // address space holds one region of the type, not two).
  const llvm::Type *node =
      nodeTypeOf(site, bytes, x_.module().getDataLayout());
  if (!node || !nodeRegionsPossible(x_))
    return std::nullopt;
  for (uint64_t base : instance_.arrivalRegions) {
    const memory::ObjectEntry *e = s.memory.findByBase(base);
    if (!e || e->freed || !e->object->region ||
        e->object->typeTag != node || e->object->region->blockSize != bytes)
      continue;
    NodeSite n;
    n.site = site;
    n.node = node;
    n.blockSize = bytes;
    n.links = e->object->region->linkOffsets;
    n.name = e->object->name;
    n.base = base;
    n.shared = true;
    instance_.nodeSites.push_back(std::move(n));
    return base;
  }
  return std::nullopt;
}

void makeNodeRegions(Executor &x, ExecutionState &start,
                     const std::vector<NodeSite> &sites) {
  for (const NodeSite &n : sites) {
    if (!n.makesRegion())
      continue; // the arrival's, or an earlier site's
    [[maybe_unused]] std::optional<uint64_t> base = x.makeNodeRegion(
        start, n.name, n.blockSize, n.links,
        x.ctx().bv(x.pointerBits(), 0), n.site, n.node);
    assert(base == n.base && "a region is placed where the first run placed it");
  }
}

bool nodeRegionsPossible(const Executor &x) {
  return !x.options().checkLeaks && !x.options().checkCleanup;
}

std::string addNodeSites(Executor &x, const ExecutionState &s,
                         const std::vector<const memory::MemoryObject *> &outliving,
                         std::vector<NodeSite> &sites,
                         std::vector<CarriedValue> &carried) {
  const std::string leaks = "memory allocated in the loop outlives an "
                            "iteration";
  if (!nodeRegionsPossible(x))
    return leaks;
  size_t known = sites.size();
  // The site whose region holds the loop's nodes of `node`, `size` bytes.
  auto regionOf = [&](const llvm::Type *node, uint64_t size) {
    return std::find_if(sites.begin(), sites.end(), [&](const NodeSite &m) {
      return m.makesRegion() && m.node == node && m.blockSize == size;
    });
  };
  for (const memory::MemoryObject *o : outliving) {
    const auto *site = static_cast<const llvm::Value *>(o->siteTag);
    if (!site || o->region || o->symbolicSize || o->kind != memory::ObjectKind::Heap)
      return leaks;
    auto same = std::find_if(sites.begin(), sites.end(),
                             [&](const NodeSite &n) { return n.site == site; });
    if (same != sites.end()) {
      if (same - sites.begin() < static_cast<long>(known))
        return leaks + " (blocks of two sizes from one allocation)";
      continue; // a second block of this iteration's new site
    }
    const llvm::Type *node =
        nodeTypeOf(site, o->capacity, x.module().getDataLayout());
    std::optional<std::vector<uint64_t>> links =
        node ? x.nodeLinks(node) : std::nullopt;
    if (!links)
      return leaks + " (not as nodes of a struct)";
    if (arithmeticOnNodes(x.module(), node))
      return leaks + " (addresses computed from pointers to its nodes)";
    NodeSite n;
    n.site = site;
    n.node = node;
    // Cells of a power of two bytes, the nodes padded to them: a cell's
    // index and offset in it are bit fields (a division by 12 of every
    // address makes each query slow), and the Horn layer reads such arrays
    // over cells.
    n.blockSize = o->capacity;
    n.links = std::move(*links);
    n.name = fmt::format("nodes of {}", o->name);
    n.sameAsEarlier = regionOf(node, n.blockSize) != sites.end();
    sites.push_back(std::move(n));
  }
  // Where the body's runs will place the regions: after the arrival's
  // objects, in order.
  std::unique_ptr<ExecutionState> probe = x.copyState(s);
  for (NodeSite &n : sites) {
    if (!n.makesRegion())
      continue;
    std::optional<uint64_t> base =
        x.makeNodeRegion(*probe, n.name, n.blockSize, n.links,
                         x.ctx().bv(x.pointerBits(), 0), n.site, n.node);
    if (!base)
      return leaks + fmt::format(" (no room in the {}-bit address space for "
                                 "as many nodes of {} bytes as a run can "
                                 "allocate)",
                                 x.pointerBits(), n.blockSize);
    n.base = *base;
  }
  for (NodeSite &n : sites)
    if (n.sameAsEarlier)
      n.base = regionOf(n.node, n.blockSize)->base;
  for (size_t k = known; k < sites.size(); ++k) {
    if (!sites[k].makesRegion())
      continue; // counted with the region's first site
    CarriedValue count, content;
    count.base = content.base = sites[k].base;
    count.regionCells = true;
    count.bornInLoop = content.bornInLoop = true;
    count.name = fmt::format("\\cells({})", sites[k].name);
    content.name = sites[k].name;
    carried.push_back(std::move(count));
    carried.push_back(std::move(content));
  }
  bindToSites(carried, sites);
  return "";
}

void countSharedRegions(const std::vector<NodeSite> &sites,
                        std::vector<CarriedValue> &carried) {
  for (const NodeSite &n : sites) {
    if (!n.shared || std::any_of(carried.begin(), carried.end(),
                                 [&](const CarriedValue &c) {
                                   return c.regionCells && c.base == n.base;
                                 }))
      continue;
    CarriedValue count;
    count.base = n.base;
    count.regionCells = true;
    count.name = fmt::format("\\cells({})", n.name);
    carried.push_back(std::move(count));
  }
}

void bindToRegionsIn(CarriedValue &c, const memory::AddressSpace &memory) {
  for (const auto &[base, entry] : memory.objects())
    if (entry.object->region && entry.object->typeTag == c.node &&
        !entry.freed)
      bindToRegion(c, base, entry.object->region->cellSize());
}

void bindToSites(std::vector<CarriedValue> &carried,
                 const std::vector<NodeSite> &sites) {
  for (CarriedValue &c : carried)
    if (c.raw && !c.nodeRegion)
      for (const NodeSite &n : sites)
        if (c.node == n.node)
          bindToRegion(c, n.base, n.cellSize());
}

void bindToRegion(CarriedValue &c, uint64_t base, uint64_t cellSize) {
  c.nodeRegion = base;
  // In units of a cell (null is 0, the region's cells follow its base's
  // index), when the base is a multiple of a cell: the cells of a
  // relation over the region's content are then its accesses' stride.
  c.pointee = 0;
  c.stride = base % cellSize == 0 && c.anchor % cellSize == 0 ? cellSize : 1;
  const std::string &p = c.holder;
  c.name = c.stride == 1 ? fmt::format("(uintptr_t){}", p)
                         : fmt::format("(uintptr_t){} / {}", p, c.stride);
}

namespace {

/// The carried cell count of the region at `base`, if the loop makes it.
const CarriedValue *countOf(const std::vector<CarriedValue> &carried,
                            uint64_t base) {
  for (const CarriedValue &c : carried)
    if (c.regionCells && c.base == base)
      return &c;
  return nullptr;
}

/// `v` is null, a cell of the region `o` (none when the loop makes it and
/// this is the arrival: `o` null) or one of `anchors`; with `bounded`, a
/// cell a valid link may hold (Executor::isLinkTarget).
ExprRef nodeOrAnchor(Executor &x, const memory::MemoryObject *o,
                     const std::vector<uint64_t> &anchors, const ExprRef &v,
                     bool bounded = false) {
  std::vector<ExprRef> any{o ? (bounded ? x.isLinkTarget(*o, v)
                                        : x.isNodeOf(*o, v))
                             : x.ctx().eq(v, x.pointer(0))};
  for (uint64_t a : anchors)
    any.push_back(x.ctx().eq(v, x.pointer(a)));
  return x.ctx().orAll(any);
}

/// The links of cell `index` of region `e` in `s` (but those at
/// `skipped`) that may hold neither null nor a node where `exists`.
std::vector<uint64_t> unsetLinks(Executor &x, ExecutionState &s,
                                 const memory::ObjectEntry &e,
                                 const ExprRef &index,
                                 const std::vector<uint64_t> &skipped,
                                 ExprRef exists = nullptr) {
  expr::ExprContext &ctx = x.ctx();
  const memory::MemoryObject::NodeRegion &r = *e.object->region;
  std::vector<ExprRef> values =
      x.linksAt(e, r, ctx.mul(index, x.pointer(r.cellSize())));
  std::vector<uint64_t> out;
  for (size_t k = 0; k < values.size(); ++k) {
    uint64_t offset = r.linkOffsets[k];
    if (std::find(skipped.begin(), skipped.end(), offset) != skipped.end())
      continue;
    ExprRef valid = x.isNodeOf(*e.object, values[k]);
    if (!holds(x, s, exists ? ctx.implies(exists, valid) : valid))
      out.push_back(offset);
  }
  return out;
}

std::string unsetWhy(const memory::ObjectEntry &e) {
  return fmt::format("a node of '{}' allocated in the loop whose link may "
                     "be neither null nor one of its nodes at the end of "
                     "the iteration (unset, or another object's address)",
                     e.object->name);
}

} // namespace

ExprRef isTailOf(Executor &x, const memory::MemoryObject *o, uint64_t anchor,
                 const ExprRef &v) {
  expr::ExprContext &ctx = x.ctx();
  // With no cell, where it started: its anchor (a list's head), else null.
  ExprRef none = ctx.eq(v, x.pointer(anchor));
  if (!o)
    return none;
  const memory::MemoryObject::NodeRegion &r = *o->region;
  ExprRef last = ctx.add(
      x.pointer(o->address),
      ctx.mul(ctx.sub(r.cells, x.pointer(1)), x.pointer(r.cellSize())));
  return ctx.ite(ctx.uge(r.cells, x.pointer(1)), ctx.eq(v, last), none);
}

ExprRef awayFromLinkedAnchors(Executor &x, const LoopInstance &inst,
                              const CarriedValue &c, const ExprRef &v) {
  std::vector<ExprRef> away;
  if (auto it = inst.linkedAnchors.find(c.nodeRegion);
      it != inst.linkedAnchors.end())
    for (uint64_t a : it->second)
      if (a != c.anchor)
        away.push_back(x.ctx().notE(x.ctx().eq(v, x.pointer(a))));
  return x.ctx().andAll(away);
}

std::string nodesBroken(Executor &x, ExecutionState &s,
                        LoopInstance &inst,
                        const std::vector<std::unique_ptr<ExecutionState>> &ends,
                        std::vector<CarriedValue> &carried, bool &again) {
  expr::ExprContext &ctx = x.ctx();
  again = false;
  auto notNode = [&](const CarriedValue &c) {
    return fmt::format("a pointer carried around the loop ('{}') that may be "
                       "neither null nor a node of its region",
                       c.name);
  };
  auto address = [&](const CarriedValue &c,
                     const ExecutionState &st) -> ExprRef {
    return c.addressIn(ctx, st);
  };
  // The last cell's links unset at an iteration's end (`offsets`): it is
  // pending, with those links (its others valid at the head); links found
  // unset later join them (a node's `next` the next iteration sets, its
  // `prev` set by its own).
  auto pend = [&](uint64_t region, const std::string &why,
                  const std::vector<uint64_t> &offsets) {
    for (CarriedValue &c : carried) {
      if (!c.regionCells || c.base != region)
        continue;
      bool grows = false;
      for (uint64_t o : offsets)
        if (std::find(c.pendingLinks.begin(), c.pendingLinks.end(), o) ==
            c.pendingLinks.end()) {
          c.pendingLinks.push_back(o);
          grows = true;
        }
      if (c.pending == 0 || grows) {
        c.pending = 1;
        again = true;
        return std::string();
      }
    }
    return why;
  };
  // An anchor with a link unset: its links valid from the first cell on,
  // once. (Apart from the last cell's pending, so that an anchor whose
  // links hold at the arrival is valid from there: a list's head node
  // whose last node's `next` the next iteration sets.)
  auto pendAnchor = [&](uint64_t region, const std::string &why) {
    for (CarriedValue &c : carried)
      if (c.regionCells && c.base == region && c.anchorPending == 0) {
        c.anchorPending = 1;
        again = true;
        return std::string();
      }
    return why;
  };
  // The pending cell's link unset where the pointer that sets it is not
  // known to point to it: the raw pointers that end each iteration at
  // the last cell are taken as such at the head, once.
  auto tails = [&](uint64_t region, const std::string &why) {
    for (size_t k = 0; k < carried.size(); ++k) {
      CarriedValue &c = carried[k];
      if (!c.raw || c.tail || c.nodeRegion != region)
        continue;
      bool last = std::all_of(ends.begin(), ends.end(), [&](const auto &end) {
        ExprRef v = address(inst.carried[k], *end);
        return v && holds(x, *end,
                          isTailOf(x,
                                   end->memory.findByBase(region)->object.get(),
                                   c.anchor, v));
      });
      if (last) {
        c.tail = again = true;
        return std::string();
      }
    }
    return why;
  };
  // A region of the arrival whose cells the loop counts (it appends to
  // it): the cells the head takes as valid (all but the last `pending`)
  // are so at the arrival.
  for (const CarriedValue &c : carried) {
    if (!c.regionCells || c.bornInLoop)
      continue;
    const memory::MemoryObject &o = *s.memory.findByBase(c.base)->object;
    const memory::MemoryObject::NodeRegion &r = *o.region;
    if (!holds(x, s, ctx.uge(ctx.add(r.validCells, x.pointer(c.pending)),
                             r.cells))) {
      std::string why = fmt::format("a node of '{}' whose link may be unset "
                                    "at the arrival",
                                    o.name);
      return c.pending ? why : pend(c.base, why, r.linkOffsets);
    }
    // (Its last cell's links that are not pending are valid there.)
    if (c.pending && !holds(x, s, ctx.uge(r.validCells, r.cells))) {
      std::vector<uint64_t> unset =
          unsetLinks(x, s, *s.memory.findByBase(c.base),
                     ctx.sub(r.cells, x.pointer(1)), c.pendingLinks,
                     ctx.uge(r.cells, x.pointer(1)));
      if (!unset.empty())
        return pend(c.base, fmt::format("a node of '{}' whose link may be "
                                        "unset at the arrival",
                                        o.name),
                    unset);
    }
  }
  // The anchors of each region, as the body's runs had them.
  std::map<uint64_t, std::vector<uint64_t>> anchors;
  for (const CarriedValue &c : inst.carried)
    if (c.raw && c.anchor && c.nodeRegion)
      anchors[c.nodeRegion].push_back(c.anchor);
  for (const auto &[region, list] : inst.linkedAnchors)
    for (uint64_t a : list)
      if (auto &known = anchors[region];
          std::find(known.begin(), known.end(), a) == known.end())
        known.push_back(a);
  // A node of the arrival (outside every region and every other region's
  // anchors, a heap block of the node's size at a cell's alignment, as
  // Executor::adoptAnchor takes one) whose address the loop's nodes or
  // anchors take (a sentinel the list ends at): the head knows it from
  // the next run on, its links null or nodes there (checked at the arrival
  // and each iteration's end, as every anchor's below).
  auto linkAnchor = [&](uint64_t region, uint64_t a, uint64_t blockSize) {
    const memory::ObjectEntry *made = s.memory.findByBase(a);
    if (blockSize == 0 ||
        a % memory::MemoryObject::NodeRegion::cellSizeFor(blockSize) != 0 ||
        !made || made->freed || made->object->region ||
        made->object->anchorOf ||
        made->object->kind != memory::ObjectKind::Heap ||
        made->object->symbolicSize || made->object->capacity != blockSize)
      return false;
    inst.linkedAnchors[region].push_back(a);
    again = true;
    return true;
  };
  // (First: an anchor not known yet would fail the checks below.)
  for (const auto &end : ends) {
    // A node made outside the loop that an iteration links into a region
    // (Executor::adoptAnchor) is an anchor the head does not know of: its
    // links would be assumed to hold none of it.
    for (const auto &[base, entry] : end->memory.objects()) {
      if (!entry.object->region)
        continue;
      auto known = [&, base = base](uint64_t a) {
        auto in = [a](const std::vector<uint64_t> &v) {
          return std::find(v.begin(), v.end(), a) != v.end();
        };
        const memory::ObjectEntry *before = s.memory.findByBase(base);
        auto carried = anchors.find(base);
        return (carried != anchors.end() && in(carried->second)) ||
               (before && before->object->region &&
                in(before->object->region->anchors));
      };
      for (uint64_t a : entry.object->region->anchors) {
        if (known(a))
          continue;
        if (linkAnchor(base, a, entry.object->region->blockSize))
          return "";
        return fmt::format("a node made before the loop that an iteration "
                           "links to the nodes of '{}'",
                           entry.object->name);
      }
    }
  }
  // A raw pointer into a region the loop does not write is assumed at the
  // head as a valid link's value (the run's start keeps the region's link
  // bound): so it is checked at the arrival and every iteration's end.
  auto bounded = [&](const CarriedValue &c) {
    return std::none_of(inst.carried.begin(), inst.carried.end(),
                        [&](const CarriedValue &o) {
                          return o.ofObject() && o.base == c.nodeRegion;
                        });
  };
  for (size_t k = 0; k < inst.carried.size(); ++k) {
    const CarriedValue &c = inst.carried[k];
    if (!c.raw)
      continue;
    if (!c.nodeRegion)
      return unplacedPointer(c.holder);
    const memory::ObjectEntry *at = s.memory.findByBase(c.nodeRegion);
    // A region the loop makes has no cell at the arrival.
    ExprRef entry = address(c, s);
    if (!entry ||
        !holds(x, s,
               ctx.andE(nodeOrAnchor(x, at ? at->object.get() : nullptr,
                                     anchors[c.nodeRegion], entry, bounded(c)),
                        awayFromLinkedAnchors(x, inst, c, entry))))
      return notNode(c);
    if (c.tail &&
        !holds(x, s, isTailOf(x, at ? at->object.get() : nullptr, c.anchor,
                              entry))) {
      // The tail of a list an earlier loop built from its head node (the
      // region's anchor): that node while the region has no cell.
      const memory::MemoryObject *o = at ? at->object.get() : nullptr;
      if (!c.anchor && o && o->region->anchors.size() == 1 &&
          holds(x, s, isTailOf(x, o, o->region->anchors[0], entry))) {
        carried[k].anchor = o->region->anchors[0];
        bindToRegion(carried[k], c.nodeRegion, o->region->cellSize());
        again = true;
        return "";
      }
      return fmt::format("'{}' is not the last node at the arrival", c.name);
    }
  }
  // An anchor's links at the arrival, where the head takes them as valid.
  for (const auto &[region, list] : anchors) {
    const memory::ObjectEntry *at = s.memory.findByBase(region);
    const memory::MemoryObject::NodeRegion *r =
        at ? at->object->region.get() : nullptr;
    const CarriedValue *count = countOf(carried, region);
    if (count && count->anchorPending && !r)
      continue; // none valid yet: no cell at the arrival
    // (Of a region the arrival has: valid from its `anchorPending` cells
    // on, as the head takes them.)
    ExprRef valid = count && count->anchorPending
                        ? ctx.uge(r->cells, x.pointer(count->anchorPending))
                        : ctx.trueE();
    memory::MemoryObject::NodeRegion shape;
    if (r)
      shape = *r;
    uint64_t blockSize = r ? r->blockSize : 0;
    for (const NodeSite &n : inst.nodeSites)
      if (n.base == region) {
        shape.linkOffsets = n.links;
        blockSize = n.blockSize;
      }
    for (uint64_t a : list) {
      const memory::ObjectEntry &e = *s.memory.findByBase(a);
      for (const ExprRef &v : x.linksAt(e, shape, x.pointer(0)))
        if (!holds(x, s,
                   ctx.implies(valid,
                               nodeOrAnchor(x, at ? at->object.get() : nullptr,
                                            list, v)))) {
          if (v->isConst() &&
              linkAnchor(region, v->bvValue().getZExtValue(), blockSize))
            return "";
          return pendAnchor(region,
                            fmt::format("a link of '{}' that may be "
                                          "neither null nor a node at the "
                                          "arrival",
                                          e.object->name));
        }
    }
  }
  for (const auto &end : ends) {
    for (const CarriedValue &c : inst.carried) {
      if (c.raw) {
        ExprRef next = address(c, *end);
        const memory::MemoryObject &o =
            *end->memory.findByBase(c.nodeRegion)->object;
        if (!next ||
            !holds(x, *end,
                   ctx.andE(bounded(c) ? x.isLinkTarget(o, next)
                                       : x.isNodeOf(o, next),
                            awayFromLinkedAnchors(x, inst, c, next))))
          return notNode(c);
        if (c.tail && !holds(x, *end, isTailOf(x, &o, c.anchor, next)))
          return fmt::format("'{}' may not be the last node at the end of "
                             "an iteration",
                             c.name);
      }
      if (!c.regionCells)
        continue;
      const memory::ObjectEntry &e = *end->memory.findByBase(c.base);
      const memory::MemoryObject::NodeRegion &r = *e.object->region;
      std::optional<uint64_t> added = constantAbove(r.cells, c.var);
      if (!added)
        return fmt::format("the cells of '{}' an iteration allocates are "
                           "not counted",
                           e.object->name);
      // Cell `j` of those the head has (from its count on: allocated by
      // the iteration), when it exists: the links of its own not in
      // `skipped` that may be unset.
      auto unsetAt = [&](int64_t j, const std::vector<uint64_t> &skipped) {
        ExprRef index = ctx.add(c.var, x.pointer(static_cast<uint64_t>(j)));
        ExprRef exists =
            j < 0 ? ctx.uge(c.var, x.pointer(static_cast<uint64_t>(-j)))
                  : ctx.trueE();
        return unsetLinks(x, *end, e, index, skipped, exists);
      };
      // The cells valid at the end: all but the last `pending`, those of
      // the head and those the iteration allocated.
      for (int64_t j = -static_cast<int64_t>(c.pending);
           j < static_cast<int64_t>(*added) - static_cast<int64_t>(c.pending);
           ++j) {
        std::vector<uint64_t> unset = unsetAt(j, {});
        if (unset.empty())
          continue;
        std::string why = unsetWhy(e);
        if (j == static_cast<int64_t>(*added) - 1)
          return pend(c.base, why, unset);
        return j < 0 ? tails(c.base, why) : why;
      }
      // The last cell, when pending: its other links valid.
      if (c.pending) {
        std::vector<uint64_t> unset =
            unsetAt(static_cast<int64_t>(*added) - 1, c.pendingLinks);
        if (!unset.empty())
          return pend(c.base, unsetWhy(e), unset);
      }
    }
    // The anchors' links, valid from the cells that make them so.
    for (const auto &[region, list] : anchors) {
      const memory::ObjectEntry &re = *end->memory.findByBase(region);
      const CarriedValue *count = countOf(carried, region);
      ExprRef valid = count && count->anchorPending
                          ? ctx.uge(re.object->region->cells,
                                    x.pointer(count->anchorPending))
                          : ctx.trueE();
      for (uint64_t a : list)
        for (const ExprRef &v : x.linksAt(*end->memory.findByBase(a),
                                        *re.object->region, x.pointer(0)))
          if (!holds(x, *end, ctx.implies(valid, x.isNodeOf(*re.object, v))))
            return pendAnchor(region,
                              fmt::format("a link of '{}' that may be "
                                            "neither null nor a node at the "
                                            "end of an iteration",
                                            end->memory.findByBase(a)
                                                ->object->name));
    }
  }
  return "";
}

void assumeAnchorLinks(Executor &x, ExecutionState &start, uint64_t base) {
  const memory::MemoryObject &o = *start.memory.findByBase(base)->object;
  const memory::MemoryObject::NodeRegion &r = *o.region;
  for (uint64_t a : r.anchors)
    if (const memory::ObjectEntry *e = start.memory.findByBase(a);
        e && !r.isUnsetAnchor(a))
      for (const ExprRef &v : x.linksAt(*e, r, x.pointer(0)))
        x.assume(start, x.ctx().implies(r.anchorsValid, x.isNodeOf(o, v)));
}

void validateNodes(Executor &x, ExecutionState &s) {
  expr::ExprContext &ctx = x.ctx();
  std::vector<uint64_t> regions;
  for (const auto &[base, entry] : s.memory.objects())
    if (entry.object->region)
      regions.push_back(base);
  for (uint64_t base : regions) {
    const memory::ObjectEntry &e = *s.memory.findByBase(base);
    const memory::MemoryObject::NodeRegion &r = *e.object->region;
    // The last cell's links, when only it may be pending.
    if (r.validCells != r.cells &&
        holds(x, s, ctx.uge(ctx.add(r.validCells, x.pointer(1)), r.cells))) {
      ExprRef last = ctx.sub(r.cells, x.pointer(1));
      std::vector<ExprRef> set;
      for (const ExprRef &v :
           x.linksAt(e, r, ctx.mul(last, x.pointer(r.cellSize()))))
        set.push_back(x.isNodeOf(*e.object, v));
      if (holds(x, s, ctx.implies(ctx.uge(r.cells, x.pointer(1)),
                                  ctx.andAll(set))))
        x.setNodeCells(s, base, r.cells, r.cells);
    }
    x.settleAnchors(s, base);
    const memory::MemoryObject::NodeRegion &now =
        *s.memory.findByBase(base)->object->region;
    if (!now.anchorsValid || now.anchorsValid->isTrue())
      continue;
    // (An anchor gone with its frame, or freed, keeps them as they are.)
    std::vector<ExprRef> set;
    bool all = !now.anchors.empty();
    for (uint64_t a : now.anchors)
      if (const memory::ObjectEntry *anchor = s.memory.findByBase(a);
          anchor && !anchor->freed)
        for (const ExprRef &v : x.linksAt(*anchor, now, x.pointer(0)))
          set.push_back(x.isNodeOf(*s.memory.findByBase(base)->object, v));
      else
        all = false;
    if (all && holds(x, s, ctx.andAll(set)))
      x.addNodeAnchor(s, base, now.anchors.front(), ctx.trueE());
  }
}

} // namespace cosmo::summary
