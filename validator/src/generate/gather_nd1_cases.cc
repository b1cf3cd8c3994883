#include "drawn.h"
#include "nd_cases.h"

namespace dmlconf::generate {

namespace {

constexpr OperatorType kOp = OperatorType::kGatherNd1;

OperatorDesc Make(DataType type, DataType index_type, const std::vector<uint32_t>& input,
                  const std::vector<uint32_t>& indices, NdCounts counts) {
  std::vector<uint32_t> output = NdGatheredSizes(input, indices, counts);
  output.insert(output.begin(), input.size() - output.size(), 1u);
  return GatherNd1Desc{TensorDesc::Packed(type, input),
                       TensorDesc::Packed(index_type, indices),
                       TensorDesc::Packed(type, output),
                       counts.input,
                       counts.indices,
                       counts.batch};
}

// Erratum N2: GATHER_ND's formula, which has no batch, read literally.
void AddInvalid(CaseSink& sink) {
  const FeatureLevel top = TopRow(kOp).level;
  OperatorDesc d =
      Make(DataType::kFloat32, DataType::kUint32, {1, 3, 2, 2}, {1, 3, 2, 2}, NdCounts{3, 3, 1});
  std::get<GatherNd1Desc>(d).output_tensor.sizes = {3, 2, 2, 2};
  sink.Add("invalid", RejectCase(d, top, Reason::GATHER_ND_OUTPUT_SIZES_MISMATCH,
                                 "output-literal-formula-n1-n2"));
  std::get<GatherNd1Desc>(d).output_tensor.sizes = {1, 3, 2, 2};
  sink.Add("invalid",
           RejectCase(d, top, Reason::GATHER_ND_OUTPUT_SIZES_MISMATCH, "output-without-batch-n2"));
}

// Contract point M2: the input's batch smaller than the indices'. Implementation-defined:
// refused or run, no values compared.
void AddBatchSizesDiffer(CaseSink& sink) {
  GatherNd1Desc d = std::get<GatherNd1Desc>(
      Make(DataType::kFloat32, DataType::kInt32, {1, 3, 2, 2}, {1, 3, 2, 2}, NdCounts{3, 3, 1}));
  d.input_tensor = TensorDesc::Packed(DataType::kFloat32, {1, 1, 2, 2});
  GenCase c = IndexedPositive(d, "m2-input-batch-1-indices-batch-3");
  c.expect = Expect::kRefuseOrRun;
  c.description = "input batch 1, indices batch 3 (M2)";
  FillInputs(c, SplitMix64(sink.seed() ^ HashName(c.name)));
  sink.Add("corner", std::move(c));
}

// Large: 70 000 batches, each one tuple (0) into a row of 2: the output is the input,
// an iota.
void AddLarge(CaseSink& sink) {
  GenCase c = IndexedPositive(
      Make(DataType::kUint32, DataType::kUint32, {70000, 1, 2}, {70000, 1, 1}, NdCounts{3, 3, 1}),
      "large-70000-batches");
  c.description = "input iota, every tuple 0 in its own batch: output the same iota";
  c.inputs = {{{}, Iota{0, 1}}, {{}, Iota{0, 0}}};
  c.expected = {{{}, Iota{0, 1}}};
  sink.AddChecked("large", std::move(c));
}

}  // namespace

OperatorDesc GatherNd1Cell(const CellSpec& cell) { return NdCell(Make, true, cell); }

OperatorDesc GatherNd1Drawn(const CellSpec& cell, Choices& choices) {
  return NdDrawn(Make, true, cell, choices);
}

void AddGatherNd1Cases(CaseSink& sink) {
  AddNdCases(sink, kOp, Make, true);
  // The page's example 2 shape: three batches of two 2-coordinate tuples.
  AddWithIndices(sink,
                 IndexedPositive(Make(DataType::kUint8, DataType::kUint32, {1, 3, 2, 2},
                                      {1, 3, 2, 2}, NdCounts{3, 3, 1}),
                                 "page-example-2-shape"),
                 {0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0});
  AddBatchSizesDiffer(sink);
  AddLarge(sink);
  AddInvalid(sink);
}

}  // namespace dmlconf::generate
