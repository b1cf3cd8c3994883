// The optimized blocked implementation: same signatures as dmlconf::naive, so
// any test or benchmark runs either by changing one namespace token.
// Normalize the tensors (collapse dimensions contiguous in every tensor), then
// copy contiguous runs; element-size-specialized loops where runs are short.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "dmlconf/op_desc.h"

namespace dmlconf::blocked {

#define DMLCONF_OPERATOR(Type, NAME, Desc) void Type(const Desc& desc, const Bindings& bindings);
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR

void Execute(const OperatorDesc& desc, const Bindings& bindings);

// Threads large problems may use; 0 = the machine's cores (the default).
void SetThreadCount(int threads);
int ThreadCount();

// The element-granular loops are compiled once per x86 SIMD target (Highway's
// names: SCALAR, the plain x86-64 baseline, one lane at a time; SSSE3; SSE4;
// AVX2; AVX3 = AVX-512) and dispatched at run time to the CPU's best.
// SimdTarget(): the target calls use now; SimdTargets(): the compiled targets
// this CPU runs, best first.
std::string SimdTarget();
std::vector<std::string> SimdTargets();
// Tests: dispatch to the named target only (one of SimdTargets()); false,
// changing nothing, for any other name. "" restores the best target. Not
// thread-safe against concurrent kernel calls.
bool ForceSimdTargetForTesting(std::string_view name);

}  // namespace dmlconf::blocked
