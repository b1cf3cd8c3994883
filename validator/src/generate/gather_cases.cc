#include "op_builders.h"

#include <algorithm>

#include "dmlconf/gather_rules.h"
#include "drawn.h"

namespace dmlconf::generate {

namespace {

constexpr OperatorType kOp = OperatorType::kGather;

// The input, the K trailing index sizes, and the output that right-aligns
// input[0..axis) ++ indices ++ input[axis+1..D) into D dimensions. Entries
// that would be surplus are forced to 1 first, in the input or the indices, and
// the input's first K - 1 sizes are 1 (seed 002's original-rank rule), so that
// the result is always valid.
GatherDesc MakeGather(DataType type, DataType index_type, std::vector<uint32_t> input,
                      uint32_t axis, std::vector<uint32_t> index_sizes) {
  const uint32_t rank = uint32_t(input.size()), k = uint32_t(index_sizes.size());
  const uint32_t length = rank - 1 + k;
  for (uint32_t p = 0; p + rank < length; ++p) {
    if (p < axis)
      input[p] = 1;
    else
      index_sizes[p - axis] = 1;
  }
  // Seed 002's original-rank rule: the input itself needs K - 1 leading 1s, its Axis
  // included when Axis < K - 1. The surplus 1s of the indices alone do not make a
  // descriptor valid (DirectML 1.15.4 returns garbage for those when D + K - 1 > 8;
  // reports/directml/README.md).
  for (uint32_t p = 0; p < rank && !gather_rules::OriginalRankFits(input, k); ++p) input[p] = 1;
  std::vector<uint32_t> list(input.begin(), input.begin() + axis);
  list.insert(list.end(), index_sizes.begin(), index_sizes.end());
  list.insert(list.end(), input.begin() + axis + 1, input.end());
  std::vector<uint32_t> output(rank, 1);
  for (uint32_t i = 0; i < std::min(rank, length); ++i) output[rank - 1 - i] = list[length - 1 - i];
  std::vector<uint32_t> indices(rank - k, 1);
  indices.insert(indices.end(), index_sizes.begin(), index_sizes.end());
  GatherDesc d;
  d.axis = axis;
  d.index_dimensions = k;
  d.input_tensor = TensorDesc::Packed(type, input);
  d.indices_tensor = TensorDesc::Packed(index_type, indices);
  d.output_tensor = TensorDesc::Packed(type, output);
  return d;
}

std::vector<uint32_t> IndexSizes(uint32_t k, uint32_t variant) {
  static constexpr uint32_t kPattern[] = {3, 1, 2, 1, 2, 1, 1, 1};
  std::vector<uint32_t> sizes(k);
  for (uint32_t i = 0; i < k; ++i)
    sizes[i] = i == 0 ? 2 + variant % 2 : kPattern[(i + variant) % 8];
  return sizes;
}

GenCase Positive(GatherDesc d, const std::string& point) {
  return IndexedPositive(std::move(d), point);
}

// The index sizes below carry no leading 1s: with seed 002's original-rank rule those
// would force the input's Axis into its leading 1s (see AddEveryAxis).

// A case with chosen index values (written as numbers of the index type).
void AddWithIndices(CaseSink& sink, const std::string& purpose, GenCase c,
                    const std::vector<int64_t>& indices) {
  FillInputs(c, SplitMix64(sink.seed() ^ HashName(c.name)));
  const DataType index_type = std::get<GatherDesc>(c.desc).indices_tensor.data_type;
  c.inputs[1].values.clear();
  for (int64_t index : indices) c.inputs[1].values.push_back(NumberBits(index_type, index));
  ComputeExpected(c);
  sink.Add(purpose, std::move(c));
}

// Every (rank, axis, IndexDimensions) up to rank 5; from 6 on, every axis
// with a rotating K plus K = 0 and K = D.
void AddEveryAxis(CaseSink& sink) {
  const DataTypeSet index_types = TopRow(kOp).index_types;
  std::vector<DataType> index_list;
  index_types.ForEach([&](DataType t) { index_list.push_back(t); });
  uint32_t n = 0;
  for (uint32_t rank = 1; rank <= kMaxDimensions; ++rank) {
    for (uint32_t axis = 0; axis < rank; ++axis) {
      for (uint32_t k = 0; k <= rank; ++k) {
        if (rank > 5 && k != 0 && k != rank && k != axis % (rank + 1)) continue;
        // K - 1 > Axis would put the Axis inside the input's K - 1 leading 1s (seed 002's
        // original-rank rule): valid, but DirectML 1.15.4 corrupts its memory on such a
        // GATHER (reports/directml/README.md), so the sweep keeps K <= Axis + 1.
        if (k > axis + 1) continue;
        const DataType type = kAllDataTypes[n % kDataTypeCount];
        const DataType index_type = index_list[n % index_list.size()];
        ++n;
        std::vector<uint32_t> input = SmallShape(rank, axis + k);
        input[axis] = 3;
        sink.AddComputed("corner",
                         Positive(MakeGather(type, index_type, input, axis, IndexSizes(k, n)),
                                  "axis" + std::to_string(axis) + "-k" + std::to_string(k)));
      }
    }
  }
}

void AddIndexValues(CaseSink& sink) {
  const std::vector<uint32_t> input = {2, 5, 3};
  for (DataType index_type : {DataType::kInt32, DataType::kInt64}) {
    AddWithIndices(
        sink, "corner",
        Positive(MakeGather(DataType::kFloat16, index_type, input, 1, {2, 3}), "negative"),
        {-1, -5, 0, 4, -2, 2});
  }
  AddWithIndices(
      sink, "corner",
      Positive(MakeGather(DataType::kInt8, DataType::kUint32, {1, 1, 4, 3}, 2, {2, 3}), "repeated"),
      {1, 1, 1, 0, 0, 3});
  AddWithIndices(sink, "corner",
                 Positive(MakeGather(DataType::kFloat32, DataType::kUint32, {2, 2, 3, 2}, 3, {4}),
                          "repeated-last-axis"),
                 {1, 1, 0, 1});
  // Out of range: the output is unspecified, the run must stay in bounds.
  TopRow(kOp).index_types.ForEach([&](DataType index_type) {
    const bool is_signed = IsSignedInteger(index_type);
    AddWithIndices(
        sink, "corner",
        Positive(MakeGather(DataType::kUint16, index_type, input, 1, {3}), "out-of-range"),
        {0, 5, is_signed ? -6 : 1000000});
    AddWithIndices(
        sink, "corner",
        Positive(MakeGather(DataType::kUint16, index_type, input, 1, {2}), "out-of-range-max"),
        {is_signed ? int64_t(-1) << (ElementSize(index_type) * 8 - 1) : -1, 1});
  });
  AddWithIndices(sink, "corner",
                 Positive(MakeGather(DataType::kFloat32, DataType::kUint32, {1, 2, 5, 3}, 2, {2}),
                          "out-of-range"),
                 {5, 0});
  // Before 3_0 the only index type is UINT32: what a signed type would read as
  // -1 is 4294967295 there, out of range, not the last element.
  AddWithIndices(sink, "corner",
                 Positive(MakeGather(DataType::kFloat32, DataType::kUint32, {1, 2, 5, 3}, 2, {2}),
                          "all-ones-is-not-minus-one"),
                 {-1, 0});
}

// 64-bit indices with their high 32 bits set. In range, those are the negative INT64
// ones: a reader of the low 32 bits alone takes -1 for 4294967295 (out of range)
// instead of the axis' last element. Out of range (2^32 + k, -2^32 + k), the low 32
// bits would be an index in range, but the output is unspecified: the case checks
// only that the run stays inside its buffers.
void AddWideIndices(CaseSink& sink) {
  constexpr int64_t k2p32 = int64_t{1} << 32;
  const std::vector<uint32_t> input = {2, 5, 3};
  for (DataType type : {DataType::kInt8, DataType::kFloat64, DataType::kUint64}) {
    const GatherDesc d = MakeGather(type, DataType::kInt64, input, 1, {6});
    AddWithIndices(sink, "corner", Positive(d, "negative-high-bits"), {-1, -2, -3, -4, -5, -1});
  }
  // Two index dimensions, into the last axis of a rank-6 input.
  AddWithIndices(
      sink, "corner",
      Positive(MakeGather(DataType::kUint16, DataType::kInt64, {1, 1, 2, 1, 4, 3}, 5, {2, 2}),
               "negative-high-bits-k2"),
      {-1, -3, -2, -1});
  AddWithIndices(sink, "corner",
                 Positive(MakeGather(DataType::kFloat32, DataType::kUint64, input, 1, {3}),
                          "out-of-range-high-bits"),
                 {k2p32, k2p32 + 1, 2 * k2p32 + 2});
  AddWithIndices(sink, "corner",
                 Positive(MakeGather(DataType::kFloat32, DataType::kInt64, input, 1, {3}),
                          "out-of-range-high-bits"),
                 {-k2p32 + 1, k2p32 + 2, -k2p32 - 1});
}

// An axis of size 1 at every rank: every index must be 0 (or -1 for a signed
// type, which counts back to 0), and the other dimensions vary.
void AddUnitAxis(CaseSink& sink) {
  for (uint32_t rank = 1; rank <= kMaxDimensions; ++rank) {
    const uint32_t axis = (rank - 1) / 2;
    std::vector<uint32_t> input = SmallShape(rank, rank);
    input[axis] = 1;
    const bool is_signed = rank % 2 == 0;
    const DataType index_type = is_signed ? DataType::kInt64 : DataType::kUint32;
    AddWithIndices(
        sink, "corner",
        Positive(MakeGather(kAllDataTypes[rank % kDataTypeCount], index_type, input, axis, {3}),
                 "unit-axis" + std::to_string(axis)),
        {0, is_signed ? -1 : 0, 0});
  }
}

// Large: the Axis dimension crosses 65 535. Gathering from an iota input with
// indices that are themselves an iota gives back the indices (normalized), so
// the output is the index iota again.
void AddLarge(CaseSink& sink) {
  const auto add = [&](Iota indices, const std::string& point) {
    GenCase c =
        Positive(MakeGather(DataType::kUint32, DataType::kInt32, {70000}, 0, {70000}), point);
    c.description = "input iota 0..69999; output[j] = input[indices[j]] = normalized indices[j]";
    c.inputs = {{{}, Iota{0, 1}}, {{}, indices}};
    c.expected = {{{}, Iota{69999, -1}}};
    sink.AddChecked("large", std::move(c));
  };
  add(Iota{69999, -1}, "large-70000-descending");
  add(Iota{-1, -1}, "large-70000-negative");  // -1..-70000 read 69999..0
  // The same as INT64: all 32 high bits set, each index read back to front.
  GenCase c = Positive(MakeGather(DataType::kUint32, DataType::kInt64, {70000}, 0, {70000}),
                       "large-70000-negative");
  c.description = "input iota 0..69999; INT64 indices -1..-70000 normalize to 69999..0";
  c.inputs = {{{}, Iota{0, 1}}, {{}, Iota{-1, -1}}};
  c.expected = {{{}, Iota{69999, -1}}};
  sink.AddChecked("large", std::move(c));
}

// Contract point G4: an IndicesTensor whose leading D-K dimensions (padding,
// says the seed) are not all 1. DirectML does not describe it: a backend may
// refuse it or run it in bounds, and no value is expected (the oracle will not
// guess one).
void AddLeadingIndexDims(CaseSink& sink) {
  struct Shape {
    DataType type, index_type;
    std::vector<uint32_t> input, indices, output;
    uint32_t axis, k;
  };
  using DT = DataType;
  const Shape shapes[] = {
      // {1,1} ++ {3} ++ {4}: the index tensor's outermost dimension is 2.
      {DT::kFloat32, DT::kUint32, {1, 1, 4, 4}, {2, 1, 1, 3}, {1, 1, 3, 4}, 2, 1},
      // {2} ++ {4} ++ {3}.
      {DT::kInt16, DT::kInt32, {2, 4, 3}, {1, 2, 4}, {2, 4, 3}, 1, 1},
      // {1} ++ {1,2} ++ {3} = {1,1,2,3}, its surplus leading 1 dropped.
      {DT::kUint8, DT::kInt64, {1, 4, 3}, {3, 1, 2}, {1, 2, 3}, 1, 2},
  };
  // Axis sizes of 4: the position-based index fill repeats with a period of 5.
  for (const Shape& s : shapes) {
    GatherDesc d{TensorDesc::Packed(s.type, s.input), TensorDesc::Packed(s.index_type, s.indices),
                 TensorDesc::Packed(s.type, s.output), s.axis, s.k};
    GenCase c = Positive(std::move(d), "leading-index-dims-" + SizesTag(s.indices));
    c.expect = Expect::kRefuseOrRun;
    c.description = "a leading (non-index) dimension of IndicesTensor is larger than 1 (G4)";
    FillInputs(c, SplitMix64(sink.seed() ^ HashName(c.name)));
    sink.Add("corner", std::move(c));
  }
}

void AddInvalid(CaseSink& sink) {
  const FeatureLevel top = TopRow(kOp).level;
  // Seed 002 example 3: input {3,2}, indices {1,2}, axis 1.
  GatherDesc d = MakeGather(DataType::kFloat32, DataType::kUint32, {3, 2}, 1, {2});
  d.index_dimensions = 3;
  sink.Add("invalid",
           RejectCase(d, top, Reason::GATHER_INDEX_DIMENSIONS_OUT_OF_RANGE, "k-above-rank"));
  // Erratum G1, as the seed literally writes it: IndexDimensions 2.
  d.index_dimensions = 2;
  sink.Add("invalid", RejectCase(d, top, Reason::GATHER_OUTPUT_RANK_OVERFLOW, "erratum-g1-literal",
                                 "seed 002 example 3 with IndexDimensions 2: {3,1,2} cannot "
                                 "right-align into 2 dimensions"));
  // Seed 002: the input's original rank + IndexDimensions - 1 must be <= DimensionCount.
  // {} ++ {1,1,1,2} ++ {1,1,2} right-aligns into {2,1,1,2} (the surplus entries are 1s
  // of the indices), but the input {3,1,1,2} has original rank 4 and 4 + 4 - 1 > 4.
  d = GatherDesc{TensorDesc::Packed(DataType::kFloat32, {3, 1, 1, 2}),
                 TensorDesc::Packed(DataType::kUint32, {1, 1, 1, 2}),
                 TensorDesc::Packed(DataType::kFloat32, {2, 1, 1, 2}), 0, 4};
  sink.Add("invalid",
           RejectCase(d, top, Reason::GATHER_OUTPUT_RANK_OVERFLOW, "original-rank-overflow",
                      "input {3,1,1,2} (original rank 4) with IndexDimensions 4: 4 + 4 - 1 > 4"));
  d = MakeGather(DataType::kFloat32, DataType::kUint32, {2, 3, 4}, 1, {5});
  d.output_tensor.sizes[2] = 3;
  sink.Add("invalid",
           RejectCase(d, top, Reason::GATHER_OUTPUT_SIZES_MISMATCH, "output-dim2-differs"));
  d = MakeGather(DataType::kFloat32, DataType::kUint32, {2, 3, 4}, 1, {5});
  d.output_tensor.sizes = {2, 1, 4};
  sink.Add("invalid",
           RejectCase(d, top, Reason::GATHER_OUTPUT_SIZES_MISMATCH, "output-ignores-indices"));
  d = MakeGather(DataType::kFloat32, DataType::kUint32, {2, 3, 4}, 1, {5});
  d.indices_tensor.sizes = {1, 5};
  sink.Add("invalid", RejectCase(d, top, Reason::RANK_MISMATCH, "indices-rank-differs"));
}

}  // namespace

OperatorDesc GatherCell(const CellSpec& cell) {
  const uint32_t axis = cell.variant % cell.rank;
  // K <= Axis + 1: the Axis stays outside the input's leading 1s (see AddEveryAxis).
  const uint32_t k = std::min(axis + 1, (cell.variant / cell.rank + axis) % (cell.rank + 1));
  std::vector<uint32_t> input = SmallShape(cell.rank, cell.variant);
  input[axis] = 3;
  return MakeGather(cell.type, cell.index_type, input, axis, IndexSizes(k, cell.variant));
}

OperatorDesc GatherDrawn(const CellSpec& cell, Choices& choices) {
  const uint32_t axis = choices.Below(cell.rank);
  // K <= Axis + 1 as in GatherCell; now and then any K up to the rank: valid too, but
  // then the Axis lies inside the input's forced leading 1s, a GATHER that DirectML
  // 1.15.4 runs only in a process of its own (seconds a case: E4).
  const bool any_k = choices.Seldom();
  const uint32_t k = choices.Count((any_k ? cell.rank : std::min(cell.rank, axis + 1)) + 1);
  std::vector<uint32_t> input(cell.rank), index_sizes(k);
  for (uint32_t& size : input) size = choices.Size();
  for (uint32_t& size : index_sizes) size = choices.Size();
  GatherDesc d = MakeGather(cell.type, cell.index_type, input, axis, index_sizes);
  // An Axis inside the input's leading 1s drawn by chance: moved out of them (see above),
  // unless this is the rare drawing that keeps it.
  const std::vector<uint32_t>& in = d.input_tensor.sizes;
  const bool in_leading_ones =
      std::all_of(in.begin(), in.begin() + axis + 1, [](uint32_t size) { return size == 1; });
  if (in_leading_ones && !any_k) {
    input = in;
    input[axis] = 2;
    d = MakeGather(cell.type, cell.index_type, input, axis, index_sizes);
  }
  return d;
}

void AddGatherCases(CaseSink& sink) {
  AddEveryAxis(sink);
  AddUnitAxis(sink);
  AddIndexValues(sink);
  AddWideIndices(sink);
  AddLarge(sink);
  AddLeadingIndexDims(sink);
  AddInvalid(sink);
  // Erratum G1, read as IndexDimensions 1: output[y, x] = input[y, indices[x]].
  AddWithIndices(sink, "corner",
                 Positive(MakeGather(DataType::kFloat32, DataType::kUint32, {3, 2}, 1, {2}),
                          "erratum-g1-corrected"),
                 {1, 0});
}

}  // namespace dmlconf::generate
