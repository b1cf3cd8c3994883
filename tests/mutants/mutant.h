// The mutant gate (issue 12): one plug-in built from the reference with one
// deliberate mistake, chosen at load time by DMLCONF_MUTANT=<name>. CTest runs
// the committed cases against every mutant; each must be caught by a case.
//
// A mutant changes the reference in one place, the way a backend author could
// plausibly get it wrong: it mutates the descriptor, the inputs or the outputs
// around the naive kernels, or replaces one kernel with a small faulty one.
// Every mutant stays inside the buffers it was given, so what catches it is a
// wrong value or a wrong verdict, never a crash of the plug-in host.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <variant>
#include <vector>

#include "dmlconf/naive.h"
#include "dmlconf/tensor_layout.h"
#include "dmlconf/validate.h"

namespace dmlconf::mutants {

struct Mutant {
  const char* name;     // DMLCONF_MUTANT's value, e.g. "gather-negative-index-not-wrapped"
  const char* mistake;  // one sentence: what this backend gets wrong
  // Decides create(); the honest answer is dmlconf::Validate.
  Validation (*validate)(const OperatorDesc& desc, FeatureLevel level) = Validate;
  // Runs an accepted descriptor; the honest kernels are naive::Execute.
  void (*execute)(const OperatorDesc& desc, const Bindings& bindings) = naive::Execute;
};

// A mistake in one operator's kernel: `Faulty` runs descriptors of type Desc,
// the honest kernels every other operator.
template <class Desc, void (*Faulty)(const OperatorDesc&, const Bindings&)>
void Only(const OperatorDesc& desc, const Bindings& bindings) {
  if (std::holds_alternative<Desc>(desc))
    Faulty(desc, bindings);
  else
    naive::Execute(desc, bindings);
}

// Each group lives in the file of the same name.
std::vector<Mutant> GatherMutants();
std::vector<Mutant> JoinSplitMutants();
std::vector<Mutant> DepthSpaceMutants();
std::vector<Mutant> ReverseSubsequencesMutants();
std::vector<Mutant> ValueMutants();
std::vector<Mutant> ValidationMutants();

// "none" (the honest reference) first, then every group.
const std::vector<Mutant>& AllMutants();

// ---- Helpers the groups share (mutant_helpers.cc) ----

// Calls fn(coords, element offset) for every logical element of `desc`.
void ForEachElement(const TensorDesc& desc,
                    const std::function<void(std::span<const uint32_t>, uint64_t)>& fn);

// Rewrites every logical element of the tensor in `buffer` as fn(bits).
// Elements sharing a location (a zero stride) are rewritten from the original
// bits each time, so fn need not be idempotent.
void TransformElements(const TensorDesc& desc, std::byte* buffer,
                       const std::function<ElementBits(ElementBits)>& fn);

// Runs the honest kernels with input `index` replaced by a copy rewritten
// element by element through fn: a backend that reads that input wrongly.
void ExecuteWithInputRewritten(const OperatorDesc& desc, const Bindings& bindings, size_t index,
                               const std::function<ElementBits(ElementBits)>& fn);

// Runs the honest kernels on `mutated` (same operator and logical sizes as
// `original`, but e.g. strides dropped or an order flipped) against copies of
// the buffers, each large enough for either descriptor; then copies each
// output back, no further than the original's TotalTensorSizeInBytes. This is
// a backend that misreads the descriptor but stays inside its buffers.
void ExecuteAsIf(const OperatorDesc& mutated, const OperatorDesc& original,
                 const Bindings& bindings);

// The index-like input (GATHER's IndicesTensor, REVERSE_SUBSEQUENCES'
// SequenceLengthsTensor) is input 1.
inline constexpr size_t kIndexInput = 1;

}  // namespace dmlconf::mutants
