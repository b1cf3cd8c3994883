// dmlconf/saturating.h against 128-bit arithmetic, which cannot overflow on
// these operands: the exact result, or UINT64_MAX where it does not fit.
#include "dmlconf/saturating.h"

#include <gtest/gtest.h>

#include <vector>

namespace dmlconf {
namespace {

__extension__ typedef unsigned __int128 u128;  // -Wpedantic: a GNU type

constexpr u128 kMax = UINT64_MAX;

uint64_t Clamped(u128 exact) { return exact > kMax ? UINT64_MAX : uint64_t(exact); }

// Values around every edge the helpers have: 0, 1, powers of two and their
// neighbours up to 2^64, and the maximum itself.
std::vector<uint64_t> EdgeValues() {
  std::vector<uint64_t> values = {0, 1, 2, 3, 4, 5, 7, 1000};
  for (int bit = 4; bit < 64; bit += 4) {
    const uint64_t p = uint64_t(1) << bit;
    values.insert(values.end(), {p - 1, p, p + 1});
  }
  values.insert(values.end(), {UINT64_MAX - 4, UINT64_MAX - 3, UINT64_MAX - 2, UINT64_MAX - 1,
                               UINT64_MAX, uint64_t(1) << 63, (uint64_t(1) << 63) + 1});
  return values;
}

TEST(Saturating, AddIsExactOrTheMaximum) {
  for (uint64_t a : EdgeValues())
    for (uint64_t b : EdgeValues())
      ASSERT_EQ(SaturatingAdd(a, b), Clamped(u128(a) + b)) << a << " + " << b;
}

TEST(Saturating, MulIsExactOrTheMaximum) {
  for (uint64_t a : EdgeValues())
    for (uint64_t b : EdgeValues())
      ASSERT_EQ(SaturatingMul(a, b), Clamped(u128(a) * b)) << a << " * " << b;
}

TEST(Saturating, RoundUpIsExactOrTheMaximum) {
  for (uint64_t multiple : {uint64_t(1), uint64_t(2), uint64_t(4), uint64_t(16), uint64_t(4096)})
    for (uint64_t v : EdgeValues()) {
      const u128 exact = (u128(v) + multiple - 1) / multiple * multiple;
      ASSERT_EQ(SaturatingRoundUp(v, multiple), Clamped(exact)) << v << " up to " << multiple;
    }
}

// The edge a byte count meets: 2^64 - 4 is a multiple of 4 and fits; one more
// does not.
TEST(Saturating, RoundUpToFourAtTheTop) {
  EXPECT_EQ(SaturatingRoundUp(UINT64_MAX - 3, 4), UINT64_MAX - 3);
  EXPECT_EQ(SaturatingRoundUp(UINT64_MAX - 4, 4), UINT64_MAX - 3);
  EXPECT_EQ(SaturatingRoundUp(UINT64_MAX - 2, 4), UINT64_MAX);
  EXPECT_EQ(SaturatingRoundUp(UINT64_MAX, 4), UINT64_MAX);
}

// Usable where sizes are constants.
static_assert(SaturatingMul(uint64_t(1) << 32, uint64_t(1) << 32) == kSaturated);
static_assert(SaturatingAdd(kSaturated, 0) == kSaturated);
static_assert(SaturatingRoundUp(5, 4) == 8);

}  // namespace
}  // namespace dmlconf
