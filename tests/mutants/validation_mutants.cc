// Validation mutants: create() consults the wrong support-table row, plus a
// backend whose element offsets are 16 bits wide (right on small tensors only).
#include <algorithm>
#include <cstring>

#include "dmlconf/support.h"
#include "mutants/mutant.h"

namespace dmlconf::mutants {

namespace {

// Every descriptor judged by the newest table, whatever level was asked for.
Validation FeatureLevelsIgnored(const OperatorDesc& desc, FeatureLevel) {
  return Validate(desc, kHighestFeatureLevel);
}

// Below its introduction, an operator is judged by its first row instead of
// not existing.
Validation OperatorBelowItsLevel(const OperatorDesc& desc, FeatureLevel level) {
  return Validate(desc, std::max(level, IntroducedAt(TypeOf(desc))));
}

// JOIN's 3_0 row (ranks 4-5) applied to SPLIT, which takes ranks 1-8 from 3_0.
Validation SplitRank4To5At3_0(const OperatorDesc& desc, FeatureLevel level) {
  const Validation honest = Validate(desc, level);
  if (!honest.ok() || TypeOf(desc) != OperatorType::kSplit) return honest;
  const uint32_t rank = std::get<SplitDesc>(desc).input_tensor.DimensionCount();
  if (level >= FeatureLevel::k3_0 && level < FeatureLevel::k4_1 && (rank < 4 || rank > 5))
    return {Reason::RANK_NOT_SUPPORTED,
            "SPLIT: DimensionCount " + std::to_string(rank) + " is not 4 or 5 at this level"};
  return honest;
}

// Runs the honest kernels into copies of the outputs, then stores each output
// element at its element offset modulo 2^16: on a tensor that spans more than
// 65536 elements, the far elements land near the start and the rest of the
// buffer keeps whatever it held.
void Offsets16Bit(const OperatorDesc& desc, const Bindings& bindings) {
  const std::vector<TensorSlot> outputs = OutputSlots(desc);
  std::vector<std::vector<std::byte>> copies;
  Bindings honest = bindings;
  for (size_t i = 0; i < outputs.size(); ++i) {
    copies.emplace_back(bindings.outputs[i], bindings.outputs[i] + outputs[i].desc->TotalBytes());
    honest.outputs[i] = copies.back().data();
  }
  naive::Execute(desc, honest);
  for (size_t i = 0; i < outputs.size(); ++i) {
    const size_t size = outputs[i].desc->ElementSize();
    ForEachElement(*outputs[i].desc, [&](std::span<const uint32_t>, uint64_t offset) {
      const uint16_t wrapped = uint16_t(offset);
      std::memcpy(bindings.outputs[i] + wrapped * size, &copies[i][offset * size], size);
    });
  }
}

// Erratum B1's retired rule enforced: every tensor whose TotalTensorSizeInBytes is not a
// multiple of 4 refused, as `dmlconf reasons` once listed it (issue 31).
Validation RetiredMultipleOf4Enforced(const OperatorDesc& desc, FeatureLevel level) {
  const Validation honest = Validate(desc, level);
  if (!honest.ok()) return honest;
  for (const auto& slots : {InputSlots(desc), OutputSlots(desc)})
    for (const TensorSlot& slot : slots)
      if (slot.desc->TotalBytes() % 4 != 0)
        return {Reason::TENSOR_TOTAL_SIZE_NOT_MULTIPLE_OF_4,
                slot.role + ": TotalTensorSizeInBytes " + std::to_string(slot.desc->TotalBytes()) +
                    " is not a multiple of 4"};
  return honest;
}

}  // namespace

std::vector<Mutant> ValidationMutants() {
  return {
      {"feature-levels-ignored",
       "create() judges every descriptor by the highest feature level's support table",
       FeatureLevelsIgnored},
      {"operator-below-its-level",
       "create() accepts an operator below its introduction level (using its first row)",
       OperatorBelowItsLevel},
      {"split-rank-4-5-at-3_0",
       "create() applies JOIN's 3_0 row to SPLIT: ranks other than 4-5 refused at 3_0..4_0",
       SplitRank4To5At3_0},
      {"offsets-16-bit", "element offsets are computed in 16 bits, wrapping on large tensors",
       Validate, Offsets16Bit},
      {"retired-multiple-of-4-enforced",
       "create() refuses a TotalTensorSizeInBytes that is not a multiple of 4 (retired, B1)",
       RetiredMultipleOf4Enforced},
  };
}

}  // namespace dmlconf::mutants
