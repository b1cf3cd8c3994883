#include "op_builders.h"

#include "drawn.h"

namespace dmlconf::generate {

namespace {

constexpr OperatorType kOp = OperatorType::kReverseSubsequences;

ReverseSubsequencesDesc MakeReverse(DataType type, DataType length_type,
                                    const std::vector<uint32_t>& sizes, uint32_t axis) {
  ReverseSubsequencesDesc d;
  d.axis = axis;
  d.input_tensor = TensorDesc::Packed(type, sizes);
  d.output_tensor = TensorDesc::Packed(type, sizes);
  std::vector<uint32_t> lengths = sizes;
  lengths[axis] = 1;
  d.sequence_lengths_tensor = TensorDesc::Packed(length_type, lengths);
  return d;
}

GenCase Positive(ReverseSubsequencesDesc d, const std::string& point) {
  const TensorDesc& in = d.input_tensor;
  const DataType length_type = d.sequence_lengths_tensor.data_type;
  GenCase c;
  c.level = LowestLevel(kOp, in.data_type, in.DimensionCount(), length_type);
  c.name = CellName(kOp, c.level, in.data_type, in.DimensionCount()) + "/len-" +
           TypeTag(length_type) + "/" + point;
  c.desc = std::move(d);
  return c;
}

// Every axis of every rank; the lines' lengths cycle through 0, 1, between,
// the axis size and beyond it (FillInputs), and the axis sizes run 1..5.
void AddEveryAxis(CaseSink& sink) {
  uint32_t n = 0;
  for (uint32_t rank = 1; rank <= kMaxDimensions; ++rank) {
    for (uint32_t axis = 0; axis < rank; ++axis) {
      std::vector<uint32_t> sizes = SmallShape(rank, axis + 2);
      sizes[axis] = 1 + (rank + axis) % 5;
      // Enough lines for the five length kinds where the rank allows it.
      if (rank > 1) sizes[(axis + 1) % rank] = 5;
      const DataType type = kAllDataTypes[n % kDataTypeCount];
      const DataType length_type = n % 2 ? DataType::kUint64 : DataType::kUint32;
      ++n;
      sink.AddComputed("corner", Positive(MakeReverse(type, length_type, sizes, axis),
                                          "axis" + std::to_string(axis) + "-size" +
                                              std::to_string(sizes[axis])));
    }
  }
}

// Single lines with each length explicitly, 0 to beyond the axis size.
void AddLengths(CaseSink& sink) {
  for (uint64_t length : {0u, 1u, 2u, 5u, 6u, 7u, 1000u}) {
    GenCase c = Positive(MakeReverse(DataType::kInt16, DataType::kUint32, {1, 1, 6, 1}, 2),
                         "length" + std::to_string(length));
    FillInputs(c, SplitMix64(sink.seed() ^ HashName(c.name)));
    c.inputs[1].values = {length};
    ComputeExpected(c);
    sink.Add("corner", std::move(c));
  }
  // Rank 1: one line, so one length per case; an axis of 5, then of 1.
  for (const auto& [size, length] :
       {std::pair<uint32_t, uint64_t>{5, 0}, {5, 3}, {5, 5}, {5, 9}, {1, 0}, {1, 1}, {1, 4}}) {
    GenCase one = Positive(
        MakeReverse(kAllDataTypes[(size + length) % kDataTypeCount], DataType::kUint32, {size}, 0),
        "size" + std::to_string(size) + "-length" + std::to_string(length));
    FillInputs(one, SplitMix64(sink.seed() ^ HashName(one.name)));
    one.inputs[1].values = {length};
    ComputeExpected(one);
    sink.Add("corner", std::move(one));
  }
  GenCase c = Positive(MakeReverse(DataType::kUint8, DataType::kUint64, {1, 1, 1, 4}, 3),
                       "length-max-uint64");
  FillInputs(c, SplitMix64(sink.seed() ^ HashName(c.name)));
  c.inputs[1].values = {~ElementBits{0}};
  ComputeExpected(c);
  sink.Add("corner", std::move(c));
}

// Lengths whose bits a careless reader misreads, each far beyond the axis (of 5), so
// each must reverse the whole line. A signed reader takes those with the top bit set
// for negative and reverses nothing; a reader of a UINT64 length's low 32 bits takes
// 2^32 * m + k for k (0: nothing, 2: the first two), or for negative when it also
// reads them signed (k = 2^31).
void AddWideLengths(CaseSink& sink) {
  constexpr uint64_t k2p31 = uint64_t{1} << 31, k2p32 = uint64_t{1} << 32,
                     k2p63 = uint64_t{1} << 63;
  const struct {
    DataType type, length_type;
    uint64_t length;
  } kLengths[] = {
      {DataType::kFloat32, DataType::kUint32, k2p31},
      {DataType::kInt8, DataType::kUint32, k2p31 + 1},
      {DataType::kUint16, DataType::kUint32, k2p32 - 2},
      {DataType::kInt32, DataType::kUint32, k2p32 - 1},
      {DataType::kFloat64, DataType::kUint64, k2p32},
      {DataType::kInt64, DataType::kUint64, k2p32 + 1},
      {DataType::kUint64, DataType::kUint64, k2p32 + 2},
      {DataType::kFloat16, DataType::kUint64, 3 * k2p32 + 4},
      {DataType::kUint8, DataType::kUint64, k2p32 + k2p31},
      {DataType::kInt16, DataType::kUint64, ~uint64_t{0} << 32},
      {DataType::kFloat32, DataType::kUint64, k2p63},
      {DataType::kUint32, DataType::kUint64, k2p63 + 3},
      {DataType::kInt8, DataType::kUint64, ~uint64_t{0} - 1},
  };
  for (const auto& l : kLengths) {
    GenCase c = Positive(MakeReverse(l.type, l.length_type, {1, 1, 5, 1}, 2),
                         "length" + std::to_string(l.length));
    FillInputs(c, SplitMix64(sink.seed() ^ HashName(c.name)));
    c.inputs[1].values = {l.length};
    ComputeExpected(c);
    sink.Add("corner", std::move(c));
  }
  // Several lines at once, rank 2 and rank 6, every length beyond the axis of 6
  // but for the last line (3, a partial reversal either way).
  const std::vector<ElementBits> lengths = {
      k2p32, k2p32 + 1, 5 * k2p32 + 3, k2p63 + 2, ~uint64_t{0} << 32 | 1, k2p31 + k2p32, 3};
  for (const std::vector<uint32_t>& sizes :
       {std::vector<uint32_t>{7, 6}, std::vector<uint32_t>{1, 7, 1, 1, 1, 6}}) {
    const uint32_t axis = uint32_t(sizes.size()) - 1;
    GenCase c = Positive(MakeReverse(DataType::kInt16, DataType::kUint64, sizes, axis),
                         "wide-lengths-" + SizesTag(sizes));
    FillInputs(c, SplitMix64(sink.seed() ^ HashName(c.name)));
    c.inputs[1].values = lengths;
    ComputeExpected(c);
    sink.Add("corner", std::move(c));
  }
}

// Large: the axis crosses 65 535. A descending iota reversed over the whole
// line (length equal to or beyond the axis size) is the ascending iota.
void AddLarge(CaseSink& sink) {
  for (uint64_t length : {70000u, 100000u}) {
    GenCase c = Positive(MakeReverse(DataType::kUint32, DataType::kUint32, {1, 70000}, 1),
                         "large-70000-length" + std::to_string(length));
    c.description = "input iota 69999 down to 0, reversed over the whole line: iota 0 up to 69999";
    c.inputs = {{{}, Iota{69999, -1}}, {{length}, std::nullopt}};
    c.expected = {{{}, Iota{0, 1}}};
    sink.AddChecked("large", std::move(c));
  }
}

// Size 1 everywhere: at every rank, the axis alone of size 4, then the axis
// of size 1 among dimensions of 2 (lengths as FillInputs cycles them).
void AddUnitDims(CaseSink& sink) {
  for (uint32_t rank = 2; rank <= kMaxDimensions; ++rank) {
    const uint32_t axis = rank % 2 ? 0 : rank - 1;
    const UnitDimShapes shapes = UnitDims(rank, axis, 4);
    const DataType type = kAllDataTypes[(rank * 7) % kDataTypeCount];
    sink.AddComputed("corner",
                     Positive(MakeReverse(type, DataType::kUint32, shapes.all_but_axis, axis),
                              "unit-dims-but-axis" + std::to_string(axis)));
    sink.AddComputed("corner",
                     Positive(MakeReverse(type, DataType::kUint32, shapes.unit_axis, axis),
                              "unit-axis" + std::to_string(axis)));
  }
}

void AddInvalid(CaseSink& sink) {
  const FeatureLevel top = TopRow(kOp).level;
  const ReverseSubsequencesDesc base =
      MakeReverse(DataType::kFloat32, DataType::kUint32, {2, 3, 4}, 1);
  ReverseSubsequencesDesc d = base;
  d.sequence_lengths_tensor.sizes = {2, 3, 4};
  sink.Add("invalid",
           RejectCase(d, top, Reason::REVERSE_LENGTHS_SIZES_MISMATCH, "lengths-full-size"));
  d = base;
  d.sequence_lengths_tensor.sizes = {2, 1, 1};
  sink.Add("invalid",
           RejectCase(d, top, Reason::REVERSE_LENGTHS_SIZES_MISMATCH, "lengths-dim2-differs"));
  d = base;
  d.output_tensor.sizes = {2, 4, 4};
  sink.Add("invalid",
           RejectCase(d, top, Reason::REVERSE_OUTPUT_SIZES_MISMATCH, "output-dim1-differs"));
  d = base;
  d.sequence_lengths_tensor.sizes = {3, 1, 4};
  sink.Add("invalid",
           RejectCase(d, top, Reason::REVERSE_LENGTHS_SIZES_MISMATCH, "lengths-dim0-differs"));
}

}  // namespace

OperatorDesc ReverseSubsequencesCell(const CellSpec& cell) {
  const uint32_t axis = cell.variant % cell.rank;
  std::vector<uint32_t> sizes = SmallShape(cell.rank, cell.variant);
  sizes[axis] = 3 + cell.variant % 2;
  return MakeReverse(cell.type, cell.index_type, sizes, axis);
}

OperatorDesc ReverseSubsequencesDrawn(const CellSpec& cell, Choices& choices) {
  const uint32_t axis = choices.Below(cell.rank);
  std::vector<uint32_t> sizes(cell.rank);
  for (uint32_t& size : sizes) size = choices.Size();
  return MakeReverse(cell.type, cell.index_type, sizes, axis);
}

void AddReverseSubsequencesCases(CaseSink& sink) {
  AddEveryAxis(sink);
  AddUnitDims(sink);
  AddLengths(sink);
  AddWideLengths(sink);
  AddLarge(sink);
  AddInvalid(sink);
}

}  // namespace dmlconf::generate
