// PADDING1: the padding value is the element's own bits (contract point V2).
#include <gtest/gtest.h>

#include "testing/both_kernels.h"
#include "testing/elements_tester.h"

namespace dmlconf::testing {
namespace {

struct Padding1Kernel {
  using Kernel = void (*)(const Padding1Desc&, const Bindings&);
};
DMLCONF_BOTH_KERNELS(Padding1, Padding1Kernel);

Padding1Desc Desc(std::vector<uint32_t> input, PaddingMode mode, DataType type, ElementBits value,
                  std::vector<uint32_t> start, std::vector<uint32_t> end) {
  std::vector<uint32_t> output = input;
  for (size_t d = 0; d < output.size(); ++d) output[d] += start[d] + end[d];
  return {TensorDesc::Packed(type, input),
          TensorDesc::Packed(type, output),
          mode,
          type,
          value,
          std::move(start),
          std::move(end)};
}

// A signalling NaN with a payload and INT64's minimum come out as they went in.
TEST_P(Padding1Kernels, constant_bits_unchanged) {
  CheckElementsCall(GetParam(),
                    Desc({2}, PaddingMode::kConstant, DataType::kFloat32, 0x7fa00001, {1}, {2}),
                    {PackedOf<uint32_t>({0x3f800000, 0x80000000}, DataType::kFloat32)},
                    PackedOf<uint32_t>({0x7fa00001, 0x3f800000, 0x80000000, 0x7fa00001, 0x7fa00001},
                                       DataType::kFloat32));
  CheckElementsCall(
      GetParam(), Desc({1}, PaddingMode::kConstant, DataType::kInt64, 0x8000000000000000, {1}, {0}),
      {PackedOf<int64_t>({5}, DataType::kInt64)},
      PackedOf<uint64_t>({0x8000000000000000, 5}, DataType::kInt64));
}

// Only the type's bytes of the union are read (erratum PD5): INT16 -2 beside bytes
// DirectML reads and should not (its deviation, ERRATA.md E8).
TEST_P(Padding1Kernels, union_bytes_past_the_type_not_read) {
  CheckElementsCall(
      GetParam(),
      Desc({2}, PaddingMode::kConstant, DataType::kInt16, 0xabababab'abab'fffe, {0}, {1}),
      {PackedOf<int>({1, 2}, DataType::kInt16)}, PackedOf<int>({1, 2, -2}, DataType::kInt16));
}

// The value is ignored in the other modes.
TEST_P(Padding1Kernels, wrap_ignores_the_value) {
  CheckElementsCall(GetParam(), Desc({3}, PaddingMode::kWrap, DataType::kUint8, 0xff, {4}, {5}),
                    {PackedOf<int>({1, 2, 3}, DataType::kUint8)},
                    PackedOf<int>({3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2}, DataType::kUint8));
}

}  // namespace
}  // namespace dmlconf::testing
