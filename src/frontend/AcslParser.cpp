//===- AcslParser.cpp - ACSL annotation comments to terms and clauses -----===//
//
// A lexer over the comment text (`@` is blank inside annotations, as in
// Frama-C) and a recursive-descent parser with C's precedences plus ACSL's
// logical connectives: quantifiers extend as far right as possible, then
// <==>, ==> (right-associative), ?:, ||, &&, |, ^, &, equality, chained
// relations, shifts, additive, multiplicative, unary, postfix.
//
//===----------------------------------------------------------------------===//

#include "cosmo/frontend/Acsl.h"

#include "CText.h"

#include <cctype>
#include <cstring>
#include <set>

namespace cosmo::frontend::acsl {

namespace {

struct Token {
  enum Kind { End, Name, Number, CharLit, Punct } kind = End;
  std::string text;
  unsigned line = 0;
  size_t offset = 0; // in the comment's text
};

class ParseError {
public:
  ParseError(unsigned line, std::string msg) : line(line), msg(std::move(msg)) {}
  unsigned line;
  std::string msg;
};

std::vector<Token> lex(const std::string &s, unsigned line) {
  static const char *puncts[] = {"<==>", "==>", "...", "..", "->", "==", "!=",
                                 "<=",   ">=",  "&&",  "||", "<<", ">>", "^^"};
  std::vector<Token> out;
  size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    if (c == '\n') {
      ++line, ++i;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c)) || c == '@') {
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') { // comment
      while (i < s.size() && s[i] != '\n')
        ++i;
      continue;
    }
    Token t;
    t.line = line;
    t.offset = i;
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '\\') {
      size_t j = i + 1;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) ||
                              s[j] == '_'))
        ++j;
      t.kind = Token::Name;
      t.text = s.substr(i, j - i);
      i = j;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t j = i;
      // Digits, hex digits and suffixes; stop before a `..` range.
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) ||
                              (s[j] == '.' && !(j + 1 < s.size() && s[j + 1] == '.'))))
        ++j;
      t.kind = Token::Number;
      t.text = s.substr(i, j - i);
      if (t.text.find('.') != std::string::npos ||
          (t.text.find_first_of("eE") != std::string::npos &&
           t.text.rfind("0x", 0) != 0 && t.text.rfind("0X", 0) != 0))
        throw ParseError(line, "unsupported ACSL construct 'real number " +
                                   t.text + "'");
      i = j;
    } else if (c == '\'') {
      size_t j = i + 1;
      while (j < s.size() && s[j] != '\'')
        j += s[j] == '\\' ? 2 : 1;
      if (j >= s.size())
        throw ParseError(line, "unterminated character literal");
      t.kind = Token::CharLit;
      t.text = s.substr(i, j + 1 - i);
      i = j + 1;
    } else if (c == '"') {
      throw ParseError(line, "unsupported ACSL construct 'string literal'");
    } else {
      t.kind = Token::Punct;
      t.text = std::string(1, c);
      for (const char *p : puncts)
        if (s.compare(i, std::strlen(p), p) == 0) {
          t.text = p;
          break;
        }
      i += t.text.size();
    }
    out.push_back(std::move(t));
  }
  Token end;
  end.line = line;
  end.offset = s.size();
  out.push_back(end);
  return out;
}

const std::set<std::string> &typeWords() {
  static const std::set<std::string> w = {
      "void",    "char",    "short",    "int",      "long",     "unsigned",
      "signed",  "_Bool",   "integer",  "boolean",  "struct",   "union",
      "enum",    "const",   "volatile", "size_t",   "int8_t",   "int16_t",
      "int32_t", "int64_t", "uint8_t",  "uint16_t", "uint32_t", "uint64_t",
      "intptr_t", "uintptr_t", "ptrdiff_t", "ssize_t", "bool"};
  return w;
}

class Parser {
public:
  Parser(std::vector<Token> toks) : t_(std::move(toks)) {}

  bool atEnd() const { return peek().kind == Token::End; }
  const Token &peek(size_t k = 0) const {
    return t_[std::min(pos_ + k, t_.size() - 1)];
  }
  bool is(const char *text, size_t k = 0) const {
    const Token &t = peek(k);
    return (t.kind == Token::Punct || t.kind == Token::Name) && t.text == text;
  }
  bool accept(const char *text) {
    if (!is(text))
      return false;
    ++pos_;
    return true;
  }
  void expect(const char *text) {
    if (!accept(text))
      throw ParseError(peek().line, std::string("expected '") + text +
                                        "' before " + describe(peek()));
  }
  static std::string describe(const Token &t) {
    return t.kind == Token::End ? "the end of the annotation"
                                : "'" + t.text + "'";
  }
  std::string name() {
    const Token &t = peek();
    if (t.kind != Token::Name || t.text[0] == '\\')
      throw ParseError(t.line, "expected a name before " + describe(t));
    ++pos_;
    return t.text;
  }

  Term::Ref term() { return quantifiedOr([&] { return iff(); }); }

  /// A location: a term, where ranges may appear inside parentheses and
  /// brackets.
  Term::Ref location() { return term(); }

  /// Type words up to (not including) the name a binder or parameter
  /// declares: `unsigned long x` -> ("unsigned long", "x").
  Term::Binder binder() {
    std::vector<std::string> words;
    while (peek().kind == Token::Name || is("*")) {
      words.push_back(peek().text);
      ++pos_;
      if (peek().kind != Token::Name && !is("*"))
        break;
    }
    if (words.size() < 2 || words.back() == "*")
      throw ParseError(peek().line,
                       "expected a type and a name before " + describe(peek()));
    Term::Binder b;
    b.name = words.back();
    words.pop_back();
    for (const std::string &w : words)
      b.type += (b.type.empty() || w == "*" ? "" : " ") + w;
    return b;
  }

  /// A C type as written inside a cast or sizeof: words and stars up to ')'.
  std::string typeName() {
    std::string type;
    while (!is(")") && !atEnd()) {
      const Token &t = peek();
      if (t.kind != Token::Name && !is("*"))
        throw ParseError(t.line, "unexpected " + describe(t) + " in a type");
      type += (type.empty() || t.text == "*" ? "" : " ") + t.text;
      ++pos_;
    }
    return type;
  }

private:
  template <class F> Term::Ref quantifiedOr(F next) {
    if (is("\\forall") || is("\\exists")) {
      auto q = node(Term::Kind::Quantifier, peek().text.substr(1));
      ++pos_;
      q->binders.push_back(binder());
      // `\forall integer i, j;` shares the type.
      while (accept(",")) {
        Term::Binder b;
        b.type = q->binders.front().type;
        b.name = name();
        q->binders.push_back(b);
      }
      expect(";");
      q->kids.push_back(term());
      return q;
    }
    if (is("\\let"))
      throw ParseError(peek().line, "unsupported ACSL construct '\\let'");
    return next();
  }

  std::shared_ptr<Term> node(Term::Kind k, std::string text = "") {
    auto n = std::make_shared<Term>();
    n->kind = k;
    n->text = std::move(text);
    n->line = peek().line;
    return n;
  }
  Term::Ref binary(const std::string &op, Term::Ref a, Term::Ref b) {
    auto n = std::make_shared<Term>();
    n->kind = Term::Kind::Binary;
    n->text = op;
    n->line = a->line;
    n->kids = {std::move(a), std::move(b)};
    return n;
  }

  Term::Ref iff() {
    Term::Ref a = implies();
    while (accept("<==>"))
      a = binary("<==>", a, quantifiedOr([&] { return implies(); }));
    return a;
  }
  Term::Ref implies() {
    Term::Ref a = ternary();
    if (accept("==>"))
      return binary("==>", a, quantifiedOr([&] { return implies(); }));
    if (is("^^"))
      throw ParseError(peek().line, "unsupported ACSL construct '^^'");
    return a;
  }
  Term::Ref ternary() {
    Term::Ref c = level(0);
    if (!accept("?"))
      return c;
    auto n = node(Term::Kind::Ternary);
    n->line = c->line;
    Term::Ref a = term();
    expect(":");
    Term::Ref b = quantifiedOr([&] { return ternary(); });
    n->kids = {c, a, b};
    return n;
  }

  // Left-associative binary levels, loosest first; relations chain.
  Term::Ref level(int k) {
    static const std::vector<std::vector<std::string>> levels = {
        {"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="},
        {"<", "<=", ">", ">="}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}};
    if (k == static_cast<int>(levels.size()))
      return unary();
    Term::Ref a = level(k + 1);
    auto opHere = [&]() -> std::string {
      for (const std::string &op : levels[k])
        if (is(op.c_str()))
          return op;
      return "";
    };
    if (k == 6) { // relations: a < b <= c is (a < b) && (b <= c)
      std::string op = opHere();
      if (op.empty())
        return a;
      auto chain = node(Term::Kind::Chain);
      chain->line = a->line;
      chain->kids.push_back(a);
      while (!(op = opHere()).empty()) {
        ++pos_;
        chain->ops.push_back(op);
        chain->kids.push_back(level(k + 1));
      }
      if (chain->ops.size() == 1)
        return binary(chain->ops[0], chain->kids[0], chain->kids[1]);
      return chain;
    }
    for (std::string op; !(op = opHere()).empty();) {
      ++pos_;
      // The right operand of a logical connective may be a quantifier.
      Term::Ref b = (op == "&&" || op == "||")
                        ? quantifiedOr([&] { return level(k + 1); })
                        : level(k + 1);
      a = binary(op, a, b);
    }
    return a;
  }

  bool castAhead() const {
    if (!is("("))
      return false;
    const Token &t = peek(1);
    return t.kind == Token::Name && typeWords().count(t.text);
  }

  Term::Ref unary() {
    for (const char *op : {"!", "-", "~", "*", "&", "+"})
      if (is(op)) {
        auto n = node(Term::Kind::Unary, op);
        ++pos_;
        n->kids.push_back(op[0] == '!' ? quantifiedOr([&] { return unary(); })
                                       : unary());
        return n;
      }
    if (castAhead()) {
      auto n = node(Term::Kind::Cast);
      expect("(");
      n->text = typeName();
      expect(")");
      n->kids.push_back(unary());
      return n;
    }
    if (is("sizeof")) {
      auto n = node(Term::Kind::SizeOf);
      ++pos_;
      if (castAhead()) {
        expect("(");
        n->text = typeName();
        expect(")");
      } else {
        n->kids.push_back(unary());
      }
      return n;
    }
    return postfix(primary());
  }

  Term::Ref postfix(Term::Ref a) {
    for (;;) {
      if (accept("[")) {
        auto n = node(Term::Kind::Index);
        n->line = a->line;
        n->kids = {a, rangeOrTerm()};
        expect("]");
        a = n;
      } else if (is(".") || is("->")) {
        auto n = node(Term::Kind::Member);
        n->line = a->line;
        n->ops.push_back(peek().text);
        ++pos_;
        n->text = name();
        n->kids.push_back(a);
        a = n;
      } else {
        return a;
      }
    }
  }

  Term::Ref rangeOrTerm() {
    Term::Ref lo = term();
    if (!accept(".."))
      return lo;
    auto r = node(Term::Kind::Range);
    r->line = lo->line;
    r->kids = {lo, term()};
    return r;
  }

  std::vector<Term::Ref> arguments() {
    std::vector<Term::Ref> args;
    expect("(");
    if (!accept(")")) {
      do
        args.push_back(rangeOrTerm());
      while (accept(","));
      expect(")");
    }
    return args;
  }

  Term::Ref primary() {
    const Token &t = peek();
    if (t.kind == Token::Number || t.kind == Token::CharLit) {
      auto n = node(t.kind == Token::Number ? Term::Kind::Int
                                            : Term::Kind::Char,
                    t.text);
      ++pos_;
      return n;
    }
    if (accept("(")) {
      Term::Ref inner = rangeOrTerm();
      expect(")");
      return inner;
    }
    if (t.kind != Token::Name)
      throw ParseError(t.line, "unexpected " + describe(t));
    std::string word = t.text;
    if (word[0] != '\\') {
      auto n = node(Term::Kind::Ident, word);
      ++pos_;
      if (!is("("))
        return n;
      n->kind = Term::Kind::Call;
      n->kids = arguments();
      return n;
    }
    ++pos_;
    if (word == "\\result")
      return node(Term::Kind::Result);
    if (word == "\\null")
      return node(Term::Kind::Null);
    if (word == "\\true" || word == "\\false")
      return node(Term::Kind::Bool, word == "\\true" ? "1" : "0");
    if (word == "\\old") {
      auto n = node(Term::Kind::Old);
      expect("(");
      n->kids.push_back(term());
      expect(")");
      return n;
    }
    if (word == "\\at") {
      auto n = node(Term::Kind::Old);
      expect("(");
      n->kids.push_back(term());
      expect(",");
      std::string label = name();
      if (label != "Pre" && label != "Old")
        throw ParseError(n->line, "unsupported ACSL construct '\\at(_, " +
                                      label + ")' (only Pre and Old)");
      expect(")");
      return n;
    }
    if (word == "\\valid" || word == "\\valid_read") {
      auto n = node(Term::Kind::Valid, word.substr(1));
      if (is("{"))
        throw ParseError(n->line, "unsupported ACSL construct 'labels'");
      std::vector<Term::Ref> args = arguments();
      if (args.size() != 1)
        throw ParseError(n->line, word + " takes one location");
      n->kids = std::move(args);
      return n;
    }
    if (word == "\\separated") {
      auto n = node(Term::Kind::Separated);
      n->kids = arguments();
      if (n->kids.size() < 2)
        throw ParseError(n->line, "\\separated takes two locations or more");
      return n;
    }
    throw ParseError(t.line, "unsupported ACSL construct '" + word + "'");
  }

  std::vector<Token> t_;
  size_t pos_ = 0;
};

/// Text between `from` and `to` (token positions), for messages.
std::string sliceText(const std::string &content, size_t from, size_t to) {
  std::string s = content.substr(from, to - from);
  std::string out;
  for (char c : s)
    if (c == '\n' || c == '@')
      out += ' ';
    else
      out += c;
  size_t b = out.find_first_not_of(' '), e = out.find_last_not_of(' ');
  return b == std::string::npos ? "" : out.substr(b, e - b + 1);
}

class AnnotationParser {
public:
  AnnotationParser(const std::string &content, unsigned line)
      : content_(content), p_(lex(content, line)) {}

  Annotation parse() {
    Annotation a;
    while (!p_.atEnd()) {
      const Token &kw = p_.peek();
      if (kw.kind != Token::Name)
        throw ParseError(kw.line, "expected an ACSL clause before " +
                                      Parser::describe(kw));
      unsigned line = kw.line;
      std::string word = kw.text;
      p_.name();
      if (word == "predicate" || word == "logic") {
        setKind(a, Annotation::Kind::Logic, line);
        a.definitions.push_back(definition(word == "logic", line));
        continue;
      }
      Clause c;
      c.line = line;
      size_t start = word == "loop" ? p_.peek(1).offset : p_.peek().offset;
      if (word == "requires" || word == "ensures") {
        setKind(a, Annotation::Kind::Contract, line);
        c.kind = word == "requires" ? ClauseKind::Requires : ClauseKind::Ensures;
        c.terms.push_back(p_.term());
      } else if (word == "decreases" || word == "terminates") {
        // Termination: cosmo checks what a run reaches, not whether it
        // ends; the clause is read (and must parse) and not checked, as a
        // loop variant is.
        setKind(a, Annotation::Kind::Contract, line);
        c.kind = word == "decreases" ? ClauseKind::Decreases
                                     : ClauseKind::Terminates;
        c.terms.push_back(p_.term());
      } else if (word == "assigns") {
        setKind(a, Annotation::Kind::Contract, line);
        c.kind = ClauseKind::Assigns;
        c.terms = locations();
      } else if (word == "assert") {
        setKind(a, Annotation::Kind::Assert, line);
        c.kind = ClauseKind::Assert;
        c.terms.push_back(p_.term());
      } else if (word == "loop") {
        setKind(a, Annotation::Kind::Loop, line);
        std::string what = p_.peek().text;
        p_.name();
        if (what == "invariant") {
          c.kind = ClauseKind::LoopInvariant;
          c.terms.push_back(p_.term());
        } else if (what == "assigns") {
          c.kind = ClauseKind::LoopAssigns;
          c.terms = locations();
        } else if (what == "variant") {
          c.kind = ClauseKind::LoopVariant;
          c.terms.push_back(p_.term());
        } else {
          throw ParseError(line, "unsupported ACSL construct 'loop " + what + "'");
        }
      } else {
        throw ParseError(line, "unsupported ACSL construct '" + word + "'");
      }
      c.source = sliceText(content_, start, p_.peek().offset);
      p_.expect(";");
      a.clauses.push_back(std::move(c));
    }
    return a;
  }

private:
  void setKind(Annotation &a, Annotation::Kind k, unsigned line) {
    bool first = a.clauses.empty() && a.definitions.empty();
    if (!first && a.kind != k)
      throw ParseError(line, "an annotation mixes function-contract, loop, "
                             "assert and logic clauses");
    a.kind = k;
  }

  std::vector<Term::Ref> locations() {
    std::vector<Term::Ref> out;
    if (p_.accept("\\nothing"))
      return out;
    do
      out.push_back(p_.location());
    while (p_.accept(","));
    return out;
  }

  LogicDefinition definition(bool logic, unsigned line) {
    LogicDefinition d;
    d.line = line;
    if (logic) {
      Term::Binder typed = p_.binder(); // `integer name`
      d.resultType = typed.type;
      d.name = typed.name;
    } else {
      d.name = p_.name();
    }
    if (p_.is("{"))
      throw ParseError(line, "unsupported ACSL construct 'labels' in '" +
                                 d.name + "'");
    p_.expect("(");
    if (!p_.accept(")")) {
      do
        d.params.push_back(p_.binder());
      while (p_.accept(","));
      p_.expect(")");
    }
    if (!p_.accept("="))
      throw ParseError(line, "unsupported ACSL construct '" +
                                 std::string(logic ? "logic" : "predicate") +
                                 " without a body' in '" + d.name + "'");
    d.body = p_.term();
    p_.expect(";");
    return d;
  }

  const std::string &content_;
  Parser p_;
};

/// The annotation comments of a C text: (begin, end, content offset,
/// content, line).
struct Comment {
  size_t begin, end;
  std::string content;
  unsigned line;
};

std::vector<Comment> annotationComments(const std::string &s) {
  std::vector<Comment> out;
  unsigned line = 1;
  size_t i = 0;
  auto advance = [&](size_t to) {
    for (; i < to && i < s.size(); ++i)
      if (s[i] == '\n')
        ++line;
  };
  while (i < s.size()) {
    char c = s[i];
    if (c == '"' || c == '\'') {
      advance(ctext::pastLiteral(s, i));
    } else if (ctext::commentAt(s, i)) {
      size_t e = ctext::pastComment(s, i);
      if (s.compare(i + 2, 1, "@") == 0) {
        // The text between "/*@" and "*/", or after "//@".
        bool block = s[i + 1] == '*';
        size_t end = block && s.compare(e - 2, 2, "*/") == 0 ? e - 2 : e;
        out.push_back({i, e, s.substr(i + 3, end - std::min(end, i + 3)), line});
      }
      advance(e);
    } else {
      advance(i + 1);
    }
  }
  return out;
}

llvm::Error failure(const std::string &path, unsigned line,
                    const std::string &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 path + ":" + std::to_string(line) + ": " + msg);
}

} // namespace

const char *clauseKeyword(ClauseKind k) {
  switch (k) {
  case ClauseKind::Requires: return "requires";
  case ClauseKind::Ensures: return "ensures";
  case ClauseKind::Assigns: return "assigns";
  case ClauseKind::LoopInvariant: return "loop invariant";
  case ClauseKind::LoopAssigns: return "loop assigns";
  case ClauseKind::LoopVariant: return "loop variant";
  case ClauseKind::Decreases: return "decreases";
  case ClauseKind::Terminates: return "terminates";
  case ClauseKind::Assert: return "assert";
  }
  return "?";
}

bool mayHoldAnnotations(const std::string &text) {
  return text.find("/*@") != std::string::npos ||
         text.find("//@") != std::string::npos;
}

llvm::Expected<AnnotatedFile> parseAnnotations(const std::string &text,
                                               const std::string &path) {
  AnnotatedFile file;
  file.path = path;
  for (const Comment &c : annotationComments(text)) {
    try {
      Annotation a = AnnotationParser(c.content, c.line).parse();
      a.line = c.line;
      a.begin = c.begin;
      a.end = c.end;
      file.annotations.push_back(std::move(a));
    } catch (const ParseError &e) {
      return failure(path, e.line, e.msg);
    }
  }
  return file;
}

llvm::Expected<Term::Ref> parseTerm(const std::string &text,
                                    const std::string &path, unsigned line) {
  try {
    Parser p(lex(text, line));
    Term::Ref t = p.term();
    if (!p.atEnd())
      throw ParseError(p.peek().line,
                       "unexpected " + Parser::describe(p.peek()));
    return t;
  } catch (const ParseError &e) {
    return failure(path, e.line, e.msg);
  }
}

std::string printTerm(const Term &t) {
  auto kid = [&](size_t i) { return printTerm(*t.kids[i]); };
  switch (t.kind) {
  case Term::Kind::Int:
  case Term::Kind::Char:
  case Term::Kind::Ident:
    return t.text;
  case Term::Kind::Result: return "\\result";
  case Term::Kind::Null: return "\\null";
  case Term::Kind::Bool: return t.text == "1" ? "\\true" : "\\false";
  case Term::Kind::Old: return "\\old(" + kid(0) + ")";
  case Term::Kind::Unary: return "(" + t.text + kid(0) + ")";
  case Term::Kind::Binary: return "(" + kid(0) + " " + t.text + " " + kid(1) + ")";
  case Term::Kind::Chain: {
    std::string s = "(" + kid(0);
    for (size_t i = 0; i < t.ops.size(); ++i)
      s += " " + t.ops[i] + " " + kid(i + 1);
    return s + ")";
  }
  case Term::Kind::Ternary:
    return "(" + kid(0) + " ? " + kid(1) + " : " + kid(2) + ")";
  case Term::Kind::Index: return kid(0) + "[" + kid(1) + "]";
  case Term::Kind::Member: return kid(0) + t.ops[0] + t.text;
  case Term::Kind::Call:
  case Term::Kind::Separated: {
    std::string s = t.kind == Term::Kind::Call ? t.text : "\\separated";
    s += "(";
    for (size_t i = 0; i < t.kids.size(); ++i)
      s += (i ? ", " : "") + kid(i);
    return s + ")";
  }
  case Term::Kind::Cast: return "((" + t.text + ")" + kid(0) + ")";
  case Term::Kind::SizeOf:
    return t.kids.empty() ? "sizeof(" + t.text + ")" : "sizeof(" + kid(0) + ")";
  case Term::Kind::Quantifier: {
    std::string s = "(\\" + t.text + " " + t.binders[0].type + " ";
    for (size_t i = 0; i < t.binders.size(); ++i)
      s += (i ? ", " : "") + t.binders[i].name;
    return s + "; " + kid(0) + ")";
  }
  case Term::Kind::Valid: return "\\" + t.text + "(" + kid(0) + ")";
  case Term::Kind::Range: return "(" + kid(0) + " .. " + kid(1) + ")";
  }
  return "?";
}

} // namespace cosmo::frontend::acsl
