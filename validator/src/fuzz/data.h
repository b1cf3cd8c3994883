// A drawn case's input data: the generator's position-encoding values (FillInputs:
// every element says where it lies, so a wrong output names its source), mixed with
// the special bit patterns (NaN payloads, signalling NaNs, -0, denormals, integer
// extremes); and index-like inputs, chosen by their schema kind: indices negative, out
// of range and 64 bits wide with their high bits set; sequence lengths of 0, 1, the
// axis size, past it and 64 bits wide. Elements that share a location (zero or
// overlapping strides) always get the same bits.
#pragma once

#include <set>
#include <string>

#include "fuzz/tape.h"
#include "gen_case.h"

namespace dmlconf::fuzz {

// Fills c.inputs (c.desc and c.level set). Adds traits for what the data holds:
// "special", "idx-negative", "idx-out-of-range", "idx-high-bits", "len-past-axis",
// "len-high-bits".
void DrawData(generate::GenCase& c, Tape& tape, std::set<std::string>* traits);

}  // namespace dmlconf::fuzz
