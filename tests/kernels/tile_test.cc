#include <gtest/gtest.h>

#include <numeric>

#include "testing/both_kernels.h"
#include "testing/elements_tester.h"

namespace dmlconf::testing {
namespace {

struct TileKernel {
  using Kernel = void (*)(const TileDesc&, const Bindings&);
};
DMLCONF_BOTH_KERNELS(Tile, TileKernel);

TileDesc Desc(std::vector<uint32_t> input, std::vector<uint32_t> repeats,
              DataType type = DataType::kInt32) {
  std::vector<uint32_t> output;
  for (size_t d = 0; d < input.size(); ++d) output.push_back(input[d] * repeats[d]);
  return {TensorDesc::Packed(type, input), TensorDesc::Packed(type, output), std::move(repeats)};
}

// The page's example: [[1,2,3],[4,5,6]] three times across and three times down.
TEST_P(TileKernels, page_example) {
  std::vector<int> row1, row2;
  for (int k = 0; k < 3; ++k)
    row1.insert(row1.end(), {1, 2, 3}), row2.insert(row2.end(), {4, 5, 6});
  std::vector<int> expected;
  for (int k = 0; k < 3; ++k)
    expected.insert(expected.end(), row1.begin(), row1.end()),
        expected.insert(expected.end(), row2.begin(), row2.end());
  CheckElementsCall(GetParam(), Desc({1, 1, 2, 3}, {1, 1, 3, 3}),
                    {PackedOf<int>({1, 2, 3, 4, 5, 6}, DataType::kInt32)},
                    PackedOf<int>(expected, DataType::kInt32));
}

// Repeats of 1 copy; rank 1 with 8-byte elements repeats the row.
TEST_P(TileKernels, copy_and_rank1) {
  CheckElementsCall(GetParam(), Desc({2, 2}, {1, 1}, DataType::kUint8),
                    {PackedOf<int>({1, 2, 3, 4}, DataType::kUint8)},
                    PackedOf<int>({1, 2, 3, 4}, DataType::kUint8));
  CheckElementsCall(GetParam(), Desc({2}, {3}, DataType::kInt64),
                    {PackedOf<int64_t>({-1, 7}, DataType::kInt64)},
                    PackedOf<int64_t>({-1, 7, -1, 7, -1, 7}, DataType::kInt64));
}

// An odd repeat count (the blocked kernel's last doubling is partial) along an outer
// dimension, on a padded input and a transposed output: output[c] = input[c mod sizes].
TEST_P(TileKernels, odd_repeats_strided) {
  TileDesc d = Desc({2, 3}, {5, 2}, DataType::kUint16);
  d.input_tensor.strides = {4, 1};
  d.input_tensor.total_tensor_size_in_bytes = 16;
  d.output_tensor.strides = {1, 10};
  d.output_tensor.total_tensor_size_in_bytes = 120;
  const std::vector<int> input = {1, 2, 3, 4, 5, 6};
  std::vector<int> expected;
  for (int r = 0; r < 10; ++r)
    for (int c = 0; c < 6; ++c) expected.push_back(input[size_t(r % 2 * 3 + c % 3)]);
  CheckElementsCall(GetParam(), d, {PackedOf<int>(input, DataType::kUint16)},
                    PackedOf<int>(expected, DataType::kUint16));
}

// Rank 8, repeats 1 to 3 in every dimension.
TEST_P(TileKernels, rank8) {
  const std::vector<uint32_t> in = {2, 1, 2, 1, 1, 2, 1, 2}, rep = {1, 3, 2, 1, 2, 1, 3, 2};
  const TileDesc d = Desc(in, rep, DataType::kInt16);
  std::vector<int> input(16);
  std::iota(input.begin(), input.end(), 0);
  std::vector<int> expected;
  std::vector<uint32_t> c(8, 0);
  const std::vector<uint32_t>& out = d.output_tensor.sizes;
  for (;;) {
    size_t flat = 0;
    for (size_t k = 0; k < 8; ++k) flat = flat * in[k] + c[k] % in[k];
    expected.push_back(input[flat]);
    size_t k = 8;
    while (k-- > 0 && ++c[k] == out[k]) c[k] = 0;
    if (k == size_t(-1)) break;
  }
  CheckElementsCall(GetParam(), d, {PackedOf<int>(input, DataType::kInt16)},
                    PackedOf<int>(expected, DataType::kInt16));
}

}  // namespace
}  // namespace dmlconf::testing
