// GATHER_ND on hand-computed calls: the page's examples, padding dimensions, negative
// tuples, strided tensors; every expected value typed in from the page or worked out by
// hand.
#include <gtest/gtest.h>

#include "testing/both_kernels.h"
#include "testing/elements_tester.h"

namespace dmlconf::testing {
namespace {

struct GatherNdKernel {
  using Kernel = void (*)(const GatherNdDesc&, const Bindings&);
};
DMLCONF_BOTH_KERNELS(GatherNd, GatherNdKernel);

GatherNdDesc Desc(std::vector<uint32_t> input, std::vector<uint32_t> indices,
                  std::vector<uint32_t> output, uint32_t input_dims, uint32_t indices_dims,
                  DataType type = DataType::kInt32, DataType index = DataType::kUint32) {
  return {TensorDesc::Packed(type, input), TensorDesc::Packed(index, indices),
          TensorDesc::Packed(type, output), input_dims, indices_dims};
}

// The page's example 1: output[y, x] = input[indices[y], x].
TEST_P(GatherNdKernels, page_example_1) {
  CheckElementsCall(
      GetParam(), Desc({2, 2}, {2, 1}, {2, 2}, 2, 2),
      {PackedOf<int>({0, 1, 2, 3}, DataType::kInt32), PackedOf<int>({1, 0}, DataType::kUint32)},
      PackedOf<int>({2, 3, 0, 1}, DataType::kInt32));
}

// The page's example 2: two-coordinate tuples pick rows of a 2x2x2 input (erratum N1:
// the output is {1,1,2,2}).
TEST_P(GatherNdKernels, page_example_2) {
  CheckElementsCall(GetParam(), Desc({1, 2, 2, 2}, {1, 1, 2, 2}, {1, 1, 2, 2}, 3, 2),
                    {PackedOf<int>({0, 1, 2, 3, 4, 5, 6, 7}, DataType::kInt32),
                     PackedOf<int>({0, 1, 1, 0}, DataType::kUint32)},
                    PackedOf<int>({2, 3, 4, 5}, DataType::kInt32));
}

// Tuples as long as the input's meaningful dimensions pick single elements; negative
// INT64 coordinates count from the end of their own dimension.
TEST_P(GatherNdKernels, full_tuples_negative_int64) {
  CheckElementsCall(GetParam(),
                    Desc({2, 3}, {3, 2}, {1, 3}, 2, 2, DataType::kInt16, DataType::kInt64),
                    {PackedOf<int>({10, 11, 12, 13, 14, 15}, DataType::kInt16),
                     PackedOf<int64_t>({-1, -1, 0, -3, 1, 0}, DataType::kInt64)},
                    PackedOf<int>({15, 10, 13}, DataType::kInt16));
}

// A strided input (padded rows) and a strided output (columns first).
TEST_P(GatherNdKernels, strided) {
  GatherNdDesc d = Desc({3, 2}, {2, 1}, {2, 2}, 2, 2, DataType::kUint8);
  d.input_tensor.strides = {4, 1};
  d.input_tensor.total_tensor_size_in_bytes = 12;
  d.output_tensor.strides = {1, 2};
  d.output_tensor.total_tensor_size_in_bytes = 4;
  CheckElementsCall(GetParam(), d,
                    {PackedOf<int>({1, 2, 3, 4, 5, 6}, DataType::kUint8),
                     PackedOf<int>({2, 0}, DataType::kUint32)},
                    PackedOf<int>({5, 6, 1, 2}, DataType::kUint8));
}

}  // namespace
}  // namespace dmlconf::testing
