#include "join_split_cases.h"

#include <functional>

#include "drawn.h"

namespace dmlconf::generate {

namespace {

// The two operators' cases differ by one step in their shapes, piece counts and
// types, so that together they cover more than one of them twice.
uint32_t Step(const PiecesMember& m) { return m.whole_is_input ? 0 : 1; }
std::string PiecesWord(const PiecesMember& m) { return m.whole_is_input ? "output" : "input"; }
std::string WholeWord(const PiecesMember& m) { return m.whole_is_input ? "input" : "output"; }

// A packed whole of `sizes`, and packed pieces of the given sizes along `axis`.
OperatorDesc Make(const PiecesMember& m, DataType type, std::vector<uint32_t> sizes, uint32_t axis,
                  const std::vector<uint32_t>& pieces) {
  TensorDesc whole = TensorDesc::Packed(type, sizes);
  std::vector<TensorDesc> parts;
  for (uint32_t piece : pieces) {
    sizes[axis] = piece;
    parts.push_back(TensorDesc::Packed(type, sizes));
  }
  return m.make(std::move(whole), std::move(parts), axis);
}

GenCase Positive(const PiecesMember& m, OperatorDesc d, const std::string& point) {
  const TensorDesc& any = *InputSlots(d)[0].desc;
  GenCase c;
  c.level = LowestLevel(m.op, any.data_type, any.DimensionCount(), DataType::kUint32);
  c.name = CellName(m.op, c.level, any.data_type, any.DimensionCount()) + "/" + point;
  c.desc = std::move(d);
  return c;
}

// Every axis of every rank, 1 to 5 pieces, uneven, size-1 axes included; five
// pieces of one element each, and one piece holding almost everything.
void AddEveryAxis(CaseSink& sink, const PiecesMember& m) {
  const uint32_t k = Step(m);
  for (uint32_t rank = 1; rank <= kMaxDimensions; ++rank) {
    for (uint32_t axis = 0; axis < rank; ++axis) {
      const uint32_t pieces = 1 + (rank + axis + 2 * k) % 5;
      std::vector<uint32_t> sizes = SmallShape(rank, axis + 3 * k);
      sizes[axis] = pieces + (axis + k) % 3;
      const DataType type = kAllDataTypes[(rank * 8 + axis + 5 * k) % kDataTypeCount];
      const std::vector<uint32_t> parts = UnevenPieces(sizes[axis], pieces, axis + k);
      sink.AddComputed(
          "corner", Positive(m, Make(m, type, sizes, axis, parts),
                             "axis" + std::to_string(axis) + "-pieces" + std::to_string(pieces)));
    }
  }
  if (m.whole_is_input) {
    sink.AddComputed("corner", Positive(m, Make(m, DataType::kInt16, {2, 5, 3}, 1, {1, 1, 1, 1, 1}),
                                        "axis1-five-unit-pieces"));
    sink.AddComputed("corner", Positive(m, Make(m, DataType::kUint8, {1, 1, 9, 1}, 2, {1, 7, 1}),
                                        "axis2-lopsided"));
  } else {
    sink.AddComputed("corner",
                     Positive(m, Make(m, DataType::kUint16, {3, 2, 5}, 2, {1, 1, 1, 1, 1}),
                              "axis2-five-unit-pieces"));
    sink.AddComputed("corner", Positive(m, Make(m, DataType::kInt8, {1, 8, 1, 1}, 1, {6, 1, 1}),
                                        "axis1-lopsided"));
  }
}

// Size 1 everywhere: at every rank, every dimension but the axis is 1, and
// then the axis itself is 1 (one piece) with the others 2.
void AddUnitDims(CaseSink& sink, const PiecesMember& m) {
  const uint32_t k = Step(m);
  for (uint32_t rank = 1; rank <= kMaxDimensions; ++rank) {
    const uint32_t axis = rank % 2 == k ? rank - 1 : 0;
    const UnitDimShapes shapes = UnitDims(rank, axis, 4);
    const DataType type = kAllDataTypes[(rank * (3 + 2 * k)) % kDataTypeCount];
    const std::vector<uint32_t> parts =
        k == 0 ? std::vector<uint32_t>{1, 3} : std::vector<uint32_t>{3, 1};
    sink.AddComputed("corner", Positive(m, Make(m, type, shapes.all_but_axis, axis, parts),
                                        "unit-dims-but-axis" + std::to_string(axis)));
    if (rank == 1) continue;
    sink.AddComputed("corner", Positive(m, Make(m, type, shapes.unit_axis, axis, {1}),
                                        "unit-axis" + std::to_string(axis)));
  }
}

// Large: the axis crosses 65 535 elements. Along the outermost axis (or the only
// non-1 one) the pieces are consecutive runs of the whole, so with the whole one
// iota each piece is the iota continuing at its run's offset; and a run of
// `{fill: random, seed: K}` is the rule with the seed moved on by its offset.
void AddLarge(CaseSink& sink, const PiecesMember& m) {
  const bool split = m.whole_is_input;
  const auto add = [&](DataType type, std::vector<uint32_t> sizes, uint32_t axis,
                       std::vector<uint32_t> pieces, const std::string& point, bool random) {
    GenCase c = Positive(m, Make(m, type, sizes, axis, pieces), point);
    const uint64_t seed = random ? SplitMix64(sink.seed() ^ HashName(c.name)) : 0;
    const auto data = [&](int64_t offset) {
      return random ? TensorData{{}, std::nullopt, seed + uint64_t(offset)}
                    : TensorData{{}, Iota{offset, 1}};
    };
    std::vector<TensorData>& whole = split ? c.inputs : c.expected;
    std::vector<TensorData>& parts = split ? c.expected : c.inputs;
    whole = {data(0)};
    int64_t start = 0;
    for (const TensorSlot& slot : split ? OutputSlots(c.desc) : InputSlots(c.desc)) {
      parts.push_back(data(start));
      start += int64_t(slot.desc->ElementCount());
    }
    c.description =
        random ? (split ? "random input; each output is the random rule at its slab's offset"
                        : "inputs are consecutive runs of one random rule; the output is the "
                          "whole rule")
               : (split ? "iota input; each output is the iota continuing at its slab's offset"
                        : "inputs are consecutive runs of one iota; the output is the whole iota");
    sink.AddChecked("large", std::move(c));
  };
  if (split) {
    add(DataType::kUint32, {3, 70000}, 0, {1, 2}, "large-axis0-70000-inner", false);
    add(DataType::kFloat32, {1, 140000}, 1, {70000, 70000}, "large-axis1-140000", false);
    add(DataType::kInt32, {100000, 1, 1, 1}, 0, {65535, 1, 34464}, "large-axis0-100000", false);
    add(DataType::kUint16, {3, 70000}, 0, {2, 1}, "large-axis0-random", true);
  } else {
    add(DataType::kUint32, {3, 70000}, 0, {2, 1}, "large-axis0-70000-inner", false);
    add(DataType::kFloat32, {1, 140000}, 1, {70001, 69999}, "large-axis1-140000", false);
    add(DataType::kInt32, {1, 100000, 1, 1}, 1, {34464, 1, 65535}, "large-axis1-100000", false);
    add(DataType::kUint16, {3, 70000}, 0, {1, 2}, "large-axis0-random", true);
  }
}

// No pieces, a piece that differs off the axis, and pieces that add up to too
// much and to too little along it.
void AddInvalid(CaseSink& sink, const PiecesMember& m) {
  const FeatureLevel top = TopRow(m.op).level;
  const bool split = m.whole_is_input;
  const std::vector<uint32_t> whole = {2, 3, 4};
  const uint32_t axis = split ? 1 : 2;
  const std::vector<uint32_t> parts =
      split ? std::vector<uint32_t>{1, 2} : std::vector<uint32_t>{1, 3};
  const auto reject = [&](const std::function<void(std::vector<TensorDesc>&)>& edit, Reason reason,
                          const std::string& what, const std::string& description = "") {
    OperatorDesc base = Make(m, DataType::kFloat32, whole, axis, parts);
    std::vector<TensorDesc> pieces;
    for (const TensorSlot& slot : split ? OutputSlots(base) : InputSlots(base))
      pieces.push_back(*slot.desc);
    edit(pieces);
    sink.Add("invalid", RejectCase(m.make(TensorDesc::Packed(DataType::kFloat32, whole),
                                          std::move(pieces), axis),
                                   top, reason, what, description));
  };
  const Reason sizes = split ? Reason::SPLIT_SIZES_MISMATCH : Reason::JOIN_SIZES_MISMATCH;
  const Reason sum = split ? Reason::SPLIT_AXIS_SIZES_MISMATCH : Reason::JOIN_AXIS_SIZES_MISMATCH;
  reject([](auto& p) { p.clear(); }, Reason::TENSOR_COUNT_ZERO, "no-" + PiecesWord(m) + "s");
  if (split)
    reject([](auto& p) { p[1].sizes = {2, 2, 5}; }, sizes, "output1-dim2-differs");
  else
    reject([](auto& p) { p[0].sizes = {2, 2, 1}; }, sizes, "input0-dim1-differs");
  // The last piece made as large as the whole: the sum is one too many.
  reject(
      [](auto& p) {
        p[1].sizes = {2, 3, 4};
      },
      sum, "axis-sum-too-large",
      PiecesWord(m) + "s along axis " + std::to_string(axis) + " sum to " +
          std::to_string(whole[axis] + 1) + ", " + WholeWord(m) + " has " +
          std::to_string(whole[axis]));
  reject([](auto& p) { p.pop_back(); }, sum, "axis-sum-too-small");
}

}  // namespace

OperatorDesc PiecesCell(const PiecesMember& m, const CellSpec& cell) {
  const uint32_t k = Step(m);
  const uint32_t axis = cell.variant % cell.rank;
  std::vector<uint32_t> sizes = SmallShape(cell.rank, cell.variant + k);
  sizes[axis] = 3 + cell.variant % 2;
  const uint32_t pieces = 1 + (cell.variant + k) % 3;
  return Make(m, cell.type, sizes, axis, UnevenPieces(sizes[axis], pieces, cell.variant));
}

OperatorDesc PiecesDrawn(const PiecesMember& m, const CellSpec& cell, Choices& choices) {
  const uint32_t axis = choices.Below(cell.rank);
  std::vector<uint32_t> sizes(cell.rank);
  for (uint32_t& size : sizes) size = choices.Size();
  return Make(m, cell.type, sizes, axis, DrawnPieces(sizes[axis], choices));
}

void AddPiecesCases(CaseSink& sink, const PiecesMember& member) {
  AddEveryAxis(sink, member);
  AddUnitDims(sink, member);
  AddLarge(sink, member);
  AddInvalid(sink, member);
}

}  // namespace dmlconf::generate
