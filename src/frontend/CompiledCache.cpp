//===- CompiledCache.cpp - compiled files kept across runs ----------------===//

#include "cosmo/frontend/CompiledCache.h"
#include "cosmo/frontend/Frontend.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Process.h>
#include <llvm/Support/SHA256.h>

#include <cstdlib>

namespace cosmo::frontend {

CompiledCache::CompiledCache(const std::string &dir, std::string extension)
    : extension_(std::move(extension)) {
  llvm::SmallString<256> abs(dir);
  llvm::sys::fs::make_absolute(abs);
  dir_ = std::string(abs.str());
}

std::string CompiledCache::keyOf(const std::vector<std::string> &parts) {
  llvm::SHA256 hash;
  for (const std::string &p : parts) {
    // Length-prefixed, so that ("ab", "c") and ("a", "bc") differ.
    std::string length = std::to_string(p.size()) + ":";
    hash.update(llvm::StringRef(length));
    hash.update(llvm::StringRef(p));
  }
  return llvm::toHex(hash.final(), /*LowerCase=*/true);
}

std::string CompiledCache::pathOf(const std::string &key) const {
  return dir_ + "/" + key + extension_;
}

std::optional<std::string> CompiledCache::lookup(const std::string &key) const {
  std::string p = pathOf(key);
  if (llvm::sys::fs::is_regular_file(p))
    return p;
  return std::nullopt;
}

llvm::Expected<std::string> CompiledCache::temporaryPath() const {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir_))
    return llvm::createStringError(ec, "cannot create the cache directory %s",
                                   dir_.c_str());
  llvm::SmallString<128> p;
  int fd;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(
          dir_ + "/tmp-%%%%%%%%" + extension_, fd, p))
    return llvm::createStringError(ec, "cannot write into the cache %s",
                                   dir_.c_str());
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  return std::string(p.str());
}

llvm::Expected<std::string> CompiledCache::store(const std::string &key,
                                                const std::string &compiled) const {
  std::string p = pathOf(key);
  if (std::error_code ec = llvm::sys::fs::rename(compiled, p)) {
    llvm::sys::fs::remove(compiled);
    return llvm::createStringError(ec, "cannot write %s", p.c_str());
  }
  return p;
}

std::string defaultCacheDirectory() {
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return std::string(xdg) + "/cosmo";
  if (const char *home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.cache/cosmo";
  return "";
}

std::string cacheDirectory(const std::string &option, bool byDefault) {
  if (option == "none" || (option.empty() && !byDefault))
    return "";
  return option.empty() ? defaultCacheDirectory() : option;
}

} // namespace cosmo::frontend
