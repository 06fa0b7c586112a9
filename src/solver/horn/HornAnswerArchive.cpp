//===- HornAnswerArchive.cpp - Horn answers kept across runs --------------===//
//
// A question is the system's SMT-LIB text, each clause's variables renamed
// by their first use (canonicalClause), and the earlier invariants offered
// for its relations as a term table (the same terms give the same table).
// An answer as JSON: its terms once (expr::TermWriter), then its status,
// reason and method (not its time: an answer read back took none), and
// each relation's invariant and quantified conjuncts by their indices in
// the table.
//
//===----------------------------------------------------------------------===//

#include "cosmo/solver/Horn.h"

#include "cosmo/expr/TermArchive.h"

#include <nlohmann/json.hpp>

#include <map>
#include <random>

namespace cosmo::solver {

using nlohmann::json;

namespace {

/// The format of the bytes: an answer of another is not read.
constexpr int kHornAnswerFormat = 1;

llvm::Error unreadable(const std::string &why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "a stored Horn answer: " + why);
}

/// One clause of HornSystem::str, `(assert (forall (BINDERS) BODY))`, with
/// its bound variables renamed v0, v1, ... in the order BODY first names
/// them, and bound in that order. A clause's variables are its own, so the
/// renamed clause says the same; the names a run gives its symbolic values
/// count the values made before (an edit elsewhere in a program renames
/// them) and are no part of the question.
std::string canonicalClause(const std::string &line) {
  static const std::string opening = "(assert (forall (";
  if (line.compare(0, opening.size(), opening) != 0)
    return line;
  // The binders: (|name| sort) each, up to the list's closing parenthesis.
  std::vector<std::pair<std::string, std::string>> binders; // name, text
  size_t at = opening.size();
  while (at < line.size() && line[at] != ')') {
    if (line[at] == ' ') {
      ++at;
      continue;
    }
    size_t begin = at;
    int depth = 0;
    do {
      if (line[at] == '(')
        ++depth;
      else if (line[at] == ')')
        --depth;
      ++at;
    } while (at < line.size() && depth > 0);
    std::string binder = line.substr(begin, at - begin);
    size_t open = binder.find('|'), close = binder.find('|', open + 1);
    if (open == std::string::npos || close == std::string::npos)
      return line; // not a clause HornSystem::str writes
    binders.emplace_back(binder.substr(open, close - open + 1), binder);
  }
  if (at >= line.size())
    return line;
  std::string body = line.substr(at + 1);
  std::map<std::string, std::string> bound; // name -> its binder's sort text
  for (const auto &[name, binder] : binders)
    if (!bound.emplace(name, binder.substr(binder.find(name) + name.size()))
             .second) {
      // Two variables of one name (of two sorts): the text does not say
      // which is which, so the question is never taken for another.
      std::random_device random;
      return line + " ; ambiguous " + std::to_string(random()) + "-" +
             std::to_string(random());
    }
  std::map<std::string, size_t> renamed;
  std::vector<std::string> order;
  std::string out;
  for (size_t k = 0; k < body.size();) {
    size_t open = body.find('|', k);
    if (open == std::string::npos) {
      out += body.substr(k);
      break;
    }
    size_t close = body.find('|', open + 1);
    if (close == std::string::npos)
      return line;
    out += body.substr(k, open - k);
    std::string symbol = body.substr(open, close - open + 1);
    if (auto it = bound.find(symbol); it != bound.end()) {
      auto [r, fresh] = renamed.emplace(symbol, order.size());
      if (fresh)
        order.push_back(symbol);
      out += "|v" + std::to_string(r->second) + "|";
    } else {
      out += symbol;
    }
    k = close + 1;
  }
  std::string head = opening;
  for (size_t k = 0; k < order.size(); ++k)
    head += (k ? " (|v" : "(|v") + std::to_string(k) + "|" + bound[order[k]];
  for (const auto &[name, binder] : binders) // bound, never used
    if (!renamed.count(name))
      head += " " + binder;
  return head + ")" + out;
}

} // namespace

std::string hornQuestionText(const HornSystem &system,
                             const HornOptions &options) {
  std::string text;
  std::string printed = system.str();
  for (size_t at = 0; at < printed.size();) {
    size_t end = printed.find('\n', at);
    if (end == std::string::npos)
      end = printed.size();
    text += canonicalClause(printed.substr(at, end - at));
    text += '\n';
    at = end + 1;
  }
  if (!options.earlier)
    return text;
  expr::TermWriter terms;
  json offered = json::array();
  for (const HornRelation &r : system.relations()) {
    auto it = options.earlier->find(r.name);
    if (it == options.earlier->end() || it->second.empty())
      continue;
    json these = json::array();
    for (const ExprRef &e : it->second)
      these.push_back(terms.add(e));
    offered.push_back(json::array({r.name, std::move(these)}));
  }
  if (offered.empty())
    return text;
  json hints;
  hints["offered"] = std::move(offered);
  hints["terms"] = terms.table();
  return text + "\n; earlier invariants\n" + hints.dump();
}

std::string writeHornAnswer(const HornAnswer &answer) {
  expr::TermWriter terms;
  json invariants = json::array(), quantified = json::array();
  for (const ExprRef &e : answer.invariants)
    invariants.push_back(terms.add(e));
  for (const std::vector<HornAnswer::Quantified> &ofRelation : answer.quantified) {
    json these = json::array();
    for (const HornAnswer::Quantified &q : ofRelation) {
      json bound = json::array();
      for (const ExprRef &b : q.bound)
        bound.push_back(terms.add(b));
      these.push_back(json::array({std::move(bound), terms.add(q.body)}));
    }
    quantified.push_back(std::move(these));
  }
  json out;
  out["format"] = kHornAnswerFormat;
  out["status"] = static_cast<int>(answer.status);
  out["reason"] = answer.reason;
  out["method"] = answer.method;
  out["invariants"] = std::move(invariants);
  out["quantified"] = std::move(quantified);
  out["terms"] = terms.table();
  return out.dump();
}

llvm::Expected<HornAnswer> readHornAnswer(expr::ExprContext &ctx,
                                          const std::string &bytes) {
  json in = json::parse(bytes, nullptr, /*allow_exceptions=*/false);
  if (in.is_discarded() || !in.is_object())
    return unreadable("not JSON");
  try {
    if (in.at("format").get<int>() != kHornAnswerFormat)
      return unreadable("another format");
    auto terms = expr::readTerms(ctx, in.at("terms"));
    if (!terms)
      return terms.takeError();
    auto term = [&](const json &j) { return expr::termAt(*terms, j); };
    HornAnswer a;
    int status = in.at("status").get<int>();
    if (status != HornAnswer::Safe && status != HornAnswer::Unsafe &&
        status != HornAnswer::Unknown)
      return unreadable("no such status");
    a.status = static_cast<HornAnswer::Status>(status);
    a.reason = in.at("reason").get<std::string>();
    a.method = in.at("method").get<std::string>();
    for (const json &e : in.at("invariants"))
      a.invariants.push_back(term(e));
    for (const json &ofRelation : in.at("quantified")) {
      std::vector<HornAnswer::Quantified> these;
      for (const json &q : ofRelation) {
        HornAnswer::Quantified one;
        for (const json &b : q.at(0))
          one.bound.push_back(term(b));
        one.body = term(q.at(1));
        if (!one.body)
          return unreadable("a quantified invariant without a body");
        these.push_back(std::move(one));
      }
      a.quantified.push_back(std::move(these));
    }
    return a;
  } catch (const std::exception &e) {
    return unreadable(e.what());
  }
}

} // namespace cosmo::solver
