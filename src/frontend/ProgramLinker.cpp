//===- ProgramLinker.cpp - units into one program -------------------------===//

#include "ProgramLinker.h"

#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/Linker/Linker.h>

#include <set>

namespace cosmo::frontend {

namespace {

llvm::Error error(const std::string &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

/// A definition the linker must not see twice: external, not weak, not
/// linkonce, not common.
bool isStrongDefinition(const llvm::GlobalValue &g) {
  return !g.isDeclaration() && !g.hasLocalLinkage() && !g.isWeakForLinker() &&
         !g.hasAppendingLinkage();
}

bool isDefinition(const llvm::GlobalValue &g) {
  return !g.isDeclaration() && !g.hasLocalLinkage();
}

/// Names `m` declares and uses without defining.
std::vector<std::string> undefinedNames(const llvm::Module &m) {
  std::vector<std::string> names;
  for (const llvm::GlobalValue &g : m.global_values())
    if (g.isDeclaration() && !g.use_empty() && !g.getName().startswith("llvm."))
      names.push_back(g.getName().str());
  return names;
}

std::string joined(const std::vector<std::string> &files) {
  std::string s;
  for (size_t i = 0; i < files.size(); ++i)
    s += (i == 0 ? "" : i + 1 == files.size() ? " and " : ", ") + files[i];
  return s;
}

} // namespace

std::optional<size_t> definerOf(const std::string &name,
                                const std::vector<Unit> &units) {
  for (size_t i = 0; i < units.size(); ++i)
    if (const llvm::Function *f = units[i].module->getFunction(name);
        f && !f->isDeclaration())
      return i;
  return std::nullopt;
}

std::vector<size_t> definersOf(const std::string &name,
                               const std::vector<Unit> &units) {
  std::vector<size_t> out;
  for (size_t i = 0; i < units.size(); ++i)
    if (const llvm::Function *f = units[i].module->getFunction(name);
        f && !f->isDeclaration())
      out.push_back(i);
  return out;
}

llvm::Expected<std::vector<size_t>>
unitsNeededBy(const std::string &entry, const std::vector<Unit> &units,
              size_t userChosen) {
  std::vector<size_t> entries = definersOf(entry, units);
  if (entries.size() > 1 && entries.front() >= userChosen) {
    std::vector<std::string> files;
    for (size_t i : entries)
      files.push_back(units[i].path);
    return error(std::to_string(entries.size()) + " units define '" + entry +
                 "': " + joined(files) +
                 "; name the one to check as a file beside -p (cosmo check -p "
                 "BUILD_DIR " + files.front() +
                 "), or check every function with --all");
  }
  std::map<std::string, size_t> definer;
  for (size_t i = 0; i < units.size(); ++i)
    for (const llvm::GlobalValue &g : units[i].module->global_values())
      if (isDefinition(g))
        definer.emplace(g.getName().str(), i);
  auto root = definer.find(entry);
  if (root == definer.end() ||
      !llvm::isa<llvm::Function>(
          units[root->second].module->getNamedValue(entry)))
    return error("no translation unit defines the function '" + entry + "'");
  std::vector<size_t> order = {root->second};
  std::set<size_t> chosen = {root->second};
  for (size_t k = 0; k < order.size(); ++k)
    for (const std::string &name : undefinedNames(*units[order[k]].module))
      if (auto d = definer.find(name);
          d != definer.end() && chosen.insert(d->second).second)
        order.push_back(d->second);
  return order;
}

llvm::Expected<LinkedUnits> linkUnits(std::vector<Unit> units) {
  assert(!units.empty());
  // Our own checks first: LLVM's linker says "symbol multiply defined"
  // without saying where.
  std::map<std::string, std::string> definedIn;
  const llvm::Module &first = *units.front().module;
  for (const Unit &u : units) {
    if (u.module->getDataLayout() != first.getDataLayout())
      return error(units.front().path + " and " + u.path +
                   " are compiled for different targets (" +
                   first.getTargetTriple() + " and " +
                   u.module->getTargetTriple() + ")");
    for (const llvm::GlobalValue &g : u.module->global_values()) {
      if (!isStrongDefinition(g))
        continue;
      auto [it, fresh] = definedIn.emplace(g.getName().str(), u.path);
      if (!fresh)
        return error("symbol '" + g.getName().str() + "' is defined in both " +
                     it->second + " and " + u.path);
    }
  }
  LinkedUnits linked;
  std::set<std::string> defined;
  for (const Unit &u : units)
    for (const llvm::GlobalValue &g : u.module->global_values())
      if (isDefinition(g))
        defined.insert(g.getName().str());
  for (const Unit &u : units)
    for (const llvm::GlobalVariable &g : u.module->globals())
      if (g.isDeclaration() && !g.use_empty() &&
          !defined.count(g.getName().str()))
        linked.undefinedVariables[g.getName().str()].push_back(u.path);

  linked.module = std::move(units.front().module);
  std::string diagnostics;
  llvm::LLVMContext &ctx = linked.module->getContext();
  auto oldHandler = ctx.getDiagnosticHandlerCallBack();
  void *oldContext = ctx.getDiagnosticContext();
  ctx.setDiagnosticHandlerCallBack(
      [](const llvm::DiagnosticInfo &di, void *out) {
        llvm::raw_string_ostream os(*static_cast<std::string *>(out));
        llvm::DiagnosticPrinterRawOStream printer(os);
        di.print(printer);
      },
      &diagnostics);
  for (size_t i = 1; i < units.size(); ++i) {
    diagnostics.clear();
    if (llvm::Linker::linkModules(*linked.module, std::move(units[i].module))) {
      ctx.setDiagnosticHandlerCallBack(oldHandler, oldContext);
      return error("cannot link " + units[i].path + " with " +
                   joined([&] {
                     std::vector<std::string> before;
                     for (size_t k = 0; k < i; ++k)
                       before.push_back(units[k].path);
                     return before;
                   }()) +
                   ": " + diagnostics);
    }
  }
  ctx.setDiagnosticHandlerCallBack(oldHandler, oldContext);
  return linked;
}

llvm::Error checkVariablesDefined(
    const llvm::Module &m,
    const std::map<std::string, std::vector<std::string>> &undefined) {
  for (const auto &[name, users] : undefined) {
    const llvm::GlobalVariable *g = m.getNamedGlobal(name);
    if (g && g->isDeclaration())
      return error("undefined symbol '" + name + "' (a variable used in " +
                   joined(users) + " that no input defines)");
  }
  return llvm::Error::success();
}

} // namespace cosmo::frontend
