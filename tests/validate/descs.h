// Small valid descriptors for the validation tests; each test breaks one field.
#pragma once

#include <cassert>
#include <cstdint>
#include <vector>

#include "dmlconf/depth_space.h"
#include "dmlconf/nd.h"
#include "dmlconf/op_desc.h"
#include "dmlconf/pad.h"

namespace dmlconf::testing {

inline TensorDesc T(std::vector<uint32_t> sizes, DataType type = DataType::kFloat32) {
  return TensorDesc::Packed(type, std::move(sizes));
}

// Rank 4, FLOAT32, valid at every level the operator exists at.
inline SplitDesc ValidSplit() { return {T({2, 3, 6, 4}), {T({2, 3, 2, 4}), T({2, 3, 4, 4})}, 2}; }
inline JoinDesc ValidJoin() { return {{T({2, 3, 2, 4}), T({2, 3, 4, 4})}, T({2, 3, 6, 4}), 2}; }
// output = input[0..2) ++ indices[3..4) ++ input[3..4) = {1,1,3,4}.
inline GatherDesc ValidGather() {
  return {T({1, 1, 5, 4}), T({1, 1, 1, 3}, DataType::kUint32), T({1, 1, 3, 4}), 2, 1};
}
inline DepthToSpace1Desc ValidDepthToSpace1() {
  return {T({1, 8, 2, 3}), T({1, 2, 4, 6}), 2, DepthSpaceOrder::kDepthColumnRow};
}
inline SpaceToDepth1Desc ValidSpaceToDepth1() {
  return {T({1, 2, 4, 6}), T({1, 8, 2, 3}), 2, DepthSpaceOrder::kColumnRowDepth};
}
inline ReverseSubsequencesDesc ValidReverse() {
  return {T({2, 3, 4, 5}), T({2, 3, 1, 5}, DataType::kUint32), T({2, 3, 4, 5}), 2};
}

// A valid descriptor of any rank the operator's shape rules allow (the
// depth/space family: 4 only), with the given data and index types: one overload
// per operator or family, chosen by the descriptor's type. Sizes are derived by
// hand from the spec's rules, not by the code under test.
inline std::vector<uint32_t> Twos(uint32_t rank, uint32_t d, uint32_t v) {
  std::vector<uint32_t> s(rank, 2);
  s[d] = v;
  return s;
}
inline SplitDesc ValidOf(SplitDesc, uint32_t rank, DataType data, DataType) {
  const uint32_t last = rank - 1;
  return {T(Twos(rank, last, 3), data),
          {T(Twos(rank, last, 1), data), T(Twos(rank, last, 2), data)},
          last};
}
inline JoinDesc ValidOf(JoinDesc, uint32_t rank, DataType data, DataType) {
  const uint32_t last = rank - 1;
  return {{T(Twos(rank, last, 1), data), T(Twos(rank, last, 2), data)},
          T(Twos(rank, last, 3), data),
          last};
}
// Axis 0, K 1: output = indices[D-1] ++ input[1..D) = {4, 2, ...}.
inline GatherDesc ValidOf(GatherDesc, uint32_t rank, DataType data, DataType index) {
  std::vector<uint32_t> indices(rank, 1);
  indices[rank - 1] = 4;
  return {T(Twos(rank, 0, 3), data), T(indices, index), T(Twos(rank, 0, 4), data), 0, 1};
}
// Depth {1, 12, 2, 3} and space {1, 3, 4, 6} with B = 2, whichever way the member goes.
template <class Desc>
requires kIsDepthSpace<Desc> Desc ValidOf(Desc d, uint32_t rank, DataType data, DataType) {
  assert(rank == 4);
  (void)rank;
  const bool to_space = kDirection<Desc> == DepthSpaceDirection::kToSpace;
  const TensorDesc depth = T({1, 12, 2, 3}, data), space = T({1, 3, 4, 6}, data);
  d.input_tensor = to_space ? depth : space;
  d.output_tensor = to_space ? space : depth;
  d.block_size = 2;
  return d;
}
inline ReverseSubsequencesDesc ValidOf(ReverseSubsequencesDesc, uint32_t rank, DataType data,
                                       DataType index) {
  return {T(Twos(rank, 0, 3), data), T(Twos(rank, 0, 1), index), T(Twos(rank, 0, 3), data), 0};
}

// GATHER_ELEMENTS and SCATTER_ELEMENTS: indices (and updates) 2 along axis 0 of 3.
inline GatherElementsDesc ValidOf(GatherElementsDesc, uint32_t rank, DataType data,
                                  DataType index) {
  return {T(Twos(rank, 0, 3), data), T(Twos(rank, 0, 2), index), T(Twos(rank, 0, 2), data), 0};
}
inline ScatterElementsDesc ValidOf(ScatterElementsDesc, uint32_t rank, DataType data,
                                   DataType index) {
  return {T(Twos(rank, 0, 3), data), T(Twos(rank, 0, 2), index), T(Twos(rank, 0, 2), data),
          T(Twos(rank, 0, 3), data), 0};
}

// SLICE: rows 1 and 3 of an input 4 along dimension 0, 2 elsewhere (Offsets 1, Strides 2).
inline SliceDesc ValidOf(SliceDesc, uint32_t rank, DataType data, DataType) {
  std::vector<uint32_t> offsets(rank, 0), strides(rank, 1);
  offsets[0] = 1;
  strides[0] = 2;
  return {T(Twos(rank, 0, 4), data), T(Twos(rank, 0, 2), data), offsets, Twos(rank, 0, 2), strides};
}

// PADDING and PADDING1: {3, 2, ...} framed by 1 before dimension 0 and 2 after the last,
// reflected.
template <class Desc>
requires kIsPad<Desc> Desc ValidOf(Desc d, uint32_t rank, DataType data, DataType) {
  d.input_tensor = T(Twos(rank, 0, 3), data);
  d.start_padding.assign(rank, 0);
  d.end_padding.assign(rank, 0);
  d.start_padding[0] = 1;
  d.end_padding[rank - 1] += 2;
  std::vector<uint32_t> out = Twos(rank, 0, 3);
  for (uint32_t i = 0; i < rank; ++i) out[i] += d.start_padding[i] + d.end_padding[i];
  d.output_tensor = T(out, data);
  d.padding_mode = PaddingMode::kReflection;
  if constexpr (HasFieldKind<Desc>(FieldKind::kPaddingValueDataType))
    d.padding_value_data_type = data;
  return d;
}

// The ND family: input {3, 2, ...}, all meaningful; one-coordinate tuples, 4 of them from
// rank 2 (indices {1, ..., 4, 1}, N_idx 2), picking blocks {2, ...}; B 0.
template <class Desc>
requires kIsNd<Desc> Desc ValidOf(Desc d, uint32_t rank, DataType data, DataType index) {
  std::vector<uint32_t> indices(rank, 1);
  if (rank > 1) indices[rank - 2] = 4;
  const NdCounts counts{rank, std::min(rank, 2u), 0};
  const std::vector<uint32_t> input = Twos(rank, 0, 3);
  std::vector<uint32_t> output = NdGatheredSizes(input, indices, counts);
  output.insert(output.begin(), rank - output.size(), 1u);
  ForEachField(d, [&](auto field, auto& value) {
    if constexpr (field.kind == FieldKind::kInput) value = T(input, data);
    if constexpr (field.kind == FieldKind::kIndices) value = T(indices, index);
    if constexpr (field.kind == FieldKind::kUpdates) value = T(output, data);
    if constexpr (field.kind == FieldKind::kOutput)
      value = T(HasUpdates<Desc>() ? input : output, data);
    if constexpr (field.kind == FieldKind::kInputDimensionCount) value = counts.input;
    if constexpr (field.kind == FieldKind::kIndicesDimensionCount) value = counts.indices;
  });
  return d;
}

// SLICE1: the window {1..3} of an input 4 along dimension 0 read backwards in steps of 2
// (elements 3 and 1), 2 elsewhere read whole.
inline Slice1Desc ValidOf(Slice1Desc, uint32_t rank, DataType data, DataType) {
  std::vector<uint32_t> offsets(rank, 0), sizes(rank, 2);
  std::vector<int32_t> strides(rank, 1);
  offsets[0] = 1;
  sizes[0] = 3;
  strides[0] = -2;
  return {T(Twos(rank, 0, 4), data), T(Twos(rank, 0, 2), data), offsets, sizes, strides};
}
// TILE: 3 repeats along dimension 0 of 2, 1 elsewhere.
inline TileDesc ValidOf(TileDesc, uint32_t rank, DataType data, DataType) {
  std::vector<uint32_t> repeats(rank, 1);
  repeats[0] = 3;
  return {T(Twos(rank, 0, 2), data), T(Twos(rank, 0, 6), data), repeats};
}

inline OperatorDesc MakeValid(OperatorType type, uint32_t rank, DataType data,
                              DataType index = DataType::kUint32) {
  return std::visit([&](auto d) -> OperatorDesc { return ValidOf(d, rank, data, index); },
                    DefaultDesc(type));
}

}  // namespace dmlconf::testing
