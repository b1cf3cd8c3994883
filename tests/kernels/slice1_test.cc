#include <gtest/gtest.h>

#include <climits>
#include <numeric>

#include "testing/both_kernels.h"
#include "testing/elements_tester.h"

namespace dmlconf::testing {
namespace {

struct Slice1Kernel {
  using Kernel = void (*)(const Slice1Desc&, const Bindings&);
};
DMLCONF_BOTH_KERNELS(Slice1, Slice1Kernel);

Slice1Desc Desc(std::vector<uint32_t> input, std::vector<uint32_t> output,
                std::vector<uint32_t> offsets, std::vector<uint32_t> sizes,
                std::vector<int32_t> strides, DataType type = DataType::kInt32) {
  return {TensorDesc::Packed(type, input), TensorDesc::Packed(type, output), std::move(offsets),
          std::move(sizes), std::move(strides)};
}

std::vector<int> OneTo(int n) {
  std::vector<int> v(size_t(n), 0);
  std::iota(v.begin(), v.end(), 1);
  return v;
}

// The page's example 1: rows 0 and 2, columns 1 and 3 of 1 ... 16.
TEST_P(Slice1Kernels, page_example_1) {
  CheckElementsCall(GetParam(),
                    Desc({1, 1, 4, 4}, {1, 1, 2, 2}, {0, 0, 0, 1}, {1, 1, 4, 3}, {1, 1, 2, 2}),
                    {PackedOf<int>(OneTo(16), DataType::kInt32)},
                    PackedOf<int>({2, 4, 10, 12}, DataType::kInt32));
}

// The page's example 2: stride -2 along rows starts at the window's last row, 3.
TEST_P(Slice1Kernels, page_example_2) {
  CheckElementsCall(GetParam(),
                    Desc({1, 1, 4, 4}, {1, 1, 2, 2}, {0, 0, 0, 1}, {1, 1, 4, 3}, {1, 1, -2, 2}),
                    {PackedOf<int>(OneTo(16), DataType::kInt32)},
                    PackedOf<int>({14, 16, 6, 8}, DataType::kInt32));
}

// A whole row reversed, 8-byte elements; and a window of the last two of five backwards.
TEST_P(Slice1Kernels, reversals) {
  CheckElementsCall(GetParam(), Desc({4}, {4}, {0}, {4}, {-1}, DataType::kInt64),
                    {PackedOf<int64_t>({1, 2, 3, 4}, DataType::kInt64)},
                    PackedOf<int64_t>({4, 3, 2, 1}, DataType::kInt64));
  CheckElementsCall(GetParam(), Desc({5}, {2}, {3}, {2}, {-1}, DataType::kUint8),
                    {PackedOf<int>(OneTo(5), DataType::kUint8)},
                    PackedOf<int>({5, 4}, DataType::kUint8));
}

// Stride -3 over a window of 4 copies [4, 1]; INT_MIN copies the window's last element
// alone, INT_MAX its first.
TEST_P(Slice1Kernels, large_magnitudes) {
  CheckElementsCall(GetParam(), Desc({4}, {2}, {0}, {4}, {-3}),
                    {PackedOf<int>(OneTo(4), DataType::kInt32)},
                    PackedOf<int>({4, 1}, DataType::kInt32));
  CheckElementsCall(GetParam(), Desc({5}, {1}, {1}, {3}, {INT_MIN}),
                    {PackedOf<int>(OneTo(5), DataType::kInt32)},
                    PackedOf<int>({4}, DataType::kInt32));
  CheckElementsCall(GetParam(), Desc({5}, {1}, {1}, {3}, {INT_MAX}),
                    {PackedOf<int>(OneTo(5), DataType::kInt32)},
                    PackedOf<int>({2}, DataType::kInt32));
}

// An output smaller than the reach stops early, from the end the stride starts at.
TEST_P(Slice1Kernels, output_stops_early) {
  CheckElementsCall(GetParam(), Desc({6}, {2}, {0}, {5}, {-2}),
                    {PackedOf<int>(OneTo(6), DataType::kInt32)},
                    PackedOf<int>({5, 3}, DataType::kInt32));
}

// A long row reversed (the blocked kernel's vector reversal) on a padded input, and a
// transposed output: every element must be the one the formula names.
TEST_P(Slice1Kernels, long_reversed_rows_strided) {
  Slice1Desc d = Desc({3, 300}, {2, 297}, {1, 2}, {2, 297}, {1, -1}, DataType::kUint16);
  d.input_tensor.strides = {301, 1};
  d.input_tensor.total_tensor_size_in_bytes = 3 * 301 * 2;
  d.output_tensor.strides = {1, 2};
  d.output_tensor.total_tensor_size_in_bytes = 2 * 297 * 2;
  std::vector<int> input = OneTo(900), expected;
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 297; ++c) expected.push_back(input[(1 + r) * 300 + 2 + 296 - c]);
  CheckElementsCall(GetParam(), d, {PackedOf<int>(input, DataType::kUint16)},
                    PackedOf<int>(expected, DataType::kUint16));
}

}  // namespace
}  // namespace dmlconf::testing
