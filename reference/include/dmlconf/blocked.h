// The optimized blocked implementation: same signatures as dmlconf::naive, so
// any test or benchmark runs either by changing one namespace token.
// Normalize the tensors (collapse dimensions contiguous in every tensor), then
// copy contiguous runs; element-size-specialized loops where runs are short.
#pragma once

#include "dmlconf/op_desc.h"

namespace dmlconf::blocked {

#define DMLCONF_OPERATOR(Type, NAME, Desc) void Type(const Desc& desc, const Bindings& bindings);
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR

void Execute(const OperatorDesc& desc, const Bindings& bindings);

// Threads large problems may use; 0 = the machine's cores (the default).
void SetThreadCount(int threads);
int ThreadCount();

}  // namespace dmlconf::blocked
