#include "op_builders.h"

namespace dmlconf::generate {

namespace {

JoinDesc MakeJoin(DataType type, std::vector<uint32_t> sizes, uint32_t axis,
                  const std::vector<uint32_t>& pieces) {
  JoinDesc d;
  d.axis = axis;
  d.output_tensor = TensorDesc::Packed(type, sizes);
  for (uint32_t piece : pieces) {
    sizes[axis] = piece;
    d.input_tensors.push_back(TensorDesc::Packed(type, sizes));
  }
  return d;
}

GenCase Positive(JoinDesc d, const std::string& point) {
  const TensorDesc& out = d.output_tensor;
  GenCase c;
  c.level = LowestLevel(OperatorType::kJoin, out.data_type, out.DimensionCount(), DataType::kUint32);
  c.name = CellName(OperatorType::kJoin, c.level, out.data_type, out.DimensionCount()) + "/" + point;
  c.desc = std::move(d);
  return c;
}

void AddEveryAxis(CaseSink& sink) {
  for (uint32_t rank = 1; rank <= kMaxDimensions; ++rank) {
    for (uint32_t axis = 0; axis < rank; ++axis) {
      const uint32_t pieces = 1 + (rank + axis + 2) % 5;
      std::vector<uint32_t> sizes = SmallShape(rank, axis + 3);
      sizes[axis] = pieces + (axis + 1) % 3;
      const DataType type = kAllDataTypes[(rank * 8 + axis + 5) % kDataTypeCount];
      sink.AddComputed("corner", Positive(MakeJoin(type, sizes, axis, UnevenPieces(sizes[axis], pieces, axis + 1)),
                                          "axis" + std::to_string(axis) + "-pieces" + std::to_string(pieces)));
    }
  }
  sink.AddComputed("corner", Positive(MakeJoin(DataType::kUint16, {3, 2, 5}, 2, {1, 1, 1, 1, 1}),
                                      "axis2-five-unit-pieces"));
  sink.AddComputed("corner", Positive(MakeJoin(DataType::kInt8, {1, 8, 1, 1}, 1, {6, 1, 1}),
                                      "axis1-lopsided"));
}

// Large: the axis crosses 65 535 elements. Inputs that are consecutive runs of
// one iota, joined along the outermost axis (or the only non-1 axis), lay
// those runs end to end: the output is the whole iota.
void AddLarge(CaseSink& sink) {
  const auto add = [&](DataType type, std::vector<uint32_t> sizes, uint32_t axis,
                       std::vector<uint32_t> pieces, const std::string& point) {
    GenCase c = Positive(MakeJoin(type, sizes, axis, pieces), point);
    c.description = "inputs are consecutive runs of one iota; the output is the whole iota";
    int64_t start = 0;
    for (const TensorDesc& in : std::get<JoinDesc>(c.desc).input_tensors) {
      c.inputs.push_back({{}, Iota{start, 1}});
      start += int64_t(in.ElementCount());
    }
    c.expected = {{{}, Iota{0, 1}}};
    sink.AddChecked("large", std::move(c));
  };
  add(DataType::kUint32, {3, 70000}, 0, {2, 1}, "large-axis0-70000-inner");
  add(DataType::kFloat32, {1, 140000}, 1, {70001, 69999}, "large-axis1-140000");
  add(DataType::kInt32, {1, 100000, 1, 1}, 1, {34464, 1, 65535}, "large-axis1-100000");
  // Random bits: consecutive runs of `{fill: random, seed: K}` are the rule
  // with the seed moved on, and laid end to end they are the rule again.
  GenCase c = Positive(MakeJoin(DataType::kUint16, {3, 70000}, 0, {1, 2}), "large-axis0-random");
  c.description = "inputs are consecutive runs of one random rule; the output is the whole rule";
  const uint64_t seed = SplitMix64(sink.seed() ^ HashName(c.name));
  c.inputs = {{{}, std::nullopt, seed}, {{}, std::nullopt, seed + 70000}};
  c.expected = {{{}, std::nullopt, seed}};
  sink.AddChecked("large", std::move(c));
}

// Size 1 everywhere: at every rank, every dimension but the axis is 1, and
// then the axis itself is 1 (one input) with the others 2.
void AddUnitDims(CaseSink& sink) {
  for (uint32_t rank = 1; rank <= kMaxDimensions; ++rank) {
    const uint32_t axis = rank % 2 ? rank - 1 : 0;
    const UnitDimShapes shapes = UnitDims(rank, axis, 4);
    const DataType type = kAllDataTypes[(rank * 5) % kDataTypeCount];
    sink.AddComputed("corner", Positive(MakeJoin(type, shapes.all_but_axis, axis, {3, 1}),
                                        "unit-dims-but-axis" + std::to_string(axis)));
    if (rank == 1) continue;
    sink.AddComputed("corner", Positive(MakeJoin(type, shapes.unit_axis, axis, {1}),
                                        "unit-axis" + std::to_string(axis)));
  }
}

}  // namespace

OperatorDesc JoinCell(const CellSpec& cell) {
  const uint32_t axis = cell.variant % cell.rank;
  std::vector<uint32_t> sizes = SmallShape(cell.rank, cell.variant + 1);
  sizes[axis] = 3 + cell.variant % 2;
  const uint32_t pieces = 1 + (cell.variant + 1) % 3;
  return MakeJoin(cell.type, sizes, axis, UnevenPieces(sizes[axis], pieces, cell.variant));
}

void AddJoinCases(CaseSink& sink) {
  AddEveryAxis(sink);
  AddUnitDims(sink);
  AddLarge(sink);
  const FeatureLevel top = TopRow(OperatorType::kJoin).level;
  JoinDesc base = MakeJoin(DataType::kFloat32, {2, 3, 4}, 2, {1, 3});
  JoinDesc d = base;
  d.input_tensors.clear();
  sink.Add("invalid", RejectCase(d, top, Reason::TENSOR_COUNT_ZERO, "no-inputs"));
  d = base;
  d.input_tensors[0].sizes = {2, 2, 1};
  sink.Add("invalid", RejectCase(d, top, Reason::JOIN_SIZES_MISMATCH, "input0-dim1-differs"));
  d = base;
  d.input_tensors[1].sizes = {2, 3, 4};
  sink.Add("invalid", RejectCase(d, top, Reason::JOIN_AXIS_SIZES_MISMATCH, "axis-sum-too-large",
                                 "inputs along axis 2 sum to 5, output has 4"));
  d = base;
  d.input_tensors.pop_back();
  sink.Add("invalid", RejectCase(d, top, Reason::JOIN_AXIS_SIZES_MISMATCH, "axis-sum-too-small"));
}

}  // namespace dmlconf::generate
