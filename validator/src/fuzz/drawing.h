// One fuzzed case, drawn whole from a tape: the cell from the operator's support table
// at the run's level, a valid descriptor from the operator's builder (generate/drawn.h),
// its layouts and, now and then, one rule broken; for a valid one its input data and
// the expected outputs from the generator's oracle. The case is named by what the
// drawing chose, so that an expected-failure entry can describe a class of cases
// ("directml:reverse_subsequences/*/fuzz/*len-past-axis*").
#pragma once

#include <optional>
#include <set>
#include <string>

#include "dmlconf/validator/case.h"
#include "fuzz/tape.h"
#include "gen_case.h"

namespace dmlconf::fuzz {

struct DrawContext {
  FeatureLevel level = kHighestFeatureLevel;  // the rows drawn from
  bool broken_too = true;                     // --profile directml: must-reject cases too
  // A valid case's inputs and expected outputs, most of a drawing's time; false leaves
  // them out, for a look at the descriptors alone (which rules the drawing breaks).
  bool data = true;
};

struct FuzzCase {
  // Named "<op>/<level>/<type>/r<rank>[/idx-<type>|/len-<type>]/fuzz/<traits>", to
  // which the fuzzer appends the case's own "/s<seed>-i<iteration>".
  generate::GenCase gen;
  std::set<std::string> traits;
};

// The case the tape's answers make for `op`, or nullopt when they make none: the
// operator does not exist at the level, or the drawing came out larger than a case
// may be, or a break did not break its rule alone.
std::optional<FuzzCase> DrawCase(OperatorType op, const DrawContext& context, Tape& tape);

// The case as the runner takes it (packed logical bytes), found in `file` if written.
validator::Case RunnerCase(const generate::GenCase& gen, const std::string& file = "");

}  // namespace dmlconf::fuzz
