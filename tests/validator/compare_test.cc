// The byte compare's message: coordinates, values and bits of the first
// mismatch, and which input element a wrong value was copied from.
#include "platform/compare.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace dmlconf::validator {
namespace {

using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::Not;

std::vector<std::byte> Bytes(std::initializer_list<int> values) {
  std::vector<std::byte> out;
  for (int v : values) out.push_back(std::byte(v));
  return out;
}

// A 2x3 UINT8 input holding 10..15: every value says where it sits.
struct Fixture {
  TensorDesc input = TensorDesc::Packed(DataType::kUint8, {2, 3});
  std::vector<std::byte> input_bytes = Bytes({10, 11, 12, 13, 14, 15});
  TensorDesc wide = TensorDesc::Packed(DataType::kUint16, {1});
  std::vector<std::byte> wide_bytes = Bytes({12, 0});
  std::vector<ValueSource> Sources() {
    return {{"InputTensor", &input, &input_bytes}, {"Wide", &wide, &wide_bytes}};
  }
};

TEST(WhereFrom, AUniqueValueNamesItsCoordinates) {
  Fixture f;
  const std::byte twelve{12};
  // The UINT16 tensor also holds a 12, but in two bytes: other sizes do not count.
  EXPECT_EQ(WhereFrom(&twelve, 1, f.Sources()), "InputTensor {0,2}");
  const std::byte fourteen{14};
  EXPECT_EQ(WhereFrom(&fourteen, 1, f.Sources()), "InputTensor {1,1}");
}

TEST(WhereFrom, AbsentAndRepeatedValues) {
  Fixture f;
  const std::byte ninety{90};
  EXPECT_EQ(WhereFrom(&ninety, 1, f.Sources()), "no input element");
  f.input_bytes[5] = std::byte{10};  // 10 now sits at {0,0} and {1,2}
  const std::byte ten{10};
  EXPECT_EQ(WhereFrom(&ten, 1, f.Sources()), "");
}

TEST(CompareLogical, NamesTheSourcesOfTheFirstMismatch) {
  Fixture f;
  const TensorDesc out = TensorDesc::Packed(DataType::kUint8, {3});
  // Expected {11, 12, 13}; the backend wrote 14 where 12 belongs.
  const auto diff =
      CompareLogical("OutputTensor", out, Bytes({11, 12, 13}), Bytes({11, 14, 13}), f.Sources());
  ASSERT_TRUE(diff);
  EXPECT_THAT(*diff, HasSubstr("coordinates {1} (element 1): expected 12 (bits 0x0c), actual 14"));
  EXPECT_THAT(*diff, EndsWith("; the actual value has the bits of InputTensor {1,1}, the "
                              "expected one those of InputTensor {0,2}"));
  const auto garbage =
      CompareLogical("OutputTensor", out, Bytes({11, 12, 13}), Bytes({11, 99, 13}), f.Sources());
  ASSERT_TRUE(garbage);
  EXPECT_THAT(*garbage, EndsWith("; the actual value has the bits of no input element, the "
                                 "expected one those of InputTensor {0,2}"));
  const auto no_sources =
      CompareLogical("OutputTensor", out, Bytes({11, 12, 13}), Bytes({11, 14, 13}));
  ASSERT_TRUE(no_sources);
  EXPECT_THAT(*no_sources, Not(HasSubstr("the actual value has")));
  EXPECT_FALSE(
      CompareLogical("OutputTensor", out, Bytes({1, 2, 3}), Bytes({1, 2, 3}), f.Sources()));
}

}  // namespace
}  // namespace dmlconf::validator
