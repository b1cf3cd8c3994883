// The cases PADDING and PADDING1 share (the pad family, dmlconf/pad.h): every mode on
// every rank, the folds at and past the input's size on one side and on both (erratum
// PD2), size-1 dimensions (PD1), no padding at all, and the family's must-reject
// cases. Each member's file gives its descriptor builder and its own value cases.
#pragma once

#include <cstdint>
#include <vector>

#include "drawn.h"

namespace dmlconf::generate {

// A valid descriptor (but for what a must-reject case changes): `input` sizes framed by
// `start` and `end`, the padding value 0.
using MakePad = OperatorDesc (*)(DataType type, const std::vector<uint32_t>& input,
                                 PaddingMode mode, const std::vector<uint32_t>& start,
                                 const std::vector<uint32_t>& end);

// The output's sizes: the input's plus `start` and `end`.
std::vector<uint32_t> FramedSizes(std::vector<uint32_t> input, const std::vector<uint32_t>& start,
                                  const std::vector<uint32_t>& end);

// A member's MakePad: packed tensors, PADDING1's value type the data type.
template <class Desc>
OperatorDesc MakePadOf(DataType type, const std::vector<uint32_t>& input, PaddingMode mode,
                       const std::vector<uint32_t>& start, const std::vector<uint32_t>& end) {
  Desc d;
  d.input_tensor = TensorDesc::Packed(type, input);
  d.output_tensor = TensorDesc::Packed(type, FramedSizes(input, start, end));
  d.padding_mode = mode;
  if constexpr (HasFieldKind<Desc>(FieldKind::kPaddingValueDataType))
    d.padding_value_data_type = type;
  d.start_padding = start;
  d.end_padding = end;
  return d;
}

// The support-table cell's descriptor, and the one `dmlconf fuzz` draws: a mode that
// exists at the cell's lowest level.
OperatorDesc PadCell(OperatorType op, MakePad make, const CellSpec& cell);
OperatorDesc PadDrawn(OperatorType op, MakePad make, const CellSpec& cell, Choices& choices);

// A positive case named "<cell>/<mode>/<point>" at the lowest level where its data type,
// rank and mode all exist.
GenCase PadPositive(OperatorType op, OperatorDesc d, const std::string& point);

void AddPadCases(CaseSink& sink, OperatorType op, MakePad make);

}  // namespace dmlconf::generate
