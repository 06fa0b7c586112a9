//===- SqliteStore.cpp - the embedded store: one SQLite file --------------===//

#include "SqliteStore.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <sqlite3.h>

#include <unistd.h>

#include <chrono>
#include <ctime>
#include <fmt/format.h>

#include <mutex>
#include <random>
#include <thread>

namespace cosmo::store {

namespace {

const char *const kSchema = R"(
CREATE TABLE IF NOT EXISTS meta(name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entries(
  key TEXT PRIMARY KEY, function TEXT NOT NULL, payload BLOB NOT NULL,
  checksum TEXT NOT NULL, bytes INTEGER NOT NULL, used INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS entries_used ON entries(used);
CREATE TABLE IF NOT EXISTS keys(
  program TEXT NOT NULL, function TEXT NOT NULL, key TEXT NOT NULL,
  own TEXT NOT NULL, depends TEXT NOT NULL, options TEXT NOT NULL,
  PRIMARY KEY(program, function));
CREATE TABLE IF NOT EXISTS leases(
  key TEXT PRIMARY KEY, owner TEXT NOT NULL, expires INTEGER NOT NULL);
)";

/// How long a process waits for another's lock on the store.
constexpr std::chrono::seconds kBusyTimeout(30);

int64_t now() { return static_cast<int64_t>(std::time(nullptr)); }

/// A prepared statement, finalized when it goes.
class Statement {
public:
  Statement(sqlite3 *db, const char *sql) {
    rc_ = sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr);
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement &) = delete;
  Statement &operator=(const Statement &) = delete;

  Statement &bind(const std::string &text) {
    if (ok())
      rc_ = sqlite3_bind_text(stmt_, ++bound_, text.data(),
                              static_cast<int>(text.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement &bindBlob(const std::string &bytes) {
    if (ok())
      rc_ = sqlite3_bind_blob(stmt_, ++bound_, bytes.data(),
                              static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement &bind(int64_t value) {
    if (ok())
      rc_ = sqlite3_bind_int64(stmt_, ++bound_, value);
    return *this;
  }
  /// One step: true while a row is there.
  bool step() {
    if (!ok())
      return false;
    rc_ = sqlite3_step(stmt_);
    return rc_ == SQLITE_ROW;
  }
  std::string text(int column) const {
    const void *p = sqlite3_column_blob(stmt_, column);
    int n = sqlite3_column_bytes(stmt_, column);
    return p ? std::string(static_cast<const char *>(p), n) : std::string();
  }
  int64_t integer(int column) const {
    return sqlite3_column_int64(stmt_, column);
  }
  /// No failure so far (a finished step is none).
  bool ok() const {
    return rc_ == SQLITE_OK || rc_ == SQLITE_ROW || rc_ == SQLITE_DONE;
  }
  int code() const { return rc_; }

private:
  sqlite3_stmt *stmt_ = nullptr;
  int rc_ = SQLITE_OK;
  int bound_ = 0;
};

class SqliteStore final : public Store {
public:
  explicit SqliteStore(std::string path) : path_(std::move(path)) {}
  ~SqliteStore() override { close(); }

  /// Opens the file, setting it aside and starting anew when it is not a
  /// store of this format. Fails only when no store can be had at all.
  llvm::Error open() {
    Failure f = tryOpen();
    // Busy: processes creating the store at once. SQLite gives up without
    // waiting where waiting could deadlock (a reader that wants to write
    // while another waits to); such a process tries again shortly, for as
    // long as the busy timeout.
    auto until = std::chrono::steady_clock::now() + kBusyTimeout;
    std::minstd_rand jitter(static_cast<unsigned>(::getpid()));
    while (f.busy && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10 + jitter() % 90));
      f = tryOpen();
    }
    if (f.damaged) {
      setAside(f.why);
      f = tryOpen();
    }
    if (f.why.empty())
      return llvm::Error::success();
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot open the store " + path_ + ": " +
                                       f.why);
  }

  std::optional<std::string> get(const std::string &key) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (!db_)
      return std::nullopt;
    Statement q(db_, "SELECT payload, checksum FROM entries WHERE key = ?");
    q.bind(key);
    if (!q.step()) {
      failed(q, "reading an entry");
      return std::nullopt;
    }
    std::string payload = q.text(0), checksum = q.text(1);
    if (checksumOf(payload) != checksum) {
      warn("store " + path_ + ": a damaged entry (" + key.substr(0, 12) +
           ") was removed and is computed again");
      Statement d(db_, "DELETE FROM entries WHERE key = ?");
      d.bind(key).step();
      return std::nullopt;
    }
    Statement u(db_, "UPDATE entries SET used = ? WHERE key = ?");
    u.bind(now()).bind(key).step();
    return payload;
  }

  void put(const std::string &key, const std::string &function,
           const std::string &payload) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (!db_)
      return;
    Statement q(db_, "INSERT OR IGNORE INTO entries"
                     "(key, function, payload, checksum, bytes, used) "
                     "VALUES (?, ?, ?, ?, ?, ?)");
    q.bind(key).bind(function).bindBlob(payload).bind(checksumOf(payload));
    q.bind(static_cast<int64_t>(payload.size())).bind(now()).step();
    failed(q, "writing an entry");
  }

  std::optional<KeyParts> lastKey(const std::string &program,
                                  const std::string &function) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (!db_)
      return std::nullopt;
    Statement q(db_, "SELECT key, own, depends, options FROM keys "
                     "WHERE program = ? AND function = ?");
    q.bind(program).bind(function);
    if (!q.step()) {
      failed(q, "reading a key");
      return std::nullopt;
    }
    return KeyParts{q.text(0), q.text(1), q.text(2), q.text(3)};
  }

  void recordKey(const std::string &program, const std::string &function,
                 const KeyParts &parts) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (!db_)
      return;
    Statement q(db_, "INSERT OR REPLACE INTO keys"
                     "(program, function, key, own, depends, options) "
                     "VALUES (?, ?, ?, ?, ?, ?)");
    q.bind(program).bind(function).bind(parts.key).bind(parts.own);
    q.bind(parts.depends).bind(parts.options).step();
    failed(q, "recording a key");
  }

  Lease tryLease(const std::string &key, const std::string &owner,
                 std::chrono::seconds ttl) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (!db_)
      return Lease::Taken;
    // One writer at a time: the check and the take are one transaction.
    if (!exec("BEGIN IMMEDIATE"))
      return Lease::Taken;
    Lease result = Lease::Taken;
    {
      Statement e(db_, "SELECT 1 FROM entries WHERE key = ?");
      e.bind(key);
      if (e.step()) {
        result = Lease::Computed;
      } else {
        Statement l(db_, "SELECT owner, expires FROM leases WHERE key = ?");
        l.bind(key);
        if (l.step() && l.text(0) != owner && l.integer(1) > now())
          result = Lease::Busy;
      }
      if (result == Lease::Taken) {
        Statement t(db_, "INSERT OR REPLACE INTO leases(key, owner, expires) "
                         "VALUES (?, ?, ?)");
        t.bind(key).bind(owner).bind(now() + ttl.count()).step();
        failed(t, "taking a lease");
      }
    }
    exec("COMMIT");
    return result;
  }

  void releaseLease(const std::string &key, const std::string &owner) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (!db_)
      return;
    Statement q(db_, "DELETE FROM leases WHERE key = ? AND owner = ?");
    q.bind(key).bind(owner).step();
    failed(q, "releasing a lease");
  }

  std::string location() const override { return path_; }

  StoreStats stats() override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    StoreStats s;
    s.location = path_;
    if (!db_)
      return s;
    auto count = [&](const char *sql) -> uint64_t {
      Statement q(db_, sql);
      if (!q.step()) {
        failed(q, "counting");
        return 0;
      }
      return static_cast<uint64_t>(q.integer(0));
    };
    s.entries = count("SELECT count(*) FROM entries");
    s.bytes = count("SELECT coalesce(sum(bytes), 0) FROM entries");
    s.functions = count("SELECT count(DISTINCT function) FROM entries");
    s.leases = count("SELECT count(*) FROM leases");
    return s;
  }

  void clear() override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (db_)
      exec("DELETE FROM entries; DELETE FROM keys; DELETE FROM leases; "
           "VACUUM");
  }

  uint64_t collect(uint64_t maxBytes) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (!db_)
      return 0;
    {
      Statement l(db_, "DELETE FROM leases WHERE expires <= ?");
      l.bind(now()).step();
    }
    uint64_t total = stats().bytes, removed = 0;
    while (total > maxBytes) {
      Statement q(db_, "SELECT key, bytes FROM entries "
                       "ORDER BY used, rowid LIMIT 64");
      std::vector<std::pair<std::string, int64_t>> oldest;
      while (q.step())
        oldest.emplace_back(q.text(0), q.integer(1));
      if (oldest.empty())
        break;
      for (const auto &[key, bytes] : oldest) {
        if (total <= maxBytes)
          break;
        Statement d(db_, "DELETE FROM entries WHERE key = ?");
        d.bind(key).step();
        total -= std::min<uint64_t>(total, static_cast<uint64_t>(bytes));
        ++removed;
      }
    }
    return removed;
  }

private:
  /// Why a file could not be opened (empty: it could), and whether it is
  /// no store of this format (damaged, not a database, another version)
  /// rather than one that failed now.
  struct Failure {
    std::string why;
    bool damaged = false;
    bool busy = false; ///< another process held a lock it needed
  };
  static bool isDamage(int rc) {
    return (rc & 0xff) == SQLITE_CORRUPT || (rc & 0xff) == SQLITE_NOTADB;
  }
  static bool isBusy(int rc) {
    return (rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED;
  }
  /// Closes the file: it could not be opened, for `why`; SQLite's `rc`
  /// tells damage and a busy store apart.
  Failure fail(int rc, std::string why) {
    close();
    return {std::move(why), isDamage(rc), isBusy(rc)};
  }

  Failure tryOpen() {
    llvm::SmallString<256> dir(path_);
    llvm::sys::path::remove_filename(dir);
    if (!dir.empty())
      llvm::sys::fs::create_directories(dir);
    if (int rc = sqlite3_open_v2(path_.c_str(), &db_,
                                 SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                                     SQLITE_OPEN_FULLMUTEX,
                                 nullptr);
        rc != SQLITE_OK)
      return fail(rc, db_ ? sqlite3_errmsg(db_) : "out of memory");
    sqlite3_busy_timeout(
        db_, static_cast<int>(
                 std::chrono::milliseconds(kBusyTimeout).count()));
    std::string why;
    int rc = SQLITE_OK;
    if (!exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL", &why,
              &rc))
      return fail(rc, why);
    // The tables and the format, in one transaction that holds the write
    // lock from its start: no process reads the schema half made.
    std::string schema = fmt::format(
        "BEGIN IMMEDIATE; {} INSERT OR IGNORE INTO meta(name, value) "
        "VALUES ('format', '{}'); COMMIT;",
        kSchema, kFormatVersion);
    if (!exec(schema.c_str(), &why, &rc))
      return fail(rc, why);
    Statement q(db_, "SELECT value FROM meta WHERE name = 'format'");
    std::string format;
    if (q.step())
      format = q.text(0);
    else
      return fail(q.code(), q.ok() ? "the store has no format"
                                   : sqlite3_errmsg(db_));
    if (format != std::to_string(kFormatVersion)) {
      close();
      return {"written by store format " + format + ", this cosmo writes " +
                  std::to_string(kFormatVersion),
              true};
    }
    return {};
  }

  void close() {
    if (db_)
      sqlite3_close_v2(db_);
    db_ = nullptr;
  }

  /// Renames the file (and its WAL) out of the way, with a warning.
  void setAside(const std::string &why) {
    close();
    std::string aside = fmt::format("{}.set-aside-{}", path_, now());
    llvm::sys::fs::rename(path_, aside);
    llvm::sys::fs::remove(path_ + "-wal");
    llvm::sys::fs::remove(path_ + "-shm");
    warn("store " + path_ + " set aside as " + aside + " (" + why +
         "); starting a new one");
  }

  bool exec(const char *sql, std::string *why = nullptr, int *code = nullptr) {
    char *message = nullptr;
    int rc = sqlite3_exec(db_, sql, nullptr, nullptr, &message);
    std::string text = message ? message : sqlite3_errstr(rc);
    sqlite3_free(message);
    if (code)
      *code = rc;
    if (rc == SQLITE_OK)
      return true;
    if (why)
      *why = text;
    else
      failedWith(rc, text, sql);
    return false;
  }

  /// After a statement: a damaged database is set aside and started anew
  /// (every later operation a miss until then); another failure is a
  /// warning.
  void failed(const Statement &q, const char *what) {
    if (!q.ok())
      failedWith(q.code(), sqlite3_errmsg(db_), what);
  }
  void failedWith(int rc, const std::string &message, const char *what) {
    int primary = rc & 0xff;
    if (primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB) {
      setAside(message);
      if (!tryOpen().why.empty())
        close();
      return;
    }
    warn(fmt::format("store {}: {} failed: {}", path_, what, message));
  }

  std::string path_;
  sqlite3 *db_ = nullptr;
  /// The lease keeper's thread shares the connection.
  std::recursive_mutex mutex_;
};

} // namespace

llvm::Expected<std::unique_ptr<Store>> openSqliteStore(const std::string &path) {
  auto store = std::make_unique<SqliteStore>(path);
  if (llvm::Error e = store->open())
    return e;
  return std::unique_ptr<Store>(std::move(store));
}

} // namespace cosmo::store
