#include "dmlconf/op_desc.h"

#include <gtest/gtest.h>

namespace dmlconf {
namespace {

std::vector<std::string> Roles(const std::vector<TensorSlot>& slots) {
  std::vector<std::string> roles;
  for (const TensorSlot& s : slots) roles.push_back(s.role);
  return roles;
}

TEST(OpDesc, NamesRoundTripWithAndWithoutPrefix) {
  for (OperatorType op : kAllOperatorTypes) {
    EXPECT_EQ(ParseOperatorType(OperatorName(op)), op);
    EXPECT_EQ(ParseOperatorType("DML_OPERATOR_" + std::string(OperatorName(op))), op);
  }
  EXPECT_EQ(OperatorName(OperatorType::kDepthToSpace1), "DEPTH_TO_SPACE1");
  EXPECT_EQ(OperatorName(OperatorType::kDepthToSpace), "DEPTH_TO_SPACE");
  EXPECT_FALSE(ParseOperatorType("DEPTH_TO_SPACE2").has_value());
  EXPECT_FALSE(ParseOperatorType("depth_to_space").has_value());
}

TEST(OpDesc, SlotsFollowTheDescriptorsFieldOrder) {
  SplitDesc split;
  split.output_tensors.resize(3);
  EXPECT_EQ(Roles(InputSlots(split)), (std::vector<std::string>{"InputTensor"}));
  EXPECT_EQ(Roles(OutputSlots(split)),
            (std::vector<std::string>{"OutputTensors[0]", "OutputTensors[1]", "OutputTensors[2]"}));
  EXPECT_EQ(OutputSlots(split)[2].desc, &split.output_tensors[2]);

  JoinDesc join;
  join.input_tensors.resize(2);
  EXPECT_EQ(Roles(InputSlots(join)), (std::vector<std::string>{"InputTensors[0]", "InputTensors[1]"}));
  EXPECT_EQ(Roles(InputSlots(GatherDesc{})),
            (std::vector<std::string>{"InputTensor", "IndicesTensor"}));
  EXPECT_EQ(Roles(InputSlots(ReverseSubsequencesDesc{})),
            (std::vector<std::string>{"InputTensor", "SequenceLengthsTensor"}));
  EXPECT_EQ(Roles(OutputSlots(SpaceToDepth1Desc{})), (std::vector<std::string>{"OutputTensor"}));
}

TEST(OpDesc, VariantIndexIsTheOperatorType) {
  EXPECT_EQ(TypeOf(OperatorDesc(GatherDesc{})), OperatorType::kGather);
  EXPECT_EQ(TypeOf(OperatorDesc(ReverseSubsequencesDesc{})), OperatorType::kReverseSubsequences);
}

TEST(OpDesc, OrderParsesNamesAndKeepsInvalidNumbersForValidation) {
  EXPECT_EQ(ParseDepthSpaceOrder("DEPTH_COLUMN_ROW"), DepthSpaceOrder::kDepthColumnRow);
  EXPECT_EQ(ParseDepthSpaceOrder("DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH"),
            DepthSpaceOrder::kColumnRowDepth);
  EXPECT_EQ(ParseDepthSpaceOrder("1"), DepthSpaceOrder::kColumnRowDepth);
  EXPECT_EQ(ParseDepthSpaceOrder("2"), DepthSpaceOrder(2));
  EXPECT_EQ(DepthSpaceOrderName(DepthSpaceOrder(2)), "ORDER_2");
  EXPECT_FALSE(ParseDepthSpaceOrder("ROW_DEPTH").has_value());
  EXPECT_FALSE(ParseDepthSpaceOrder("").has_value());
}

}  // namespace
}  // namespace dmlconf
