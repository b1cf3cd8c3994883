// Judging one case in a forked child (isolate.cc), so that a backend that crashes or
// hangs costs one `error` verdict instead of the whole run.
#pragma once

#include "dmlconf/backend.h"
#include "dmlconf/reports/run_report.h"
#include "dmlconf/validator/case.h"

namespace dmlconf::validator {

// JudgeCase (run/judge.h) in a forked child with a time limit: a crash or timeout is
// `error` naming the signal.
CaseResult JudgeCaseIsolated(const Case& c, Backend& backend, FeatureLevel run_level,
                             double timeout_seconds, bool strict_padding = false);

}  // namespace dmlconf::validator
