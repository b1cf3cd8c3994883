// The threading rule, and problems above the default threshold, which the
// random suite (kept small) reaches only through the testing hook.
#include <gtest/gtest.h>

#include <cstring>

#include "blocked/same_as_naive.h"
#include "blocked/threading.h"
#include "dmlconf/blocked.h"
#include "dmlconf/naive.h"
#include "testing/test_tensor.h"

namespace dmlconf::testing {
namespace {

class ThreadCountGuard {
 public:
  ~ThreadCountGuard() { blocked::SetThreadCount(0); }
};

TEST(BlockedThreading, thread_count_zero_means_every_core) {
  ThreadCountGuard guard;
  blocked::SetThreadCount(3);
  EXPECT_EQ(blocked::ThreadCount(), 3);
  blocked::SetThreadCount(0);
  EXPECT_GE(blocked::ThreadCount(), 1);
}

TEST(BlockedThreading, small_problems_stay_on_the_calling_thread) {
  ThreadCountGuard guard;
  blocked::SetThreadCount(8);
  EXPECT_EQ(blocked::ThreadsFor(1000, blocked::kDefaultParallelThresholdBytes - 1), 1);
  EXPECT_EQ(blocked::ThreadsFor(1, 1 << 30), 1) << "one item cannot be shared";
  EXPECT_EQ(blocked::ThreadsFor(1000, 1 << 30), 8);
  EXPECT_EQ(blocked::ThreadsFor(3, 1 << 30), 3) << "at most one thread per item";
  // Each thread moves at least a quarter of the threshold.
  EXPECT_EQ(blocked::ThreadsFor(1000, blocked::kDefaultParallelThresholdBytes), 4);
}

// Naive against blocked with `threads` threads, over whole output buffers.
void ExpectSameAsNaive(const OperatorDesc& desc, int threads) {
  ThreadCountGuard guard;
  std::vector<TestTensor> inputs;
  for (const TensorSlot& slot : InputSlots(desc)) inputs.push_back(MakeInput(*slot.desc, 7));
  blocked::SetThreadCount(threads);
  EXPECT_TRUE(BlockedSameAsNaive(desc, inputs));
}

TEST(BlockedThreading, large_split_with_padded_rows) {
  TensorDesc input = TensorDesc::Packed(DataType::kFloat32, {4, 300, 250});
  input.strides = std::vector<uint32_t>{300 * 256, 256, 1};
  const SplitDesc desc{input,
                       {TensorDesc::Packed(DataType::kFloat32, {4, 100, 250}),
                        TensorDesc::Packed(DataType::kFloat32, {4, 200, 250})},
                       1};
  ExpectSameAsNaive(desc, 3);
}

TEST(BlockedThreading, large_join_of_one_run_is_cut_across_threads) {
  const JoinDesc desc{{TensorDesc::Packed(DataType::kUint8, {1, 400000}),
                       TensorDesc::Packed(DataType::kUint8, {1, 200001})},
                      TensorDesc::Packed(DataType::kUint8, {1, 600001}),
                      1};
  ExpectSameAsNaive(desc, 4);
}

TEST(BlockedThreading, large_depth_to_space) {
  const DepthToSpace1Desc desc{TensorDesc::Packed(DataType::kFloat16, {2, 32, 64, 64}),
                               TensorDesc::Packed(DataType::kFloat16, {2, 8, 128, 128}), 2,
                               DepthSpaceOrder::kColumnRowDepth};
  ExpectSameAsNaive(desc, 2);
}

// Between the parallel and the streaming thresholds, (de)interleaves of 2-4
// lines run on threads in stretches (RunWovenItems over each thread's range):
// ranges that start and end inside a stretch, odd thread counts, u8 lines
// that end in a scalar tail.
TEST(BlockedThreading, woven_depth_to_space_and_back_on_threads) {
  const TensorDesc deep = TensorDesc::Packed(DataType::kUint8, {1, 9 * 3, 67, 301});
  const TensorDesc wide = TensorDesc::Packed(DataType::kUint8, {1, 3, 67 * 3, 301 * 3});
  for (DepthSpaceOrder order : {DepthSpaceOrder::kDepthColumnRow, DepthSpaceOrder::kColumnRowDepth})
    for (int threads : {2, 3}) {
      ExpectSameAsNaive(DepthToSpace1Desc{deep, wide, 3, order}, threads);
      ExpectSameAsNaive(SpaceToDepth1Desc{wide, deep, 3, order}, threads);
    }
}

}  // namespace
}  // namespace dmlconf::testing
