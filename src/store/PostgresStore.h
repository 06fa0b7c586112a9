//===- PostgresStore.h - a store shared by machines -------------*- C++ -*-===//
//
// The store on a PostgreSQL server (`--store=postgresql://...`), for CI
// runners and developers that share what each learns, and for shard
// workers on many machines. Leases use the server's clock, so workers'
// clocks need not agree. The tables' names carry the store format
// version: another version's tables are never read.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_STORE_POSTGRESSTORE_H
#define COSMO_STORE_POSTGRESSTORE_H

#include "cosmo/store/Store.h"

namespace cosmo::store {

llvm::Expected<std::unique_ptr<Store>> openPostgresStore(const std::string &uri);

} // namespace cosmo::store

#endif // COSMO_STORE_POSTGRESSTORE_H
