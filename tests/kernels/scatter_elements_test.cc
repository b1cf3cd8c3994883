#include <gtest/gtest.h>

#include "testing/both_kernels.h"
#include "testing/elements_tester.h"

namespace dmlconf::testing {
namespace {

struct ScatterElementsKernel {
  using Kernel = void (*)(const ScatterElementsDesc&, const Bindings&);
};
DMLCONF_BOTH_KERNELS(ScatterElements, ScatterElementsKernel);

ScatterElementsDesc Desc(std::vector<uint32_t> input, std::vector<uint32_t> indices, uint32_t axis,
                         DataType type = DataType::kInt32, DataType index = DataType::kUint32) {
  return {TensorDesc::Packed(type, input), TensorDesc::Packed(index, indices),
          TensorDesc::Packed(type, indices), TensorDesc::Packed(type, input), axis};
}

// The page's Example 2 (input {3,3}, as its data shows; erratum X2): no collisions.
TEST_P(ScatterElementsKernels, page_example_2) {
  CheckElementsCall(GetParam(), Desc({3, 3}, {2, 3}, 0),
                    {PackedOf<int>({0, 0, 0, 0, 0, 0, 0, 0, 0}, DataType::kInt32),
                     PackedOf<int>({1, 0, 2, 0, 2, 1}, DataType::kUint32),
                     PackedOf<int>({10, 11, 12, 20, 21, 22}, DataType::kInt32)},
                    PackedOf<int>({20, 11, 0, 10, 0, 22, 0, 21, 12}, DataType::kInt32));
}

// Example 1 without its collision: output[indices[x]] = updates[x].
TEST_P(ScatterElementsKernels, one_dimensional) {
  CheckElementsCall(GetParam(), Desc({5}, {3}, 0),
                    {PackedOf<int>({0, 1, 2, 3, 4}, DataType::kInt32),
                     PackedOf<int>({3, 1, 0}, DataType::kUint32),
                     PackedOf<int>({5, 6, 8}, DataType::kInt32)},
                    PackedOf<int>({8, 6, 2, 5, 4}, DataType::kInt32));
}

// Both kernels let the last update of a line in row-major order land (our choice where
// the page names none): Example 1's collision at 3 keeps 7. A backend may keep 5
// (cases/README.md, one_of).
TEST_P(ScatterElementsKernels, collision_last_update_lands) {
  CheckElementsCall(GetParam(), Desc({5}, {4}, 0),
                    {PackedOf<int>({0, 1, 2, 3, 4}, DataType::kInt32),
                     PackedOf<int>({3, 1, 3, 0}, DataType::kUint32),
                     PackedOf<int>({5, 6, 7, 8}, DataType::kInt32)},
                    PackedOf<int>({8, 6, 2, 7, 4}, DataType::kInt32));
}

// Along axis 1, negative INT32 indices, an out-of-range update dropped (the output
// elsewhere is the input and the in-range updates).
TEST_P(ScatterElementsKernels, negative_and_out_of_range) {
  CheckElementsCall(GetParam(), Desc({2, 3}, {2, 2}, 1, DataType::kUint16, DataType::kInt32),
                    {PackedOf<int>({1, 2, 3, 4, 5, 6}, DataType::kUint16),
                     PackedOf<int>({-1, 7, 0, -3}, DataType::kInt32),
                     PackedOf<int>({70, 80, 90, 99}, DataType::kUint16)},
                    PackedOf<int>({1, 2, 70, 99, 5, 6}, DataType::kUint16));
}

// Strided updates and output: values follow the elements, padding stays untouched.
TEST_P(ScatterElementsKernels, strided) {
  ScatterElementsDesc d = Desc({2, 2}, {2, 2}, 0, DataType::kUint8);
  d.updates_tensor.strides = {1, 2};
  d.output_tensor.strides = {4, 1};
  d.output_tensor.total_tensor_size_in_bytes = 8;
  CheckElementsCall(GetParam(), d,
                    {PackedOf<int>({1, 2, 3, 4}, DataType::kUint8),
                     PackedOf<int>({1, 0, 0, 1}, DataType::kUint32),
                     PackedOf<int>({10, 20, 30, 40}, DataType::kUint8)},
                    PackedOf<int>({30, 20, 10, 40}, DataType::kUint8));
}

}  // namespace
}  // namespace dmlconf::testing
