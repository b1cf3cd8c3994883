#include "elements_cases.h"

#include "descriptor_edit.h"
#include "drawn.h"

namespace dmlconf::generate {

namespace {

const TensorDesc& InputOf(const OperatorDesc& d) { return *InputSlots(d)[0].desc; }

// Contract point W2: an operator with updates whose indices are longer along Axis than
// the input writes some element twice on every line; refused or run, as a backend likes.
bool ScatterLongerThanAxis(const OperatorDesc& d) {
  const bool updates =
      std::visit([](const auto& x) { return HasUpdates<std::decay_t<decltype(x)>>(); }, d);
  const uint32_t axis = Axis(d);
  return updates && InputSlots(d)[IndicesSlot(d)].desc->sizes[axis] > InputOf(d).sizes[axis];
}

std::vector<DataType> TopIndexTypes(OperatorType op) {
  std::vector<DataType> types;
  TopRow(op).index_types.ForEach([&](DataType t) { types.push_back(t); });
  return types;
}

// Every axis of every rank, the index axis as long as the input's, one shorter or
// one longer (a SCATTER_ELEMENTS line longer than the axis must collide: one_of).
void AddEveryAxis(CaseSink& sink, OperatorType op, MakeElements make) {
  const std::vector<DataType> index_types = TopIndexTypes(op);
  uint32_t n = 0;
  for (uint32_t rank = 1; rank <= kMaxDimensions; ++rank)
    for (uint32_t axis = 0; axis < rank; ++axis)
      for (uint32_t index_axis : {3u, 2u, 4u}) {
        if (rank > 4 && index_axis != 3 && axis % 2 == 1) continue;
        const DataType type = kAllDataTypes[n % kDataTypeCount];
        const DataType index_type = index_types[n % index_types.size()];
        ++n;
        std::vector<uint32_t> input = SmallShape(rank, axis + index_axis);
        input[axis] = 3;
        sink.AddComputed("corner", ElementsPositive(make(type, index_type, input, axis, index_axis),
                                                    "axis" + std::to_string(axis) + "-index-axis" +
                                                        std::to_string(index_axis)));
      }
}

// Size 1 everywhere but the axis, and the axis of size 1 among dimensions of 2 (every
// index 0, or -1 for a signed type).
void AddUnitDims(CaseSink& sink, MakeElements make) {
  for (uint32_t rank = 2; rank <= kMaxDimensions; ++rank) {
    const uint32_t axis = rank % 2 ? 0 : rank - 1;
    const UnitDimShapes shapes = UnitDims(rank, axis, 4);
    const DataType type = kAllDataTypes[(rank * 5) % kDataTypeCount];
    sink.AddComputed("corner",
                     ElementsPositive(make(type, DataType::kUint32, shapes.all_but_axis, axis, 4),
                                      "unit-dims-but-axis" + std::to_string(axis)));
    sink.AddComputed("corner",
                     ElementsPositive(make(type, DataType::kInt64, shapes.unit_axis, axis, 1),
                                      "unit-axis" + std::to_string(axis)));
  }
}

void AddIndexValues(CaseSink& sink, OperatorType op, MakeElements make) {
  const std::vector<uint32_t> input = {2, 5};
  for (DataType index_type : {DataType::kInt32, DataType::kInt64})
    AddWithIndices(sink,
                   ElementsPositive(make(DataType::kFloat16, index_type, input, 1, 5), "negative"),
                   {-1, -5, 0, 3, -4, 2, -2, 4, -3, 1});
  // Out of range: the output is unspecified, the run must stay in bounds.
  for (DataType index_type : TopIndexTypes(op)) {
    const bool is_signed = IsSignedInteger(index_type);
    AddWithIndices(
        sink, ElementsPositive(make(DataType::kUint16, index_type, input, 1, 2), "out-of-range"),
        {0, 5, is_signed ? -6 : 1000000, 1});
    AddWithIndices(
        sink,
        ElementsPositive(make(DataType::kUint16, index_type, input, 1, 1), "out-of-range-max"),
        {is_signed ? int64_t(-1) << (ElementSize(index_type) * 8 - 1) : -1, 1});
  }
  // Before 3_0 the only index type is UINT32: what a signed type would read as -1 is
  // 4294967295 there, out of range, not the last element.
  AddWithIndices(sink,
                 ElementsPositive(make(DataType::kFloat32, DataType::kUint32, {1, 2, 5, 3}, 2, 1),
                                  "all-ones-is-not-minus-one"),
                 {-1, 0, 1, 2, 3, 4});
  // 64-bit indices with their high 32 bits set: in range, the negative INT64 ones (a
  // reader of the low 32 bits takes -1 for 4294967295); out of range, 2^32 + k, whose
  // low 32 bits would be in range.
  constexpr int64_t k2p32 = int64_t{1} << 32;
  for (DataType type : {DataType::kInt8, DataType::kFloat64})
    AddWithIndices(
        sink, ElementsPositive(make(type, DataType::kInt64, {1, 5}, 1, 5), "negative-high-bits"),
        {-1, -2, -3, -4, -5});
  AddWithIndices(sink,
                 ElementsPositive(make(DataType::kFloat32, DataType::kUint64, {1, 3}, 1, 3),
                                  "out-of-range-high-bits"),
                 {k2p32, k2p32 + 1, 2 * k2p32 + 2});
}

void AddInvalid(CaseSink& sink, OperatorType op, MakeElements make) {
  const FeatureLevel top = TopRow(op).level;
  const OperatorDesc base = make(DataType::kFloat32, DataType::kUint32, {2, 3, 4}, 1, 2);
  const size_t indices = IndicesSlot(base);
  for (uint32_t d : {0u, 2u}) {
    OperatorDesc changed = base;
    Mutable(InputSlots(changed))[indices]->sizes[d] += 1;
    sink.Add("invalid", RejectCase(changed, top, Reason::ELEMENTS_INDICES_SIZES_MISMATCH,
                                   "indices-dim" + std::to_string(d) + "-differs"));
  }
  OperatorDesc smaller = base;  // ONNX allows indices smaller off Axis; DirectML does not
  Mutable(InputSlots(smaller))[indices]->sizes[2] = 1;
  sink.Add("invalid", RejectCase(smaller, top, Reason::ELEMENTS_INDICES_SIZES_MISMATCH,
                                 "indices-smaller-off-axis"));
}

}  // namespace

GenCase ElementsPositive(OperatorDesc d, const std::string& point) {
  GenCase c = IndexedPositive(std::move(d), point);
  if (ScatterLongerThanAxis(c.desc)) {
    c.expect = Expect::kRefuseOrRun;
    c.description = "indices longer along Axis than the output: every such line collides (W2)";
  }
  return c;
}

OperatorDesc ElementsCell(MakeElements make, const CellSpec& cell) {
  const uint32_t axis = cell.variant % cell.rank;
  std::vector<uint32_t> input = SmallShape(cell.rank, cell.variant);
  input[axis] = 3;
  return make(cell.type, cell.index_type, input, axis, 2 + cell.variant % 2);
}

OperatorDesc ElementsDrawn(MakeElements make, const CellSpec& cell, Choices& choices) {
  const uint32_t axis = choices.Below(cell.rank);
  std::vector<uint32_t> input(cell.rank);
  for (uint32_t& size : input) size = choices.Size();
  OperatorDesc d = make(cell.type, cell.index_type, input, axis, choices.Size());
  // W2 leaves a scatter longer along Axis than the output open: drawn no longer than it.
  if (ScatterLongerThanAxis(d)) d = make(cell.type, cell.index_type, input, axis, input[axis]);
  return d;
}

void AddElementsCases(CaseSink& sink, OperatorType op, MakeElements make) {
  AddEveryAxis(sink, op, make);
  AddUnitDims(sink, make);
  AddIndexValues(sink, op, make);
  AddInvalid(sink, op, make);
}

}  // namespace dmlconf::generate
