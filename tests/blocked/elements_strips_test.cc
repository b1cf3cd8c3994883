// GATHER_ELEMENTS and SCATTER_ELEMENTS along an outer Axis of a large tensor go a strip
// at a time, each strip's rows along Axis packed into a scratch (blocked/elements.cc,
// StripAcrossAxis). The property suite's tensors are far too small to reach that, so
// these problems are sized for it: strips of a power of two and of an odd width, Axis
// in the middle with a dimension outside it, indices in range, negative and past both
// ends, many updates landing on one element, one thread and two. Each asserts that
// its plan is cut into strips, then is judged against the naive kernel over the whole
// output buffer, guard bytes included (a scatter's colliding updates in the naive
// kernel's order, the last one winning).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "blocked/elements.h"
#include "blocked/same_as_naive.h"
#include "testing/test_tensor.h"

namespace dmlconf::testing {
namespace {

struct StripProblem {
  DataType type;
  std::vector<uint32_t> sizes;  // the data's; the indices' are the same
  uint32_t axis;
};

// 2048 x 192 f32: strips of 64 (256 bytes); 4096 x 200 u8: strips of 100, an odd width;
// 3 x 2048 x 96 f32: strips of 48 inside an outer dimension.
const StripProblem kProblems[] = {
    {DataType::kFloat32, {2048, 192}, 0},
    {DataType::kUint8, {4096, 200}, 0},
    {DataType::kFloat32, {3, 2048, 96}, 1},
};

// Indices along an axis of `size`: in range mostly, from a fixed LCG; every 9th one
// negative (counting from the end where signed) or past either end.
TestTensor Indices(const TensorDesc& desc, uint32_t size) {
  TestTensor tensor(desc);
  const bool is_signed = desc.data_type == DataType::kInt32;
  std::vector<int32_t> values(desc.ElementCount());
  uint64_t state = 7;
  for (size_t k = 0; k < values.size(); ++k) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    const int32_t drawn = int32_t((state >> 33) % size);
    if (k % 9 != 8)
      values[k] = drawn;
    else if (k % 2)
      values[k] = int32_t(size) + drawn % 5;
    else
      values[k] = is_signed ? -1 - drawn : int32_t(size) + 7;
  }
  std::memcpy(tensor.buffer.data(), values.data(), values.size() * sizeof(int32_t));
  return tensor;
}

void CheckStrips(int threads) {
  const ThreadsForTesting running(threads);
  for (const StripProblem& p : kProblems)
    for (DataType index_type : {DataType::kInt32, DataType::kUint32}) {
      const TensorDesc data = TensorDesc::Packed(p.type, p.sizes);
      const TensorDesc indices_desc = TensorDesc::Packed(index_type, p.sizes);
      const std::string what =
          std::string(DataTypeName(p.type)) + " axis " + std::to_string(p.axis) + " " +
          std::string(DataTypeName(index_type)) + " threads " + std::to_string(threads);
      ASSERT_GT(blocked::PlanElements(data, indices_desc, data, 2, p.axis).strip, 0u) << what;
      const TestTensor indices = Indices(indices_desc, p.sizes[p.axis]);
      const GatherElementsDesc gather{data, indices_desc, data, p.axis};
      std::vector<TestTensor> inputs;
      inputs.push_back(MakeInput(data, 5));
      inputs.push_back(indices);
      EXPECT_TRUE(BlockedSameAsNaive(gather, inputs)) << "GATHER_ELEMENTS " << what;
      const ScatterElementsDesc scatter{data, indices_desc, data, data, p.axis};
      inputs.push_back(MakeInput(data, 6));
      EXPECT_TRUE(BlockedSameAsNaive(scatter, inputs)) << "SCATTER_ELEMENTS " << what;
    }
}

TEST(BlockedElementsStrips, one_thread) { CheckStrips(1); }

TEST(BlockedElementsStrips, two_threads) { CheckStrips(2); }

}  // namespace
}  // namespace dmlconf::testing
