//===- cosmo/summary/ContractRuns.h - runs that verify ACSL contracts -*- C++ -*-===//
//
// Seed 003: each function with a contract is verified once, on its own:
// its `verify` companion (assume requires; call; check ensures) is the
// entry of an isolated run whose inputs are the function's parameters.
// What the runs find joins the program's summary: their errors, their
// reasons for unknown (prefixed by the function), and one ContractResult
// each. The driver runs them (one summary::Analysis each, with the options
// contractRunOptions gives) after the entry's run.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_CONTRACTRUNS_H
#define COSMO_SUMMARY_CONTRACTRUNS_H

#include "cosmo/engine/Options.h"
#include "cosmo/engine/Results.h"
#include "cosmo/summary/Results.h"
#include "cosmo/frontend/AcslInstrument.h"

#include <llvm/IR/Module.h>

#include <string>
#include <vector>

namespace cosmo::summary {

/// The contracts of `m` that can be verified: the function and its
/// `verify` companion both have bodies.
std::vector<frontend::acsl::ContractedFunction>
verifiableContracts(const llvm::Module &m,
                    const std::vector<frontend::acsl::ContractedFunction> &all);

/// The entry that verifies `f`'s contract.
std::string verifierOf(const frontend::acsl::ContractedFunction &f);

/// The options of the run that verifies `f`'s contract: `base` with the
/// verifier as entry and the globals as inputs (the function may be called
/// in any state its `requires` allows).
engine::EngineOptions
contractRunOptions(const frontend::acsl::ContractedFunction &f,
                   engine::EngineOptions base);

/// Adds one contract's run to `into`; `entryRan`: the entry whose own run
/// `into` holds (empty: nothing before the first contract, or only runs of
/// contracts).
void mergeContractRun(AnalysisResult &into, AnalysisResult run,
                      const frontend::acsl::ContractedFunction &f,
                      const std::string &file, const std::string &entryRan);

/// A `true` holds only if the contracts calls assume (those with
/// `assigns`) hold: its reason names how many of them were not among the
/// `verified` (under --contracts=use, none is; otherwise a function
/// without a body), and `why`.
void noteTrustedContracts(
    AnalysisResult &summary,
    const std::vector<frontend::acsl::ContractedFunction> &all,
    const std::vector<frontend::acsl::ContractedFunction> &verified,
    const std::string &why);

} // namespace cosmo::summary

#endif
