// Small valid descriptors for the validation tests; each test breaks one field.
#pragma once

#include <cassert>
#include <cstdint>
#include <vector>

#include "dmlconf/op_desc.h"

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

// A valid descriptor of any rank the operator's shape rules allow (DEPTH_TO_SPACE1
// and SPACE_TO_DEPTH1: 4 only), with the given data and index types. Sizes are
// derived by hand from the spec's rules, not by the code under test.
inline OperatorDesc MakeValid(OperatorType type, uint32_t rank, DataType data,
                              DataType index = DataType::kUint32) {
  std::vector<uint32_t> base(rank, 2);
  auto with = [&](uint32_t d, uint32_t v) {
    std::vector<uint32_t> s = base;
    s[d] = v;
    return T(s, data);
  };
  const uint32_t last = rank - 1;
  switch (type) {
    case OperatorType::kSplit:
      return SplitDesc{with(last, 3), {with(last, 1), with(last, 2)}, last};
    case OperatorType::kJoin:
      return JoinDesc{{with(last, 1), with(last, 2)}, with(last, 3), last};
    case OperatorType::kGather: {
      // Axis 0, K 1: output = indices[D-1] ++ input[1..D) = {4, 2, ...}.
      std::vector<uint32_t> indices(rank, 1);
      indices[last] = 4;
      return GatherDesc{with(0, 3), T(indices, index), with(0, 4), 0, 1};
    }
    case OperatorType::kDepthToSpace1:
      assert(rank == 4);
      return DepthToSpace1Desc{T({1, 12, 2, 3}, data), T({1, 3, 4, 6}, data), 2,
                               DepthSpaceOrder::kDepthColumnRow};
    case OperatorType::kSpaceToDepth1:
      assert(rank == 4);
      return SpaceToDepth1Desc{T({1, 3, 4, 6}, data), T({1, 12, 2, 3}, data), 2,
                               DepthSpaceOrder::kDepthColumnRow};
    case OperatorType::kReverseSubsequences: {
      TensorDesc lengths = with(0, 1);
      lengths.data_type = index;
      return ReverseSubsequencesDesc{with(0, 3), lengths, with(0, 3), 0};
    }
  }
  return SplitDesc{};
}

}  // namespace dmlconf::testing
