//===- CellViewSearch.cpp - the cell views a question is asked over ------===//
//
// solveOverCells (CellIndexed.h): a system over arrays is asked over single
// cells, then over the views CellViews.cpp finds (a link's successor, a
// walk's pointer's node), within the question's time. The views that
// decided the run's earlier questions go first (CellRoutes), and each
// offers its last answer's invariants to the next question over it.
//
//===----------------------------------------------------------------------===//

#include "horn/CellIndexed.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

namespace cosmo::solver {

HornAnswer solveOverCells(expr::ExprContext &ctx, const HornSystem &system,
                          const HornOptions &options) {
  auto start = std::chrono::steady_clock::now();
  HornAnswer none;
  std::optional<CellIndexedSystem> cells =
      indexByCell(ctx, system, none.reason);
  if (!cells)
    return none;
  // Over single cells first; then, when their templates fail, with each
  // likely link's successor too (a list's nodes linked in no order of
  // their cells: facts of a node and the one it links to).
  auto attempt = [&](const CellIndexedSystem &view, double seconds,
                     const std::map<std::string, std::vector<ExprRef>>
                         *routeInvariants = nullptr) {
    std::map<std::string, std::vector<ExprRef>> templates =
        cellTemplates(ctx, system, view);
    HornOptions mine;
    mine.timeoutSeconds = seconds;
    // (Over single cells, the earlier invariants join the templates; over
    // a successor view, whose relations have other arguments, those of
    // its own last answer are checked alone first.)
    if (cells->views == view.views) {
      mine.earlier = options.earlierCells;
    } else if (routeInvariants) {
      mine.earlier = routeInvariants;
      mine.earlierAlone = true;
    }
    mine.templates = &templates;
    // Spacer rarely proves a cell relation (CellTemplates.cpp): the
    // templates decide.
    mine.templatesOnly = true;
    mine.shownSteps = options.shownSteps;
    return solveHorn(ctx, view.system, mine);
  };
  auto left = [&] {
    return options.timeoutSeconds -
           std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start)
               .count();
  };
  // Each link's successor view, then each again with the node a walk's
  // pointer is at beside (a walk that unlinks nodes behind it); those
  // first when a walk writes a link of the node it is at.
  std::vector<CellExtras> extras;
  std::vector<CellLink> links = cellLinks(*cells);
  CellPointers pointers = cellPointers(*cells);
  // A link is a field of the walks' pointers' size, when they have one
  // (a 4-byte key beside an 8-byte link is no link: measured, 6 s of a
  // question of seed 001's listing 1 went to that view).
  std::set<unsigned> pointerBits;
  for (const auto &[r, at] : pointers)
    pointerBits.insert(
        system.relations()[r].args[at.second.argument].width);
  if (pointerBits.size() == 1)
    std::erase_if(links, [&](const CellLink &l) {
      return l.bytes * 8 != *pointerBits.begin();
    });
  // (The successor alone rarely proves a walk that relinks: on seed 001's
  // listing 1 its view failed after 5.6 s of the run's 24 s. A loop that
  // only links nodes it has no pointer into is proved with the successor
  // alone, faster: a partition's 1.5 s took 4.3 s with a pointer's node.)
  for (const CellLink &link : links)
    extras.push_back({link, {}});
  if (!pointers.empty())
    for (const CellLink &link : links)
      extras.push_back({link, pointers});
  if (!pointers.empty() &&
      relinksAtPointers(ctx, system, *cells, pointers, links))
    std::rotate(extras.begin(), extras.begin() + links.size(), extras.end());
  auto routeOf = [](const CellExtras &e) {
    return CellRoutes::Route{*e.link, !e.pointers.empty()};
  };
  // Those that decided earlier questions first, the most recent first
  // (rank 0); the others (rank `never`) after the single cells.
  CellRoutes *routes = options.cellRoutes;
  const std::vector<CellRoutes::Decided> noRoutes;
  const std::vector<CellRoutes::Decided> &decided =
      routes ? routes->decided : noRoutes;
  const size_t never = decided.size();
  auto rank = [&](const CellExtras &e) {
    auto it = std::find_if(
        decided.rbegin(), decided.rend(),
        [&](const CellRoutes::Decided &d) { return d.route == routeOf(e); });
    return static_cast<size_t>(it - decided.rbegin());
  };
  std::stable_sort(extras.begin(), extras.end(),
                   [&](const CellExtras &a, const CellExtras &b) {
                     return rank(a) < rank(b);
                   });
  auto later =
      std::find_if(extras.begin(), extras.end(),
                   [&](const CellExtras &e) { return rank(e) == never; });
  std::string reason;
  auto viewAnswer = [&](const CellExtras &e) -> std::optional<HornAnswer> {
    if (left() < 0.1)
      return std::nullopt;
    std::string why;
    std::optional<CellIndexedSystem> view = indexByCell(ctx, system, why, e);
    if (!view)
      return std::nullopt;
    const CellRoutes::Decided *before =
        routes ? routes->find(routeOf(e)) : nullptr;
    HornAnswer b =
        attempt(*view, left(), before ? &before->invariants : nullptr);
    if (b.status != HornAnswer::Safe)
      return std::nullopt;
    if (routes) {
      std::map<std::string, std::vector<ExprRef>> kept;
      for (size_t r = 0; r < b.invariants.size(); ++r)
        if (const ExprRef &inv = b.invariants[r]; inv && !inv->isTrue())
          kept[view->system.relations()[r].name].push_back(inv);
      routes->decide(routeOf(e), std::move(kept));
    }
    return originalCellAnswer(ctx, system, *view, std::move(b));
  };
  for (auto e = extras.begin(); e != later; ++e)
    if (std::optional<HornAnswer> b = viewAnswer(*e))
      return *b;
  if (left() >= 0.1) {
    HornAnswer a = attempt(*cells, left());
    if (a.status == HornAnswer::Safe)
      return originalCellAnswer(ctx, system, *cells, std::move(a));
    reason = a.reason;
  }
  for (auto e = later; e != extras.end(); ++e)
    if (std::optional<HornAnswer> b = viewAnswer(*e))
      return *b;
  none.reason =
      "over cells: " +
      (reason.empty() ? "the views tried ran out of time (--horn-timeout)"
                      : reason);
  none.seconds = std::chrono::duration<double>(
                     std::chrono::steady_clock::now() - start)
                     .count();
  return none;
}

} // namespace cosmo::solver
