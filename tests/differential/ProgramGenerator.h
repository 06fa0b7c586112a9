//===- ProgramGenerator.h - random C programs from a seed -----------------===//
//
// The campaign's generator (issue 42): from a 64-bit seed, the same
// program on every machine (its own PRNG, std::mt19937_64, whose output
// the standard fixes, and its own bounded draw). A program reads at most
// four bounded integer inputs (and maybe a few array cells) whose box has
// at most ~5,000 tuples, so that the oracle can run every one of them; its
// main is a few segments: loops whose bounds are inputs (nested, with and
// without invariants), array writes, a pointer into an array, struct
// fields, a guarded division, a list built in a pool or with malloc, calls
// of helpers with and without contracts (recursive ones too). Each
// segment may end in an assertion whose comparison is fixed here and whose
// bound is chosen after a native probe (`chooseAssertionBounds`), so that
// about 60% of programs are correct.
//
// `mutate` injects one fault into a copy: an off-by-one loop bound or
// index, a wrong constant, a dropped guard, a call passing an argument
// outside its callee's `requires`, an `assigns` item dropped. Whether the
// fault makes an error reachable is the oracle's to say.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_DIFFERENTIAL_PROGRAMGENERATOR_H
#define COSMO_DIFFERENTIAL_PROGRAMGENERATOR_H

#include "ProgramAst.h"

#include <cstdint>
#include <random>

namespace cosmo::differential {

/// Deterministic random draws: std::mt19937_64's sequence is fixed by the
/// standard; the distributions of <random> are not, so none is used.
class Rng {
public:
  explicit Rng(uint64_t seed) : engine(seed) {}
  /// A number in [lo, hi].
  long between(long lo, long hi) {
    uint64_t span = static_cast<uint64_t>(hi - lo) + 1;
    return lo + static_cast<long>(engine() % span);
  }
  bool chance(int percent) { return between(0, 99) < percent; }
  template <typename T> const T &pick(const std::vector<T> &v) {
    return v[static_cast<size_t>(between(0, static_cast<long>(v.size()) - 1))];
  }

private:
  std::mt19937_64 engine;
};

/// What the oracle's probe saw of one assertion's left side.
struct ProbeResult {
  bool reached = false;
  long min = 0, max = 0;
};

Program generateProgram(uint64_t seed);

/// Sets every assertion's bound from the probe: all hold with about 60%
/// chance (seeded by the program's seed), else one reached assertion fails
/// on the tuples at the edge of what it sees.
void chooseAssertionBounds(Program &p, const std::vector<ProbeResult> &probes);

/// A copy of `p` with one fault (Program::mutation says which), or nothing
/// when `p` offers no place for one. Deterministic in p.seed.
std::optional<Program> mutate(const Program &p);

} // namespace cosmo::differential

#endif // COSMO_DIFFERENTIAL_PROGRAMGENERATOR_H
