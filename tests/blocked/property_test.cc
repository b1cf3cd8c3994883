// Property suite: dmlconf::blocked against dmlconf::naive on thousands of
// seeded random problems per operator. Whole output buffers are compared bit
// for bit -- stride gaps and slack included, all poisoned alike beforehand --
// with guard bytes around every buffer and inputs checked untouched.
//
// Each seed also picks a threading configuration, so the threaded code runs
// on small problems too (SetParallelThresholdForTesting), and every other
// group of seeds streams its output (simd::SetStreamThresholdForTesting). A failure prints
// the seed, the problem and a command line that reruns only it.
//
// DMLCONF_PROPERTY_COUNT  problems per operator (default 2000)
// DMLCONF_PROPERTY_SEED   run this one seed only
// DMLCONF_SIMD_TARGET     dispatch the SIMD loops to this target only (SCALAR,
//                         SSSE3, SSE4, AVX2, AVX3): CTest runs the suite once
//                         per target; skipped where the CPU lacks it
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "blocked/random_problem.h"
#include "blocked/same_as_naive.h"
#include "blocked/simd.h"
#include "blocked/threading.h"
#include "dmlconf/blocked.h"
#include "dmlconf/naive.h"
#include "dmlconf/validate.h"
#include "testing/test_tensor.h"

namespace dmlconf::testing {
namespace {

constexpr uint64_t kDefaultCount = 2000;
constexpr int kMaxReportedFailures = 3;

uint64_t EnvOr(const char* name, uint64_t fallback) {
  const char* text = std::getenv(name);
  return text && *text ? std::strtoull(text, nullptr, 10) : fallback;
}

// Thread count 0 is "all cores" under the default threshold: small problems
// stay on the calling thread. The others force the threaded path.
struct ThreadConfig {
  int threads;
  uint64_t threshold_bytes;
};
constexpr ThreadConfig kThreadConfigs[] = {
    {0, blocked::kDefaultParallelThresholdBytes}, {1, 1}, {2, 1}, {3, 1}};

class ScopedThreadConfig {
 public:
  ScopedThreadConfig(ThreadConfig config, bool stream) {
    blocked::SetThreadCount(config.threads);
    blocked::SetParallelThresholdForTesting(config.threshold_bytes);
    if (stream) blocked::simd::SetStreamThresholdForTesting(1);
  }
  ~ScopedThreadConfig() {
    blocked::SetThreadCount(0);
    blocked::SetParallelThresholdForTesting(blocked::kDefaultParallelThresholdBytes);
    blocked::simd::SetStreamThresholdForTesting(blocked::simd::kDefaultStreamBytes);
  }
};

// The inputs of one problem; index and length tensors hold the problem's
// values in every slot, data tensors distinct patterns (or special floats).
std::vector<TestTensor> MakeInputs(const Problem& problem, uint64_t seed) {
  std::vector<TestTensor> inputs;
  const std::vector<TensorSlot> slots = InputSlots(problem.desc);
  const bool has_values = !problem.index_values.empty();
  for (size_t i = 0; i < slots.size(); ++i) {
    const TensorDesc& desc = *slots[i].desc;
    if (has_values && i == 1) {
      TestTensor tensor(desc);
      const size_t es = desc.ElementSize();
      for (size_t s = 0; s < problem.index_values.size(); ++s)
        StoreElement(tensor.buffer.data() + s * es, es, problem.index_values[s]);
      tensor.initial.assign(tensor.buffer.bytes().begin(), tensor.buffer.bytes().end());
      inputs.push_back(std::move(tensor));
    } else {
      inputs.push_back(MakeInput(desc, seed + i, seed % 10 == 0 ? Fill::kSpecials : Fill::kPositions));
    }
  }
  return inputs;
}

std::string ThisBinary() {
  std::error_code error;
  const std::filesystem::path path = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::string("blocked_tests") : path.string();
}

::testing::AssertionResult CheckSeed(OperatorType type, uint64_t seed) {
  ProblemRng rng(seed);
  const Problem problem = RandomProblem(type, rng);
  const ThreadConfig config = kThreadConfigs[seed % std::size(kThreadConfigs)];
  std::ostringstream context;
  const bool stream = seed / std::size(kThreadConfigs) % 2 == 1;
  context << "seed " << seed << " (threads " << config.threads << ", threshold "
          << config.threshold_bytes << " bytes" << (stream ? ", streamed" : "")
          << "): " << Describe(problem.desc);
  if (Validation v = Validate(problem.desc, kHighestFeatureLevel); !v.ok())
    return ::testing::AssertionFailure()
           << context.str() << "the generator made an invalid problem: " << v.ToString();
  const std::vector<TestTensor> inputs = MakeInputs(problem, seed);
  const std::vector<TestTensor> naive = RunKernel(&naive::Execute, problem.desc, inputs);
  std::vector<TestTensor> blocked;
  {
    ScopedThreadConfig scoped(config, stream);
    blocked = RunKernel(&blocked::Execute, problem.desc, inputs);
  }
  for (const TestTensor& input : inputs)
    if (auto untouched = Untouched(input); !untouched) return untouched << "\n" << context.str();
  const std::vector<TensorSlot> slots = OutputSlots(problem.desc);
  for (size_t i = 0; i < slots.size(); ++i)
    if (auto same = SameBuffers(slots[i], naive[i], blocked[i]); !same)
      return same << "\n" << context.str();
  return ::testing::AssertionSuccess();
}

class BlockedMatchesNaive : public ::testing::TestWithParam<OperatorType> {
 protected:
  void SetUp() override {
    const char* target = std::getenv("DMLCONF_SIMD_TARGET");
    if (!target || !*target) return;
    const std::vector<std::string> supported = blocked::SimdTargets();
    if (std::find(supported.begin(), supported.end(), target) == supported.end())
      GTEST_SKIP() << "this CPU (or binary) has no SIMD target " << target;
    ASSERT_TRUE(blocked::ForceSimdTargetForTesting(target));
    ASSERT_EQ(blocked::SimdTarget(), target);
  }
  void TearDown() override { blocked::ForceSimdTargetForTesting(""); }
};

TEST_P(BlockedMatchesNaive, random_problems) {
  const OperatorType type = GetParam();
  // Each operator has its own seed range, so one seed names one problem.
  const uint64_t first = (uint64_t(type) + 1) * 10'000'000;
  const char* only = std::getenv("DMLCONF_PROPERTY_SEED");
  const uint64_t count = EnvOr("DMLCONF_PROPERTY_COUNT", kDefaultCount);
  std::vector<uint64_t> seeds;
  if (only && *only) {
    seeds.push_back(std::strtoull(only, nullptr, 10));
  } else {
    for (uint64_t i = 0; i < count; ++i) seeds.push_back(first + i);
  }
  int failures = 0;
  for (uint64_t seed : seeds) {
    if (auto result = CheckSeed(type, seed); !result) {
      const char* target = std::getenv("DMLCONF_SIMD_TARGET");
      ADD_FAILURE() << result.message() << "Reproduce: DMLCONF_PROPERTY_SEED=" << seed
                    << " DMLCONF_SIMD_TARGET=" << (target ? target : "") << " OMP_WAIT_POLICY=passive "
                    << ThisBinary() << " --gtest_filter='"
                    << ::testing::UnitTest::GetInstance()->current_test_info()->test_suite_name()
                    << "." << ::testing::UnitTest::GetInstance()->current_test_info()->name()
                    << "'";
      if (++failures == kMaxReportedFailures) break;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Operators, BlockedMatchesNaive, ::testing::ValuesIn(kAllOperatorTypes),
                         [](const ::testing::TestParamInfo<OperatorType>& param_info) {
                           return std::string(OperatorName(param_info.param));
                         });

}  // namespace
}  // namespace dmlconf::testing
