//===- CText.cpp - statements and definitions in C text -------------------===//
//
// The parts of C's statement structure the ACSL instrumentation needs to
// find in the text (CText.h).
//
//===----------------------------------------------------------------------===//

#include "CText.h"

#include <cctype>
#include <cstring>

namespace cosmo::frontend::ctext {

bool isIdent(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

/// Position after blanks and ordinary comments from `i`.
size_t skipBlank(const std::string &s, size_t i) {
  while (i < s.size()) {
    if (std::isspace(static_cast<unsigned char>(s[i]))) {
      ++i;
    } else if (commentAt(s, i) && s.compare(i + 2, 1, "@") != 0) {
      i = pastComment(s, i);
    } else {
      break;
    }
  }
  return i;
}

/// The position of the bracket closing the one at `open`, skipping string
/// and character literals and comments; npos if none.
size_t matching(const std::string &s, size_t open) {
  char o = s[open], c = o == '(' ? ')' : o == '[' ? ']' : '}';
  int depth = 0;
  for (size_t i = open; i < s.size(); ++i) {
    char x = s[i];
    if (x == '"' || x == '\'') {
      i = pastLiteral(s, i) - 1;
    } else if (commentAt(s, i)) {
      i = pastComment(s, i) - 1;
    } else if (x == o) {
      ++depth;
    } else if (x == c && --depth == 0) {
      return i;
    }
  }
  return std::string::npos;
}

/// Top-level positions of `sep` between `from` and `to`.
std::vector<size_t> splitAt(const std::string &s, size_t from, size_t to,
                            char sep) {
  std::vector<size_t> out;
  for (size_t i = from; i < to; ++i) {
    char x = s[i];
    if (x == '(' || x == '[' || x == '{') {
      size_t m = matching(s, i);
      i = m == std::string::npos ? to : m;
    } else if (x == '"' || x == '\'') {
      i = pastLiteral(s, i) - 1;
    } else if (x == sep) {
      out.push_back(i);
    }
  }
  return out;
}

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::string oneLine(std::string s) {
  for (char &c : s)
    if (c == '\n' || c == '\r')
      c = ' ';
  return s;
}

namespace {

/// The last character of the literal, comment or bracketed group that
/// starts at s[i]; `i` when none starts there; npos when a bracket is not
/// closed.
size_t lastOfGroup(const std::string &s, size_t i) {
  char x = s[i];
  if (x == '"' || x == '\'')
    return pastLiteral(s, i) - 1;
  if (commentAt(s, i))
    return pastComment(s, i) - 1;
  if (x == '(' || x == '[' || x == '{')
    return matching(s, i);
  return i;
}

} // namespace

/// The position of `name` where the file defines it (`name(...) {` at file
/// scope); npos if it does not.
size_t definitionOf(const std::string &s, const std::string &name) {
  for (size_t i = 0; i < s.size(); ++i) {
    char x = s[i];
    if (size_t last = lastOfGroup(s, i); last != i) {
      if (last == std::string::npos)
        return last;
      i = last;
    } else if (isIdent(x) && (i == 0 || !isIdent(s[i - 1]))) {
      size_t e = i;
      while (e < s.size() && isIdent(s[e]))
        ++e;
      if (s.compare(i, e - i, name) == 0 && e - i == name.size()) {
        size_t open = skipBlank(s, e);
        if (open < s.size() && s[open] == '(') {
          size_t close = matching(s, open);
          if (close != std::string::npos) {
            size_t body = skipBlank(s, close + 1);
            if (body < s.size() && s[body] == '{')
              return i;
          }
        }
      }
      i = e - 1;
    }
  }
  return std::string::npos;
}

bool wordAt(const std::string &s, size_t i, const char *w) {
  size_t n = std::strlen(w);
  return s.compare(i, n, w) == 0 && (i + n >= s.size() || !isIdent(s[i + n]));
}

/// The position after the C statement that starts at or after `i`; npos
/// where it cannot be told.
size_t statementEnd(const std::string &s, size_t i) {
  i = skipBlank(s, i);
  if (i >= s.size())
    return std::string::npos;
  if (commentAt(s, i)) { // an annotation
    size_t past = pastComment(s, i);
    size_t at = s.find_first_not_of(" \t", i + 3);
    if (at < past && wordAt(s, at, "assert"))
      return past; // an assertion is a statement of its own
    return statementEnd(s, past);
  }
  if (s[i] == '{') {
    size_t m = matching(s, i);
    return m == std::string::npos ? m : m + 1;
  }
  // The statement after `keyword (...)`.
  auto afterParens = [&](size_t from) -> size_t {
    size_t open = skipBlank(s, from);
    if (open >= s.size() || s[open] != '(')
      return std::string::npos;
    size_t close = matching(s, open);
    return close == std::string::npos ? close : statementEnd(s, close + 1);
  };
  if (wordAt(s, i, "if")) {
    size_t end = afterParens(i + 2);
    if (end == std::string::npos)
      return end;
    size_t e = skipBlank(s, end);
    return wordAt(s, e, "else") ? statementEnd(s, e + 4) : end;
  }
  for (const char *w : {"while", "for", "switch"})
    if (wordAt(s, i, w))
      return afterParens(i + std::strlen(w));
  if (wordAt(s, i, "do")) {
    size_t body = statementEnd(s, i + 2);
    size_t w = body == std::string::npos ? body : skipBlank(s, body);
    if (w == std::string::npos || !wordAt(s, w, "while"))
      return std::string::npos;
    size_t open = skipBlank(s, w + 5);
    size_t close = open < s.size() && s[open] == '(' ? matching(s, open)
                                                      : std::string::npos;
    size_t semi = close == std::string::npos ? close : skipBlank(s, close + 1);
    return semi < s.size() && s[semi] == ';' ? semi + 1 : std::string::npos;
  }
  for (size_t j = i; j < s.size(); ++j) {
    char x = s[j];
    if (size_t last = lastOfGroup(s, j); last != j) {
      if (last == std::string::npos)
        return last;
      j = last;
    } else if (x == ';') {
      return j + 1;
    } else if (x == '}') {
      return std::string::npos;
    }
  }
  return std::string::npos;
}

} // namespace cosmo::frontend::ctext
