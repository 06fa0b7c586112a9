//===- HornSlicing.h - a Horn system without what no question needs -*- C++ -*-===//
//
// Cone of influence over relation arguments: an argument no clause's
// constraint reads, directly or through the arguments it flows into, is
// dropped from its relation before the system goes to Spacer. A loop that
// fills an array while its counter decides the question (`a[i] = v` for
// i != n) then gets a relation over the counter alone; the array made
// Spacer give up on a one-line invariant.
//
// The slice is exact: a dropped argument reaches no constraint, so the
// sliced system's derivations are the projections of the original's, and
// Safe, Unsafe and every invariant carry over. Internal to the solver
// layer (HornSolver.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_HORNSLICING_H
#define COSMO_SOLVER_HORNSLICING_H

#include "cosmo/solver/Horn.h"

#include <map>
#include <string>
#include <vector>

namespace cosmo::solver {

/// A system with some relations' arguments left out.
struct SlicedHornSystem {
  HornSystem system;
  /// Per relation: the original positions of its sliced arguments.
  std::vector<std::vector<unsigned>> kept;
  bool dropsAny = false;
};

/// `system` without the arguments no constraint depends on. An argument
/// is kept when its variable (in a clause's body atom) occurs in the
/// clause's constraint, in a kept argument of its head or in a body
/// argument that is not a variable, occurs in two body positions (a
/// join), or is not a variable there.
SlicedHornSystem sliceArguments(const HornSystem &system);

/// `earlier` invariants (over the original arguments) over the sliced
/// ones; a formula over a dropped argument is left out.
std::map<std::string, std::vector<ExprRef>>
slicedInvariants(expr::ExprContext &ctx, const HornSystem &original,
                 const SlicedHornSystem &sliced,
                 const std::map<std::string, std::vector<ExprRef>> &earlier);

/// The sliced system's answer as the original's: invariants over the
/// original arguments.
HornAnswer originalAnswer(expr::ExprContext &ctx, const HornSystem &original,
                          const SlicedHornSystem &sliced, HornAnswer answer);

} // namespace cosmo::solver

#endif // COSMO_SOLVER_HORNSLICING_H
