// GATHER of whole rows with more indices than one resolved chunk (1024,
// gather.cc) holds, so each row's prefetch of a row some indices ahead
// (simd::StreamRunPrefetching, simd::PrefetchToL2) stops at a chunk's end,
// with rows short enough to be prefetched and longer, streamed and not. The
// property suite's problems have a few dozen indices: they never reach that.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "blocked/same_as_naive.h"
#include "blocked/simd.h"
#include "dmlconf/blocked.h"
#include "testing/test_tensor.h"

namespace dmlconf::testing {
namespace {

// Streams every output (threshold 1 byte) while alive, or none.
class StreamSetting {
 public:
  explicit StreamSetting(bool stream) {
    blocked::simd::SetStreamThresholdForTesting(stream ? 1 : UINT64_MAX);
  }
  ~StreamSetting() {
    blocked::simd::SetStreamThresholdForTesting(blocked::simd::kDefaultStreamBytes);
  }
};

// Indices over [-rows, 2 * rows): negative ones count from the end, those
// past the end clamp (the documented choice both kernels share).
TestTensor RandomRowIndices(const TensorDesc& desc, uint32_t count, int32_t rows) {
  TestTensor tensor(desc);
  std::vector<int32_t> values(count);
  uint32_t state = 12345;
  for (int32_t& v : values) {
    state = state * 1664525u + 1013904223u;
    v = int32_t(state >> 8) % (3 * rows) - rows;
  }
  std::memcpy(tensor.buffer.data(), values.data(), values.size() * sizeof(int32_t));
  return tensor;
}

struct RowsCase {
  DataType type;
  uint32_t outer, rows, width, count;
};

void ExpectSameAsNaive(const RowsCase& c, bool stream) {
  const GatherDesc desc{TensorDesc::Packed(c.type, {c.outer, c.rows, c.width}),
                        TensorDesc::Packed(DataType::kInt32, {1, 1, c.count}),
                        TensorDesc::Packed(c.type, {c.outer, c.count, c.width}), 1, 1};
  std::vector<TestTensor> inputs;
  inputs.push_back(MakeInput(desc.input_tensor, 7));
  inputs.push_back(RandomRowIndices(desc.indices_tensor, c.count, int32_t(c.rows)));
  const StreamSetting setting(stream);
  EXPECT_TRUE(BlockedSameAsNaive(desc, inputs))
      << DataTypeName(c.type) << " outer " << c.outer << " rows " << c.rows << " width "
      << c.width << " indices " << c.count << (stream ? " streamed" : "");
}

TEST(BlockedGatherRows, more_indices_than_a_chunk) {
  // Rows of 1 byte to 20 KB (past the 16 KiB prefetch limit); 1024, 1025 and
  // 2500 indices: one chunk, one index over, two and a part.
  const RowsCase cases[] = {
      {DataType::kUint8, 1, 300, 1, 2500},     {DataType::kUint8, 1, 4000, 1000, 2500},
      {DataType::kUint8, 2, 50, 64, 1025},     {DataType::kFloat32, 1, 600, 256, 1024},
      {DataType::kFloat32, 3, 40, 1000, 1025}, {DataType::kUint64, 1, 20, 2500, 1100},
      {DataType::kUint16, 1, 9, 10007, 1030},
  };
  for (const RowsCase& c : cases)
    for (bool stream : {false, true}) ExpectSameAsNaive(c, stream);
}

}  // namespace
}  // namespace dmlconf::testing
