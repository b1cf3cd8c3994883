#include "gen_common.h"

#include <algorithm>

#include "dmlconf/pad.h"

#include <cassert>
#include <stdexcept>

#include "case_naming.h"
#include "dmlconf/tensor_layout.h"
#include "values.h"

namespace dmlconf::generate {

void CaseSink::AddComputed(const std::string& purpose, GenCase c) {
  FillInputs(c, SplitMix64(seed_ ^ HashName(c.name)));
  ComputeExpected(c);
  Add(purpose, std::move(c));
}

void CaseSink::AddChecked(const std::string& purpose, GenCase c) {
  GenCase check = c;
  ComputeExpected(check);
  const auto outputs = OutputSlots(c.desc);
  for (size_t i = 0; i < outputs.size(); ++i) {
    const TensorDesc& t = *outputs[i].desc;
    const Values claimed = Expand(t, c.expected[i]);
    if (check.expected.size() != outputs.size() || check.expected[i].values != claimed)
      throw std::logic_error("generator: the fill rule claimed for " + c.name + " " +
                             outputs[i].role + " disagrees with the oracle");
  }
  Add(purpose, std::move(c));
}

void CaseSink::Add(const std::string& purpose, GenCase c) {
  files_[Slug(TypeOf(c.desc)) + "/" + purpose + ".yaml"].push_back(std::move(c));
}

FeatureLevel LowestLevel(OperatorType op, DataType type, uint32_t rank, DataType index_type) {
  for (const SupportRow& row : SupportTable(op)) {
    if (!row.data_types.Contains(type) || !row.AllowsRank(rank)) continue;
    if (HasIndexTensor(op) && !row.index_types.Contains(index_type)) continue;
    return row.level;
  }
  assert(false && "no row allows the cell");
  return kHighestFeatureLevel;
}

FeatureLevel LowestLevelOf(const OperatorDesc& desc) {
  const OperatorType op = TypeOf(desc);
  const std::vector<TensorSlot> inputs = InputSlots(desc);
  const DataType index = HasIndexTensor(op) ? inputs[1].desc->data_type : DataType::kUint32;
  FeatureLevel level =
      LowestLevel(op, inputs[0].desc->data_type, inputs[0].desc->DimensionCount(), index);
  std::visit(
      [&](const auto& d) {
        ForEachField(d, [&](auto field, const auto& value) {
          if constexpr (field.kind == FieldKind::kPaddingMode)
            if (const std::optional<FeatureLevel> from = PaddingModeLevel(value))
              level = std::max(level, *from);
        });
      },
      desc);
  return level;
}

const SupportRow& TopRow(OperatorType op) { return SupportTable(op).back(); }

std::vector<uint32_t> SmallShape(uint32_t rank, uint32_t variant) {
  // Product over any 8 consecutive entries is 48: small enough for 1-byte
  // position codes, with 1s that move with the variant.
  static constexpr uint32_t kPattern[] = {2, 3, 1, 2, 1, 2, 1, 2};
  std::vector<uint32_t> sizes(rank);
  for (uint32_t d = 0; d < rank; ++d) sizes[d] = kPattern[(d + variant) % 8];
  return sizes;
}

UnitDimShapes UnitDims(uint32_t rank, uint32_t axis, uint32_t axis_size) {
  UnitDimShapes shapes{std::vector<uint32_t>(rank, 1), std::vector<uint32_t>(rank, 2)};
  shapes.all_but_axis[axis] = axis_size;
  shapes.unit_axis[axis] = 1;
  return shapes;
}

void ComputeExpected(GenCase& c) {
  std::vector<Values> inputs;
  for (size_t i = 0; i < c.inputs.size(); ++i) {
    const TensorDesc& t = *InputSlots(c.desc)[i].desc;
    inputs.push_back(Expand(t, c.inputs[i]));
  }
  auto outputs = OracleOutputs(c.desc, inputs);
  c.expected.clear();
  if (!outputs) {
    c.expect = Expect::kUnspecified;
    return;
  }
  for (Values& v : *outputs) c.expected.push_back({std::move(v), std::nullopt});
  c.one_of = OracleOneOf(c.desc, inputs);
  if (!c.one_of.empty() && c.expect != Expect::kRefuseOrRun) c.expect = Expect::kOneOf;
}

}  // namespace dmlconf::generate
