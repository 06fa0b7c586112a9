//===- SqliteStore.h - the embedded store: one SQLite file ------*- C++ -*-===//
//
// The default store: one SQLite database in WAL mode, so that runs in
// several processes (project workers, concurrent invocations) read while
// one writes. Waits for a busy database rather than failing.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_STORE_SQLITESTORE_H
#define COSMO_STORE_SQLITESTORE_H

#include "cosmo/store/Store.h"

namespace cosmo::store {

llvm::Expected<std::unique_ptr<Store>> openSqliteStore(const std::string &path);

} // namespace cosmo::store

#endif // COSMO_STORE_SQLITESTORE_H
