// `dmlconf fuzz`'s loop: case after case drawn (drawing.h), judged by the same runner
// as `dmlconf run` (guards, poison, padding, unspecified and refuse_or_run, provenance),
// failures grouped by signature, known when an --xfail entry covers the case; the first
// case of each new signature shrunk (shrink.h) and written as a case file.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "dmlconf/backend.h"
#include "fuzz/findings.h"
#include "fuzz/shrink.h"
#include "run/xfail.h"

namespace dmlconf::fuzz {

struct FuzzOptions {
  uint64_t seed = 1;
  uint64_t count = 0;                             // cases to try (0: no limit)
  std::optional<std::chrono::milliseconds> time;  // how long (none: no limit)
  std::vector<OperatorType> operators;            // in turn, case by case; empty: all
  FeatureLevel level = kHighestFeatureLevel;      // the run's level: cells from its rows
  bool broken_too = true;                         // --profile directml
  validator::XfailList xfail;
  std::filesystem::path out_dir = "fuzz-findings";  // shrunk case files
  size_t max_new = 0;           // stop after this many new findings; 0: no limit
  std::string reproduce_flags;  // "--profile values"
  ShrinkLimits shrink;
  uint32_t replays = 10;  // times each new finding's shrunk case is judged again
  // Coverage guidance (guidance.h): the backend's feedback file; empty: unguided.
  std::filesystem::path guide_feedback;
};

struct FuzzOutcome;

// What the caller sees as the run goes: every judged case, and each finding the first
// time its signature shows (a new one after it was shrunk and written).
struct FuzzEvents {
  std::function<void(const CaseResult&)> on_case;
  std::function<void(const Finding&)> on_finding;
  std::function<void(const Finding&)> on_shrinking;  // a new finding, before shrinking
  // After each finding is recorded, with everything found and counted so far (the
  // caller writes findings.json as the campaign goes, so a crash loses nothing found).
  std::function<void(const FuzzOutcome&)> on_record;
};

struct FuzzOutcome {
  FindingsReport report;  // one run: the counts and the findings
  uint64_t cases = 0;
  uint64_t undrawn = 0;  // iterations whose every attempt drew nothing (should stay 0)
  uint64_t guided = 0;   // cases drawn near a kept tape (guidance.h)
  uint64_t kept = 0;     // cases that reached something new, by the backend's feedback
  double seconds = 0;
  bool stopped_at_max_new = false;
};

// Case i is drawn from (seed, i) alone, so the same seed against the same answers
// runs the same cases. Throws RunAborted when the backend cannot go on, and
// std::runtime_error when a case file cannot be written.
FuzzOutcome Fuzz(Backend& backend, const FuzzOptions& options, const FuzzEvents& events = {});

// The case file name for a finding: "gather.wrong_values.float32-s7-i123.yaml".
std::string CaseFileName(const Signature& signature, uint64_t seed, uint64_t iteration);

}  // namespace dmlconf::fuzz
