#include "op_builders.h"

namespace dmlconf::generate {

OperatorDesc CellDescriptor(OperatorType op, const CellSpec& cell) {
  switch (op) {
#define DMLCONF_OPERATOR(Type, NAME, Desc) \
  case OperatorType::k##Type:              \
    return Type##Cell(cell);
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
  }
  return {};
}

GenCase CellPositive(OperatorDesc desc, const std::string& point) {
  const OperatorType op = TypeOf(desc);
  const TensorDesc& in = *InputSlots(desc)[0].desc;
  GenCase c;
  c.level = LowestLevel(op, in.data_type, in.DimensionCount(), DataType::kUint32);
  c.name = CellName(op, c.level, in.data_type, in.DimensionCount()) + "/" + point;
  c.desc = std::move(desc);
  return c;
}

DataType TopRowType(OperatorType op, uint32_t n) {
  const DataType type = kAllDataTypes[n % kDataTypeCount];
  return TopRow(op).data_types.Contains(type) ? type : DataType::kInt8;
}

GenCase RejectCase(OperatorDesc desc, FeatureLevel level, Reason reason, const std::string& what,
                   const std::string& description) {
  GenCase c;
  c.name = Slug(TypeOf(desc)) + "/" + LevelTag(level) + "/reject/" + what;
  c.level = level;
  c.desc = std::move(desc);
  c.expect = Expect::kReject;
  c.reason = reason;
  c.description = description;
  return c;
}

std::vector<uint32_t> UnevenPieces(uint32_t total, uint32_t pieces, uint32_t variant) {
  std::vector<uint32_t> sizes(pieces, 1);
  sizes[variant % pieces] += total - pieces;
  return sizes;
}

size_t IndicesSlot(const OperatorDesc& desc) {
  const std::vector<TensorSlot> slots = InputSlots(desc);
  for (size_t i = 0; i < slots.size(); ++i)
    if (slots[i].kind == FieldKind::kIndices) return i;
  return 0;
}

DataType IndexTypeOf(const OperatorDesc& desc) {
  return InputSlots(desc)[IndicesSlot(desc)].desc->data_type;
}

GenCase IndexedPositive(OperatorDesc desc, const std::string& point) {
  const OperatorType op = TypeOf(desc);
  const TensorDesc& in = *InputSlots(desc)[0].desc;
  const DataType index_type = IndexTypeOf(desc);
  GenCase c;
  c.level = LowestLevel(op, in.data_type, in.DimensionCount(), index_type);
  c.name = CellName(op, c.level, in.data_type, in.DimensionCount()) + "/idx-" +
           TypeTag(index_type) + "/" + point;
  c.desc = std::move(desc);
  return c;
}

void AddWithIndices(CaseSink& sink, GenCase c, const std::vector<int64_t>& indices) {
  FillInputs(c, SplitMix64(sink.seed() ^ HashName(c.name)));
  const size_t slot = IndicesSlot(c.desc);
  const DataType index_type = IndexTypeOf(c.desc);
  c.inputs[slot].values.clear();
  for (int64_t index : indices) c.inputs[slot].values.push_back(NumberBits(index_type, index));
  ComputeExpected(c);
  sink.Add("corner", std::move(c));
}

void AddCollidingSpecials(CaseSink& sink, GenCase c) {
  FillInputs(c, SplitMix64(sink.seed() ^ HashName(c.name)));
  SetCollidingSpecialPairs(c);
  ComputeExpected(c);
  sink.Add("values", std::move(c));
}

}  // namespace dmlconf::generate
