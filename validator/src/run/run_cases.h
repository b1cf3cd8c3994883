// Running cases: every selected case of a shard on every backend, each judged
// (run/judge.h, in a forked child with --isolate), the expected-failure list applied.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <vector>

#include "dmlconf/backend.h"
#include "dmlconf/reports/run_report.h"
#include "dmlconf/validator/case.h"
#include "run/selection.h"
#include "run/xfail.h"

namespace dmlconf::validator {

struct RunOptions : CaseSelection {
  FeatureLevel feature_level = kHighestFeatureLevel;
  XfailList xfail;
  // Each case in a forked child, so a crash or hang becomes an `error`.
  bool isolate = false;
  double timeout_seconds = 60;
  // Fail output padding writes, which DirectML allows (contract point P1),
  // for implementations that promise more.
  bool strict_padding = false;
  // "--profile values": what a reproducer must repeat so the case is judged as
  // in this run (the profile; --strict-padding is added from the flag above).
  std::string reproduce_flags;
};

// Every selected case of this shard on every backend (backend-major),
// expected-failure list applied; `on_result` sees each result as it is made.
// Cases of other shards are not listed. Each result's `backend` is the
// backend's Name(), its reproducer reruns it with the backend's Argument().
std::vector<CaseResult> RunCases(const std::vector<Case>& cases, std::span<Backend* const> backends,
                                 const RunOptions& options,
                                 const std::function<void(const CaseResult&)>& on_result = {});

}  // namespace dmlconf::validator
