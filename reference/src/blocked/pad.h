// The pad family in the blocked implementation: PADDING and PADDING1 are one
// kernel, given the padding element already in the output's type (pad.cc).
#pragma once

#include "dmlconf/op_desc.h"
#include "dmlconf/pad.h"

namespace dmlconf::blocked {

void Pad(const PaddingProblem& problem, const Bindings& bindings);

}  // namespace dmlconf::blocked
