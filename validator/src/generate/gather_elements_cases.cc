#include "drawn.h"
#include "elements_cases.h"

namespace dmlconf::generate {

namespace {

constexpr OperatorType kOp = OperatorType::kGatherElements;

OperatorDesc Make(DataType type, DataType index_type, const std::vector<uint32_t>& input,
                  uint32_t axis, uint32_t index_axis) {
  std::vector<uint32_t> indices = input;
  indices[axis] = index_axis;
  GatherElementsDesc d;
  d.axis = axis;
  d.input_tensor = TensorDesc::Packed(type, input);
  d.indices_tensor = TensorDesc::Packed(index_type, indices);
  d.output_tensor = TensorDesc::Packed(type, indices);
  return d;
}

void AddInvalid(CaseSink& sink) {
  const FeatureLevel top = TopRow(kOp).level;
  OperatorDesc d = Make(DataType::kFloat32, DataType::kUint32, {2, 3, 4}, 1, 2);
  std::get<GatherElementsDesc>(d).output_tensor.sizes = {2, 3, 4};
  sink.Add("invalid", RejectCase(d, top, Reason::GATHER_ELEMENTS_OUTPUT_SIZES_MISMATCH,
                                 "output-is-input-sized"));
  std::get<GatherElementsDesc>(d).output_tensor.sizes = {2, 2, 3};
  sink.Add("invalid", RejectCase(d, top, Reason::GATHER_ELEMENTS_OUTPUT_SIZES_MISMATCH,
                                 "output-dim2-differs"));
}

// Large: the axis crosses 65 535. Gathering an iota input along a reversed iota of
// indices gives the reversed iota.
void AddLarge(CaseSink& sink) {
  GenCase c = ElementsPositive(Make(DataType::kUint32, DataType::kUint32, {1, 70000}, 1, 70000),
                               "large-70000-reversed");
  c.description = "input iota 0 up to 69999, indices 69999 down to 0: output 69999 down to 0";
  c.inputs = {{{}, Iota{0, 1}}, {{}, Iota{69999, -1}}};
  c.expected = {{{}, Iota{69999, -1}}};
  sink.AddChecked("large", std::move(c));
}

}  // namespace

OperatorDesc GatherElementsCell(const CellSpec& cell) { return ElementsCell(Make, cell); }

OperatorDesc GatherElementsDrawn(const CellSpec& cell, Choices& choices) {
  return ElementsDrawn(Make, cell, choices);
}

void AddGatherElementsCases(CaseSink& sink) {
  AddElementsCases(sink, kOp, Make);
  // The page's example, along axis 0 of a 3x3 input: output[y, x] = input[indices[y, x], x].
  AddWithIndices(sink,
                 ElementsPositive(Make(DataType::kInt16, DataType::kUint32, {3, 3}, 0, 2),
                                  "page-example-shape"),
                 {1, 2, 0, 2, 0, 0});
  AddLarge(sink);
  AddInvalid(sink);
}

}  // namespace dmlconf::generate
