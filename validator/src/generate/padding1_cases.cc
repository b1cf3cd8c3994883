#include "descriptor_edit.h"
#include "drawn.h"
#include "pad_cases.h"

namespace dmlconf::generate {

namespace {

constexpr OperatorType kOp = OperatorType::kPadding1;

constexpr MakePad Make = MakePadOf<Padding1Desc>;

// Contract point V2: every special bit pattern of every type as the padding value,
// written unchanged (NaN payloads, signalling NaNs, -0, subnormals, infinities, the
// integer extremes), compared bit for bit.
void AddValues(CaseSink& sink) {
  for (DataType type : kAllDataTypes) {
    for (ElementBits bits : SpecialValues(type)) {
      OperatorDesc d = Make(type, {2, 2}, PaddingMode::kConstant, {1, 0}, {0, 1});
      std::get<Padding1Desc>(d).padding_value = bits;
      sink.AddComputed("values", PadPositive(kOp, std::move(d), "value-" + FormatBits(type, bits)));
    }
  }
}

// Erratum PD6: PaddingValueDataType is the output's DataType in every mode, those that
// never read the value included.
void AddInvalid(CaseSink& sink) {
  const FeatureLevel top = TopRow(kOp).level;
  for (PaddingMode mode : {PaddingMode::kConstant, PaddingMode::kEdge, PaddingMode::kReflection,
                           PaddingMode::kSymmetric, PaddingMode::kWrap}) {
    OperatorDesc d = Make(DataType::kFloat32, {1, 1, 4, 4}, mode, {0, 0, 1, 2}, {0, 0, 3, 4});
    std::get<Padding1Desc>(d).padding_value_data_type = DataType::kFloat16;
    sink.Add("invalid", RejectCase(std::move(d), top, Reason::PADDING_VALUE_DATA_TYPE_MISMATCH,
                                   "value-type-float16-" + PaddingModeName(mode)));
  }
}

}  // namespace

OperatorDesc Padding1Cell(const CellSpec& cell) { return PadCell(kOp, Make, cell); }

OperatorDesc Padding1Drawn(const CellSpec& cell, Choices& choices) {
  return PadDrawn(kOp, Make, cell, choices);
}

void AddPadding1Cases(CaseSink& sink) {
  AddPadCases(sink, kOp, Make);
  AddValues(sink);
  AddInvalid(sink);
}

}  // namespace dmlconf::generate
