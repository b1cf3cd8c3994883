// The ND family: GATHER_ND, GATHER_ND1 (and SCATTER_ND), operators whose indices are
// tuples of T coordinates (IndicesTensor's last size), each picking a block of the
// input. A member is an operator whose schema (op_schema.inc) has an
// InputDimensionCount field; one without BatchDimensionCount has B = 0. What more than
// one part of dmlconf needs (validation, the kernels, the generator, the fuzzer) is
// written once here, from reference/OPERATORS.md's sections.
#pragma once

#include <cstdint>
#include <vector>

#include "dmlconf/op_desc.h"

namespace dmlconf {

template <class Desc>
inline constexpr bool kIsNd = HasFieldKind<Desc>(FieldKind::kInputDimensionCount);

// N_in, N_idx and B of a descriptor (B is 0 for an operator without the field).
struct NdCounts {
  uint32_t input = 0;
  uint32_t indices = 0;
  uint32_t batch = 0;
};

template <class Desc>
requires kIsNd<Desc> NdCounts NdCountsOf(const Desc& desc) {
  NdCounts counts;
  ForEachField(desc, [&](auto field, const auto& value) {
    if constexpr (field.kind == FieldKind::kInputDimensionCount) counts.input = value;
    if constexpr (field.kind == FieldKind::kIndicesDimensionCount) counts.indices = value;
    if constexpr (field.kind == FieldKind::kBatchDimensionCount) counts.batch = value;
  });
  return counts;
}

// The same for a descriptor of any operator (all 0 outside the family).
inline NdCounts NdCountsIn(const OperatorDesc& desc) {
  return std::visit(
      [](const auto& d) {
        if constexpr (kIsNd<std::decay_t<decltype(d)>>)
          return NdCountsOf(d);
        else
          return NdCounts{};
      },
      desc);
}

// The parts of an output (updates) coordinate, right-aligned: the last `index_dims`
// coordinates before the last `block_dims` come from the indices (their meaningful
// dimensions without the tuple: the B batch ones first), the last `block_dims` from
// the input (its meaningful dimensions after batch and tuple).
struct NdShape {
  uint32_t rank = 0;          // D
  uint32_t input_lead = 0;    // D - N_in: the input's padding dimensions
  uint32_t indices_lead = 0;  // D - N_idx: the indices' padding dimensions
  uint32_t batch = 0;         // B
  uint32_t tuple = 0;         // T
  uint32_t index_dims = 0;    // N_idx - 1 (batch included)
  uint32_t block_dims = 0;    // N_in - B - T
};

// Preconditions: the counts lie in [1, D] (B < N_idx), T <= D and B + T <= N_in.
inline NdShape NdShapeOf(const std::vector<uint32_t>& input, const std::vector<uint32_t>& indices,
                         NdCounts counts) {
  NdShape s;
  s.rank = uint32_t(input.size());
  s.input_lead = s.rank - counts.input;
  s.indices_lead = s.rank - counts.indices;
  s.batch = counts.batch;
  s.tuple = indices.back();
  s.index_dims = counts.indices - 1;
  s.block_dims = counts.input - counts.batch - s.tuple;
  return s;
}

// The output's (SCATTER_ND's updates') sizes before right-alignment (erratum N1, N2):
// IndicesTensor.Sizes[D - N_idx .. D - 1) ++ InputTensor.Sizes[D - N_in + B + T .. D).
inline std::vector<uint32_t> NdGatheredSizes(const std::vector<uint32_t>& input,
                                             const std::vector<uint32_t>& indices,
                                             NdCounts counts) {
  const NdShape s = NdShapeOf(input, indices, counts);
  std::vector<uint32_t> sizes(indices.begin() + s.indices_lead, indices.end() - 1);
  sizes.insert(sizes.end(), input.end() - s.block_dims, input.end());
  return sizes;
}

// The sizes of the input dimensions a tuple's T coordinates select, in tuple order:
// InputTensor.Sizes[D - N_in + B .. D - N_in + B + T). Empty for an operator outside
// the family, or counts that leave the tuple no place (invalid descriptors).
template <class Desc>
std::vector<uint32_t> NdSelectedSizes(const Desc& desc) {
  if constexpr (!kIsNd<Desc>) {
    return {};
  } else {
    const NdCounts c = NdCountsOf(desc);
    const std::vector<uint32_t>& input = desc.input_tensor.sizes;
    const std::vector<uint32_t>& indices = desc.indices_tensor.sizes;
    if (indices.empty() || c.input > input.size() || c.batch + indices.back() > c.input) return {};
    const auto first = input.end() - c.input + c.batch;
    return std::vector<uint32_t>(first, first + indices.back());
  }
}
inline std::vector<uint32_t> NdSelectedSizesOf(const OperatorDesc& desc) {
  return std::visit([](const auto& d) { return NdSelectedSizes(d); }, desc);
}

// Contract point M3: a tuple longer than N_in, a batch reaching the tuple dimension
// (B >= N_idx), or one leaving the input too few dimensions for the tuple (B + T >
// N_in). Implementation-defined; dmlconf refuses them. Counts in [1, D] assumed.
inline bool NdCountsReachOut(uint32_t tuple, NdCounts counts) {
  return tuple > counts.input || counts.batch >= counts.indices ||
         counts.batch + tuple > counts.input;
}

// Contract point M1: a padding dimension of input or indices above 1.
inline bool NdLeadingAboveOne(const std::vector<uint32_t>& input,
                              const std::vector<uint32_t>& indices, NdCounts counts) {
  for (size_t d = 0; d + counts.input < input.size(); ++d)
    if (input[d] != 1) return true;
  for (size_t d = 0; d + counts.indices < indices.size(); ++d)
    if (indices[d] != 1) return true;
  return false;
}

// Contract point M2: GATHER_ND1 batch sizes of the input that differ from the indices'.
inline bool NdBatchSizesDiffer(const std::vector<uint32_t>& input,
                               const std::vector<uint32_t>& indices, NdCounts counts) {
  const size_t rank = input.size();
  for (uint32_t b = 0; b < counts.batch; ++b)
    if (input[rank - counts.input + b] != indices[rank - counts.indices + b]) return true;
  return false;
}

}  // namespace dmlconf
