//===- cosmo/report/Sarif.h - SARIF 2.1.0 -----------------------*- C++ -*-===//
//
// report.sarif: the run's errors as a SARIF 2.1.0 log, for IDEs and code
// scanning. One rule per error kind; one result per error, located at the
// error's line, with a code flow for its path: the calls that produced the
// path's inputs, in the order the program made them (each with the value it
// returned), then the call stack from `main` down to the error.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_SARIF_H
#define COSMO_REPORT_SARIF_H

#include "cosmo/engine/Results.h"
#include "cosmo/summary/Results.h"
#include "cosmo/report/Report.h"

#include <nlohmann/json.hpp>

namespace cosmo::report {

nlohmann::json sarifLog(const summary::AnalysisResult &summary, const RunInfo &info,
                        const std::string &toolVersion);

} // namespace cosmo::report

#endif // COSMO_REPORT_SARIF_H
