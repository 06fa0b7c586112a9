//===- CliSupport.h - what the cosmo subcommands share ----------*- C++ -*-===//
#ifndef COSMO_TOOLS_CLISUPPORT_H
#define COSMO_TOOLS_CLISUPPORT_H

#include "cosmo/report/NativeBuild.h"

#include <CLI/CLI.hpp>
#include <llvm/Support/Error.h>

#include <map>

#include <string>
#include <vector>

namespace cosmo::cli {

/// Exit codes of the `cosmo` command. `check`: 0 verdict true, 1 false,
/// 3 unknown. `replay`: 0 the native run matches the vector, 1 it does not.
/// Both: 2 bad usage or input.
enum ExitCode : int {
  kExitTrue = 0,
  kExitFalse = 1,
  kExitUsage = 2,
  kExitUnknown = 3,
};

/// Prints `cosmo: error: <msg>` to stderr; returns kExitUsage.
int usageError(const std::string &msg);

/// Binds an enum option to its names (an engine name table): the option
/// takes exactly those names, `--help` lists them, and anything else is a
/// one-line error naming them. (CLI11 stores an enum from its number, so
/// the name becomes that number here.)
template <typename E>
CLI::Validator enumNamed(const std::map<std::string, E> &names) {
  std::string list;
  for (const auto &[name, value] : names)
    list += (list.empty() ? "" : "|") + name;
  return CLI::Validator(
      [&names, list](std::string &value) -> std::string {
        auto it = names.find(value);
        if (it == names.end())
          return "'" + value + "' is not one of " + list;
        value = std::to_string(static_cast<int>(it->second));
        return "";
      },
      list);
}

/// Adds `flag`, an enum option bound to `value` through `names`; --help
/// shows `value`'s name as the default unless `showDefault` is false (a
/// default that depends on other options).
template <typename E>
CLI::Option *addEnumOption(CLI::App &app, const std::string &flag, E &value,
                           const std::map<std::string, E> &names,
                           const std::string &help, bool showDefault = true) {
  CLI::Option *o =
      app.add_option(flag, value, help)->transform(enumNamed(names));
  if (showDefault)
    for (const auto &[name, v] : names)
      if (v == value)
        o->default_str(name);
  return o;
}

/// The environment variable `name` if set and not empty, else `fallback`.
std::string envOr(const char *name, const char *fallback);

/// The checks of `--check` values (comma lists): an error naming an unknown
/// one; `overflow` and `shift` are known.
llvm::Expected<std::vector<std::string>>
parseChecks(const std::vector<std::string> &values);

/// The native replay toolchain: the build's defaults, overridden by
/// COSMO_CLANG, COSMO_INCLUDE_DIR, COSMO_REPLAY_RUNTIME and COSMO_SYMBOLIZER;
/// an error naming the first piece that is missing.
llvm::Expected<report::NativeToolchain> nativeToolchain();

} // namespace cosmo::cli

#endif // COSMO_TOOLS_CLISUPPORT_H
