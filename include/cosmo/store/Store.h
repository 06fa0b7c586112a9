//===- cosmo/store/Store.h - what runs learnt, kept across runs -*- C++ -*-===//
//
// A store of results keyed by what they depend on (DESIGN.md "summary":
// the persistent store). It knows nothing of what it keeps: an entry is a
// key (a hex hash the driver computes over a function's IR, its
// dependencies and the options), the function it is about, and an opaque
// payload. Besides entries it keeps, per program and function, the parts
// of the last key computed (so that a miss can say why: new, changed, a
// callee changed, options changed), and leases: a worker about to compute
// an entry takes its lease so that no other worker computes it too; a
// lease not renewed expires, so a dead worker's work is taken over.
//
// Safety: every payload carries a checksum that is verified on reading; a
// store that cannot be opened, is not a store, or was written by another
// format version is set aside (renamed) with a warning and started anew.
// An operation that fails later is a miss, never a wrong result, and its
// warning is kept for the caller to show (nothing here prints).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_STORE_STORE_H
#define COSMO_STORE_STORE_H

#include <llvm/Support/Error.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cosmo::store {

/// Bumped whenever the layout of the tables or the meaning of a payload
/// changes: entries of another version are never read.
constexpr int kFormatVersion = 1;

/// The parts a function's key was computed from, as last seen in a program.
struct KeyParts {
  std::string key;     ///< the whole key
  std::string own;     ///< the function's own IR and debug information
  std::string depends; ///< its callees' keys and the globals it reads
  std::string options; ///< the semantic options and cosmo's build
};

/// Why an entry had to be computed: what changed since its last record.
std::string whyRebuilt(const std::optional<KeyParts> &last,
                       const KeyParts &now);

struct StoreStats {
  std::string location; ///< the file, or the server and database
  uint64_t entries = 0, bytes = 0, functions = 0, leases = 0;
};

/// What tryLease found.
enum class Lease {
  Taken,    ///< the caller holds it now: compute, put, release
  Computed, ///< the entry exists already
  Busy,     ///< another worker holds it: wait, then look again
};

class Store {
public:
  virtual ~Store();

  /// The payload of `key`, if present and intact (a damaged one is removed
  /// and is a miss). Marks the entry used (least-recently-used eviction).
  virtual std::optional<std::string> get(const std::string &key) = 0;
  /// Keeps `payload` under `key` (the first writer wins; entries never
  /// change).
  virtual void put(const std::string &key, const std::string &function,
                   const std::string &payload) = 0;

  /// The parts of `function`'s last key in `program`, and recording new
  /// ones.
  virtual std::optional<KeyParts> lastKey(const std::string &program,
                                          const std::string &function) = 0;
  virtual void recordKey(const std::string &program,
                         const std::string &function,
                         const KeyParts &parts) = 0;

  /// Takes `key`'s lease for `owner` for `ttl`, unless the entry exists or
  /// another owner's lease has not expired. Taking it again renews it.
  virtual Lease tryLease(const std::string &key, const std::string &owner,
                         std::chrono::seconds ttl) = 0;
  virtual void releaseLease(const std::string &key,
                            const std::string &owner) = 0;

  /// The file, or the server and database (no password).
  virtual std::string location() const = 0;
  virtual StoreStats stats() = 0;
  /// Removes every entry, record and lease.
  virtual void clear() = 0;
  /// Removes the least recently used entries until the payloads take at
  /// most `maxBytes`, and expired leases; returns how many entries went.
  virtual uint64_t collect(uint64_t maxBytes) = 0;

  /// Warnings since the last call (a store set aside, a damaged entry, an
  /// operation that failed), one line each.
  std::vector<std::string> takeWarnings();

protected:
  void warn(std::string line) { warnings_.push_back(std::move(line)); }

private:
  std::vector<std::string> warnings_;
};

/// Opens the store `spec` names: a file path (SQLite), or a
/// `postgresql://` connection URI. Fails only when no store can be had at
/// all (a directory that cannot be created, a server that refuses); a
/// damaged file is set aside with a warning instead.
llvm::Expected<std::unique_ptr<Store>> openStore(const std::string &spec);

/// How messages and reports name the store `spec` names: a URI without
/// its password.
std::string displayedLocation(const std::string &spec);

/// The default store: store.db in cosmo's cache directory.
std::string defaultStorePath(const std::string &cacheDirectory);

/// The checksum entries carry (hex SHA-256).
std::string checksumOf(const std::string &payload);

} // namespace cosmo::store

#endif // COSMO_STORE_STORE_H
