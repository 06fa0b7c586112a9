//===- Coverage.cpp - line coverage of the program ------------------------===//

#include "cosmo/report/Coverage.h"

#include <llvm/Support/Path.h>

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

namespace cosmo::report {

using nlohmann::json;

json coverageToJson(const std::vector<engine::FileCoverage> &files) {
  json out = json::array();
  size_t total = 0, covered = 0;
  for (const engine::FileCoverage &f : files) {
    out.push_back(json{{"file", f.file},
                       {"lines", f.lines},
                       {"covered", f.covered},
                       {"lines_total", f.lines.size()},
                       {"lines_covered", f.covered.size()}});
    total += f.lines.size();
    covered += f.covered.size();
  }
  return json{{"version", 1},
              {"files", out},
              {"lines_total", total},
              {"lines_covered", covered}};
}

llvm::Expected<engine::FileCoverage>
coverageOf(const json &doc, const std::string &sourceFile) {
  auto bad = [](const std::string &why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s",
                                   why.c_str());
  };
  if (!doc.is_object() || !doc.contains("files") || !doc["files"].is_array())
    return bad("malformed coverage.json (no \"files\" array)");
  const json *match = nullptr;
  llvm::StringRef base = llvm::sys::path::filename(sourceFile);
  for (const json &f : doc["files"]) {
    if (!f.is_object() || !f.contains("file") || !f["file"].is_string())
      return bad("malformed coverage.json (a file entry without \"file\")");
    std::string name = f["file"].get<std::string>();
    if (name == sourceFile) {
      match = &f;
      break;
    }
    if (!match && llvm::sys::path::filename(name) == base)
      match = &f;
  }
  if (!match)
    return bad("the run did not analyse " + sourceFile +
               " (no coverage for it in coverage.json)");
  try {
    engine::FileCoverage c;
    c.file = (*match)["file"].get<std::string>();
    c.lines = (*match).at("lines").get<std::vector<unsigned>>();
    c.covered = (*match).at("covered").get<std::vector<unsigned>>();
    std::sort(c.lines.begin(), c.lines.end());
    std::sort(c.covered.begin(), c.covered.end());
    return c;
  } catch (const json::exception &) {
    return bad("malformed coverage.json (\"lines\" and \"covered\" must be "
               "arrays of line numbers)");
  }
}

std::string formatCoverageListing(const engine::FileCoverage &cov,
                                  const std::string &source, bool color) {
  auto paint = [&](const char *code, const std::string &s) {
    return color ? fmt::format("\033[{}m{}\033[0m", code, s) : s;
  };
  std::istringstream in(source);
  std::string text, out;
  unsigned n = 0;
  while (std::getline(in, text)) {
    ++n;
    bool code = std::binary_search(cov.lines.begin(), cov.lines.end(), n);
    bool hit = std::binary_search(cov.covered.begin(), cov.covered.end(), n);
    std::string line = fmt::format("{:>5} {} {}", n,
                                   hit ? "+" : code ? "-" : " ", text);
    out += (code && !hit ? paint("31", line) : line) + "\n";
  }
  out += fmt::format("{}: {} of {} lines with code executed ({:.0f}%)\n",
                     cov.file, cov.covered.size(), cov.lines.size(),
                     cov.lines.empty() ? 100.0
                                       : 100.0 * cov.covered.size() /
                                             cov.lines.size());
  return out;
}

} // namespace cosmo::report
