//===- TreeArchive.cpp - trees kept across runs ---------------------------===//
//
// A tree as JSON: its terms once (expr::TermWriter), then its nodes in id
// order (parents first) and its pairs in index order, each term by its
// index in the table. A site is [function, position of the instruction in
// it]; an input object's type is its IR text.
//
//===----------------------------------------------------------------------===//

#include "cosmo/summary/TreeArchive.h"

#include "cosmo/expr/TermArchive.h"
#include "cosmo/frontend/TypesMentioned.h"
#include "cosmo/summary/CallContext.h"

#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Support/SHA256.h>
#include <llvm/Support/raw_ostream.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <unordered_map>

namespace cosmo::summary {

using nlohmann::json;

namespace {

/// The format of the bytes: a tree of another is not read.
constexpr int kTreeFormat = 2;

llvm::Error unreadable(const std::string &why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "a stored tree: " + why);
}

std::string typeText(const llvm::Type *t) {
  std::string text;
  llvm::raw_string_ostream os(text);
  t->print(os, /*IsForDebug=*/false, /*NoDetails=*/true);
  return os.str();
}

} // namespace

/// Where instructions are in their functions, and the module's types by
/// their text.
struct TreeArchive::Index {
  std::unordered_map<const llvm::Function *,
                     std::unordered_map<const llvm::Instruction *, uint32_t>>
      positions;
  std::unordered_map<const llvm::Function *,
                     std::vector<const llvm::Instruction *>>
      instructions;
  std::unordered_map<std::string, const llvm::Type *> types;
  bool typesIndexed = false;

  uint32_t positionOf(const llvm::Instruction *i) {
    auto &map = positions[i->getFunction()];
    if (map.empty()) {
      uint32_t k = 0;
      for (const llvm::Instruction &j : llvm::instructions(*i->getFunction()))
        map[&j] = k++;
    }
    return map.at(i);
  }
  const std::vector<const llvm::Instruction *> &
  instructionsOf(const llvm::Function &f) {
    auto &list = instructions[&f];
    if (list.empty())
      for (const llvm::Instruction &j : llvm::instructions(f))
        list.push_back(&j);
    return list;
  }
  /// Every type the module's code and globals mention.
  void indexTypes(const llvm::Module &m) {
    typesIndexed = true;
    std::vector<llvm::Type *> roots;
    for (const llvm::GlobalVariable &g : m.globals())
      roots.push_back(g.getValueType());
    for (const llvm::Function &f : m)
      for (llvm::Type *t : frontend::typesMentionedBy(f))
        roots.push_back(t);
    for (llvm::Type *t : frontend::typesWithin(std::move(roots)))
      types.emplace(typeText(t), t);
  }
};

TreeArchive::TreeArchive(const llvm::Module &m) : m_(m) {}
TreeArchive::~TreeArchive() = default;

TreeArchive::Index &TreeArchive::index() {
  if (!index_)
    index_ = std::make_unique<Index>();
  return *index_;
}

std::string TreeArchive::write(const MemoTree &tree) {
  expr::TermWriter terms;
  Index &ix = index();
  auto site = [&](Site s) -> json {
    if (!s)
      return nullptr;
    const llvm::Instruction *i = instructionAt(s);
    return json::array(
        {i->getFunction()->getName().str(), ix.positionOf(i)});
  };
  auto term = [&](const ExprRef &e) { return terms.add(e); };
  auto termList = [&](const std::vector<ExprRef> &es) {
    json out = json::array();
    for (const ExprRef &e : es)
      out.push_back(term(e));
    return out;
  };

  json out;
  out["format"] = kTreeFormat;
  out["function"] = tree.function();
  out["ir_hash"] = tree.irHash();
  out["depth"] = tree.depthBound();
  out["pruned"] = tree.prunedToErrors();
  out["vanished"] = !tree.pairsCoverAllInputs();
  out["parameters"] = termList(tree.parameters());
  out["noted_unknowns"] = tree.notedUnknowns();
  json globals = json::array();
  for (const GlobalInput &g : tree.globals())
    globals.push_back(json::array({term(g.var), g.address}));
  out["globals"] = std::move(globals);

  json nodes = json::array();
  std::vector<uint32_t> nodeOfPair(tree.pairs().size());
  for (const MemoNode *n : tree.nodes()) {
    for (uint32_t k : n->pairs)
      nodeOfPair[k] = n->id;
    if (n->parent)
      nodes.push_back(json::array(
          {n->parent->id, site(n->site), n->choice, n->viaCalleeTree}));
  }
  out["nodes"] = std::move(nodes);

  json pairs = json::array();
  for (size_t k = 0; k < tree.pairs().size(); ++k) {
    const PcPair &p = tree.pairs()[k];
    json j;
    j["node"] = nodeOfPair[k];
    j["kind"] = static_cast<int>(p.kind);
    j["pc"] = term(p.pc);
    json objects = json::array();
    for (const InputObject &o : p.objects)
      objects.push_back(json::array(
          {termList(o.bytes),
           o.typeTag ? typeText(static_cast<const llvm::Type *>(o.typeTag))
                     : std::string()}));
    j["objects"] = std::move(objects);
    json heap = json::array();
    for (const HeapFact &h : p.heap)
      heap.push_back(json::array(
          {static_cast<int>(h.kind), term(h.pointer), h.object, h.path}));
    j["heap"] = std::move(heap);
    j["internal"] = p.internalVariables;
    j["error_kind"] = p.errorKind;
    j["check_site"] = site(p.checkSite);
    j["check_ordinal"] = p.checkOrdinal;
    j["file"] = p.file;
    j["line"] = p.line;
    j["detail"] = p.detail;
    json stack = json::array();
    for (const PcPair::Frame &f : p.stack)
      stack.push_back(json::array({f.function, f.file, f.line}));
    j["stack"] = std::move(stack);
    j["result"] = term(p.result);
    json writes = json::array();
    for (const ByteWrite &w : p.writes)
      writes.push_back(
          json::array({w.object, w.offset, term(w.value), w.pointer}));
    j["writes"] = std::move(writes);
    json allocations = json::array();
    for (const Allocation &a : p.allocations)
      allocations.push_back(
          json::array({a.size, a.name, termList(a.bytes), a.pointer,
                       a.siteFile, a.siteFunction, a.siteLine}));
    j["allocations"] = std::move(allocations);
    json addressWrites = json::array();
    for (const AddressWrite &w : p.addressWrites)
      addressWrites.push_back(json::array(
          {w.object, w.inAllocation, w.offset, w.target, w.delta}));
    j["address_writes"] = std::move(addressWrites);
    j["result_address"] =
        p.resultAddress
            ? json::array({p.resultAddress->first, p.resultAddress->second})
            : json(nullptr);
    j["opaque_effect"] = p.opaqueEffect;
    j["stores_pointers"] = p.storesPointers;
    pairs.push_back(std::move(j));
  }
  out["pairs"] = std::move(pairs);
  // Last: every term above is in the table by now.
  out["terms"] = terms.table();
  return out.dump();
}

llvm::Expected<std::unique_ptr<MemoTree>>
TreeArchive::read(const std::string &bytes, expr::ExprContext &ctx) {
  json in = json::parse(bytes, nullptr, /*allow_exceptions=*/false);
  if (in.is_discarded() || !in.is_object())
    return unreadable("not JSON");
  Index &ix = index();
  try {
    if (in.at("format").get<int>() != kTreeFormat)
      return unreadable("another format");
    auto terms = expr::readTerms(ctx, in.at("terms"));
    if (!terms)
      return terms.takeError();
    auto term = [&](const json &j) { return expr::termAt(*terms, j); };
    auto termList = [&](const json &j) {
      std::vector<ExprRef> out;
      for (const json &e : j)
        out.push_back(term(e));
      return out;
    };
    std::string missing;
    auto site = [&](const json &j) -> Site {
      if (j.is_null())
        return nullptr;
      std::string name = j.at(0).get<std::string>();
      const llvm::Function *f = m_.getFunction(name);
      uint32_t at = j.at(1).get<uint32_t>();
      if (!f || f->isDeclaration() || at >= ix.instructionsOf(*f).size()) {
        missing = "an instruction of " + name;
        return nullptr;
      }
      return siteOf(ix.instructionsOf(*f)[at]);
    };

    auto tree = std::make_unique<MemoTree>(in.at("function").get<std::string>(),
                                           in.at("ir_hash").get<std::string>(),
                                           in.at("depth").get<unsigned>());
    if (in.at("pruned").get<bool>())
      tree->notePrunedToErrors();
    if (in.at("vanished").get<bool>())
      tree->noteVanishedPath();
    tree->parameters() = termList(in.at("parameters"));
    tree->notedUnknowns() =
        in.at("noted_unknowns").get<std::vector<std::string>>();
    for (const json &g : in.at("globals"))
      tree->globals().push_back({term(g.at(0)), g.at(1).get<uint64_t>()});

    for (const json &n : in.at("nodes")) {
      uint32_t parent = n.at(0).get<uint32_t>();
      if (parent >= tree->nodes().size())
        return unreadable("a node before its parent");
      Site s = site(n.at(1));
      if (!missing.empty())
        return unreadable("the program has no " + missing);
      size_t expected = tree->nodes().size();
      MemoNode *made = tree->extend(tree->nodes()[parent], s,
                                    n.at(2).get<unsigned>(),
                                    n.at(3).get<bool>());
      if (made->id != expected)
        return unreadable("two nodes for one choice");
    }

    for (const json &j : in.at("pairs")) {
      PcPair p;
      uint32_t node = j.at("node").get<uint32_t>();
      if (node >= tree->nodes().size())
        return unreadable("a pair of no node");
      int kind = j.at("kind").get<int>();
      if (kind < 0 || kind > static_cast<int>(LeafKind::Frontier))
        return unreadable("a pair of no kind");
      p.kind = static_cast<LeafKind>(kind);
      p.pc = term(j.at("pc"));
      for (const json &o : j.at("objects")) {
        InputObject object{termList(o.at(0)), nullptr};
        std::string type = o.at(1).get<std::string>();
        if (!type.empty()) {
          if (!ix.typesIndexed)
            ix.indexTypes(m_);
          auto found = ix.types.find(type);
          if (found == ix.types.end())
            return unreadable("the program has no type " + type);
          object.typeTag = found->second;
        }
        p.objects.push_back(std::move(object));
      }
      for (const json &h : j.at("heap")) {
        int k = h.at(0).get<int>();
        if (k < HeapFact::Null || k > HeapFact::Alias)
          return unreadable("a heap fact of no kind");
        p.heap.push_back({static_cast<HeapFact::Kind>(k), term(h.at(1)),
                          h.at(2).get<size_t>(), h.at(3).get<std::string>()});
      }
      p.internalVariables = j.at("internal").get<bool>();
      p.errorKind = j.at("error_kind").get<std::string>();
      p.checkSite = site(j.at("check_site"));
      if (!missing.empty())
        return unreadable("the program has no " + missing);
      p.checkOrdinal = j.at("check_ordinal").get<unsigned>();
      p.file = j.at("file").get<std::string>();
      p.line = j.at("line").get<unsigned>();
      p.detail = j.at("detail").get<std::string>();
      for (const json &f : j.at("stack"))
        p.stack.push_back({f.at(0).get<std::string>(),
                           f.at(1).get<std::string>(),
                           f.at(2).get<unsigned>()});
      p.result = term(j.at("result"));
      for (const json &w : j.at("writes"))
        p.writes.push_back({w.at(0).get<size_t>(), w.at(1).get<uint64_t>(),
                            term(w.at(2)), w.at(3).get<bool>()});
      for (const json &a : j.at("allocations"))
        p.allocations.push_back(
            {a.at(0).get<uint64_t>(), a.at(1).get<std::string>(),
             a.size() > 6 ? a.at(4).get<std::string>() : "",
             a.size() > 6 ? a.at(5).get<std::string>() : "",
             a.size() > 6 ? a.at(6).get<unsigned>() : 0u, termList(a.at(2)),
             a.at(3).get<std::vector<uint8_t>>()});
      for (const json &w : j.at("address_writes"))
        p.addressWrites.push_back(
            {w.at(0).get<size_t>(), w.at(1).get<bool>(),
             w.at(2).get<uint64_t>(), w.at(3).get<size_t>(),
             w.at(4).get<uint64_t>()});
      if (const json &r = j.at("result_address"); !r.is_null())
        p.resultAddress = {r.at(0).get<size_t>(), r.at(1).get<uint64_t>()};
      p.opaqueEffect = j.at("opaque_effect").get<std::string>();
      p.storesPointers = j.at("stores_pointers").get<bool>();
      tree->addLeaf(tree->nodes()[node], std::move(p));
    }
    return tree;
  } catch (const std::exception &e) {
    return unreadable(e.what());
  }
}

std::string layoutDigest(engine::Executor &x) {
  const llvm::Module &m = x.module();
  const llvm::DataLayout &layout = m.getDataLayout();
  llvm::SHA256 h;
  h.update(fmt::format("pointer {}\n", x.pointerBits()));
  auto where = [&](const llvm::GlobalValue &g) {
    std::optional<uint64_t> at = x.placedAt(&g);
    return at ? fmt::format("{:#x}", *at) : std::string("none");
  };
  for (const llvm::Function &f : m)
    if (!f.isIntrinsic()) // never placed
      h.update(fmt::format("function {} {}\n", f.getName().str(), where(f)));
  for (const llvm::GlobalVariable &g : m.globals())
    h.update(fmt::format("global {} {} {}\n", g.getName().str(), where(g),
                         layout.getTypeAllocSize(g.getValueType())));
  std::string hex;
  for (char byte : h.final())
    hex += fmt::format("{:02x}", static_cast<uint8_t>(byte));
  return hex;
}

} // namespace cosmo::summary
