#include "NativeCache.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/SHA256.h>

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/file.h>
#include <unistd.h>

namespace cosmo::e2e {

namespace fs = std::filesystem;
using report::ProcessResult;

namespace {

constexpr std::string_view kFormat = "cosmo-e2e native cache 1";

// Length-prefixed parts, so that no two different lists hash alike.
class KeyHasher {
public:
  void add(std::string_view part) {
    std::string length = std::to_string(part.size()) + ":";
    sha_.update(llvm::StringRef(length));
    sha_.update(llvm::StringRef(part.data(), part.size()));
  }

  // A file by its text; a missing file hashes as such.
  void addFileText(const fs::path &file) {
    add(file.string());
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      add("<missing>");
      return;
    }
    std::ostringstream text;
    text << in.rdbuf();
    add(text.str());
  }

  // A file by what identifies its version: where it is, its size and time
  // (binaries, which are large and change only when rebuilt).
  void addFileIdentity(const fs::path &file) {
    std::error_code ec;
    fs::path real = fs::canonical(file, ec);
    if (ec) {
      add(file.string());
      add("<missing>");
      return;
    }
    add(real.string());
    add(std::to_string(fs::file_size(real, ec)));
    add(std::to_string(fs::last_write_time(real, ec).time_since_epoch().count()));
  }

  // Every file of `dir` (recursively) whose name ends in `extension` (all
  // files when empty), in name order.
  void addFilesUnder(const fs::path &dir, std::string_view extension) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
      if (it->is_regular_file() &&
          (extension.empty() || it->path().extension() == extension))
        files.push_back(it->path());
    std::sort(files.begin(), files.end());
    add(dir.string());
    add(std::to_string(files.size()));
    for (const fs::path &file : files)
      addFileText(file);
  }

  std::string hex() { return llvm::toHex(sha_.final(), /*LowerCase=*/true); }

private:
  llvm::SHA256 sha_;
};

// clang as configured: a path, or a name on PATH.
fs::path resolveProgram(const std::string &name) {
  if (name.find('/') != std::string::npos)
    return name;
  if (const char *path = std::getenv("PATH")) {
    std::string_view rest = path;
    while (!rest.empty()) {
      size_t colon = rest.find(':');
      fs::path candidate = fs::path(rest.substr(0, colon)) / name;
      if (::access(candidate.c_str(), X_OK) == 0)
        return candidate;
      rest = colon == std::string_view::npos ? "" : rest.substr(colon + 1);
    }
  }
  return name;
}

// A fresh, unique name next to `target` for a file or directory that will
// be renamed onto it.
fs::path temporaryNameFor(const fs::path &target) {
  static std::atomic<unsigned> counter{0};
  return target.parent_path() /
         fmt::format(".tmp-{}-{}-{}", target.filename().string(), ::getpid(), counter++);
}

// Holds an exclusive flock(2) on a lock file while it lives; released by
// the kernel if the process dies.
class FileLock {
public:
  explicit FileLock(const fs::path &file) {
    fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0)
      return;
    while (::flock(fd_, LOCK_EX) != 0 && errno == EINTR) {
    }
  }
  ~FileLock() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  FileLock(const FileLock &) = delete;
  FileLock &operator=(const FileLock &) = delete;

private:
  int fd_ = -1;
};

} // namespace

NativeCache NativeCache::fromEnvironment(const fs::path &defaultDir) {
  const char *setting = std::getenv("COSMO_E2E_NATIVE_CACHE");
  if (!setting || !*setting)
    return NativeCache(defaultDir);
  if (std::string_view(setting) == "off")
    return NativeCache(fs::path());
  return NativeCache(fs::path(setting));
}

std::string NativeCache::buildKey(const report::NativeToolchain &toolchain,
                                  const fs::path &program,
                                  const std::vector<std::string> &checks,
                                  engine::DataModel dataModel,
                                  std::string_view harnessSource) {
  KeyHasher h;
  h.add(kFormat);
  h.addFileIdentity("/proc/self/exe");
  for (const std::string *part : {&toolchain.clang, &toolchain.includeDir,
                                  &toolchain.replayRuntime, &toolchain.symbolizer})
    h.add(*part);
  h.addFileIdentity(resolveProgram(toolchain.clang));
  h.addFilesUnder(fs::path(toolchain.replayRuntime).parent_path(), "");
  h.addFilesUnder(toolchain.includeDir, ".h");
  h.add(fs::absolute(program).string());
  h.addFileText(program);
  h.add(std::to_string(checks.size()));
  for (const std::string &check : checks)
    h.add(check);
  h.add(std::to_string(static_cast<int>(dataModel)));
  h.add(harnessSource);
  return h.hex();
}

llvm::Expected<NativeCache::Build>
NativeCache::build(const std::string &key, const fs::path &fallbackDir,
                   llvm::function_ref<llvm::Expected<fs::path>(const fs::path &)> build) const {
  if (!enabled()) {
    auto executable = build(fallbackDir);
    if (!executable)
      return executable.takeError();
    return Build{*executable, false};
  }
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (ec)
    return llvm::createStringError(ec, "cannot create the native cache %s: %s",
                                   dir_.c_str(), ec.message().c_str());
  fs::path published = dir_ / key;
  // Waits while another test builds the same program.
  FileLock lock(dir_ / (key + ".lock"));
  auto executableIn = [&](const fs::path &dir) -> std::optional<fs::path> {
    // The build directory holds one executable: `<stem>.native`.
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
      if (it->path().extension() == ".native" && it->is_regular_file())
        return it->path();
    return std::nullopt;
  };
  if (fs::is_directory(published, ec))
    if (std::optional<fs::path> executable = executableIn(published))
      return Build{*executable, true};

  fs::path scratch = temporaryNameFor(published);
  fs::remove_all(scratch, ec);
  fs::create_directories(scratch, ec);
  if (ec)
    return llvm::createStringError(ec, "cannot create %s: %s", scratch.c_str(),
                                   ec.message().c_str());
  auto executable = build(scratch);
  if (!executable) {
    fs::remove_all(scratch, ec);
    return executable.takeError();
  }
  fs::path name = executable->filename();
  if (executable->parent_path() != scratch)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the native build put %s outside %s",
                                   executable->c_str(), scratch.c_str());
  fs::remove_all(published, ec); // a directory without an executable
  fs::rename(scratch, published, ec);
  if (ec) {
    // Not shared, but usable where it is.
    return Build{*executable, false};
  }
  return Build{published / name, false};
}

fs::path NativeCache::runFile(const std::string &key, std::string_view inputs) const {
  KeyHasher h;
  h.add(inputs);
  return dir_ / key / "runs" / (h.hex() + ".run");
}

std::optional<ProcessResult> NativeCache::findRun(const std::string &key,
                                                  std::string_view inputs) const {
  if (!enabled())
    return std::nullopt;
  std::ifstream in(runFile(key, inputs), std::ios::binary);
  if (!in)
    return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return parseProcessResult(text.str());
}

void NativeCache::storeRun(const std::string &key, std::string_view inputs,
                           const ProcessResult &run) const {
  if (!enabled() || (run.ending != ProcessResult::Ending::Exited &&
                     run.ending != ProcessResult::Ending::Signaled))
    return;
  fs::path file = runFile(key, inputs);
  std::error_code ec;
  if (!fs::is_directory(dir_ / key, ec))
    return; // the build was not published
  fs::create_directories(file.parent_path(), ec);
  fs::path scratch = temporaryNameFor(file);
  {
    std::ofstream out(scratch, std::ios::binary);
    out << serializeProcessResult(run);
    if (!out)
      return;
  }
  fs::rename(scratch, file, ec);
  if (ec)
    fs::remove(scratch, ec);
}

// "<format>\n<ending> <exit code> <signal> <ms> <stdout bytes> <stderr bytes>\n"
// then stdout and stderr as they were.
std::string serializeProcessResult(const ProcessResult &run) {
  std::string text = fmt::format("{}\n{} {} {} {} {} {}\n", kFormat,
                                 static_cast<int>(run.ending), run.exitCode, run.signal,
                                 run.elapsed.count(), run.out.size(), run.err.size());
  return text + run.out + run.err;
}

std::optional<ProcessResult> parseProcessResult(std::string_view text) {
  std::string_view header = std::string_view(kFormat);
  if (text.substr(0, header.size()) != header || text.size() <= header.size() ||
      text[header.size()] != '\n')
    return std::nullopt;
  text.remove_prefix(header.size() + 1);
  size_t end = text.find('\n');
  if (end == std::string_view::npos)
    return std::nullopt;
  std::string_view fields = text.substr(0, end);
  text.remove_prefix(end + 1);
  long long values[6];
  for (long long &value : values) {
    while (!fields.empty() && fields.front() == ' ')
      fields.remove_prefix(1);
    auto [next, error] = std::from_chars(fields.data(), fields.data() + fields.size(), value);
    if (error != std::errc())
      return std::nullopt;
    fields.remove_prefix(next - fields.data());
  }
  if (!fields.empty() || values[4] < 0 || values[5] < 0 ||
      static_cast<unsigned long long>(values[4] + values[5]) != text.size() ||
      values[0] < 0 || values[0] > static_cast<int>(ProcessResult::Ending::FailedToStart))
    return std::nullopt;
  ProcessResult run;
  run.ending = static_cast<ProcessResult::Ending>(values[0]);
  run.exitCode = static_cast<int>(values[1]);
  run.signal = static_cast<int>(values[2]);
  run.elapsed = std::chrono::milliseconds(values[3]);
  run.out = std::string(text.substr(0, values[4]));
  run.err = std::string(text.substr(values[4]));
  return run;
}

} // namespace cosmo::e2e
