//===- FunctionKeys.cpp - what a result depends on ------------------------===//

#include "cosmo/frontend/FunctionKeys.h"

#include "cosmo/frontend/CompiledCache.h"

#include "cosmo/frontend/TypesMentioned.h"

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/ModuleSlotTracker.h>
#include <llvm/Support/raw_ostream.h>

#include <cctype>
#include <climits>
#include <set>

namespace cosmo::frontend {

namespace {

std::string hashOf(const std::vector<std::string> &parts) {
  return CompiledCache::keyOf(parts);
}

/// IR as text, with every reference to numbered metadata (`!12`) replaced
/// by a hash of the node's content and attribute groups (`#3`) dropped:
/// the numbers depend on the rest of the module, the content does not.
class ModuleText {
public:
  explicit ModuleText(const llvm::Module &m)
      : m_(m), slots_(&m, /*ShouldInitializeAllMetadata=*/true) {}

  /// Hashes of nodes are remembered for one function at a time: a node on
  /// a cycle hashes differently from different starting points.
  void forget() { nodes_.clear(); }

  template <typename T> std::string of(const T &ir) {
    std::string text;
    llvm::raw_string_ostream os(text);
    static_cast<const llvm::Value &>(ir).print(os, slots_);
    return resolved(os.str());
  }

private:
  std::string resolved(const std::string &text) {
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
      char c = text[i];
      bool number = i + 1 < text.size() &&
                    std::isdigit(static_cast<unsigned char>(text[i + 1]));
      if ((c != '!' && c != '#') || !number) {
        out += c;
        continue;
      }
      size_t end = i + 1;
      while (end < text.size() &&
             std::isdigit(static_cast<unsigned char>(text[end])))
        ++end;
      if (c == '!')
        out += "!<" + nodeHash(std::stoul(text.substr(i + 1, end - i - 1))) +
               ">";
      else
        out += '#';
      i = end - 1;
    }
    return out;
  }

  std::string nodeHash(unsigned slot) {
    if (bySlot_.empty()) {
      llvm::ModuleSlotTracker::MachineMDNodeListType list;
      slots_.collectMDNodes(list, 0, UINT_MAX);
      for (const auto &[n, node] : list)
        bySlot_[n] = node;
    }
    auto found = bySlot_.find(slot);
    if (found == bySlot_.end())
      return "?";
    const llvm::MDNode *node = found->second;
    if (auto it = nodes_.find(node); it != nodes_.end())
      return it->second;
    // A compile unit lists every global and type of its file: what a
    // function needs of it is which file it is.
    if (auto *unit = llvm::dyn_cast<llvm::DICompileUnit>(node)) {
      std::string h = hashOf({"unit", unit->getFilename().str(),
                              unit->getDirectory().str()});
      nodes_[node] = h;
      return h;
    }
    // A file's checksum changes with any edit of the file: its name is
    // what reports use.
    if (auto *file = llvm::dyn_cast<llvm::DIFile>(node)) {
      std::string h = hashOf({"file", file->getFilename().str(),
                              file->getDirectory().str()});
      nodes_[node] = h;
      return h;
    }
    nodes_[node] = "cycle"; // met again while its operands are hashed
    std::string text;
    llvm::raw_string_ostream os(text);
    node->print(os, slots_, &m_);
    std::string body = os.str();
    // "!12 = !DILocation(...)": the content, not the number.
    if (size_t eq = body.find(" = "); eq != std::string::npos)
      body = body.substr(eq + 3);
    std::string h = hashOf({resolved(body)});
    nodes_[node] = h;
    return h;
  }

  const llvm::Module &m_;
  llvm::ModuleSlotTracker slots_;
  std::map<unsigned, const llvm::MDNode *> bySlot_;
  std::map<const llvm::MDNode *, std::string> nodes_;
};

/// The bodies of the named structure types among `types`: IR text names
/// a structure without its body, and one name can have different bodies
/// in two versions of a program (a field added moves every field after
/// it and changes the structure's size).
std::string structBodies(const std::vector<llvm::Type *> &types) {
  std::set<std::string> bodies;
  for (llvm::Type *t : types)
    if (auto *st = llvm::dyn_cast<llvm::StructType>(t);
        st && !st->isLiteral()) {
      std::string body;
      llvm::raw_string_ostream os(body);
      st->print(os); // "%struct.S = type { ... }"
      bodies.insert(os.str());
    }
  std::string out;
  for (const std::string &b : bodies)
    out += b + "\n";
  return out;
}

/// What a function refers to: defined functions (edges), and the text of
/// every global and declaration it reaches through its code and through
/// the initialisers of the globals it reaches.
struct References {
  std::set<const llvm::Function *> functions;
  std::set<const llvm::GlobalValue *> data; // globals, declarations
};

References referencesOf(const llvm::Function &f) {
  References refs;
  std::vector<const llvm::Value *> work;
  std::set<const llvm::Value *> seen;
  for (const llvm::BasicBlock &bb : f)
    for (const llvm::Instruction &i : bb)
      for (const llvm::Use &u : i.operands())
        work.push_back(u.get());
  while (!work.empty()) {
    const llvm::Value *v = work.back();
    work.pop_back();
    if (!llvm::isa<llvm::Constant>(v) || !seen.insert(v).second)
      continue;
    if (auto *fn = llvm::dyn_cast<llvm::Function>(v)) {
      if (fn->isDeclaration())
        refs.data.insert(fn);
      else if (fn != &f)
        refs.functions.insert(fn);
      continue;
    }
    if (auto *g = llvm::dyn_cast<llvm::GlobalVariable>(v)) {
      refs.data.insert(g);
      if (g->hasInitializer())
        work.push_back(g->getInitializer());
      continue;
    }
    if (auto *a = llvm::dyn_cast<llvm::GlobalAlias>(v)) {
      refs.data.insert(a);
      work.push_back(a->getAliasee());
      continue;
    }
    for (const llvm::Use &u : llvm::cast<llvm::User>(v)->operands())
      work.push_back(u.get());
  }
  return refs;
}

/// Tarjan's strongly connected components of the reference graph, each
/// emitted after every component it refers to.
class Components {
public:
  explicit Components(
      const std::map<const llvm::Function *, References> &graph)
      : graph_(graph) {
    for (const auto &[f, refs] : graph)
      if (!index_.count(f))
        visit(f);
  }
  std::vector<std::vector<const llvm::Function *>> order;

private:
  void visit(const llvm::Function *f) {
    unsigned mine = index_[f] = low_[f] = next_++;
    stack_.push_back(f);
    onStack_.insert(f);
    for (const llvm::Function *g : graph_.at(f).functions) {
      if (!index_.count(g)) {
        visit(g);
        low_[f] = std::min(low_[f], low_[g]);
      } else if (onStack_.count(g)) {
        low_[f] = std::min(low_[f], index_[g]);
      }
    }
    if (low_[f] != mine)
      return;
    std::vector<const llvm::Function *> component;
    const llvm::Function *g;
    do {
      g = stack_.back();
      stack_.pop_back();
      onStack_.erase(g);
      component.push_back(g);
    } while (g != f);
    order.push_back(std::move(component));
  }

  const std::map<const llvm::Function *, References> &graph_;
  std::map<const llvm::Function *, unsigned> index_, low_;
  std::vector<const llvm::Function *> stack_;
  std::set<const llvm::Function *> onStack_;
  unsigned next_ = 0;
};

bool byName(const llvm::GlobalValue *a, const llvm::GlobalValue *b) {
  return a->getName() < b->getName();
}

} // namespace

FunctionKeys::FunctionKeys(const llvm::Module &m) {
  ModuleText text(m);
  std::map<const llvm::Function *, References> graph;
  std::map<const llvm::Function *, std::string> own;
  for (const llvm::Function &f : m) {
    if (f.isDeclaration())
      continue;
    text.forget();
    std::vector<std::string> parts{"function", text.of(f),
                                   f.getAttributes().getAsString(
                                       llvm::AttributeList::FunctionIndex),
                                   structBodies(typesMentionedBy(f))};
    for (const llvm::BasicBlock &bb : f)
      for (const llvm::Instruction &i : bb)
        if (auto *call = llvm::dyn_cast<llvm::CallBase>(&i))
          parts.push_back(call->getAttributes().getAsString(
              llvm::AttributeList::FunctionIndex));
    own[&f] = hashOf(parts);
    graph[&f] = referencesOf(f);
  }

  std::map<const llvm::GlobalValue *, std::string> dataHashes;
  auto dataHash = [&](const llvm::GlobalValue *g) -> const std::string & {
    auto [it, fresh] = dataHashes.try_emplace(g);
    if (fresh) {
      text.forget();
      if (auto *fn = llvm::dyn_cast<llvm::Function>(g)) {
        std::string type;
        llvm::raw_string_ostream os(type);
        fn->getFunctionType()->print(os);
        it->second = hashOf(
            {"declaration", fn->getName().str(), os.str(),
             fn->getAttributes().getAsString(
                 llvm::AttributeList::FunctionIndex),
             structBodies(typesWithin({fn->getFunctionType()}))});
      } else if (auto *var = llvm::dyn_cast<llvm::GlobalVariable>(g)) {
        it->second = hashOf({"global", text.of(*var),
                             structBodies(typesWithin({var->getValueType()}))});
      } else {
        auto *alias = llvm::cast<llvm::GlobalAlias>(g);
        it->second = hashOf({"alias", text.of(*alias),
                             structBodies(typesWithin({alias->getValueType()}))});
      }
    }
    return it->second;
  };

  for (const std::vector<const llvm::Function *> &component :
       Components(graph).order) {
    std::set<const llvm::Function *> members(component.begin(),
                                             component.end());
    std::vector<const llvm::Function *> sortedMembers = component;
    std::sort(sortedMembers.begin(), sortedMembers.end(), byName);
    std::vector<const llvm::GlobalValue *> data;
    std::vector<const llvm::Function *> callees;
    for (const llvm::Function *f : sortedMembers) {
      const References &refs = graph.at(f);
      data.insert(data.end(), refs.data.begin(), refs.data.end());
      for (const llvm::Function *g : refs.functions)
        if (!members.count(g))
          callees.push_back(g);
    }
    std::sort(data.begin(), data.end(), byName);
    data.erase(std::unique(data.begin(), data.end()), data.end());
    std::sort(callees.begin(), callees.end(), byName);
    callees.erase(std::unique(callees.begin(), callees.end()), callees.end());

    std::vector<std::string> parts{"depends"};
    for (const llvm::Function *f : sortedMembers)
      parts.insert(parts.end(), {"member", f->getName().str(), own.at(f)});
    for (const llvm::GlobalValue *g : data)
      parts.insert(parts.end(), {"data", g->getName().str(), dataHash(g)});
    for (const llvm::Function *g : callees)
      parts.insert(parts.end(), {"callee", g->getName().str(), keys_.at(g).key});
    std::string depends = hashOf(parts);
    for (const llvm::Function *f : component)
      keys_[f] = FunctionKey{own.at(f), depends,
                             hashOf({f->getName().str(), own.at(f), depends})};
  }
  module_ = hashOf({"module", m.getDataLayoutStr(), m.getTargetTriple(),
                    m.getModuleInlineAsm()});
}

const FunctionKey *FunctionKeys::of(const llvm::Function &f) const {
  auto it = keys_.find(&f);
  return it == keys_.end() ? nullptr : &it->second;
}

} // namespace cosmo::frontend
