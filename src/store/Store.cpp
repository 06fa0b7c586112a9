//===- Store.cpp - what every store shares --------------------------------===//

#include "cosmo/store/Store.h"

#include "SqliteStore.h"
#include "PostgresStore.h"

#include <llvm/Support/SHA256.h>
#include <llvm/ADT/StringExtras.h>

namespace cosmo::store {

Store::~Store() = default;

std::vector<std::string> Store::takeWarnings() {
  std::vector<std::string> out;
  out.swap(warnings_);
  return out;
}

std::string whyRebuilt(const std::optional<KeyParts> &last,
                       const KeyParts &now) {
  if (!last)
    return "new";
  if (last->own != now.own)
    return "changed";
  if (last->options != now.options)
    return "options changed";
  if (last->depends != now.depends)
    return "a callee or a global it reads changed";
  return "not in the store";
}

std::string displayedLocation(const std::string &spec) {
  std::string shown = spec;
  size_t scheme = shown.find("://");
  size_t at = shown.find('@');
  if (scheme != std::string::npos && at != std::string::npos) {
    size_t colon = shown.find(':', scheme + 3);
    if (colon != std::string::npos && colon < at)
      shown.replace(colon + 1, at - colon - 1, "***");
  }
  // A password can be a parameter too.
  for (size_t p = shown.find("password="); p != std::string::npos;
       p = shown.find("password=", p + 1)) {
    size_t end = shown.find('&', p);
    shown.replace(p + 9, (end == std::string::npos ? shown.size() : end) - p - 9,
                  "***");
  }
  return shown;
}

std::string defaultStorePath(const std::string &cacheDirectory) {
  return cacheDirectory + "/store.db";
}

std::string checksumOf(const std::string &payload) {
  llvm::SHA256 hash;
  hash.update(payload);
  return llvm::toHex(hash.final(), /*LowerCase=*/true);
}

llvm::Expected<std::unique_ptr<Store>> openStore(const std::string &spec) {
  if (spec.rfind("postgresql://", 0) == 0 || spec.rfind("postgres://", 0) == 0)
    return openPostgresStore(spec);
  return openSqliteStore(spec);
}

} // namespace cosmo::store
