#include "drawn.h"
#include "elements_cases.h"

namespace dmlconf::generate {

namespace {

constexpr OperatorType kOp = OperatorType::kScatterElements;

OperatorDesc Make(DataType type, DataType index_type, const std::vector<uint32_t>& input,
                  uint32_t axis, uint32_t index_axis) {
  std::vector<uint32_t> indices = input;
  indices[axis] = index_axis;
  ScatterElementsDesc d;
  d.axis = axis;
  d.input_tensor = TensorDesc::Packed(type, input);
  d.indices_tensor = TensorDesc::Packed(index_type, indices);
  d.updates_tensor = TensorDesc::Packed(type, indices);
  d.output_tensor = TensorDesc::Packed(type, input);
  return d;
}

// Duplicate indices: the page leaves which of the colliding updates lands, so those
// elements are one_of (the updates' position data makes every update distinct); the
// others, written once or not at all, are compared exactly.
void AddDuplicates(CaseSink& sink) {
  AddWithIndices(sink,
                 ElementsPositive(Make(DataType::kFloat32, DataType::kUint32, {5}, 0, 4),
                                  "duplicates-page-example-1-shape"),
                 {3, 1, 3, 0});
  AddWithIndices(sink,
                 ElementsPositive(Make(DataType::kUint8, DataType::kUint32, {2, 3}, 1, 3),
                                  "duplicates-all-on-one"),
                 {2, 2, 2, 0, 0, 1});
  AddWithIndices(sink,
                 ElementsPositive(Make(DataType::kFloat16, DataType::kInt32, {3, 2}, 0, 4),
                                  "duplicates-negative-and-positive"),
                 {0, -1, -3, 1, 2, 1, -1, 0});
  AddWithIndices(sink,
                 ElementsPositive(Make(DataType::kInt64, DataType::kInt64, {1, 2, 2}, 2, 5),
                                  "duplicates-longer-than-axis"),
                 {0, 1, 0, 1, 0, 1, 1, 1, -2, 0});
}

// Colliding updates of special bits, a pair on each of four elements (values.h).
void AddSpecialDuplicates(CaseSink& sink) {
  AddCollidingSpecials(sink,
                       ElementsPositive(Make(DataType::kFloat32, DataType::kUint32, {1, 8}, 1, 8),
                                        "duplicates-special-floats"));
}

void AddInvalid(CaseSink& sink) {
  const FeatureLevel top = TopRow(kOp).level;
  const OperatorDesc base = Make(DataType::kFloat32, DataType::kUint32, {2, 3, 4}, 1, 2);
  OperatorDesc d = base;
  std::get<ScatterElementsDesc>(d).updates_tensor.sizes = {2, 3, 4};
  sink.Add("invalid",
           RejectCase(d, top, Reason::SCATTER_UPDATES_SIZES_MISMATCH, "updates-input-sized"));
  d = base;
  std::get<ScatterElementsDesc>(d).updates_tensor.sizes = {2, 2, 3};
  sink.Add("invalid",
           RejectCase(d, top, Reason::SCATTER_UPDATES_SIZES_MISMATCH, "updates-dim2-differs"));
  d = base;
  std::get<ScatterElementsDesc>(d).output_tensor.sizes = {2, 2, 4};
  sink.Add("invalid",
           RejectCase(d, top, Reason::SCATTER_OUTPUT_SIZES_MISMATCH, "output-indices-sized"));
  d = base;
  std::get<ScatterElementsDesc>(d).output_tensor.sizes = {2, 3, 5};
  sink.Add("invalid",
           RejectCase(d, top, Reason::SCATTER_OUTPUT_SIZES_MISMATCH, "output-dim2-differs"));
}

// Large: the axis crosses 65 535. Scattering a reversed iota of updates to a reversed
// iota of indices writes every element once: the output is the ascending iota.
void AddLarge(CaseSink& sink) {
  GenCase c = ElementsPositive(Make(DataType::kUint32, DataType::kUint32, {1, 70000}, 1, 70000),
                               "large-70000-reversed");
  c.description = "indices and updates 69999 down to 0 over an input of 7s: output iota 0 up";
  c.inputs = {{{}, Iota{7, 0}}, {{}, Iota{69999, -1}}, {{}, Iota{69999, -1}}};
  c.expected = {{{}, Iota{0, 1}}};
  sink.AddChecked("large", std::move(c));
}

}  // namespace

OperatorDesc ScatterElementsCell(const CellSpec& cell) { return ElementsCell(Make, cell); }

OperatorDesc ScatterElementsDrawn(const CellSpec& cell, Choices& choices) {
  return ElementsDrawn(Make, cell, choices);
}

void AddScatterElementsCases(CaseSink& sink) {
  AddElementsCases(sink, kOp, Make);
  AddDuplicates(sink);
  AddSpecialDuplicates(sink);
  AddLarge(sink);
  AddInvalid(sink);
}

}  // namespace dmlconf::generate
