// SCATTER_ND on hand-computed calls: the page's example, rows of updates, collisions,
// negative and out-of-range tuples, strided tensors; every expected value typed in from
// the page or worked out by hand. (The blocked kernel's threads, which share out a row,
// meet colliding tuples in tests/blocked's property test.)
#include <gtest/gtest.h>

#include "testing/both_kernels.h"
#include "testing/elements_tester.h"

namespace dmlconf::testing {
namespace {

struct ScatterNdKernel {
  using Kernel = void (*)(const ScatterNdDesc&, const Bindings&);
};
DMLCONF_BOTH_KERNELS(ScatterNd, ScatterNdKernel);

ScatterNdDesc Desc(std::vector<uint32_t> input, std::vector<uint32_t> indices,
                   std::vector<uint32_t> updates, uint32_t input_dims, uint32_t indices_dims,
                   DataType type = DataType::kInt32, DataType index = DataType::kUint32) {
  return {TensorDesc::Packed(type, input),
          TensorDesc::Packed(index, indices),
          TensorDesc::Packed(type, updates),
          TensorDesc::Packed(type, input),
          input_dims,
          indices_dims};
}

// The page's example, typed as meant (erratum N4): output[indices[x, 0]] = updates[x].
TEST_P(ScatterNdKernels, page_example) {
  CheckElementsCall(GetParam(), Desc({1, 8}, {4, 1}, {1, 4}, 1, 2),
                    {PackedOf<int>({1, 2, 3, 4, 5, 6, 7, 8}, DataType::kInt32),
                     PackedOf<int>({4, 3, 1, 7}, DataType::kUint32),
                     PackedOf<int>({9, 10, 11, 12}, DataType::kInt32)},
                    PackedOf<int>({1, 11, 3, 10, 9, 6, 7, 12}, DataType::kInt32));
}

// Rank 1, both counts 1 (erratum N3): one tuple, updates {1}.
TEST_P(ScatterNdKernels, rank_1) {
  CheckElementsCall(GetParam(), Desc({4}, {1}, {1}, 1, 1),
                    {PackedOf<int>({1, 2, 3, 4}, DataType::kInt32),
                     PackedOf<int>({2}, DataType::kUint32), PackedOf<int>({9}, DataType::kInt32)},
                    PackedOf<int>({1, 2, 9, 4}, DataType::kInt32));
}

// One-coordinate tuples write whole rows of a {3, 2} input; row 1 keeps the input.
TEST_P(ScatterNdKernels, rows) {
  CheckElementsCall(
      GetParam(), Desc({3, 2}, {2, 1}, {2, 2}, 2, 2),
      {PackedOf<int>({1, 2, 3, 4, 5, 6}, DataType::kInt32),
       PackedOf<int>({2, 0}, DataType::kUint32), PackedOf<int>({50, 60, 10, 20}, DataType::kInt32)},
      PackedOf<int>({10, 20, 3, 4, 50, 60}, DataType::kInt32));
}

// Both kernels let the last update in row-major order land (our choice where the page
// names none, contract point W1): rows 0 and 2 both name row 1, the second wins.
TEST_P(ScatterNdKernels, collision_last_update_lands) {
  CheckElementsCall(
      GetParam(), Desc({2, 2}, {3, 1}, {3, 2}, 2, 2),
      {PackedOf<int>({1, 2, 3, 4}, DataType::kInt32), PackedOf<int>({1, 0, 1}, DataType::kUint32),
       PackedOf<int>({10, 20, 30, 40, 50, 60}, DataType::kInt32)},
      PackedOf<int>({30, 40, 50, 60}, DataType::kInt32));
}

// Full tuples of negative INT64 coordinates, each counted from the end of its own
// dimension; a tuple out of range is dropped (the rest is the input and the others).
TEST_P(ScatterNdKernels, negative_and_out_of_range) {
  CheckElementsCall(GetParam(),
                    Desc({2, 3}, {3, 2}, {1, 3}, 2, 2, DataType::kInt16, DataType::kInt64),
                    {PackedOf<int>({1, 2, 3, 4, 5, 6}, DataType::kInt16),
                     PackedOf<int64_t>({-1, -1, 0, -3, 2, 0}, DataType::kInt64),
                     PackedOf<int>({70, 80, 90}, DataType::kInt16)},
                    PackedOf<int>({80, 2, 3, 4, 5, 70}, DataType::kInt16));
}

// Strided updates (columns first) and output (padded rows): values follow the logical
// elements, the output's padding stays untouched.
TEST_P(ScatterNdKernels, strided) {
  ScatterNdDesc d = Desc({3, 2}, {2, 1}, {2, 2}, 2, 2, DataType::kUint8);
  d.updates_tensor.strides = {1, 2};
  d.output_tensor.strides = {4, 1};
  d.output_tensor.total_tensor_size_in_bytes = 12;
  CheckElementsCall(
      GetParam(), d,
      {PackedOf<int>({1, 2, 3, 4, 5, 6}, DataType::kUint8),
       PackedOf<int>({2, 0}, DataType::kUint32), PackedOf<int>({50, 60, 10, 20}, DataType::kUint8)},
      PackedOf<int>({10, 20, 3, 4, 50, 60}, DataType::kUint8));
}

}  // namespace
}  // namespace dmlconf::testing
