#include "drawn.h"
#include "nd_cases.h"

namespace dmlconf::generate {

namespace {

constexpr OperatorType kOp = OperatorType::kGatherNd;

OperatorDesc Make(DataType type, DataType index_type, const std::vector<uint32_t>& input,
                  const std::vector<uint32_t>& indices, NdCounts counts) {
  std::vector<uint32_t> output = NdGatheredSizes(input, indices, {counts.input, counts.indices, 0});
  output.insert(output.begin(), input.size() - output.size(), 1u);
  return GatherNdDesc{TensorDesc::Packed(type, input), TensorDesc::Packed(index_type, indices),
                      TensorDesc::Packed(type, output), counts.input, counts.indices};
}

// Erratum N1: the size formula read literally takes the input's last T sizes.
void AddInvalid(CaseSink& sink) {
  const FeatureLevel top = TopRow(kOp).level;
  OperatorDesc d =
      Make(DataType::kFloat32, DataType::kUint32, {1, 2, 2, 2}, {1, 1, 2, 2}, NdCounts{3, 2, 0});
  std::get<GatherNdDesc>(d).output_tensor.sizes = {1, 2, 2, 2};
  sink.Add("invalid", RejectCase(d, top, Reason::GATHER_ND_OUTPUT_SIZES_MISMATCH,
                                 "output-literal-formula-n1"));
  std::get<GatherNdDesc>(d).output_tensor.sizes = {1, 1, 2, 3};
  sink.Add("invalid",
           RejectCase(d, top, Reason::GATHER_ND_OUTPUT_SIZES_MISMATCH, "output-dim3-differs"));
}

// Large: 70 000 one-coordinate tuples, reversed, over an iota input of 70 000 rows of
// one element: the output is the reversed iota.
void AddLarge(CaseSink& sink) {
  GenCase c = IndexedPositive(
      Make(DataType::kUint32, DataType::kUint32, {70000, 1}, {70000, 1}, NdCounts{2, 2, 0}),
      "large-70000-reversed");
  c.description = "input iota 0 up to 69999, tuples 69999 down to 0: output 69999 down to 0";
  c.inputs = {{{}, Iota{0, 1}}, {{}, Iota{69999, -1}}};
  c.expected = {{{}, Iota{69999, -1}}};
  sink.AddChecked("large", std::move(c));
}

}  // namespace

OperatorDesc GatherNdCell(const CellSpec& cell) { return NdCell(Make, false, cell); }

OperatorDesc GatherNdDrawn(const CellSpec& cell, Choices& choices) {
  return NdDrawn(Make, false, cell, choices);
}

void AddGatherNdCases(CaseSink& sink) {
  AddNdCases(sink, kOp, Make, false);
  // The page's example 2 shape, rank 4 (from 2_1): two 2-coordinate tuples pick rows.
  AddWithIndices(sink,
                 IndexedPositive(Make(DataType::kInt16, DataType::kUint32, {1, 2, 2, 2},
                                      {1, 1, 2, 2}, NdCounts{3, 2, 0}),
                                 "page-example-2-shape"),
                 {0, 1, 1, 0});
  AddLarge(sink);
  AddInvalid(sink);
}

}  // namespace dmlconf::generate
