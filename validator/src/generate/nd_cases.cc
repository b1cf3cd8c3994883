#include "nd_cases.h"

#include <algorithm>

#include "descriptor_edit.h"

namespace dmlconf::generate {

namespace {

constexpr size_t kIndicesSlot = 1;  // InputTensor, IndicesTensor, ...

std::vector<DataType> TopIndexTypes(OperatorType op) {
  std::vector<DataType> types;
  TopRow(op).index_types.ForEach([&](DataType t) { types.push_back(t); });
  return types;
}

// Indices of `rank` dimensions: padding 1s, the input's batch sizes, `further` index
// sizes, then the tuple length.
std::vector<uint32_t> IndicesSizes(uint32_t rank, const std::vector<uint32_t>& input,
                                   NdCounts counts, const std::vector<uint32_t>& further,
                                   uint32_t tuple) {
  std::vector<uint32_t> sizes(rank - counts.indices, 1u);
  for (uint32_t b = 0; b < counts.batch; ++b) sizes.push_back(input[rank - counts.input + b]);
  sizes.insert(sizes.end(), further.begin(), further.end());
  sizes.push_back(tuple);
  return sizes;
}

// The input of `rank` dimensions, the last `meaningful` from `shape`, padding 1s before.
std::vector<uint32_t> InputSizes(uint32_t rank, uint32_t meaningful, uint32_t variant) {
  std::vector<uint32_t> sizes(rank - meaningful, 1u);
  const std::vector<uint32_t> shape = SmallShape(meaningful, variant);
  sizes.insert(sizes.end(), shape.begin(), shape.end());
  return sizes;
}

// A valid descriptor of rank D with tuples of T, B batch dimensions and `further`
// index dimensions, the input's meaningful dimensions as many as the output has room.
// nullopt when D cannot hold them.
std::optional<OperatorDesc> Shaped(MakeNd make, DataType type, DataType index_type, uint32_t rank,
                                   uint32_t tuple, uint32_t batch, uint32_t further,
                                   uint32_t variant) {
  // The output holds (B + further) + (N_in - B - T) dimensions.
  if (batch + further > rank || batch + tuple > rank) return std::nullopt;
  const uint32_t block = std::min(rank - batch - further, rank - batch - tuple);
  const NdCounts counts{batch + tuple + block, batch + further + 1, batch};
  if (counts.indices > rank) return std::nullopt;
  const std::vector<uint32_t> input = InputSizes(rank, counts.input, variant);
  std::vector<uint32_t> sizes;
  for (uint32_t k = 0; k < further; ++k) sizes.push_back(2 + (variant + k) % 2);
  return make(type, index_type, input, IndicesSizes(rank, input, counts, sizes, tuple), counts);
}

// Every rank, tuple length up to 3, with no further index dimension or one or two, and
// for an operator with batches 0, 1 or 2 of them.
void AddEveryShape(CaseSink& sink, OperatorType op, MakeNd make, bool batch) {
  const std::vector<DataType> index_types = TopIndexTypes(op);
  uint32_t n = 0;
  for (uint32_t rank = 1; rank <= kMaxDimensions; ++rank)
    for (uint32_t tuple = 1; tuple <= std::min(rank, 3u); ++tuple)
      for (uint32_t further : {0u, 1u, 2u})
        for (uint32_t b = 0; b <= (batch ? 2u : 0u); ++b) {
          if (rank > 5 && (further + b + tuple) % 2 == 1) continue;
          const DataType type = kAllDataTypes[n % kDataTypeCount];
          const DataType index_type = index_types[n % index_types.size()];
          const std::optional<OperatorDesc> d =
              Shaped(make, type, index_type, rank, tuple, b, further, n);
          ++n;
          if (!d) continue;
          sink.AddComputed("corner", IndexedPositive(*d, "tuple" + std::to_string(tuple) +
                                                             "-further" + std::to_string(further) +
                                                             "-batch" + std::to_string(b)));
        }
}

// Padding: fewer meaningful dimensions than D on the input's side and the indices'.
void AddPadding(CaseSink& sink, MakeNd make) {
  for (uint32_t rank = 2; rank <= kMaxDimensions; ++rank) {
    const DataType type = kAllDataTypes[(rank * 3) % kDataTypeCount];
    const NdCounts counts{2, 2, 0};
    const std::vector<uint32_t> input = InputSizes(rank, 2, rank);
    sink.AddComputed("corner",
                     IndexedPositive(make(type, DataType::kUint32, input,
                                          IndicesSizes(rank, input, counts, {3}, 1), counts),
                                     "padding-counts-2"));
  }
}

void AddIndexValues(CaseSink& sink, OperatorType op, MakeNd make) {
  const std::vector<uint32_t> input = {3, 4, 2};
  const NdCounts counts{3, 2, 0};
  for (DataType index_type : {DataType::kInt32, DataType::kInt64})
    AddWithIndices(
        sink,
        IndexedPositive(make(DataType::kFloat16, index_type, input, {1, 4, 2}, counts), "negative"),
        {-1, -1, -3, -4, 0, -2, 2, 3});
  // Out of range, each coordinate on its own: the output is unspecified, the run must
  // stay in bounds.
  for (DataType index_type : TopIndexTypes(op)) {
    const bool is_signed = IsSignedInteger(index_type);
    AddWithIndices(sink,
                   IndexedPositive(make(DataType::kUint16, index_type, input, {1, 3, 2}, counts),
                                   "out-of-range"),
                   {0, 4, 3, 0, 1, is_signed ? -5 : 1000000});
    AddWithIndices(sink,
                   IndexedPositive(make(DataType::kUint16, index_type, input, {1, 1, 2}, counts),
                                   "out-of-range-max"),
                   {is_signed ? int64_t(-1) << (ElementSize(index_type) * 8 - 1) : -1, 1});
  }
  // Before 3_0 the only index type is UINT32: all ones is out of range, not -1.
  AddWithIndices(sink,
                 IndexedPositive(make(DataType::kFloat32, DataType::kUint32, {1, 3, 2, 2},
                                      {1, 1, 2, 1}, NdCounts{3, 2, 0}),
                                 "all-ones-is-not-minus-one"),
                 {-1, 2});
  constexpr int64_t k2p32 = int64_t{1} << 32;
  AddWithIndices(
      sink,
      IndexedPositive(make(DataType::kInt8, DataType::kInt64, {5, 2}, {3, 1}, NdCounts{2, 2, 0}),
                      "negative-high-bits"),
      {-1, -5, -3});
  AddWithIndices(sink,
                 IndexedPositive(
                     make(DataType::kFloat32, DataType::kUint64, {3, 2}, {2, 1}, NdCounts{2, 2, 0}),
                     "out-of-range-high-bits"),
                 {k2p32, k2p32 + 2});
}

// The counts of a descriptor, set field by field (for breaking them).
void SetCounts(OperatorDesc& d, NdCounts counts) {
  std::visit(
      [&](auto& x) {
        ForEachField(x, [&](auto field, auto& value) {
          if constexpr (field.kind == FieldKind::kInputDimensionCount) value = counts.input;
          if constexpr (field.kind == FieldKind::kIndicesDimensionCount) value = counts.indices;
          if constexpr (field.kind == FieldKind::kBatchDimensionCount) value = counts.batch;
        });
      },
      d);
}

// Contract points M1 (a padding dimension above 1) and M3 (a tuple longer than N_in):
// implementation-defined, refused or run, no values compared.
void AddContractPoints(CaseSink& sink, MakeNd make, bool batch) {
  const auto add = [&](OperatorDesc d, const std::string& point, const std::string& why) {
    GenCase c = IndexedPositive(std::move(d), point);
    c.expect = Expect::kRefuseOrRun;
    c.description = why;
    FillInputs(c, SplitMix64(sink.seed() ^ HashName(c.name)));
    sink.Add("corner", std::move(c));
  };
  add(make(DataType::kFloat32, DataType::kUint32, {2, 3, 4}, {1, 2, 1}, NdCounts{2, 2, 0}),
      "m1-leading-input-dim-2", "a padding dimension of InputTensor above 1 (M1)");
  add(make(DataType::kFloat32, DataType::kUint32, {1, 3, 4}, {2, 2, 1}, NdCounts{2, 2, 0}),
      "m1-leading-indices-dim-2", "a padding dimension of IndicesTensor above 1 (M1)");
  // M3: tuples of 3 where N_in is 2 (T <= D); for batches, B = N_idx.
  OperatorDesc d =
      make(DataType::kFloat32, DataType::kUint32, {1, 3, 4}, {1, 1, 2}, NdCounts{2, 2, 0});
  Mutable(InputSlots(d))[kIndicesSlot]->sizes = {1, 1, 3};
  add(d, "m3-tuple-longer-than-input-dims",
      "a tuple of 3 coordinates where InputDimensionCount is 2 (M3)");
  if (batch) {
    d = make(DataType::kFloat32, DataType::kUint32, {2, 3, 4}, {2, 2, 1}, NdCounts{3, 2, 1});
    SetCounts(d, {3, 2, 2});
    add(d, "m3-batch-reaches-tuple", "BatchDimensionCount equal to IndicesDimensionCount (M3)");
  }
}

// The family's rules, each broken alone at the top row: counts outside [1, D], B = D, a
// tuple longer than D, gathered sizes longer than D.
void AddInvalid(CaseSink& sink, OperatorType op, MakeNd make, bool batch) {
  const FeatureLevel top = TopRow(op).level;
  const NdCounts counts{3, 2, 0};
  const OperatorDesc base =
      make(DataType::kFloat32, DataType::kUint32, {2, 3, 4}, {1, 2, 1}, counts);
  const auto with_counts = [&](NdCounts c, Reason reason, const std::string& what) {
    OperatorDesc d = base;
    SetCounts(d, c);
    sink.Add("invalid", RejectCase(d, top, reason, what));
  };
  with_counts({0, 2, 0}, Reason::ND_INPUT_DIMENSION_COUNT_OUT_OF_RANGE, "input-dims-0");
  with_counts({4, 2, 0}, Reason::ND_INPUT_DIMENSION_COUNT_OUT_OF_RANGE, "input-dims-past-rank");
  with_counts({3, 0, 0}, Reason::ND_INDICES_DIMENSION_COUNT_OUT_OF_RANGE, "indices-dims-0");
  with_counts({3, 4, 0}, Reason::ND_INDICES_DIMENSION_COUNT_OUT_OF_RANGE, "indices-dims-past-rank");
  if (batch)
    with_counts({3, 2, 3}, Reason::ND_BATCH_DIMENSION_COUNT_OUT_OF_RANGE, "batch-dims-rank");
  OperatorDesc long_tuple = base;
  Mutable(InputSlots(long_tuple))[kIndicesSlot]->sizes = {1, 2, 4};
  sink.Add("invalid",
           RejectCase(long_tuple, top, Reason::ND_INDEX_TUPLE_TOO_LONG, "tuple-longer-than-rank"));
  // Indices {2,2,1} (N_idx 3) and the input's {3,4} after the tuple: 4 sizes for 3.
  OperatorDesc overflow = base;
  Mutable(InputSlots(overflow))[kIndicesSlot]->sizes = {2, 2, 1};
  SetCounts(overflow, {3, 3, 0});
  sink.Add("invalid", RejectCase(overflow, top, Reason::ND_OUTPUT_RANK_OVERFLOW,
                                 "gathered-sizes-longer-than-rank"));
}

}  // namespace

// The cells' tuples select first along a dimension of 16, so that the input has room
// for every special value (common_cases.h) whatever the other sizes.
OperatorDesc NdCell(MakeNd make, bool batch, const CellSpec& cell) {
  const uint32_t rank = cell.rank;
  const uint32_t tuple = 1 + (cell.variant / 2) % std::min(rank, 2u);
  const uint32_t b = batch && rank > tuple ? cell.variant % 2 : 0;
  const uint32_t further = std::min(1u, rank - b - 1);
  OperatorDesc d = *Shaped(make, cell.type, cell.index_type, rank, tuple, b, further, cell.variant);
  std::vector<TensorDesc*> inputs = Mutable(InputSlots(d));
  const NdCounts counts = NdCountsIn(d);
  std::vector<uint32_t> input = inputs[0]->sizes;
  input[rank - counts.input + b] = 16;
  return make(cell.type, cell.index_type, input, inputs[kIndicesSlot]->sizes, counts);
}

OperatorDesc NdDrawn(MakeNd make, bool batch, const CellSpec& cell, Choices& choices) {
  const uint32_t rank = cell.rank;
  const uint32_t tuple = 1 + choices.Below(rank);
  const uint32_t b = batch && rank > tuple ? choices.Below(rank - tuple + 1) : 0;
  const uint32_t further = choices.Below(rank - std::min(rank, b + 1) + 1);
  const NdCounts counts{0, b + further + 1, b};
  // The input: B + T + block meaningful dimensions, the block as long as the output has
  // room for beside the tuples' dimensions.
  const uint32_t block = choices.Below(rank - std::max(b + further, b + tuple) + 1);
  NdCounts c = counts;
  c.input = b + tuple + block;
  std::vector<uint32_t> input(rank, 1u);
  for (uint32_t d = rank - c.input; d < rank; ++d) input[d] = choices.Size();
  std::vector<uint32_t> sizes;
  for (uint32_t k = 0; k + 1 + b < c.indices; ++k) sizes.push_back(choices.Size());
  return make(cell.type, cell.index_type, input, IndicesSizes(rank, input, c, sizes, tuple), c);
}

void AddNdCases(CaseSink& sink, OperatorType op, MakeNd make, bool batch) {
  AddEveryShape(sink, op, make, batch);
  AddPadding(sink, make);
  AddIndexValues(sink, op, make);
  AddContractPoints(sink, make, batch);
  AddInvalid(sink, op, make, batch);
}

}  // namespace dmlconf::generate
