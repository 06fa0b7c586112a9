//===- StoreTest.cpp - the persistent store's promises --------------------===//
//
// Entries by key, checksums, the last key of a function and why a run is
// rebuilt, leases (taken, busy, expired, computed), least-recently-used
// collection, and a file that is no store set aside (SQLite; the
// PostgreSQL store is tested end to end, tests/e2e/StoreTest.cpp, and here
// for workers that open a new store at once, when COSMO_TEST_POSTGRES
// names a server).
//
//===----------------------------------------------------------------------===//

#include "cosmo/store/Store.h"

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <sqlite3.h>

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

using namespace cosmo::store;
namespace fs = std::filesystem;

namespace {

class SqliteStoreTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("cosmo-store-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    path_ = (dir_ / "sub" / "store.db").string();
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::unique_ptr<Store> open() {
    auto s = openStore(path_);
    EXPECT_TRUE(bool(s)) << llvm::toString(s.takeError());
    return s ? std::move(*s) : nullptr;
  }
  /// Runs `sql` on the file directly, as something else than cosmo would.
  void tamper(const std::string &sql) {
    sqlite3 *db = nullptr;
    ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
  }

  fs::path dir_;
  std::string path_;
};

TEST_F(SqliteStoreTest, KeepsEntriesAcrossOpenings) {
  {
    auto s = open();
    ASSERT_TRUE(s);
    EXPECT_FALSE(s->get("k1"));
    s->put("k1", "f", std::string("payload\0with nul", 16));
    s->put("k1", "f", "second writer"); // the first writer wins
  }
  auto s = open();
  ASSERT_TRUE(s);
  EXPECT_EQ(s->get("k1"), std::string("payload\0with nul", 16));
  StoreStats st = s->stats();
  EXPECT_EQ(st.entries, 1u);
  EXPECT_EQ(st.bytes, 16u);
  EXPECT_EQ(st.functions, 1u);
  EXPECT_EQ(st.location, path_);
  EXPECT_TRUE(s->takeWarnings().empty());
}

TEST_F(SqliteStoreTest, ADamagedEntryIsAMissWithAWarning) {
  open()->put("k1", "f", "the result");
  tamper("UPDATE entries SET payload = 'another result'");
  auto s = open();
  EXPECT_FALSE(s->get("k1"));
  std::vector<std::string> w = s->takeWarnings();
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("damaged entry"), std::string::npos) << w[0];
  EXPECT_EQ(s->stats().entries, 0u); // removed
}

TEST_F(SqliteStoreTest, AnotherFormatOrNoDatabaseIsSetAside) {
  open()->put("k1", "f", "x");
  tamper("UPDATE meta SET value = '999' WHERE name = 'format'");
  auto s = open();
  ASSERT_TRUE(s);
  std::vector<std::string> w = s->takeWarnings();
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("set aside"), std::string::npos) << w[0];
  EXPECT_NE(w[0].find("format 999"), std::string::npos) << w[0];
  EXPECT_FALSE(s->get("k1"));
  s.reset();

  std::ofstream(path_, std::ios::trunc) << std::string(4096, 'g');
  auto again = open();
  ASSERT_TRUE(again);
  w = again->takeWarnings();
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("not a database"), std::string::npos) << w[0];
  again->put("k2", "g", "y");
  EXPECT_EQ(again->get("k2"), "y");
  size_t setAside = 0;
  for (const auto &e : fs::directory_iterator(fs::path(path_).parent_path()))
    setAside += e.path().filename().string().find("set-aside") !=
                std::string::npos;
  EXPECT_GE(setAside, 1u);
}

TEST_F(SqliteStoreTest, ProcessesOpeningANewStoreAtOnceAllSucceed) {
  // The workers of `--all -j N` open the store together; on its first run
  // they create it together. None may fail for the others' locks. Several
  // rounds, each on a new file, make the race likely.
  for (int round = 0; round < 10; ++round) {
    path_ = (dir_ / ("round" + std::to_string(round)) / "store.db").string();
    std::vector<pid_t> workers;
    for (int k = 0; k < 8; ++k) {
      pid_t pid = ::fork();
      ASSERT_GE(pid, 0);
      if (pid == 0) {
        auto s = openStore(path_);
        if (!s) {
          std::fprintf(stderr, "worker %d: %s\n", k,
                       llvm::toString(s.takeError()).c_str());
          std::_Exit(1);
        }
        (*s)->put("key" + std::to_string(k), "f", "payload");
        (*s)->recordKey("prog", "f" + std::to_string(k),
                        {"k", "own", "deps", "opts"});
        std::_Exit((*s)->get("key" + std::to_string(k)) ? 0 : 2);
      }
      workers.push_back(pid);
    }
    for (pid_t pid : workers) {
      int status = 0;
      ASSERT_EQ(::waitpid(pid, &status, 0), pid);
      EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
          << "round " << round << ": a worker failed (" << status << ")";
    }
    auto s = open();
    ASSERT_TRUE(s);
    EXPECT_EQ(s->stats().entries, workers.size());
    EXPECT_TRUE(s->takeWarnings().empty());
  }
}

TEST_F(SqliteStoreTest, LeasesKeepASecondWorkerWaiting) {
  auto a = open(), b = open();
  using std::chrono::seconds;
  EXPECT_EQ(a->tryLease("k", "a", seconds(60)), Lease::Taken);
  EXPECT_EQ(b->tryLease("k", "b", seconds(60)), Lease::Busy);
  EXPECT_EQ(a->tryLease("k", "a", seconds(60)), Lease::Taken); // renewed
  a->releaseLease("k", "a");
  EXPECT_EQ(b->tryLease("k", "b", seconds(60)), Lease::Taken);
  // A lease not renewed in time is taken over.
  EXPECT_EQ(a->tryLease("k2", "a", seconds(0)), Lease::Taken);
  EXPECT_EQ(b->tryLease("k2", "b", seconds(60)), Lease::Taken);
  // A computed entry needs no lease.
  a->put("k3", "f", "done");
  EXPECT_EQ(b->tryLease("k3", "b", seconds(60)), Lease::Computed);
  EXPECT_EQ(b->stats().leases, 2u);
  b->clear();
  EXPECT_EQ(b->stats().leases, 0u);
  EXPECT_EQ(b->stats().entries, 0u);
}

TEST_F(SqliteStoreTest, CollectionRemovesTheLeastRecentlyUsed) {
  auto s = open();
  s->put("old", "f", std::string(1000, 'a'));
  s->put("new", "g", std::string(1000, 'b'));
  tamper("UPDATE entries SET used = used - 100 WHERE key = 'old'");
  EXPECT_EQ(s->collect(1500), 1u);
  EXPECT_FALSE(s->get("old"));
  EXPECT_TRUE(s->get("new"));
  EXPECT_EQ(s->collect(1500), 0u);
  EXPECT_EQ(s->collect(0), 1u);
  EXPECT_EQ(s->stats().entries, 0u);
}

TEST_F(SqliteStoreTest, RecordsTheLastKeyAndSaysWhyARunIsRebuilt) {
  auto s = open();
  KeyParts first{"k1", "own1", "deps1", "opts1"};
  EXPECT_EQ(whyRebuilt(s->lastKey("prog", "f"), first), "new");
  s->recordKey("prog", "f", first);
  EXPECT_EQ(s->lastKey("prog", "f")->key, "k1");
  EXPECT_FALSE(s->lastKey("other", "f"));
  auto last = s->lastKey("prog", "f");
  EXPECT_EQ(whyRebuilt(last, {"k2", "own2", "deps1", "opts1"}), "changed");
  EXPECT_EQ(whyRebuilt(last, {"k2", "own1", "deps2", "opts1"}),
            "a callee or a global it reads changed");
  EXPECT_EQ(whyRebuilt(last, {"k2", "own1", "deps1", "opts2"}),
            "options changed");
  EXPECT_EQ(whyRebuilt(last, first), "not in the store");
  s->recordKey("prog", "f", {"k3", "own3", "deps3", "opts3"});
  EXPECT_EQ(s->lastKey("prog", "f")->own, "own3");
}

TEST(PostgresStoreTest, AServerThatRefusesIsAOneLineError) {
  auto s = openStore("postgresql://nobody@127.0.0.1:1/none?connect_timeout=2");
  ASSERT_FALSE(bool(s));
  std::string message = llvm::toString(s.takeError());
  EXPECT_NE(message.find("cannot connect to the store"), std::string::npos)
      << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

/// Runs one statement on the server; its error, empty when it succeeded.
std::string onServer(const std::string &uri, const std::string &sql) {
  PGconn *conn = PQconnectdb(uri.c_str());
  std::string error;
  if (PQstatus(conn) != CONNECTION_OK) {
    error = PQerrorMessage(conn);
  } else {
    PGresult *r = PQexec(conn, sql.c_str());
    if (PQresultStatus(r) != PGRES_COMMAND_OK)
      error = PQresultErrorMessage(r);
    PQclear(r);
  }
  PQfinish(conn);
  return error;
}

TEST(PostgresStoreTest, WorkersOpeningANewStoreAtOnceAllSucceed) {
  const char *server = std::getenv("COSMO_TEST_POSTGRES");
  if (!server || !*server)
    GTEST_SKIP() << "no PostgreSQL server: set COSMO_TEST_POSTGRES to a "
                    "postgresql:// URI (.ci/run starts one)";
  std::string uri = server;
  size_t slash = uri.find('/', uri.find("://") + 3);
  size_t query = uri.find('?');
  std::string tail = query == std::string::npos ? "" : uri.substr(query);
  std::string head =
      uri.substr(0, slash == std::string::npos ? uri.size() : slash);
  // The tables are created by whichever worker comes first; the others
  // must wait for them, not fail on the half-made catalog. Several rounds,
  // each on a database of its own, make the race likely.
  for (int round = 0; round < 5; ++round) {
    std::string db = "cosmo_open_" + std::to_string(::getpid()) + "_" +
                     std::to_string(round);
    ASSERT_EQ(onServer(server, "CREATE DATABASE " + db), "");
    std::atomic<int> opened{0};
    std::vector<std::string> errors(8);
    std::vector<std::thread> workers;
    for (size_t k = 0; k < errors.size(); ++k)
      workers.emplace_back([&, k] {
        auto s = openStore(head + "/" + db + tail);
        if (s) {
          ++opened;
          (*s)->put("key" + std::to_string(k), "f", "payload");
        } else {
          errors[k] = llvm::toString(s.takeError());
        }
      });
    for (std::thread &t : workers)
      t.join();
    for (const std::string &e : errors)
      EXPECT_EQ(e, "");
    EXPECT_EQ(opened, int(errors.size()));
    auto s = openStore(head + "/" + db + tail);
    ASSERT_TRUE(bool(s)) << llvm::toString(s.takeError());
    EXPECT_EQ((*s)->stats().entries, errors.size());
    s->reset();
    EXPECT_EQ(onServer(server, "DROP DATABASE " + db), "");
  }
}

TEST(StoreLocationTest, MessagesNeverShowAPassword) {
  EXPECT_EQ(displayedLocation("postgresql://ci:s3cret@db:5432/cosmo"),
            "postgresql://ci:***@db:5432/cosmo");
  EXPECT_EQ(displayedLocation("postgresql:///cosmo?host=/tmp&password=pw&user=u"),
            "postgresql:///cosmo?host=/tmp&password=***&user=u");
  EXPECT_EQ(displayedLocation("/home/u/.cache/cosmo/store.db"),
            "/home/u/.cache/cosmo/store.db");
  EXPECT_EQ(displayedLocation("postgresql://ci@db/cosmo"),
            "postgresql://ci@db/cosmo");
}

} // namespace
