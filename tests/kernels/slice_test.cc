#include <gtest/gtest.h>

#include <numeric>

#include "testing/both_kernels.h"
#include "testing/elements_tester.h"

namespace dmlconf::testing {
namespace {

struct SliceKernel {
  using Kernel = void (*)(const SliceDesc&, const Bindings&);
};
DMLCONF_BOTH_KERNELS(Slice, SliceKernel);

SliceDesc Desc(std::vector<uint32_t> input, std::vector<uint32_t> offsets,
               std::vector<uint32_t> sizes, std::vector<uint32_t> strides,
               DataType type = DataType::kInt32) {
  return {TensorDesc::Packed(type, input), TensorDesc::Packed(type, sizes), std::move(offsets),
          sizes, std::move(strides)};
}

std::vector<int> OneTo(int n) {
  std::vector<int> v(size_t(n), 0);
  std::iota(v.begin(), v.end(), 1);
  return v;
}

// The page's example 1: rows 1 to 3, columns 2 and 3 of 1 ... 16.
TEST_P(SliceKernels, page_example_1) {
  CheckElementsCall(GetParam(), Desc({1, 1, 4, 4}, {0, 0, 1, 2}, {1, 1, 3, 2}, {1, 1, 1, 1}),
                    {PackedOf<int>(OneTo(16), DataType::kInt32)},
                    PackedOf<int>({7, 8, 11, 12, 15, 16}, DataType::kInt32));
}

// The page's example 2: every second row from row 1, every third column from 0.
TEST_P(SliceKernels, page_example_2) {
  CheckElementsCall(GetParam(), Desc({1, 1, 4, 4}, {0, 0, 1, 0}, {1, 1, 2, 2}, {1, 1, 2, 3}),
                    {PackedOf<int>(OneTo(16), DataType::kInt32)},
                    PackedOf<int>({5, 8, 13, 16}, DataType::kInt32));
}

// Contract point K1: a stride of 0 reads Offsets again and again (a broadcast).
TEST_P(SliceKernels, stride_zero_broadcasts) {
  CheckElementsCall(GetParam(), Desc({1, 1, 4, 4}, {0, 0, 1, 0}, {1, 1, 3, 2}, {1, 1, 0, 1}),
                    {PackedOf<int>(OneTo(16), DataType::kInt32)},
                    PackedOf<int>({5, 6, 5, 6, 5, 6}, DataType::kInt32));
}

// Rank 1, 8-byte elements: Offsets 1, three elements, stride 2 of 1 ... 6.
TEST_P(SliceKernels, rank1_int64) {
  CheckElementsCall(GetParam(), Desc({6}, {1}, {3}, {2}, DataType::kInt64),
                    {PackedOf<int64_t>({1, 2, 3, 4, 5, 6}, DataType::kInt64)},
                    PackedOf<int64_t>({2, 4, 6}, DataType::kInt64));
}

// A padded input (rows 5 apart) and a transposed output: values follow the elements.
TEST_P(SliceKernels, strided_tensors) {
  SliceDesc d = Desc({3, 4}, {1, 1}, {2, 2}, {1, 2}, DataType::kUint8);
  d.input_tensor.strides = {5, 1};
  d.input_tensor.total_tensor_size_in_bytes = 16;
  d.output_tensor.strides = {1, 2};
  d.output_tensor.total_tensor_size_in_bytes = 4;
  CheckElementsCall(GetParam(), d, {PackedOf<int>(OneTo(12), DataType::kUint8)},
                    PackedOf<int>({6, 8, 10, 12}, DataType::kUint8));
}

// A window the size of a whole large row range, unit strides: the blocked copy moves
// runs; every element must still be the one the formula names.
TEST_P(SliceKernels, large_contiguous_window) {
  const SliceDesc d = Desc({3, 200, 300}, {1, 7, 11}, {2, 150, 250}, {1, 1, 1});
  const std::vector<int> input = OneTo(3 * 200 * 300);
  std::vector<int> expected;
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 150; ++b)
      for (int c = 0; c < 250; ++c)
        expected.push_back(input[((1 + a) * 200 + 7 + b) * 300 + 11 + c]);
  CheckElementsCall(GetParam(), d, {PackedOf<int>(input, DataType::kInt32)},
                    PackedOf<int>(expected, DataType::kInt32));
}

}  // namespace
}  // namespace dmlconf::testing
