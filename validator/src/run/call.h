// One operator call of a case in guarded buffers (inputs over an input-gap pattern,
// outputs poisoned, bound as contract point T1 says), and the judgement of what it
// wrote: stray writes, padding writes (P1), wrong values. run/judge.cc judges whole
// cases from these.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dmlconf/backend.h"
#include "dmlconf/reports/run_report.h"
#include "dmlconf/validator/case.h"

namespace dmlconf::validator {

// A verdict on the way to a CaseResult: what it is, why, and what it wrote.
struct Judgement {
  Verdict verdict = Verdict::kPassed;
  std::string message;
  uint64_t padding_bytes_written = 0;  // P1, summed over a chain's calls
  Kind kind = Kind::kNone;
};

inline Judgement Fail(Kind kind, std::string message) {
  return {Verdict::kFailed, std::move(message), 0, kind};
}
inline Judgement Skip(Kind kind, std::string message) {
  return {Verdict::kSkipped, std::move(message), 0, kind};
}
inline Judgement Error(Kind kind, std::string message) {
  return {Verdict::kError, std::move(message), 0, kind};
}
inline Judgement Note(std::string message) { return {Verdict::kPassed, std::move(message)}; }

// "6_4".
std::string LevelName(FeatureLevel level);
// "backend NAME does not implement it: WHY".
std::string NotImplemented(const Backend& backend, const std::string& why);
// "REASON_NAME: message" of a refusal ("no reason code" without one).
std::string RefusalText(const CreateAnswer& a);

// One operator call of a case: the case itself, or one step of a chain.
struct Call {
  const OperatorDesc& descriptor;
  const std::vector<std::vector<std::byte>>& inputs;  // packed logical bytes
};

// Each output's logical bytes against the case's expected ones, the differing elements
// named; nullopt when all match. `last` is the call whose outputs `actual` holds.
std::optional<std::string> CompareOutputs(const Case& c, const OperatorDesc& last,
                                          std::vector<std::vector<std::byte>> actual);

// Creates and runs one call in guarded buffers; its outputs' logical bytes
// land in `outputs`. A refusal is judged by the caller, from `refusal`.
Judgement RunCall(const Call& c, Backend& backend, FeatureLevel level,
                  std::vector<std::vector<std::byte>>* outputs,
                  std::optional<CreateAnswer>* refusal);

}  // namespace dmlconf::validator
