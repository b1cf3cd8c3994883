// Fill rules against values derived from cases/README.md by hand.
#include "cases/data_fill.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cases/number_text.h"

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

// ---- number spellings (issue 12, item 9; cases/README.md "Number spellings") ----

// The bits of `text`, or the error.
std::string Read(DataType type, const std::string& text) {
  std::string error;
  const std::optional<ElementBits> bits = ParseCaseElement(type, text, &error);
  return bits ? FormatBits(type, *bits) : "error: " + error;
}

TEST(NumberSpellings, NanIsThePositiveQuietNanInEverySpelling) {
  for (const char* text : {"nan", "NaN", ".nan", ".NaN", "+nan", "+.nan"}) {
    EXPECT_EQ(Read(DataType::kFloat32, text), "0x7fc00000") << text;
    EXPECT_EQ(Read(DataType::kFloat16, text), "0x7e00") << text;
    EXPECT_EQ(Read(DataType::kFloat64, text), "0x7ff8000000000000") << text;
  }
}

TEST(NumberSpellings, SignedNanIsRefusedAlikeAndNamesItsBits) {
  // '-nan' was read (from_chars) as the sign-bit NaN while '-.nan' was refused.
  for (const char* text : {"-nan", "-.nan", "-NaN", "-.NAN"}) {
    EXPECT_THAT(Read(DataType::kFloat32, text),
                ::testing::HasSubstr("written as the bit pattern 0xffc00000"))
        << text;
    EXPECT_THAT(Read(DataType::kFloat16, text), ::testing::HasSubstr("0xfe00")) << text;
    EXPECT_THAT(Read(DataType::kFloat64, text), ::testing::HasSubstr("0xfff8000000000000"))
        << text;
  }
}

TEST(NumberSpellings, NanPayloadIsRefusedNotDropped) {
  // 'nan(0x7f)' was read as the plain quiet NaN, its payload dropped.
  for (const char* text : {"nan(0x7f)", "nan(127)", "-nan(1)", ".nan(1)", "nan()"})
    EXPECT_THAT(Read(DataType::kFloat32, text),
                ::testing::HasSubstr("a NaN payload is written as the bit pattern"))
        << text;
  EXPECT_EQ(Read(DataType::kFloat32, "0x7fc0007f"), "0x7fc0007f");  // the way to write one
}

TEST(NumberSpellings, TooLargeIsAnErrorInEveryFloatType) {
  // FLOAT16 '1e40' became +inf while FLOAT32 '1e40' was an error.
  EXPECT_THAT(Read(DataType::kFloat16, "1e40"),
              ::testing::HasSubstr("'1e40' is out of range for FLOAT16 (largest finite 65504)"));
  EXPECT_THAT(Read(DataType::kFloat32, "1e40"),
              ::testing::HasSubstr("'1e40' is out of range for FLOAT32"));
  EXPECT_THAT(Read(DataType::kFloat64, "1e400"),
              ::testing::HasSubstr("'1e400' is out of range for FLOAT64"));
  // The boundary is rounding to nearest even: 65519 rounds to 65504, 65520 to inf.
  EXPECT_EQ(Read(DataType::kFloat16, "65519"), "0x7bff");
  EXPECT_THAT(Read(DataType::kFloat16, "65520"), ::testing::HasSubstr("out of range"));
  EXPECT_THAT(Read(DataType::kFloat16, "-65520"), ::testing::HasSubstr("out of range"));
  EXPECT_EQ(Read(DataType::kFloat32, "3.4028235e38"), "0x7f7fffff");
  EXPECT_THAT(Read(DataType::kFloat32, "3.4028236e38"), ::testing::HasSubstr("out of range"));
  // Infinity is written as a word.
  for (const char* text : {"inf", ".inf", "+inf", "Infinity"})
    EXPECT_EQ(Read(DataType::kFloat16, text), "0x7c00") << text;
  for (const char* text : {"-inf", "-.inf", "-Infinity"})
    EXPECT_EQ(Read(DataType::kFloat16, text), "0xfc00") << text;
}

TEST(NumberSpellings, TooSmallIsAnErrorInEveryFloatType) {
  // FLOAT32 refused '1e-46' (from_chars) while FLOAT16 read '1e-10' as 0.
  EXPECT_THAT(Read(DataType::kFloat16, "1e-10"),
              ::testing::HasSubstr("'1e-10' is too small for FLOAT16: it would round to 0"));
  EXPECT_THAT(Read(DataType::kFloat32, "1e-46"), ::testing::HasSubstr("too small for FLOAT32"));
  EXPECT_THAT(Read(DataType::kFloat64, "1e-400"), ::testing::HasSubstr("too small for FLOAT64"));
  // Subnormals are values: each type's smallest.
  EXPECT_EQ(Read(DataType::kFloat16, "6e-8"), "0x0001");
  EXPECT_EQ(Read(DataType::kFloat32, "1e-45"), "0x00000001");
  EXPECT_EQ(Read(DataType::kFloat64, "5e-324"), "0x0000000000000001");
  // Zero written as zero is zero, signed or not.
  EXPECT_EQ(Read(DataType::kFloat16, "0e5"), "0x0000");
  EXPECT_EQ(Read(DataType::kFloat16, "-0.0"), "0x8000");
}

TEST(NumberSpellings, FillRulesFollowTheSameRules) {
  EXPECT_THROW(FillConstant(DataType::kFloat16, 1, "-nan"), FillError);
  EXPECT_THROW(FillConstant(DataType::kFloat32, 1, "nan(0x7f)"), FillError);
  EXPECT_THROW(FillConstant(DataType::kFloat16, 1, "1e40"), FillError);
  // An iota that passes FLOAT16's largest value: an error, not a run of inf.
  try {
    FillIota(DataType::kFloat16, 3, "64000", "1000");
    ADD_FAILURE() << "no error";
  } catch (const FillError& e) {
    EXPECT_THAT(e.message, ::testing::HasSubstr("'66000' is out of range for FLOAT16"));
  }
}

TEST(NumberSpellings, IntegersAreUnchanged) {
  EXPECT_EQ(Read(DataType::kInt8, "-128"), "0x80");
  EXPECT_THAT(Read(DataType::kUint8, "256"), ::testing::HasSubstr("out of range"));
  EXPECT_THAT(Read(DataType::kInt32, "nan"), ::testing::HasSubstr("not an integer"));
}

}  // namespace
}  // namespace dmlconf::validator
