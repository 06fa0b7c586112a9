//===- InputText.h - test inputs as C values --------------------*- C++ -*-===//
//
// An input as a C programmer reads it, from its bytes and its type
// (engine::InputType): `-9223372036854775808` for a long long, `4294967295`
// for an unsigned int, `65 'A'` for a char, `"ab\000c"` for a char array,
// `{1, -2, 3}` for an int array, `NULL` or `0x1000` for a pointer. An input
// of unknown type of at most 8 bytes reads as a signed number, except
// memory (symbolic or lazily initialised objects), which stays bytes.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_INPUTTEXT_H
#define COSMO_REPORT_INPUTTEXT_H

#include "cosmo/engine/Results.h"

#include <cstddef>
#include <optional>
#include <string>

namespace cosmo::report {

/// The input's value in C, or none when it is only bytes. Arrays longer
/// than `maxElements` elements end in "...".
std::optional<std::string> cValueOf(const engine::TestInput &input,
                                    std::size_t maxElements = SIZE_MAX);

/// One line for the terminal: "-5 (int, __VERIFIER_nondet_int)", "hex
/// 0f000000 (4 bytes)"; bytes past the 64th are left out ("...").
std::string inputLine(const engine::TestInput &input);

/// The lines of a test's inputs for the terminal, each after `indent`:
/// "input NAME = VALUE" for each input, and main's environment as the
/// program sees it: "argv = {"prog", "-r"}" (only the arguments the path
/// had), "stdin = "...", "file A = "...", "variable HOME = "..."".
std::string inputLines(const engine::TestVector &test,
                       const std::string &indent);

} // namespace cosmo::report

#endif // COSMO_REPORT_INPUTTEXT_H
