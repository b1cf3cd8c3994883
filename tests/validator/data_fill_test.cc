// Fill rules against values derived from cases/README.md by hand.
#include "cases/data_fill.h"

#include <gtest/gtest.h>

#include <vector>

namespace dmlconf::validator {
namespace {

constexpr uint64_t kGamma = 0x9e3779b97f4a7c15ull;

std::vector<uint64_t> Elements(const std::vector<std::byte>& bytes, size_t size) {
  std::vector<uint64_t> out;
  for (size_t i = 0; i < bytes.size(); i += size) out.push_back(LoadElement(&bytes[i], size));
  return out;
}

// The first outputs of the reference splitmix64 generator seeded with 0 (Vigna's
// splitmix64.c; also java.util.SplittableRandom): its state advances by the
// gamma, so output n is SplitMix64(n * gamma) in the README's formulation.
TEST(SplitMix64, MatchesTheReferenceGeneratorSequence) {
  EXPECT_EQ(SplitMix64(0), 0xe220a8397b1dcdafull);
  EXPECT_EQ(SplitMix64(kGamma), 0x6e789e6aa1b965f4ull);
  EXPECT_EQ(SplitMix64(2 * kGamma), 0x06c45d188009454full);
}

TEST(FillRandom, ElementIsLowBitsOfSplitMixOfSeedPlusIndex) {
  const auto bytes = FillRandom(DataType::kUint16, 2, 0);
  ASSERT_EQ(bytes.size(), 4u);
  EXPECT_EQ(Elements(bytes, 2)[0], 0xcdafu);  // low 16 bits of 0xe220a8397b1dcdaf
  EXPECT_EQ(Elements(bytes, 2)[1], SplitMix64(1) & 0xffff);
  // Seed K shifts the sequence: element 0 of seed 1 is element 1 of seed 0.
  EXPECT_EQ(Elements(FillRandom(DataType::kUint64, 1, 1), 8)[0],
            Elements(FillRandom(DataType::kUint64, 2, 0), 8)[1]);
  EXPECT_EQ(Elements(FillRandom(DataType::kInt8, 1, 0), 1)[0], 0xafu);
}

TEST(FillIota, IntegersWrapModuloTheirWidth) {
  EXPECT_EQ(Elements(FillIota(DataType::kUint8, 4, "250", "3"), 1),
            (std::vector<uint64_t>{250, 253, 0, 3}));
  EXPECT_EQ(Elements(FillIota(DataType::kInt8, 3, "126", "1"), 1),
            (std::vector<uint64_t>{0x7e, 0x7f, 0x80}));  // 128 wraps to -128
  EXPECT_EQ(Elements(FillIota(DataType::kUint8, 3, "1", "-1"), 1),
            (std::vector<uint64_t>{1, 0, 255}));
  EXPECT_EQ(Elements(FillIota(DataType::kUint32, 3, "0", "1"), 4),
            (std::vector<uint64_t>{0, 1, 2}));  // the defaults
  EXPECT_EQ(Elements(FillIota(DataType::kInt64, 2, "-1", "-1"), 8),
            (std::vector<uint64_t>{~uint64_t(0), ~uint64_t(0) - 1}));
}

TEST(FillIota, FloatsRoundToNearestEven) {
  EXPECT_EQ(Elements(FillIota(DataType::kFloat32, 3, "0.5", "0.25"), 4),
            (std::vector<uint64_t>{0x3f000000, 0x3f400000, 0x3f800000}));
  // FLOAT16 has 11 significant bits: 2049 ties between 2048 and 2050 and goes
  // to the even 2048 (0x6800); 2050 is 0x6801.
  EXPECT_EQ(Elements(FillIota(DataType::kFloat16, 3, "2048", "1"), 2),
            (std::vector<uint64_t>{0x6800, 0x6800, 0x6801}));
  EXPECT_EQ(Elements(FillIota(DataType::kFloat64, 2, "-1", "0.5"), 8),
            (std::vector<uint64_t>{0xbff0000000000000, 0xbfe0000000000000}));
}

TEST(FillIota, IntegerTypeRefusesAFractionalStart) {
  EXPECT_THROW(FillIota(DataType::kInt32, 2, "1.5", "1"), FillError);
  EXPECT_THROW(FillIota(DataType::kFloat32, 2, "abc", "1"), FillError);
}

TEST(FillConstant, RepeatsTheExactBits) {
  EXPECT_EQ(Elements(FillConstant(DataType::kFloat32, 3, "-0"), 4),
            (std::vector<uint64_t>{0x80000000, 0x80000000, 0x80000000}));
  EXPECT_EQ(Elements(FillConstant(DataType::kFloat32, 1, "0x7fc00001"), 4)[0], 0x7fc00001u);
  EXPECT_EQ(Elements(FillConstant(DataType::kInt16, 2, "-2"), 2),
            (std::vector<uint64_t>{0xfffe, 0xfffe}));
  EXPECT_THROW(FillConstant(DataType::kUint8, 1, "256"), FillError);
  EXPECT_TRUE(FillConstant(DataType::kUint8, 0, "1").empty());
}

}  // namespace
}  // namespace dmlconf::validator
