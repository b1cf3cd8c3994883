// The naive scalar reference: one output element at a time, output coordinates
// in, input coordinates out, exactly the specification's formulas. It earns
// trust by being obviously right, not fast.
//
// Preconditions for every kernel: Validate(desc, level).ok() for some level,
// and bindings as documented on Bindings. Kernels copy element bits; they never
// convert values, so NaN payloads and -0.0 pass through untouched.
#pragma once

#include "dmlconf/op_desc.h"

namespace dmlconf::naive {

#define DMLCONF_OPERATOR(Type, NAME, Desc) void Type(const Desc& desc, const Bindings& bindings);
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR

// Dispatches on the descriptor's operator.
void Execute(const OperatorDesc& desc, const Bindings& bindings);

}  // namespace dmlconf::naive
