//===- CText.h - skipping literals and comments in C text ------*- C++ -*-===//
//
// What the ACSL reader needs of C's lexical structure: where a comment or
// a string / character literal ends (an annotation inside either is not
// one; a bracket inside either does not count).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_CTEXT_H
#define COSMO_FRONTEND_CTEXT_H

#include <algorithm>
#include <string>

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

} // namespace cosmo::frontend::ctext

#endif // COSMO_FRONTEND_CTEXT_H
