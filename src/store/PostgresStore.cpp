//===- PostgresStore.cpp - a store shared by machines ---------------------===//

#include "PostgresStore.h"

#include <fmt/format.h>
#include <libpq-fe.h>

#include <dlfcn.h>

#include <mutex>

namespace cosmo::store {

namespace {

/// libpq, loaded when a store on a server is first opened: linked into
/// cosmo, it and the thirty libraries it needs (TLS, Kerberos, LDAP) would
/// be loaded and relocated by every cosmo process, store or no store.
struct LibPq {
#define COSMO_LIBPQ_FUNCTIONS(X)                                               \
  X(clear) X(resultStatus) X(ntuples) X(cmdTuples) X(getvalue) X(getlength)    \
  X(resultErrorMessage) X(finish) X(connectdb) X(status) X(errorMessage)      \
  X(exec) X(execParams)
#define COSMO_LIBPQ_MEMBER(name) decltype(&::PQ##name) name = nullptr;
  COSMO_LIBPQ_FUNCTIONS(COSMO_LIBPQ_MEMBER)
#undef COSMO_LIBPQ_MEMBER
};
const LibPq *pq = nullptr;

/// Loads libpq once; why it could not be, or empty.
std::string loadLibPq() {
  static const std::string why = [] {
    static LibPq loaded;
    void *handle = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!handle)
      return std::string("cannot load libpq (Debian's libpq5): ") + dlerror();
#define COSMO_LIBPQ_LOAD(name)                                                 \
  loaded.name = reinterpret_cast<decltype(loaded.name)>(                       \
      dlsym(handle, "PQ" #name));                                              \
  if (!loaded.name)                                                            \
    return std::string("libpq has no PQ" #name);
    COSMO_LIBPQ_FUNCTIONS(COSMO_LIBPQ_LOAD)
#undef COSMO_LIBPQ_LOAD
    pq = &loaded;
    return std::string();
  }();
  return why;
}

/// Table names of this format version (`cosmo1_entries`, ...).
std::string table(const char *name) {
  return fmt::format("cosmo{}_{}", kFormatVersion, name);
}

/// A query's result, cleared when it goes.
class Result {
public:
  explicit Result(PGresult *r) : r_(r) {}
  ~Result() { pq->clear(r_); }
  Result(const Result &) = delete;
  Result &operator=(const Result &) = delete;

  bool ok() const {
    ExecStatusType s = pq->resultStatus(r_);
    return s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK;
  }
  int rows() const { return ok() ? pq->ntuples(r_) : 0; }
  /// Rows a DELETE, INSERT or UPDATE touched.
  uint64_t affected() const {
    const char *n = pq->cmdTuples(r_);
    return ok() && *n ? std::stoull(n) : 0;
  }
  std::string value(int row, int column) const {
    return std::string(pq->getvalue(r_, row, column),
                       pq->getlength(r_, row, column));
  }
  std::string error() const {
    std::string e = pq->resultErrorMessage(r_);
    while (!e.empty() && (e.back() == '\n' || e.back() == ' '))
      e.pop_back();
    return e;
  }

private:
  PGresult *r_;
};

class PostgresStore final : public Store {
public:
  explicit PostgresStore(std::string uri) : uri_(std::move(uri)) {}
  ~PostgresStore() override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (conn_)
      pq->finish(conn_);
  }

  llvm::Error open() {
    conn_ = pq->connectdb(uri_.c_str());
    if (!conn_ || pq->status(conn_) != CONNECTION_OK) {
      std::string why = conn_ ? pq->errorMessage(conn_) : "out of memory";
      while (!why.empty() && why.back() == '\n')
        why.pop_back();
      if (size_t nl = why.find('\n'); nl != std::string::npos)
        why = why.substr(0, nl);
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "cannot connect to the store " +
                                         location() + ": " + why);
    }
    // Workers starting together must not race creating the tables. The
    // statements run as one transaction; a lock held to its end (not to an
    // unlock inside it) makes the next worker see the committed tables.
    std::string schema = fmt::format(
        "SELECT pg_advisory_xact_lock(7001);"
        "SET client_min_messages = warning;"
        "CREATE TABLE IF NOT EXISTS {0}(key TEXT PRIMARY KEY,"
        " function TEXT NOT NULL, payload BYTEA NOT NULL,"
        " checksum TEXT NOT NULL, bytes BIGINT NOT NULL,"
        " used TIMESTAMPTZ NOT NULL DEFAULT now());"
        "CREATE INDEX IF NOT EXISTS {0}_used ON {0}(used);"
        "CREATE TABLE IF NOT EXISTS {1}(program TEXT NOT NULL,"
        " function TEXT NOT NULL, key TEXT NOT NULL, own TEXT NOT NULL,"
        " depends TEXT NOT NULL, options TEXT NOT NULL,"
        " PRIMARY KEY(program, function));"
        "CREATE TABLE IF NOT EXISTS {2}(key TEXT PRIMARY KEY,"
        " owner TEXT NOT NULL, expires TIMESTAMPTZ NOT NULL);",
        table("entries"), table("keys"), table("leases"));
    Result r(pq->exec(conn_, schema.c_str()));
    if (!r.ok())
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "cannot create the store's tables on " +
                                         location() + ": " + r.error());
    return llvm::Error::success();
  }

  std::optional<std::string> get(const std::string &key) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    Result r = query(fmt::format("SELECT payload, checksum FROM {} "
                                 "WHERE key = $1",
                                 table("entries")),
                     {key}, /*binary=*/true);
    if (!r.ok() || r.rows() == 0) {
      failed(r, "reading an entry");
      return std::nullopt;
    }
    std::string payload = r.value(0, 0), checksum = r.value(0, 1);
    if (checksumOf(payload) != checksum) {
      warn("store " + location() + ": a damaged entry (" + key.substr(0, 12) +
           ") was removed and is computed again");
      query(fmt::format("DELETE FROM {} WHERE key = $1", table("entries")),
            {key});
      return std::nullopt;
    }
    query(fmt::format("UPDATE {} SET used = now() WHERE key = $1",
                      table("entries")),
          {key});
    return payload;
  }

  void put(const std::string &key, const std::string &function,
           const std::string &payload) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    Result r = query(
        fmt::format("INSERT INTO {}(key, function, payload, checksum, bytes) "
                    "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING",
                    table("entries")),
        {key, function, payload, checksumOf(payload),
         std::to_string(payload.size())},
        false, /*binaryParam=*/2);
    failed(r, "writing an entry");
  }

  std::optional<KeyParts> lastKey(const std::string &program,
                                  const std::string &function) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    Result r = query(fmt::format("SELECT key, own, depends, options FROM {} "
                                 "WHERE program = $1 AND function = $2",
                                 table("keys")),
                     {program, function});
    if (r.rows() == 0) {
      failed(r, "reading a key");
      return std::nullopt;
    }
    return KeyParts{r.value(0, 0), r.value(0, 1), r.value(0, 2),
                    r.value(0, 3)};
  }

  void recordKey(const std::string &program, const std::string &function,
                 const KeyParts &parts) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    Result r = query(
        fmt::format("INSERT INTO {}(program, function, key, own, depends, "
                    "options) VALUES ($1, $2, $3, $4, $5, $6) "
                    "ON CONFLICT (program, function) DO UPDATE SET "
                    "key = $3, own = $4, depends = $5, options = $6",
                    table("keys")),
        {program, function, parts.key, parts.own, parts.depends,
         parts.options});
    failed(r, "recording a key");
  }

  Lease tryLease(const std::string &key, const std::string &owner,
                 std::chrono::seconds ttl) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (computed(key))
      return Lease::Computed;
    // Taken when there is no lease, it is ours, or it expired: one
    // statement, so two workers never both take it.
    Result r = query(
        fmt::format("INSERT INTO {0}(key, owner, expires) VALUES ($1, $2, "
                    "now() + make_interval(secs => $3)) "
                    "ON CONFLICT (key) DO UPDATE SET owner = $2, "
                    "expires = now() + make_interval(secs => $3) "
                    "WHERE {0}.owner = $2 OR {0}.expires <= now() "
                    "RETURNING owner",
                    table("leases")),
        {key, owner, std::to_string(ttl.count())});
    if (!r.ok()) {
      failed(r, "taking a lease");
      return Lease::Taken;
    }
    if (r.rows() == 0)
      return Lease::Busy;
    // The entry may have been written between the two statements.
    if (computed(key)) {
      releaseLease(key, owner);
      return Lease::Computed;
    }
    return Lease::Taken;
  }

  void releaseLease(const std::string &key, const std::string &owner) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    Result r = query(fmt::format("DELETE FROM {} WHERE key = $1 AND owner = $2",
                                 table("leases")),
                     {key, owner});
    failed(r, "releasing a lease");
  }

  StoreStats stats() override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    StoreStats s;
    s.location = location();
    Result r = query(fmt::format(
        "SELECT count(*), coalesce(sum(bytes), 0), count(DISTINCT function), "
        "(SELECT count(*) FROM {}) FROM {}",
        table("leases"), table("entries")));
    if (r.rows() == 1) {
      s.entries = std::stoull(r.value(0, 0));
      s.bytes = std::stoull(r.value(0, 1));
      s.functions = std::stoull(r.value(0, 2));
      s.leases = std::stoull(r.value(0, 3));
    } else {
      failed(r, "counting");
    }
    return s;
  }

  void clear() override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    Result r = query(fmt::format("TRUNCATE {}, {}, {}", table("entries"),
                                 table("keys"), table("leases")));
    failed(r, "clearing");
  }

  uint64_t collect(uint64_t maxBytes) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    query(fmt::format("DELETE FROM {} WHERE expires <= now()",
                      table("leases")));
    // The newest entries whose running total fits stay.
    Result r = query(
        fmt::format("DELETE FROM {0} WHERE key IN (SELECT key FROM (SELECT "
                    "key, sum(bytes) OVER (ORDER BY used DESC, key) AS total "
                    "FROM {0}) t WHERE total > $1)",
                    table("entries")),
        {std::to_string(maxBytes)});
    failed(r, "collecting");
    return r.affected();
  }

  /// The URI without its password, for messages.
  std::string location() const override { return displayedLocation(uri_); }

private:
  bool computed(const std::string &key) {
    Result r = query(fmt::format("SELECT 1 FROM {} WHERE key = $1",
                                 table("entries")),
                     {key});
    return r.rows() > 0;
  }

  /// Runs `sql` with text parameters (parameter `binaryParam`, 0-based, as
  /// bytes); `binary`: results as bytes.
  Result query(const std::string &sql, std::vector<std::string> params = {},
               bool binary = false, int binaryParam = -1) {
    std::vector<const char *> values;
    std::vector<int> lengths, formats;
    for (size_t i = 0; i < params.size(); ++i) {
      values.push_back(params[i].data());
      lengths.push_back(static_cast<int>(params[i].size()));
      formats.push_back(static_cast<int>(i) == binaryParam ? 1 : 0);
    }
    return Result(pq->execParams(conn_, sql.c_str(),
                               static_cast<int>(params.size()), nullptr,
                               values.data(), lengths.data(), formats.data(),
                               binary ? 1 : 0));
  }

  void failed(const Result &r, const char *what) {
    if (!r.ok())
      warn(fmt::format("store {}: {} failed: {}", location(), what,
                       r.error()));
  }

  std::string uri_;
  PGconn *conn_ = nullptr;
  /// The lease keeper's thread shares the connection.
  std::recursive_mutex mutex_;
};

} // namespace

llvm::Expected<std::unique_ptr<Store>>
openPostgresStore(const std::string &uri) {
  if (std::string why = loadLibPq(); !why.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot open the store " +
                                       displayedLocation(uri) + ": " + why);
  auto store = std::make_unique<PostgresStore>(uri);
  if (llvm::Error e = store->open())
    return e;
  return std::unique_ptr<Store>(std::move(store));
}

} // namespace cosmo::store
