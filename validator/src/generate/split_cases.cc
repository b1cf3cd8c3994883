#include "op_builders.h"

namespace dmlconf::generate {

namespace {

SplitDesc MakeSplit(DataType type, std::vector<uint32_t> sizes, uint32_t axis,
                    const std::vector<uint32_t>& pieces) {
  SplitDesc d;
  d.axis = axis;
  d.input_tensor = TensorDesc::Packed(type, sizes);
  for (uint32_t piece : pieces) {
    sizes[axis] = piece;
    d.output_tensors.push_back(TensorDesc::Packed(type, sizes));
  }
  return d;
}

GenCase Positive(SplitDesc d, const std::string& point) {
  const TensorDesc& in = d.input_tensor;
  GenCase c;
  c.level = LowestLevel(OperatorType::kSplit, in.data_type, in.DimensionCount(), DataType::kUint32);
  c.name = CellName(OperatorType::kSplit, c.level, in.data_type, in.DimensionCount()) + "/" + point;
  c.desc = std::move(d);
  return c;
}

// Every axis of every rank, 1 to 5 pieces, uneven, size-1 axes included.
void AddEveryAxis(CaseSink& sink) {
  for (uint32_t rank = 1; rank <= kMaxDimensions; ++rank) {
    for (uint32_t axis = 0; axis < rank; ++axis) {
      const uint32_t pieces = 1 + (rank + axis) % 5;
      std::vector<uint32_t> sizes = SmallShape(rank, axis);
      sizes[axis] = pieces + axis % 3;
      const DataType type = kAllDataTypes[(rank * 8 + axis) % kDataTypeCount];
      sink.AddComputed("corner", Positive(MakeSplit(type, sizes, axis, UnevenPieces(sizes[axis], pieces, axis)),
                                          "axis" + std::to_string(axis) + "-pieces" + std::to_string(pieces)));
    }
  }
  // Five pieces of one element each, and one piece holding almost everything.
  sink.AddComputed("corner", Positive(MakeSplit(DataType::kInt16, {2, 5, 3}, 1, {1, 1, 1, 1, 1}),
                                      "axis1-five-unit-pieces"));
  sink.AddComputed("corner", Positive(MakeSplit(DataType::kUint8, {1, 1, 9, 1}, 2, {1, 7, 1}),
                                      "axis2-lopsided"));
}

// Large: the axis crosses 65 535 elements. Slabs of an iota input along the
// outermost axis (or along the only non-1 axis) are contiguous runs of it, so
// each output is again an iota, starting at its slab's first element.
void AddLarge(CaseSink& sink) {
  const auto add = [&](DataType type, std::vector<uint32_t> sizes, uint32_t axis,
                       std::vector<uint32_t> pieces, const std::string& point) {
    GenCase c = Positive(MakeSplit(type, sizes, axis, pieces), point);
    c.description = "iota input; each output is the iota continuing at its slab's offset";
    c.inputs = {{{}, Iota{0, 1}}};
    int64_t start = 0;
    for (const TensorDesc& o : std::get<SplitDesc>(c.desc).output_tensors) {
      c.expected.push_back({{}, Iota{start, 1}});
      start += int64_t(o.ElementCount());
    }
    sink.AddChecked("large", std::move(c));
  };
  add(DataType::kUint32, {3, 70000}, 0, {1, 2}, "large-axis0-70000-inner");
  add(DataType::kFloat32, {1, 140000}, 1, {70000, 70000}, "large-axis1-140000");
  add(DataType::kInt32, {100000, 1, 1, 1}, 0, {65535, 1, 34464}, "large-axis0-100000");
  // Random bits: slab i of `{fill: random, seed: K}` is the same rule with the
  // seed moved on by the slab's first element.
  GenCase c = Positive(MakeSplit(DataType::kUint16, {3, 70000}, 0, {2, 1}), "large-axis0-random");
  c.description = "random input; each output is the random rule at its slab's offset";
  const uint64_t seed = SplitMix64(sink.seed() ^ HashName(c.name));
  c.inputs = {{{}, std::nullopt, seed}};
  c.expected = {{{}, std::nullopt, seed}, {{}, std::nullopt, seed + 140000}};
  sink.AddChecked("large", std::move(c));
}

// Size 1 everywhere: at every rank, every dimension but the axis is 1, and
// then the axis itself is 1 (one piece) with the others 2.
void AddUnitDims(CaseSink& sink) {
  for (uint32_t rank = 1; rank <= kMaxDimensions; ++rank) {
    const uint32_t axis = rank % 2 ? 0 : rank - 1;
    const UnitDimShapes shapes = UnitDims(rank, axis, 4);
    const DataType type = kAllDataTypes[(rank * 3) % kDataTypeCount];
    sink.AddComputed("corner", Positive(MakeSplit(type, shapes.all_but_axis, axis, {1, 3}),
                                        "unit-dims-but-axis" + std::to_string(axis)));
    if (rank == 1) continue;
    sink.AddComputed("corner", Positive(MakeSplit(type, shapes.unit_axis, axis, {1}),
                                        "unit-axis" + std::to_string(axis)));
  }
}

}  // namespace

OperatorDesc SplitCell(const CellSpec& cell) {
  const uint32_t axis = cell.variant % cell.rank;
  std::vector<uint32_t> sizes = SmallShape(cell.rank, cell.variant);
  sizes[axis] = 3 + cell.variant % 2;
  const uint32_t pieces = 1 + cell.variant % 3;
  return MakeSplit(cell.type, sizes, axis, UnevenPieces(sizes[axis], pieces, cell.variant));
}

void AddSplitCases(CaseSink& sink) {
  AddEveryAxis(sink);
  AddUnitDims(sink);
  AddLarge(sink);
  const FeatureLevel top = TopRow(OperatorType::kSplit).level;
  SplitDesc base = MakeSplit(DataType::kFloat32, {2, 3, 4}, 1, {1, 2});
  SplitDesc d = base;
  d.output_tensors.clear();
  sink.Add("invalid", RejectCase(d, top, Reason::TENSOR_COUNT_ZERO, "no-outputs"));
  d = base;
  d.output_tensors[1].sizes = {2, 2, 5};
  sink.Add("invalid", RejectCase(d, top, Reason::SPLIT_SIZES_MISMATCH, "output1-dim2-differs"));
  d = base;
  d.output_tensors[1].sizes = {2, 3, 4};
  sink.Add("invalid", RejectCase(d, top, Reason::SPLIT_AXIS_SIZES_MISMATCH, "axis-sum-too-large",
                                 "outputs along axis 1 sum to 4, input has 3"));
  d = base;
  d.output_tensors.pop_back();
  sink.Add("invalid", RejectCase(d, top, Reason::SPLIT_AXIS_SIZES_MISMATCH, "axis-sum-too-small"));
}

}  // namespace dmlconf::generate
