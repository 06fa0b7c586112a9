//===- StoreCommand.cpp - `cosmo store`: the persistent store -------------===//

#include "CheckCommand.h"
#include "CliSupport.h"

#include "cosmo/store/Store.h"

#include <fmt/format.h>

#include <iostream>

namespace cosmo::cli {

int runStore(const std::string &action, const std::string &spec,
             uint64_t maxMB) {
  std::string where = storeSpec(spec, "", /*cacheByDefault=*/true);
  if (where.empty())
    return usageError("no store: name one with --store=PATH or "
                      "--store=postgresql://...");
  auto opened = store::openStore(where);
  if (!opened)
    return usageError(llvm::toString(opened.takeError()));
  store::Store &s = **opened;
  auto warnings = [&] {
    for (const std::string &w : s.takeWarnings())
      std::cerr << "cosmo: warning: " << w << "\n";
  };
  if (action == "clear") {
    s.clear();
    std::cout << "store " << s.location() << ": cleared\n";
  } else if (action == "gc") {
    uint64_t removed = s.collect(maxMB << 20);
    std::cout << fmt::format("store {}: {} least recently used entries "
                             "removed (bound {} MB)\n",
                             s.location(), removed, maxMB);
  }
  store::StoreStats st = s.stats();
  warnings();
  std::cout << fmt::format("store {}: {} entries of {} functions, {:.1f} MB; "
                           "{} leases\n",
                           st.location, st.entries, st.functions,
                           static_cast<double>(st.bytes) / (1 << 20),
                           st.leases);
  return 0;
}

} // namespace cosmo::cli
