//===- CompilationDatabase.cpp - a build's C units ------------------------===//

#include "cosmo/frontend/CompilationDatabase.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <nlohmann/json.hpp>

#include <fstream>
#include <set>

namespace cosmo::frontend {

namespace {

using json = nlohmann::json;

llvm::Error error(const std::string &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

bool startsWith(const std::string &s, const char *prefix) {
  return llvm::StringRef(s).startswith(prefix);
}

/// Flags that take the next word as their value.
bool takesValue(const std::string &flag) {
  static const std::set<std::string> withValue = {
      "-o",        "-I",       "-D",      "-U",       "-include", "-isystem",
      "-iquote",   "-idirafter", "-MF",   "-MT",      "-MQ",      "-x",
      "-imacros",  "-isysroot", "--sysroot", "-target", "-arch",  "-Xclang"};
  return withValue.count(flag) > 0;
}

/// Flags (with their value) that matter to what the code means.
bool keeps(const std::string &flag) {
  static const std::set<std::string> exact = {
      "-include", "-imacros", "-isysroot", "--sysroot", "-target", "-x",
      "-ansi", "-m32", "-m64", "-mx32", "-funsigned-char", "-fsigned-char",
      "-fno-common", "-fcommon", "-fshort-enums", "-fshort-wchar",
      "-fpack-struct", "-fno-builtin", "-ffreestanding", "-nostdinc",
      "-fwrapv", "-fno-strict-aliasing", "-fgnu89-inline"};
  if (exact.count(flag))
    return true;
  // With the value joined: -Idir, -DX=1, -std=c11 ...
  static const char *const prefixes[] = {"-I", "-D", "-U", "-std=",
                                         "--sysroot=", "--target=",
                                         "-isystem", "-iquote", "-idirafter"};
  for (const char *p : prefixes)
    if (startsWith(flag, p))
      return true;
  return false;
}

} // namespace

std::vector<std::string> splitCommandLine(const std::string &command) {
  std::vector<std::string> words;
  std::string word;
  bool inWord = false;
  for (size_t i = 0; i < command.size(); ++i) {
    char c = command[i];
    if (c == '\\' && i + 1 < command.size()) {
      word += command[++i];
      inWord = true;
    } else if (c == '\'') {
      size_t end = command.find('\'', i + 1);
      word += command.substr(i + 1, end == std::string::npos ? std::string::npos
                                                              : end - i - 1);
      i = end == std::string::npos ? command.size() : end;
      inWord = true;
    } else if (c == '"') {
      for (++i; i < command.size() && command[i] != '"'; ++i) {
        if (command[i] == '\\' && i + 1 < command.size() &&
            std::string("\"\\$`").find(command[i + 1]) != std::string::npos)
          ++i;
        word += command[i];
      }
      inWord = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (inWord)
        words.push_back(word);
      word.clear();
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord)
    words.push_back(word);
  return words;
}

std::vector<std::string> analysisFlags(const std::vector<std::string> &args,
                                       const std::string &file) {
  std::vector<std::string> flags;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    bool separateValue = takesValue(a) && i + 1 < args.size();
    if (a == file || (!startsWith(a, "-") && llvm::sys::path::filename(a) ==
                                                 llvm::sys::path::filename(file)))
      continue; // the unit itself
    if (keeps(a)) {
      flags.push_back(a);
      if (separateValue)
        flags.push_back(args[++i]);
    } else if (separateValue) {
      ++i; // -o out.o, -MF deps ...: dropped with their value
    }
  }
  return flags;
}

llvm::Expected<std::vector<SourceInput>>
readCompilationDatabase(const std::string &buildDir) {
  std::string path = buildDir + "/compile_commands.json";
  if (!llvm::sys::fs::is_directory(buildDir))
    return error("-p: no such build directory: " + buildDir);
  std::ifstream in(path);
  if (!in)
    return error("-p: no compile_commands.json in " + buildDir +
                 " (CMake writes one with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)");
  json db = json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (db.is_discarded() || !db.is_array())
    return error(path + " is not a JSON array of compile commands");
  std::vector<SourceInput> units;
  std::set<std::string> seen;
  for (const json &entry : db) {
    if (!entry.is_object() || !entry.contains("file") ||
        !entry["file"].is_string() || !entry.contains("directory") ||
        !entry["directory"].is_string())
      return error(path + ": an entry without 'file' and 'directory'");
    std::string file = entry["file"];
    std::string dir = entry["directory"];
    llvm::StringRef ext = llvm::sys::path::extension(file);
    if (ext != ".c" && ext != ".i")
      continue; // C++, assembly: not cosmo's
    std::vector<std::string> args;
    if (entry.contains("arguments") && entry["arguments"].is_array()) {
      for (const json &a : entry["arguments"])
        if (a.is_string())
          args.push_back(a);
    } else if (entry.contains("command") && entry["command"].is_string()) {
      args = splitCommandLine(entry["command"]);
    } else {
      return error(path + ": the entry of " + file +
                   " has neither 'arguments' nor 'command'");
    }
    if (!args.empty())
      args.erase(args.begin()); // the compiler
    llvm::SmallString<256> abs(file);
    if (!llvm::sys::path::is_absolute(abs)) {
      abs = dir;
      llvm::sys::path::append(abs, file);
    }
    llvm::sys::path::remove_dots(abs, true);
    if (!seen.insert(std::string(abs.str())).second)
      continue;
    units.push_back(SourceInput{file, analysisFlags(args, file), dir});
  }
  if (units.empty())
    return error(path + " lists no C translation units");
  return units;
}

} // namespace cosmo::frontend
