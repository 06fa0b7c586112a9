// ReplayFile: the input file runtime/replay.c reads (COSMO_REPLAY_FILE), made
// from a test vector: one `<source> <size> <hex>` line per `nondet` and
// `symbolic` input, in the vector's order (docs/output-format.md).
#pragma once

#include "CosmoOutput.h"

#include <filesystem>
#include <string>

namespace cosmo::e2e {

// Throws std::runtime_error if an input's hex does not hold `size` bytes.
std::string replayFileText(const TestVector &vector);

void writeReplayFile(const TestVector &vector, const std::filesystem::path &file);

} // namespace cosmo::e2e
