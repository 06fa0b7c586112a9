#include "CosmoRunCache.h"

#include "CacheKey.h"
#include "TextUtil.h"

#include <charconv>

namespace cosmo::e2e {

namespace fs = std::filesystem;

namespace {
constexpr std::string_view kFormat = "cosmo-e2e cosmo runs 2";
}

std::string CosmoRunCache::key(const Tools &tools, const std::vector<std::string> &arguments,
                               const fs::path &program) {
  CacheKey h;
  h.add(kFormat).addFileIdentity(tools.cosmo);
  h.add(std::to_string(arguments.size()));
  for (const std::string &argument : arguments)
    h.add(argument);
  // The program's neighbours too: it may include them.
  h.add(fs::absolute(program).string()).addFileText(program);
  h.addFilesUnder(fs::absolute(program).parent_path(), "");
  h.addFilesUnder(tools.includeDir, ".h").addFilesUnder(tools.libcDir, "", /*byIdentity=*/true);
  h.add(tools.clang).addFileIdentity(resolveProgram(tools.clang));
  for (const char *variable : {"COSMO_INCLUDE_DIR", "COSMO_LIBC_DIR", "COSMO_CLANG", "PATH"})
    h.addEnvironment(variable);
  return h.hex();
}

std::optional<CosmoRunCache::Run> CosmoRunCache::find(const std::string &key) const {
  if (!enabled())
    return std::nullopt;
  fs::path entry = dir_ / key;
  std::error_code ec;
  if (!fs::is_regular_file(entry / "report.json", ec))
    return std::nullopt;
  try {
    Run run;
    std::string code = readTextFile(entry / "exit-code");
    auto [end, error] = std::from_chars(code.data(), code.data() + code.size(), run.exitCode);
    if (error != std::errc() || end != code.data() + code.size())
      return std::nullopt;
    run.outDir = entry;
    run.output = readTextFile(entry / "output.txt");
    return run;
  } catch (const std::exception &) {
    return std::nullopt;
  }
}

void CosmoRunCache::store(const std::string &key, int exitCode, const fs::path &outDir,
                          const std::string &output) const {
  if (!enabled())
    return;
  fs::path entry = dir_ / key;
  std::error_code ec;
  if (fs::exists(entry, ec) || !fs::is_regular_file(outDir / "report.json", ec))
    return;
  fs::create_directories(dir_, ec);
  fs::path scratch = temporaryNameFor(entry);
  try {
    fs::create_directories(scratch);
    fs::copy_file(outDir / "report.json", scratch / "report.json");
    if (fs::is_directory(outDir / "tests", ec))
      fs::copy(outDir / "tests", scratch / "tests");
    writeTextFile(scratch / "output.txt", output);
    writeTextFile(scratch / "exit-code", std::to_string(exitCode));
  } catch (const std::exception &) {
    fs::remove_all(scratch, ec);
    return;
  }
  fs::rename(scratch, entry, ec); // fails if another test kept it first
  if (ec)
    fs::remove_all(scratch, ec);
}

} // namespace cosmo::e2e
