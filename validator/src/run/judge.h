// Judging one case on one backend: the verdicts of
// reports/include/dmlconf/reports/run_report.h, with a message and a reproducer for
// every one that is not a plain pass. No expected-failure list is applied here
// (run/xfail.h); `dmlconf run` (run/run_cases.h) and `dmlconf fuzz` both judge through it.
#pragma once

#include <string>
#include <string_view>

#include "dmlconf/backend.h"
#include "dmlconf/reports/run_report.h"
#include "dmlconf/validator/case.h"

namespace dmlconf::validator {

// "/abs/dmlconf run FILE --case=NAME --backend B --feature-level L [FLAGS]": the
// dmlconf binary running now (/proc/self/exe), the exact name, and `backend` as
// --backend was given (NAME=SPEC when a name was given so).
std::string Reproducer(const Case& c, std::string_view backend, FeatureLevel level,
                       std::string_view flags = {});

// A reproducer as a file to be kept and shared (report.json, a shrunk case file) holds
// it: no path of this machine. The binary as `binary`, or when that is empty by its path
// relative to the working folder when it lies there ("build/dmlconf"), else as
// `dmlconf`; every other path under the working folder relative to it. The console
// keeps Reproducer's absolute binary path, which reruns the case from anywhere here.
std::string PortableReproducer(std::string_view reproducer, std::string_view binary = {});

// A result with the case's facts filled in and no verdict yet; the
// reproducer's --backend is `backend`.
CaseResult DescribeCase(const Case& c, std::string_view backend, FeatureLevel run_level);

// One case on one backend, in this process: skipped, passed, failed or error
// (no expected-failure list applied). A must-reject case is created at its own
// level; any other case is created and run at the lower of `run_level` and the
// backend's maximum, and a match or unspecified case is also created (not run)
// at its own level when that is lower: a refusal there fails it. Throws
// RunAborted when the backend cannot go on.
CaseResult JudgeCase(const Case& c, Backend& backend, FeatureLevel run_level,
                     bool strict_padding = false);

}  // namespace dmlconf::validator
