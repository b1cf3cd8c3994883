#include <gtest/gtest.h>

#include "testing/both_kernels.h"
#include "testing/elements_tester.h"

namespace dmlconf::testing {
namespace {

struct GatherElementsKernel {
  using Kernel = void (*)(const GatherElementsDesc&, const Bindings&);
};
DMLCONF_BOTH_KERNELS(GatherElements, GatherElementsKernel);

GatherElementsDesc Desc(std::vector<uint32_t> input, std::vector<uint32_t> indices, uint32_t axis,
                        DataType type = DataType::kInt32, DataType index = DataType::kUint32) {
  return {TensorDesc::Packed(type, input), TensorDesc::Packed(index, indices),
          TensorDesc::Packed(type, indices), axis};
}

// The page's example: output[y, x] = input[indices[y, x], x].
TEST_P(GatherElementsKernels, page_example_axis0) {
  CheckElementsCall(GetParam(), Desc({3, 3}, {2, 3}, 0),
                    {PackedOf<int>({1, 2, 3, 4, 5, 6, 7, 8, 9}, DataType::kInt32),
                     PackedOf<int>({1, 2, 0, 2, 0, 0}, DataType::kUint32)},
                    PackedOf<int>({4, 8, 3, 7, 2, 3}, DataType::kInt32));
}

// Along the last axis, indices longer than the input's axis (the pages bound only
// the other dimensions), with repeats: output[y, x] = input[y, indices[y, x]].
TEST_P(GatherElementsKernels, last_axis_longer_indices) {
  CheckElementsCall(GetParam(), Desc({2, 2}, {2, 3}, 1),
                    {PackedOf<int>({10, 11, 20, 21}, DataType::kInt32),
                     PackedOf<int>({1, 1, 0, 0, 1, 0}, DataType::kUint32)},
                    PackedOf<int>({11, 11, 10, 20, 21, 20}, DataType::kInt32));
}

// Negative INT64 indices count from the end: -1 is the last, -3 the first of 3.
TEST_P(GatherElementsKernels, negative_int64) {
  CheckElementsCall(GetParam(), Desc({1, 3, 2}, {1, 2, 2}, 1, DataType::kInt16, DataType::kInt64),
                    {PackedOf<int>({1, 2, 3, 4, 5, 6}, DataType::kInt16),
                     PackedOf<int64_t>({-1, -3, 0, -2}, DataType::kInt64)},
                    PackedOf<int>({5, 2, 1, 4}, DataType::kInt16));
}

// A strided input (padded rows) and a strided output: values follow the elements.
TEST_P(GatherElementsKernels, strided) {
  GatherElementsDesc d = Desc({2, 3}, {2, 2}, 1, DataType::kUint8);
  d.input_tensor.strides = {4, 1};
  d.input_tensor.total_tensor_size_in_bytes = 8;
  d.output_tensor.strides = {1, 2};
  d.output_tensor.total_tensor_size_in_bytes = 4;
  CheckElementsCall(GetParam(), d,
                    {PackedOf<int>({1, 2, 3, 4, 5, 6}, DataType::kUint8),
                     PackedOf<int>({2, 0, 1, 1}, DataType::kUint32)},
                    PackedOf<int>({3, 1, 5, 5}, DataType::kUint8));
}

}  // namespace
}  // namespace dmlconf::testing
