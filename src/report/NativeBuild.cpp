//===- NativeBuild.cpp - clang with sanitizers and the replay runtime
//------===//

#include "cosmo/report/NativeBuild.h"

#include "cosmo/frontend/CompiledCache.h"

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <fstream>

namespace cosmo::report {

namespace {

constexpr std::chrono::seconds compileTimeout{120};

bool anyCheckMentions(const std::vector<std::string> &checks,
                      llvm::StringRef name) {
  return std::any_of(checks.begin(), checks.end(),
                     [&](const std::string &value) {
                       return llvm::StringRef(value).contains(name);
                     });
}

/// LLVM's linker when `clang` has it beside itself (as Debian's lld-14 puts
/// it beside clang-14) or on PATH: it links a sanitized program in about
/// 0.44 s where GNU ld takes 0.54 s (farm-bench, 10 runs each), and the
/// end-to-end tests link some 400. Without it, clang's default linker.
std::vector<std::string> linkerFlags(const std::string &clang) {
  llvm::ErrorOr<std::string> found = llvm::sys::findProgramByName(clang);
  llvm::SmallString<256> real;
  if (found && !llvm::sys::fs::real_path(*found, real)) {
    llvm::SmallString<256> beside = llvm::sys::path::parent_path(real);
    llvm::sys::path::append(beside, "ld.lld");
    if (llvm::sys::fs::can_execute(beside))
      return {"-fuse-ld=lld"};
  }
  if (llvm::sys::findProgramByName("ld.lld"))
    return {"-fuse-ld=lld"};
  return {};
}

llvm::Error compile(const std::vector<std::string> &argv, std::string what) {
  ProcessResult result = runProcess({argv, {}, compileTimeout, {}, {}});
  if (result.ending == ProcessResult::Ending::Exited && result.exitCode == 0)
    return llvm::Error::success();
  std::string output = result.out + result.err;
  std::string first = firstErrorLine(output);
  if (first.empty() || result.ending != ProcessResult::Ending::Exited)
    first = "the compiler " + describeEnding(result);
  return llvm::make_error<NativeBuildError>(
      std::move(what), commandLine(argv), std::move(output), std::move(first));
}

/// `command` (which writes `-o <object>` last) run into `cache`: the
/// object the cache keeps for the same command, source text and compiler,
/// or a new one compiled into it. The path of the object.
llvm::Expected<std::filesystem::path>
cachedRuntime(std::vector<std::string> command, const std::string &source,
              const std::string &cache) {
  frontend::CompiledCache objects(cache, ".o");
  std::vector<std::string> parts(command.begin(), command.end() - 1);
  auto text = llvm::MemoryBuffer::getFile(source);
  parts.push_back(text ? (*text)->getBuffer().str() : "(missing)");
  std::error_code ec;
  auto stamp = std::filesystem::last_write_time(command.front(), ec);
  parts.push_back(std::to_string(ec ? 0 : stamp.time_since_epoch().count()));
  std::string key = frontend::CompiledCache::keyOf(parts);
  if (auto hit = objects.lookup(key))
    return *hit;
  auto fresh = objects.temporaryPath();
  if (!fresh)
    return fresh.takeError();
  command.back() = *fresh;
  if (llvm::Error e = compile(command, "the replay runtime " + source)) {
    std::filesystem::remove(*fresh, ec);
    return e;
  }
  auto stored = objects.store(key, *fresh);
  if (!stored)
    return stored.takeError();
  return *stored;
}

} // namespace

char NativeBuildError::ID = 0;

NativeBuildError::NativeBuildError(std::string what, std::string command,
                                   std::string output,
                                   std::string firstErrorLine)
    : what_(std::move(what)), command_(std::move(command)),
      output_(std::move(output)), firstErrorLine_(std::move(firstErrorLine)) {}

void NativeBuildError::log(llvm::raw_ostream &os) const {
  os << "cannot build " << what_ << " natively: " << firstErrorLine_;
}

std::error_code NativeBuildError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

std::string firstErrorLine(const std::string &compilerOutput) {
  llvm::SmallVector<llvm::StringRef, 16> lines;
  llvm::StringRef(compilerOutput).split(lines, '\n', -1, false);
  // In order of preference: "prog.c:3:10: error: ..." (not the driver's
  // "clang: error: linker command failed"), the linker's symbol errors, any
  // line mentioning an error, any line.
  using Preference = bool (*)(llvm::StringRef);
  const Preference preferences[] = {
      [](llvm::StringRef l) {
        return l.contains(": error: ") && !l.startswith("clang");
      },
      [](llvm::StringRef l) {
        return l.contains("undefined reference") ||
               l.contains("multiple definition");
      },
      [](llvm::StringRef l) { return l.contains("error"); },
      [](llvm::StringRef l) { return !l.empty(); }};
  for (Preference preferred : preferences)
    for (llvm::StringRef line : lines)
      if (preferred(line.trim()))
        return line.trim().str();
  return "";
}

std::vector<std::string>
nativeSanitizerFlags(const std::vector<std::string> &checks) {
  std::vector<std::string> flags = {"-g",
                                    "-O0",
                                    "-no-pie",
                                    "-fsanitize=address,undefined",
                                    "-fno-sanitize-recover=all",
                                    // What cosmo does not check: a native
                                    // run must not stop where cosmo goes on.
                                    "-fno-sanitize=alignment,pointer-overflow",
                                    "-w"};
  // A left shift of a signed value that does not fit is an overflow to
  // cosmo (--check=overflow); --check=shift is the shift amount's range.
  if (!anyCheckMentions(checks, "overflow")) {
    flags.push_back("-fno-sanitize=signed-integer-overflow");
    flags.push_back("-fno-sanitize=shift-base");
  }
  if (!anyCheckMentions(checks, "shift"))
    flags.push_back("-fno-sanitize=shift-exponent");
  if (!anyCheckMentions(checks, "float-cast"))
    flags.push_back("-fno-sanitize=float-cast-overflow");
  else
    flags.push_back("-fsanitize=float-cast-overflow");
  return flags;
}

std::vector<std::string> nativeDataModelFlags(engine::DataModel model) {
  if (model == engine::DataModel::ILP32)
    return {"-m32"};
  return {};
}

std::vector<std::string> flagsWithAbsolutePaths(std::vector<std::string> f,
                                                const std::string &dir) {
  namespace fs = std::filesystem;
  static const char *const pathFlags[] = {"-I", "-isystem", "-iquote",
                                          "-idirafter", "-include", "-imacros"};
  auto absolute = [&](const std::string &p) {
    return dir.empty() || fs::path(p).is_absolute()
               ? p
               : (fs::path(dir) / p).lexically_normal().string();
  };
  for (size_t i = 0; i < f.size(); ++i)
    for (std::string_view flag : pathFlags) {
      if (f[i] == flag && i + 1 < f.size()) {
        f[i + 1] = absolute(f[i + 1]);
        ++i;
        break;
      }
      if (flag == "-I" && f[i].size() > 2 && f[i].rfind("-I", 0) == 0) {
        f[i] = "-I" + absolute(f[i].substr(2));
        break;
      }
    }
  return f;
}

llvm::Expected<std::filesystem::path>
buildNativeProgram(const NativeToolchain &toolchain,
                   const std::filesystem::path &program,
                   const std::vector<std::string> &checks,
                   const std::filesystem::path &workDir,
                   const NativeSources &sources,
                   engine::DataModel dataModel) {
  // The data model's target flag goes to the runtime and every unit.
  std::vector<std::string> flags = nativeSanitizerFlags(checks);
  for (const std::string &f : nativeDataModelFlags(dataModel))
    flags.push_back(f);
  std::filesystem::path runtimeObject = workDir / "replay-runtime.o";
  std::filesystem::path executable =
      workDir / (program.stem().string() + ".native");
  // The runtime is built for the program's target.
  std::vector<std::string> target;
  for (const std::vector<std::string> *list :
       {&sources.flags, &sources.mainFlags})
    for (const std::string &f : *list)
      if (f == "-m32" || f == "-m64")
        target = {f};

  std::vector<std::string> runtimeCommand = {toolchain.clang};
  runtimeCommand.insert(runtimeCommand.end(), flags.begin(), flags.end());
  runtimeCommand.insert(runtimeCommand.end(), target.begin(), target.end());
  runtimeCommand.insert(runtimeCommand.end(), {"-c", toolchain.replayRuntime,
                                               "-o", runtimeObject.string()});
  if (!toolchain.runtimeCache.empty()) {
    auto cached = cachedRuntime(runtimeCommand, toolchain.replayRuntime,
                                toolchain.runtimeCache);
    if (!cached)
      return cached.takeError();
    runtimeObject = *cached;
  } else if (llvm::Error e = compile(runtimeCommand, "the replay runtime " +
                                                       toolchain.replayRuntime)) {
    return e;
  }

  // A unit's command: the shared flags, its own, the run's.
  auto unitCommand = [&](const std::string &directory,
                         const std::vector<std::string> &own) {
    std::vector<std::string> c = {toolchain.clang};
    if (!directory.empty())
      c.push_back("-working-directory=" + directory);
    c.insert(c.end(), flags.begin(), flags.end());
    c.insert(c.end(), {"-finstrument-functions", "-I", toolchain.includeDir});
    c.insert(c.end(), own.begin(), own.end());
    c.insert(c.end(), sources.flags.begin(), sources.flags.end());
    return c;
  };
  std::vector<std::string> objects;
  for (size_t k = 0; k < sources.others.size(); ++k) {
    const NativeSources::Unit &u = sources.others[k];
    std::string object =
        std::filesystem::absolute(workDir / ("unit-" + std::to_string(k) + ".o"))
            .string();
    std::vector<std::string> c = unitCommand(u.directory, u.flags);
    c.insert(c.end(), {"-c", u.path, "-o", object});
    if (llvm::Error e = compile(c, u.path))
      return e;
    objects.push_back(object);
  }

  std::vector<std::string> programCommand =
      unitCommand(sources.mainDirectory, sources.mainFlags);
  // (Before the program's own flags: a linker they name wins.)
  std::vector<std::string> linker = linkerFlags(toolchain.clang);
  programCommand.insert(programCommand.begin() + 1, linker.begin(),
                        linker.end());
  // In another working directory, paths must be absolute; otherwise they
  // stay as given, so diagnostics name the file as the user did.
  auto path = [&](const std::filesystem::path &p) {
    return sources.mainDirectory.empty() ? p.string()
                                         : std::filesystem::absolute(p).string();
  };
  programCommand.insert(programCommand.end(),
                        {path(program), path(runtimeObject)});
  programCommand.insert(programCommand.end(), objects.begin(), objects.end());
  programCommand.insert(programCommand.end(), {"-lm", "-o", path(executable)});
  if (llvm::Error e = compile(programCommand, program.string()))
    return e;
  return executable;
}

ProcessResult runNativeProgram(
    const NativeToolchain &toolchain, const std::filesystem::path &executable,
    const std::filesystem::path &replayFile, std::chrono::milliseconds timeout,
    const std::vector<std::pair<std::string, std::string>> &environment,
    const ProcessEnvironment &process) {
  // The program runs in the replay file's directory: absolute paths.
  std::filesystem::path program = std::filesystem::absolute(executable);
  std::filesystem::path inputs = std::filesystem::absolute(replayFile);
  ProcessRequest request;
  request.argv = {program.string()};
  request.environment = {{"COSMO_REPLAY_FILE", inputs.string()},
                         {"ASAN_OPTIONS", "detect_leaks=0"},
                         {"ASAN_SYMBOLIZER_PATH", toolchain.symbolizer},
                         {"COSMO_REPLAY_SYMBOLIZER", toolchain.symbolizer}};
  request.environment.insert(request.environment.end(), environment.begin(),
                             environment.end());
  request.timeout = timeout;
  request.workingDirectory = inputs.parent_path();
  // The program sees the variables the test gives it and no others, as
  // cosmo's getenv does (every variable absent without --sym-env).
  request.clearEnvironment = true;
  if (!process.empty()) {
    std::filesystem::path dir = inputs;
    dir += ".env";
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    std::filesystem::create_directories(dir, ec);
    auto put = [&](const std::filesystem::path &file,
                   const std::string &bytes) {
      std::ofstream out(file, std::ios::binary);
      out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
      return static_cast<bool>(out);
    };
    bool written = !ec;
    for (const auto &[name, bytes] : process.files)
      written = written && put(dir / name, bytes);
    if (process.standardInput) {
      request.standardInput = inputs;
      request.standardInput += ".stdin";
      written = written && put(request.standardInput, *process.standardInput);
    }
    if (!written) {
      ProcessResult failed;
      failed.err = "cannot write the test's files into " + dir.string();
      return failed;
    }
    request.workingDirectory = dir;
    request.argv.insert(request.argv.end(), process.arguments.begin(),
                        process.arguments.end());
    request.environment.insert(request.environment.end(),
                               process.variables.begin(),
                               process.variables.end());
  }
  return runProcess(request);
}

} // namespace cosmo::report
