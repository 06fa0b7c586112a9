//===- BitcodeCache.cpp - compiled units kept across runs -----------------===//

#include "BitcodeCache.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Process.h>
#include <llvm/Support/SHA256.h>

#include <cstdlib>

namespace cosmo::frontend {

BitcodeCache::BitcodeCache(const std::string &dir) {
  llvm::SmallString<256> abs(dir);
  llvm::sys::fs::make_absolute(abs);
  dir_ = std::string(abs.str());
}

std::string BitcodeCache::keyOf(const std::vector<std::string> &parts) {
  llvm::SHA256 hash;
  for (const std::string &p : parts) {
    // Length-prefixed, so that ("ab", "c") and ("a", "bc") differ.
    std::string length = std::to_string(p.size()) + ":";
    hash.update(llvm::StringRef(length));
    hash.update(llvm::StringRef(p));
  }
  return llvm::toHex(hash.final(), /*LowerCase=*/true);
}

std::string BitcodeCache::pathOf(const std::string &key) const {
  return dir_ + "/" + key + ".bc";
}

std::optional<std::string> BitcodeCache::lookup(const std::string &key) const {
  std::string p = pathOf(key);
  if (llvm::sys::fs::is_regular_file(p))
    return p;
  return std::nullopt;
}

llvm::Expected<std::string> BitcodeCache::temporaryPath() const {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir_))
    return llvm::createStringError(ec, "cannot create the cache directory %s",
                                   dir_.c_str());
  llvm::SmallString<128> p;
  int fd;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(
          dir_ + "/tmp-%%%%%%%%.bc", fd, p))
    return llvm::createStringError(ec, "cannot write into the cache %s",
                                   dir_.c_str());
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  return std::string(p.str());
}

llvm::Expected<std::string> BitcodeCache::store(const std::string &key,
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

} // namespace cosmo::frontend
