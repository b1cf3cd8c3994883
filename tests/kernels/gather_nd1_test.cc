// GATHER_ND1 on hand-computed calls: the page's batch example and a batch of two
// dimensions; every expected value typed in from the page or worked out by hand.
#include <gtest/gtest.h>

#include "testing/both_kernels.h"
#include "testing/elements_tester.h"

namespace dmlconf::testing {
namespace {

struct GatherNd1Kernel {
  using Kernel = void (*)(const GatherNd1Desc&, const Bindings&);
};
DMLCONF_BOTH_KERNELS(GatherNd1, GatherNd1Kernel);

GatherNd1Desc Desc(std::vector<uint32_t> input, std::vector<uint32_t> indices,
                   std::vector<uint32_t> output, uint32_t input_dims, uint32_t indices_dims,
                   uint32_t batch, DataType index = DataType::kUint32) {
  return {TensorDesc::Packed(DataType::kInt32, input),
          TensorDesc::Packed(index, indices),
          TensorDesc::Packed(DataType::kInt32, output),
          input_dims,
          indices_dims,
          batch};
}

// The page's example 2: output[batch, x] = input[batch, indices[batch, x, 0],
// indices[batch, x, 1]] ("a tuple of <1,0> in batch 1 corresponds to input value 6").
TEST_P(GatherNd1Kernels, page_example_2) {
  CheckElementsCall(GetParam(), Desc({1, 3, 2, 2}, {1, 3, 2, 2}, {1, 1, 3, 2}, 3, 3, 1),
                    {PackedOf<int>({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, DataType::kInt32),
                     PackedOf<int>({0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0}, DataType::kUint32)},
                    PackedOf<int>({0, 3, 7, 4, 9, 10}, DataType::kInt32));
}

// Two batch dimensions {2,2} over rows of 3; one INT32 coordinate per batch, -1 the last
// row: output[b0, b1, :] = input[b0, b1, indices[b0, b1], :].
TEST_P(GatherNd1Kernels, two_batch_dims) {
  std::vector<int> input(24);
  for (int i = 0; i < 24; ++i) input[i] = 100 + i;
  CheckElementsCall(
      GetParam(), Desc({2, 2, 2, 3}, {1, 2, 2, 1}, {1, 2, 2, 3}, 4, 3, 2, DataType::kInt32),
      {PackedOf<int>(input, DataType::kInt32), PackedOf<int>({1, 0, -1, -2}, DataType::kInt32)},
      PackedOf<int>({103, 104, 105, 106, 107, 108, 115, 116, 117, 118, 119, 120},
                    DataType::kInt32));
}

}  // namespace
}  // namespace dmlconf::testing
