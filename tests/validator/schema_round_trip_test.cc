// Every field of every operator's schema (op_schema.inc), each at a value its
// default is not, through every place a descriptor is spelled out and back: the
// case files' writer and reader, the protocols' JSON (as the plug-in host reads
// it), and the C ABI both ways. A field one of them dropped or misread would come
// back different.
#include <gtest/gtest.h>

#include <cstddef>

#include <yaml-cpp/yaml.h>

#include "backends/c_abi.h"
#include "backends/descriptor_json.h"
#include "dmlconf/validator/case.h"
#include "gen_case.h"

namespace dmlconf {
namespace {

TensorDesc Distinct(uint32_t k) {
  TensorDesc t = TensorDesc::Packed(kAllDataTypes[k % kDataTypeCount], {k + 1, k + 2, 3});
  t.strides = std::vector<uint32_t>{64, 3, 1};
  t.total_tensor_size_in_bytes = 4096 + 4 * k;
  t.guaranteed_base_offset_alignment = 16;
  t.flags = k % 2;
  return t;
}

// Each field away from its default; tensors all different from one another.
OperatorDesc Filled(OperatorType op, DepthSpaceOrder order) {
  OperatorDesc desc = DefaultDesc(op);
  uint32_t k = 0;
  std::visit(
      [&](auto& d) {
        ForEachField(d, [&](auto field, auto& value) {
          constexpr FieldKind kind = field.kind;
          if constexpr (IsList(kind))
            value = {Distinct(k++), Distinct(k++), Distinct(k++)};
          else if constexpr (IsTensor(kind))
            value = Distinct(k++);
          else if constexpr (kind == FieldKind::kOrder)
            value = order;
          else if constexpr (IsArray(kind))  // each array its own entries; signed ones negative
            value = {
                ArrayElement<kind>(std::is_signed_v<ArrayElement<kind>> ? -int(kind) : int(kind)),
                5, ArrayElement<kind>(k++)};
          else if constexpr (kind == FieldKind::kPaddingMode)  // as the order: valid, then not
            value = order == DepthSpaceOrder(2) ? PaddingMode(5) : PaddingMode::kSymmetric;
          else if constexpr (kind == FieldKind::kPaddingValue)
            value = 0x7fa00001u;  // a signalling NaN with a payload
          else if constexpr (kind == FieldKind::kPaddingValueDataType)
            value = DataType::kInt16;
          else if constexpr (kind == FieldKind::kTypedPaddingValue)
            value = 0x8000;  // INT16's minimum
          else
            value = 7 + uint32_t(kind);  // Axis 13, IndexDimensions 14, BlockSize 15
        });
      },
      desc);
  return desc;
}

OperatorDesc ThroughYaml(const OperatorDesc& desc) {
  generate::GenCase c;
  c.name = "round-trip";
  c.desc = desc;
  c.expect = generate::Expect::kReject;  // a descriptor alone, no data
  c.reason = Reason::AXIS_OUT_OF_RANGE;
  const YAML::Node file = YAML::Load(generate::CaseFileText("", {c}));
  return validator::ParseDescriptorText(TypeOf(desc), YAML::Dump(file["cases"][0]["descriptor"]),
                                        "round trip");
}

OperatorDesc ThroughJson(const OperatorDesc& desc) {
  return validator::ParseDescriptorText(TypeOf(desc), DescriptorJson(desc).dump(), "round trip");
}

OperatorDesc ThroughC(const OperatorDesc& desc) { return FromC(*CDesc(desc).get()); }

class SchemaRoundTrip : public ::testing::TestWithParam<OperatorType> {};

TEST_P(SchemaRoundTrip, every_field_comes_back) {
  // COLUMN_ROW_DEPTH is not the default; 2 is no order at all, which every path
  // must keep for validation to refuse.
  for (DepthSpaceOrder order : {DepthSpaceOrder::kColumnRowDepth, DepthSpaceOrder(2)}) {
    const OperatorDesc desc = Filled(GetParam(), order);
    ASSERT_NE(desc, DefaultDesc(GetParam()));
    EXPECT_EQ(ThroughYaml(desc), desc) << "case file writer and reader";
    EXPECT_EQ(ThroughJson(desc), desc) << "protocol JSON";
    EXPECT_EQ(ThroughC(desc), desc) << "C ABI";
  }
}

TEST_P(SchemaRoundTrip, every_field_is_spelled_out) {
  const OperatorDesc desc = Filled(GetParam(), DepthSpaceOrder::kColumnRowDepth);
  const nlohmann::json json = DescriptorJson(desc);
  size_t fields = 0;
  std::visit(
      [&](const auto& d) {
        ForEachField(d, [&](auto field, const auto&) {
          ++fields;
          EXPECT_TRUE(json.contains(std::string(field.name))) << field.name;
        });
      },
      desc);
  EXPECT_EQ(json.size(), fields);
}

// Operators join the ABI at the end of ops.inc: version 1's layout and its six
// operators' numbers never move, so a plug-in built against version 1 still reads
// every descriptor it knows (and refuses an operator number it does not).
TEST(CAbi, version_1_layout_is_kept) {
  EXPECT_EQ(DMLCONF_BACKEND_ABI_MAJOR, 1);  // 1.1 adds an answer, not a field
  EXPECT_EQ(sizeof(dmlconf_tensor_desc), 56u);
  EXPECT_EQ(offsetof(dmlconf_tensor_desc, sizes), 16u);
  EXPECT_EQ(offsetof(dmlconf_tensor_desc, strides), 32u);
  EXPECT_EQ(offsetof(dmlconf_tensor_desc, total_tensor_size_in_bytes), 40u);
  EXPECT_EQ(offsetof(dmlconf_tensor_desc, guaranteed_base_offset_alignment), 48u);
  // Version 1's members end at 48; the ND operators' counts come after them (issue 27),
  // then the window family's arrays and padding values (issue 30).
  EXPECT_EQ(offsetof(dmlconf_operator_desc, input_dimension_count), 48u);
  EXPECT_EQ(offsetof(dmlconf_operator_desc, indices_dimension_count), 52u);
  EXPECT_EQ(offsetof(dmlconf_operator_desc, batch_dimension_count), 56u);
  EXPECT_EQ(offsetof(dmlconf_operator_desc, array_count), 60u);
  EXPECT_EQ(offsetof(dmlconf_operator_desc, inputs), 8u);
  EXPECT_EQ(offsetof(dmlconf_operator_desc, outputs), 24u);
  EXPECT_EQ(offsetof(dmlconf_operator_desc, axis), 32u);
  EXPECT_EQ(offsetof(dmlconf_operator_desc, index_dimensions), 36u);
  EXPECT_EQ(offsetof(dmlconf_operator_desc, block_size), 40u);
  EXPECT_EQ(offsetof(dmlconf_operator_desc, order), 44u);
  const int version_1[] = {DMLCONF_SPLIT,           DMLCONF_JOIN,
                           DMLCONF_GATHER,          DMLCONF_DEPTH_TO_SPACE1,
                           DMLCONF_SPACE_TO_DEPTH1, DMLCONF_REVERSE_SUBSEQUENCES};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(version_1[i], i);
}

INSTANTIATE_TEST_SUITE_P(AllOperators, SchemaRoundTrip, ::testing::ValuesIn(kAllOperatorTypes),
                         [](const auto& p) { return std::string(OperatorName(p.param)); });

}  // namespace
}  // namespace dmlconf
