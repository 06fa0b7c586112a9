#include "CacheKey.h"

#include <llvm/ADT/StringExtras.h>

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/file.h>
#include <unistd.h>
#include <vector>

namespace cosmo::e2e {

namespace fs = std::filesystem;

CacheKey &CacheKey::add(std::string_view part) {
  std::string length = std::to_string(part.size()) + ":";
  sha_.update(llvm::StringRef(length));
  sha_.update(llvm::StringRef(part.data(), part.size()));
  return *this;
}

CacheKey &CacheKey::addFileText(const fs::path &file) {
  add(file.string());
  std::ifstream in(file, std::ios::binary);
  if (!in)
    return add("<missing>");
  std::ostringstream text;
  text << in.rdbuf();
  return add(text.str());
}

CacheKey &CacheKey::addFileIdentity(const fs::path &file) {
  std::error_code ec;
  fs::path real = fs::canonical(file, ec);
  if (ec)
    return add(file.string()).add("<missing>");
  std::uintmax_t size = fs::file_size(real, ec);
  auto time = fs::last_write_time(real, ec);
  return add(real.string())
      .add(std::to_string(size))
      .add(std::to_string(time.time_since_epoch().count()));
}

CacheKey &CacheKey::addFilesUnder(const fs::path &dir, std::string_view extension,
                                  bool byIdentity) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file() && (extension.empty() || it->path().extension() == extension))
      files.push_back(it->path());
  std::sort(files.begin(), files.end());
  add(dir.string()).add(std::to_string(files.size()));
  for (const fs::path &file : files)
    byIdentity ? addFileIdentity(file) : addFileText(file);
  return *this;
}

CacheKey &CacheKey::addEnvironment(const char *name) {
  add(name);
  const char *value = std::getenv(name);
  return value ? add("=").add(value) : add("<unset>");
}

std::string CacheKey::hex() { return llvm::toHex(sha_.final(), /*LowerCase=*/true); }

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

fs::path temporaryNameFor(const fs::path &target) {
  static std::atomic<unsigned> counter{0};
  return target.parent_path() /
         fmt::format(".tmp-{}-{}-{}", target.filename().string(), ::getpid(), counter++);
}

FileLock::FileLock(const fs::path &file) {
  fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    return;
  while (::flock(fd_, LOCK_EX) != 0 && errno == EINTR) {
  }
}

FileLock::~FileLock() {
  if (fd_ >= 0)
    ::close(fd_);
}

} // namespace cosmo::e2e
