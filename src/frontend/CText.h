//===- CText.h - skipping literals and comments in C text ------*- C++ -*-===//
//
// What the ACSL reader needs of C's lexical structure: where a comment or
// a string / character literal ends (an annotation inside either is not
// one; a bracket inside either does not count); and what its
// instrumentation needs of C's statements: matching brackets, where a
// statement ends, where a function is defined (CText.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_CTEXT_H
#define COSMO_FRONTEND_CTEXT_H

#include <algorithm>
#include <string>
#include <vector>

namespace cosmo::frontend::ctext {

/// Whether a comment (`/*` or `//`) starts at s[i].
inline bool commentAt(const std::string &s, size_t i) {
  return s.compare(i, 2, "/*") == 0 || s.compare(i, 2, "//") == 0;
}

/// Past the comment starting at s[i]: after its `*/`, or at the newline
/// that ends a line comment (the end of `s` when unterminated).
inline size_t pastComment(const std::string &s, size_t i) {
  if (s.compare(i, 2, "/*") == 0) {
    size_t e = s.find("*/", i + 2);
    return e == std::string::npos ? s.size() : e + 2;
  }
  size_t e = s.find('\n', i);
  return e == std::string::npos ? s.size() : e;
}

/// Past the string or character literal whose opening quote is s[i]:
/// after its closing quote, or after the newline an unterminated one
/// stops at.
inline size_t pastLiteral(const std::string &s, size_t i) {
  char quote = s[i];
  size_t j = i + 1;
  while (j < s.size() && s[j] != quote && s[j] != '\n')
    j += s[j] == '\\' ? 2 : 1;
  return std::min(j + 1, s.size());
}

bool isIdent(char c);
/// Whether the word `w` (not a prefix of a longer identifier) is at s[i].
bool wordAt(const std::string &s, size_t i, const char *w);
/// Position after blanks and ordinary comments from `i` (an annotation
/// comment, `/*@` or `//@`, stops it).
size_t skipBlank(const std::string &s, size_t i);
/// The position of the bracket closing the one at `open`, skipping string
/// and character literals and comments; npos if none.
size_t matching(const std::string &s, size_t open);
/// Top-level positions of `sep` between `from` and `to`.
std::vector<size_t> splitAt(const std::string &s, size_t from, size_t to,
                            char sep);
std::string trim(const std::string &s);
/// `s` with its line breaks made spaces.
std::string oneLine(std::string s);
/// The position after the C statement that starts at or after `i`; npos
/// where it cannot be told.
size_t statementEnd(const std::string &s, size_t i);
/// The position of `name` where the file defines it (`name(...) {` at file
/// scope); npos if it does not.
size_t definitionOf(const std::string &s, const std::string &name);

} // namespace cosmo::frontend::ctext

#endif // COSMO_FRONTEND_CTEXT_H
