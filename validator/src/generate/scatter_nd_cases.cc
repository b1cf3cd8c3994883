#include "drawn.h"
#include "nd_cases.h"

namespace dmlconf::generate {

namespace {

constexpr OperatorType kOp = OperatorType::kScatterNd;

OperatorDesc Make(DataType type, DataType index_type, const std::vector<uint32_t>& input,
                  const std::vector<uint32_t>& indices, NdCounts counts) {
  std::vector<uint32_t> updates =
      NdGatheredSizes(input, indices, {counts.input, counts.indices, 0});
  updates.insert(updates.begin(), input.size() - updates.size(), 1u);
  return ScatterNdDesc{TensorDesc::Packed(type, input),
                       TensorDesc::Packed(index_type, indices),
                       TensorDesc::Packed(type, updates),
                       TensorDesc::Packed(type, input),
                       counts.input,
                       counts.indices};
}

ScatterNdDesc& Scatter(OperatorDesc& d) { return std::get<ScatterNdDesc>(d); }

// Duplicate tuples (contract point W1): the page leaves which of the colliding updates
// lands, so those elements are one_of (the updates' position data makes every update
// distinct); the others, written once or not at all, are compared exactly.
void AddDuplicates(CaseSink& sink) {
  // The page's example with its first and last tuples on one element.
  AddWithIndices(sink,
                 IndexedPositive(
                     Make(DataType::kFloat32, DataType::kUint32, {1, 8}, {4, 1}, NdCounts{1, 2, 0}),
                     "duplicates-page-example-shape"),
                 {4, 3, 1, 4});
  // Whole rows: three tuples, two naming row 1.
  AddWithIndices(
      sink,
      IndexedPositive(Make(DataType::kUint8, DataType::kUint32, {3, 4}, {3, 1}, NdCounts{2, 2, 0}),
                      "duplicates-rows"),
      {1, 0, 1});
  // Negative and positive coordinates naming one element.
  AddWithIndices(
      sink,
      IndexedPositive(Make(DataType::kFloat16, DataType::kInt32, {3, 2}, {4, 2}, NdCounts{2, 2, 0}),
                      "duplicates-negative-and-positive"),
      {0, 1, -3, -1, 2, 0, -1, -2});
  // Every tuple on one element.
  AddWithIndices(
      sink,
      IndexedPositive(Make(DataType::kInt64, DataType::kInt64, {2, 2}, {5, 2}, NdCounts{2, 2, 0}),
                      "duplicates-all-on-one"),
      {1, 0, -1, 0, 1, -2, -1, -2, 1, 0});
}

// Colliding updates of special bits, a pair on each of four elements (values.h).
void AddSpecialDuplicates(CaseSink& sink) {
  AddCollidingSpecials(sink, IndexedPositive(Make(DataType::kFloat32, DataType::kUint32, {1, 8},
                                                  {8, 1}, NdCounts{1, 2, 0}),
                                             "duplicates-special-floats"));
}

// Erratum N1: the updates sizes of the formula read literally (the input's last T
// sizes), and an output of other sizes than the input's.
void AddInvalid(CaseSink& sink) {
  const FeatureLevel top = TopRow(kOp).level;
  const OperatorDesc base =
      Make(DataType::kFloat32, DataType::kUint32, {1, 2, 2, 2}, {1, 1, 2, 2}, NdCounts{3, 2, 0});
  OperatorDesc d = base;
  Scatter(d).updates_tensor.sizes = {1, 2, 2, 2};
  sink.Add("invalid", RejectCase(d, top, Reason::SCATTER_UPDATES_SIZES_MISMATCH,
                                 "updates-literal-formula-n1"));
  d = base;
  Scatter(d).updates_tensor.sizes = {1, 1, 2, 3};
  sink.Add("invalid",
           RejectCase(d, top, Reason::SCATTER_UPDATES_SIZES_MISMATCH, "updates-dim3-differs"));
  d = base;
  Scatter(d).output_tensor.sizes = {1, 1, 2, 2};
  sink.Add("invalid",
           RejectCase(d, top, Reason::SCATTER_OUTPUT_SIZES_MISMATCH, "output-updates-sized"));
  d = base;
  Scatter(d).output_tensor.sizes = {1, 2, 2, 3};
  sink.Add("invalid",
           RejectCase(d, top, Reason::SCATTER_OUTPUT_SIZES_MISMATCH, "output-dim3-differs"));
}

// Large: 70 000 one-coordinate tuples, reversed, write a reversed iota of updates over
// 70 000 rows of one element: every row once, the output is the ascending iota.
void AddLarge(CaseSink& sink) {
  GenCase c = IndexedPositive(
      Make(DataType::kUint32, DataType::kUint32, {70000, 1}, {70000, 1}, NdCounts{2, 2, 0}),
      "large-70000-reversed");
  c.description = "tuples and updates 69999 down to 0 over an input of 7s: output iota 0 up";
  c.inputs = {{{}, Iota{7, 0}}, {{}, Iota{69999, -1}}, {{}, Iota{69999, -1}}};
  c.expected = {{{}, Iota{0, 1}}};
  sink.AddChecked("large", std::move(c));
}

}  // namespace

// The family's cells select first along a dimension of 16, room in the input for every
// special value. SCATTER_ND's output has the input's sizes and its updates hold special
// values too, so 5 leaves room enough and keeps support.yaml within a case file's nodes.
OperatorDesc ScatterNdCell(const CellSpec& cell) {
  OperatorDesc d = NdCell(Make, false, cell);
  const ScatterNdDesc& s = Scatter(d);
  std::vector<uint32_t> input = s.input_tensor.sizes;
  input[input.size() - s.input_dimension_count] = 5;
  return Make(cell.type, cell.index_type, input, s.indices_tensor.sizes, NdCountsOf(s));
}

OperatorDesc ScatterNdDrawn(const CellSpec& cell, Choices& choices) {
  return NdDrawn(Make, false, cell, choices);
}

void AddScatterNdCases(CaseSink& sink) {
  AddNdCases(sink, kOp, Make, false);
  AddDuplicates(sink);
  AddSpecialDuplicates(sink);
  AddLarge(sink);
  AddInvalid(sink);
}

}  // namespace dmlconf::generate
