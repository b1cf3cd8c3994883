#include "dmlconf/data_type.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <random>

namespace dmlconf {
namespace {

ElementBits MustParse(DataType type, std::string_view text) {
  std::string error;
  std::optional<ElementBits> bits = ParseElement(type, text, &error);
  EXPECT_TRUE(bits.has_value()) << text << ": " << error;
  return bits.value_or(0xDEADBEEF);
}

std::string ParseError(DataType type, std::string_view text) {
  std::string error;
  EXPECT_FALSE(ParseElement(type, text, &error).has_value()) << text;
  return error;
}

void ExpectRoundTrip(DataType type, ElementBits bits) {
  const std::string text = FormatElement(type, bits);
  std::string error;
  std::optional<ElementBits> back = ParseElement(type, text, &error);
  ASSERT_TRUE(back.has_value()) << FormatBits(type, bits) << " -> '" << text << "': " << error;
  ASSERT_EQ(*back, bits) << DataTypeName(type) << " " << FormatBits(type, bits) << " -> '" << text
                         << "' -> " << FormatBits(type, *back);
}

TEST(DataType, NamesAndSizesFollowTheSpecification) {
  const std::pair<const char*, size_t> expected[] = {
      {"FLOAT64", 8}, {"FLOAT32", 4}, {"FLOAT16", 2}, {"INT64", 8},  {"INT32", 4}, {"INT16", 2},
      {"INT8", 1},    {"UINT64", 8},  {"UINT32", 4},  {"UINT16", 2}, {"UINT8", 1}};
  ASSERT_EQ(std::size(expected), kAllDataTypes.size());
  for (size_t i = 0; i < kAllDataTypes.size(); ++i) {
    EXPECT_EQ(DataTypeName(kAllDataTypes[i]), expected[i].first);
    EXPECT_EQ(ElementSize(kAllDataTypes[i]), expected[i].second);
    EXPECT_EQ(ParseDataType(expected[i].first), kAllDataTypes[i]);
    EXPECT_EQ(ParseDataType(std::string("DML_TENSOR_DATA_TYPE_") + expected[i].first),
              kAllDataTypes[i]);
  }
  EXPECT_FALSE(ParseDataType("FLOAT8").has_value());
  EXPECT_FALSE(ParseDataType("float32").has_value());
}

TEST(DataType, Float16RoundTripsEveryBitPatternThroughText) {
  for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) ExpectRoundTrip(DataType::kFloat16, bits);
}

TEST(DataType, Float32AndFloat64RoundTripRandomAndSpecialBitPatterns) {
  std::mt19937_64 rng(20261122);
  const ElementBits specials32[] = {0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000,
                                    0x7fc00001, 0x7f800001, 0xffbfffff, 0x00000001, 0x807fffff,
                                    0x7f7fffff, 0x00800000};
  for (ElementBits b : specials32) ExpectRoundTrip(DataType::kFloat32, b);
  const ElementBits specials64[] = {0x0ull, 0x8000000000000000ull, 0x7ff0000000000000ull,
                                    0xfff8000000000001ull, 0x7ff0000000000001ull, 0x1ull,
                                    0x7fefffffffffffffull, 0x000fffffffffffffull};
  for (ElementBits b : specials64) ExpectRoundTrip(DataType::kFloat64, b);
  for (int i = 0; i < 200000; ++i) {
    const uint64_t r = rng();
    ExpectRoundTrip(DataType::kFloat32, r & 0xFFFFFFFF);
    ExpectRoundTrip(DataType::kFloat64, r);
  }
}

TEST(DataType, IntegersRoundTripAtTheirExtremes) {
  for (DataType type : kAllDataTypes) {
    if (IsFloat(type)) continue;
    const ElementBits mask = ElementSize(type) == 8 ? ~0ull : (1ull << (8 * ElementSize(type))) - 1;
    for (ElementBits b : {ElementBits(0), ElementBits(1), mask, mask >> 1, (mask >> 1) + 1})
      ExpectRoundTrip(type, b);
  }
}

TEST(DataType, HexBitPatternsAreExact) {
  EXPECT_EQ(MustParse(DataType::kFloat16, "0x7e01"), 0x7e01u);
  EXPECT_EQ(MustParse(DataType::kFloat32, "0x7fc00001"), 0x7fc00001u);
  EXPECT_EQ(MustParse(DataType::kFloat64, "0xfff8000000000001"), 0xfff8000000000001ull);
  EXPECT_EQ(MustParse(DataType::kInt8, "0xff"), 0xffu);
  EXPECT_EQ(FormatBits(DataType::kFloat16, 0x7e01), "0x7e01");
  EXPECT_EQ(FormatBits(DataType::kUint8, 0x5), "0x05");
  EXPECT_NE(ParseError(DataType::kFloat16, "0x17e01").find("wider than FLOAT16"), std::string::npos);
  EXPECT_NE(ParseError(DataType::kUint32, "0xzz").find("hexadecimal"), std::string::npos);
}

TEST(DataType, NanIsFormattedAsItsBitsSoThePayloadSurvives) {
  EXPECT_EQ(FormatElement(DataType::kFloat32, 0x7fc00001), "0x7fc00001");
  EXPECT_EQ(FormatElement(DataType::kFloat32, 0xff800001), "0xff800001");  // signalling, negative
  EXPECT_EQ(FormatElement(DataType::kFloat16, 0x7e01), "0x7e01");
}

TEST(DataType, DecimalFloatsParseToTheNearestValue) {
  EXPECT_EQ(MustParse(DataType::kFloat32, "1.5"), 0x3fc00000u);
  EXPECT_EQ(MustParse(DataType::kFloat32, "-0"), 0x80000000u);
  EXPECT_EQ(MustParse(DataType::kFloat32, "-0.0"), 0x80000000u);
  EXPECT_EQ(MustParse(DataType::kFloat32, "inf"), 0x7f800000u);
  EXPECT_EQ(MustParse(DataType::kFloat32, "-.inf"), 0xff800000u);
  EXPECT_EQ(MustParse(DataType::kFloat32, "nan"), 0x7fc00000u);
  EXPECT_EQ(MustParse(DataType::kFloat32, ".nan"), 0x7fc00000u);
  EXPECT_EQ(MustParse(DataType::kFloat32, "1e-45"), 0x00000001u);  // smallest subnormal
  EXPECT_EQ(MustParse(DataType::kFloat64, "0.1"), 0x3fb999999999999aull);
  EXPECT_EQ(MustParse(DataType::kFloat16, "1"), 0x3c00u);
  EXPECT_EQ(MustParse(DataType::kFloat16, "65504"), 0x7bffu);   // largest finite half
  EXPECT_EQ(MustParse(DataType::kFloat16, "65520"), 0x7c00u);   // rounds to infinity
  EXPECT_EQ(MustParse(DataType::kFloat16, "5.9604644775390625e-08"), 0x0001u);
  // Exactly halfway between the halfs 1 and 1+2^-10: ties to even.
  EXPECT_EQ(MustParse(DataType::kFloat16, "1.00048828125"), 0x3c00u);
  // A hair above halfway must round up, though float rounds it back to the tie.
  EXPECT_EQ(MustParse(DataType::kFloat16, "1.0004882812500003"), 0x3c01u);
}

TEST(DataType, IntegersAreRangeChecked) {
  EXPECT_EQ(MustParse(DataType::kInt8, "-128"), 0x80u);
  EXPECT_EQ(MustParse(DataType::kInt8, "127"), 0x7fu);
  EXPECT_EQ(MustParse(DataType::kUint64, "18446744073709551615"), ~0ull);
  EXPECT_EQ(MustParse(DataType::kInt64, "-9223372036854775808"), 0x8000000000000000ull);
  EXPECT_NE(ParseError(DataType::kInt8, "128").find("out of range for INT8"), std::string::npos);
  EXPECT_NE(ParseError(DataType::kUint8, "-1").find("negative"), std::string::npos);
  EXPECT_NE(ParseError(DataType::kUint16, "65536").find("out of range"), std::string::npos);
  EXPECT_NE(ParseError(DataType::kInt32, "1.5").find("not an integer"), std::string::npos);
  EXPECT_NE(ParseError(DataType::kUint64, "18446744073709551616").find("out of range"),
            std::string::npos);
  EXPECT_FALSE(ParseError(DataType::kInt32, "").empty());
  EXPECT_FALSE(ParseError(DataType::kFloat32, "abc").empty());
}

TEST(DataType, SetsHoldExactlyWhatWasInserted) {
  DataTypeSet set = {DataType::kFloat16, DataType::kUint8};
  EXPECT_TRUE(set.Contains(DataType::kFloat16));
  EXPECT_FALSE(set.Contains(DataType::kFloat32));
  EXPECT_EQ(set.ToString(), "FLOAT16 UINT8");
  set.Insert(DataType::kFloat64);
  EXPECT_EQ(set.ToString(), "FLOAT64 FLOAT16 UINT8");
  EXPECT_TRUE(DataTypeSet{}.Empty());
}

TEST(DataType, LoadAndStoreMoveExactlyTheElementBytes) {
  std::byte buf[10];
  std::memset(buf, 0xAB, sizeof buf);
  StoreElement(buf + 1, 2, 0x1234);
  EXPECT_EQ(buf[0], std::byte{0xAB});
  EXPECT_EQ(buf[1], std::byte{0x34});
  EXPECT_EQ(buf[2], std::byte{0x12});
  EXPECT_EQ(buf[3], std::byte{0xAB});
  EXPECT_EQ(LoadElement(buf + 1, 2), 0x1234u);
}

}  // namespace
}  // namespace dmlconf
