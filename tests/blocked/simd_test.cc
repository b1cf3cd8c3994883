// The SIMD loops (blocked/simd.h) on every target this CPU runs, against the
// formula, for every element size and every length from 0 past two vectors
// of 1-byte lanes under AVX-512, so whole vectors and every tail length run.
// Outputs are poisoned and followed by guard bytes that must survive.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "blocked/simd.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {
namespace {

constexpr uint64_t kMaxLength = 140;
constexpr size_t kGuard = 64;
constexpr std::byte kPoison{0xEE};

// Distinct bytes, so a moved element shows where it came from.
std::vector<std::byte> Pattern(size_t bytes) {
  std::vector<std::byte> v(bytes);
  for (size_t i = 0; i < bytes; ++i) v[i] = std::byte(uint8_t(i * 7 + i / 251 + 1));
  return v;
}

// An output of `bytes` with guard bytes after it, all poisoned.
struct Output {
  explicit Output(size_t bytes) : data(bytes + kGuard, kPoison), size(bytes) {}
  std::byte* get() { return data.data(); }
  bool GuardIntact() const {
    for (size_t i = size; i < data.size(); ++i)
      if (data[i] != kPoison) return false;
    return true;
  }
  std::vector<std::byte> data;
  size_t size;
};

class SimdLoops : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { ASSERT_TRUE(ForceSimdTargetForTesting(GetParam())); }
  void TearDown() override { ForceSimdTargetForTesting(""); }
};

TEST_P(SimdLoops, dispatches_to_the_forced_target) { EXPECT_EQ(SimdTarget(), GetParam()); }

TEST_P(SimdLoops, interleave_and_deinterleave) {
  for (size_t es : {1, 2, 4, 8})
    for (int k = 2; k <= 4; ++k)
      for (uint64_t n = 0; n <= kMaxLength; ++n) {
        // Lines `line` bytes apart, with a gap, so a wrong stride shows.
        const int64_t line = int64_t((n + 3) * es);
        const std::vector<std::byte> lines = Pattern(size_t(line) * size_t(k));
        Output joined(n * size_t(k) * es);
        simd::Interleave(es, k, joined.get(), lines.data(), line, n);
        for (uint64_t r = 0; r < n; ++r)
          for (int c = 0; c < k; ++c)
            ASSERT_EQ(0, std::memcmp(joined.get() + (r * k + c) * es,
                                     lines.data() + c * line + int64_t(r * es), es))
                << "Interleave es=" << es << " k=" << k << " n=" << n << " r=" << r << " c=" << c;
        ASSERT_TRUE(joined.GuardIntact()) << "Interleave es=" << es << " k=" << k << " n=" << n;
        Output split(size_t(line) * size_t(k));
        simd::Deinterleave(es, k, split.get(), line, joined.get(), n);
        for (int c = 0; c < k; ++c) {
          ASSERT_EQ(0, std::memcmp(split.get() + c * line, lines.data() + c * line, n * es))
              << "Deinterleave es=" << es << " k=" << k << " n=" << n << " c=" << c;
          for (int64_t b = int64_t(n * es); b < line; ++b)
            ASSERT_EQ(split.get()[c * line + b], kPoison) << "gap written, es=" << es << " n=" << n;
        }
        ASSERT_TRUE(split.GuardIntact()) << "Deinterleave es=" << es << " k=" << k << " n=" << n;
      }
}

TEST_P(SimdLoops, reverse_run) {
  for (size_t es : {1, 2, 4, 8})
    for (uint64_t n = 0; n <= kMaxLength; ++n) {
      const std::vector<std::byte> in = Pattern(n * es + es);  // one element of slack before
      Output out(n * es);
      if (n > 0) simd::ReverseRun(es, out.get(), in.data() + es + (n - 1) * es, n);
      for (uint64_t i = 0; i < n; ++i)
        ASSERT_EQ(0, std::memcmp(out.get() + i * es, in.data() + es + (n - 1 - i) * es, es))
            << "ReverseRun es=" << es << " n=" << n << " i=" << i;
      ASSERT_TRUE(out.GuardIntact()) << "ReverseRun es=" << es << " n=" << n;
    }
}

TEST_P(SimdLoops, gather_elements) {
  constexpr uint64_t kRow = 97;  // elements in the input row
  for (size_t es : {1, 2, 4, 8})
    for (uint64_t n = 0; n <= kMaxLength; ++n) {
      const std::vector<std::byte> row = Pattern(kRow * es);
      std::vector<int32_t> offsets(n);
      for (uint64_t i = 0; i < n; ++i) offsets[i] = int32_t((i * 37 + n) % kRow * es);
      Output out(n * es);
      simd::GatherElements(es, out.get(), row.data(), offsets.data(), n, row.data(),
                           row.size());
      for (uint64_t i = 0; i < n; ++i)
        ASSERT_EQ(0, std::memcmp(out.get() + i * es, row.data() + offsets[i], es))
            << "GatherElements es=" << es << " n=" << n << " i=" << i;
      ASSERT_TRUE(out.GuardIntact()) << "GatherElements es=" << es << " n=" << n;
    }
}

TEST_P(SimdLoops, stream_run_any_alignment_and_length) {
  const std::vector<std::byte> in = Pattern(4 * kMaxLength + 64);
  for (size_t misalign = 0; misalign < 64; misalign += 7)
    for (size_t bytes = 0; bytes <= 4 * kMaxLength; ++bytes) {
      Output out(misalign + bytes);
      simd::StreamRun(out.get() + misalign, in.data() + 3, bytes);
      ASSERT_EQ(0, std::memcmp(out.get() + misalign, in.data() + 3, bytes))
          << "StreamRun misalign=" << misalign << " bytes=" << bytes;
      for (size_t b = 0; b < misalign; ++b)
        ASSERT_EQ(out.get()[b], kPoison) << "StreamRun wrote before dst, bytes=" << bytes;
      ASSERT_TRUE(out.GuardIntact()) << "StreamRun misalign=" << misalign << " bytes=" << bytes;
    }
}

TEST(SimdTargets, baseline_always_present_and_unknown_names_refused) {
  const std::vector<std::string> targets = SimdTargets();
  ASSERT_FALSE(targets.empty());
  EXPECT_EQ(targets.back(), "SCALAR");  // the plain x86-64 copy, last = worst
  EXPECT_FALSE(ForceSimdTargetForTesting("NO_SUCH_TARGET"));
  EXPECT_EQ(SimdTarget(), targets.front());
}

INSTANTIATE_TEST_SUITE_P(Targets, SimdLoops, ::testing::ValuesIn(SimdTargets()),
                         [](const ::testing::TestParamInfo<std::string>& param_info) {
                           return param_info.param;
                         });

}  // namespace
}  // namespace dmlconf::blocked
