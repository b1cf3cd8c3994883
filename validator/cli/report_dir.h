// --report-dir: the run's four reports written as one set.
#pragma once

#include <filesystem>

#include "dmlconf/reports/run_report.h"

namespace dmlconf::cli {

// Writes report.json, junit.xml, report.md and report.html into `dir` so that a reader,
// or a run stopped at any point, sees either the complete old set or the complete new
// one, never a mix: all four go into a new folder beside `dir` (DIR.tmp-XXXXXX), which
// then takes the place of `dir` in one rename. When `dir` also holds files that are not
// reports (a README, say), the four are renamed into it one by one instead, with
// signals held back for those few microseconds. The temporary folder is registered with
// children:: so that an interrupt's clean-up removes it (the old set stays). Throws
// std::runtime_error naming the folder and the reason; the temporary folder is removed.
void WriteReportSet(const RunReport& report, const std::filesystem::path& dir);

}  // namespace dmlconf::cli
