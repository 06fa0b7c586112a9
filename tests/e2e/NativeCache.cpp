#include "NativeCache.h"

#include "CacheKey.h"

#include <fmt/format.h>

#include <charconv>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace cosmo::e2e {

namespace fs = std::filesystem;
using report::ProcessResult;

namespace {

constexpr std::string_view kFormat = "cosmo-e2e native cache 1";

} // namespace

fs::path e2eCacheDirectory(const fs::path &defaultDir) {
  const char *setting = std::getenv("COSMO_E2E_CACHE");
  if (!setting || !*setting)
    return defaultDir;
  if (std::string_view(setting) == "off")
    return fs::path();
  return fs::path(setting);
}

std::string NativeCache::buildKey(const report::NativeToolchain &toolchain,
                                  const fs::path &program,
                                  const std::vector<std::string> &checks,
                                  engine::DataModel dataModel,
                                  std::string_view harnessSource) {
  CacheKey h;
  h.add(kFormat);
  h.addFileIdentity("/proc/self/exe");
  for (const std::string *part : {&toolchain.clang, &toolchain.includeDir,
                                  &toolchain.replayRuntime, &toolchain.symbolizer})
    h.add(*part);
  h.addFileIdentity(resolveProgram(toolchain.clang));
  h.addFilesUnder(fs::path(toolchain.replayRuntime).parent_path(), "");
  h.addFilesUnder(toolchain.includeDir, ".h");
  // The program's neighbours too: it may include them.
  h.add(fs::absolute(program).string());
  h.addFileText(program);
  h.addFilesUnder(fs::absolute(program).parent_path(), "");
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
  CacheKey h;
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
