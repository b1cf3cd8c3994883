// The cases SPLIT and JOIN share, written once: one whole tensor and pieces of it
// along Axis (SPLIT's input and outputs, JOIN's output and inputs). Each one's
// <operator>_cases.cc hands its descriptor type to these.
#pragma once

#include "op_builders.h"

namespace dmlconf::generate {

struct PiecesMember {
  OperatorType op;
  bool whole_is_input;  // SPLIT; JOIN's whole is its output
  OperatorDesc (*make)(TensorDesc whole, std::vector<TensorDesc> pieces, uint32_t axis);
};

template <class Desc>
PiecesMember PiecesMemberOf() {
  const auto make = [](TensorDesc whole, std::vector<TensorDesc> pieces,
                       uint32_t axis) -> OperatorDesc {
    Desc d;
    d.axis = axis;
    ForEachField(d, [&](auto field, auto& value) {
      if constexpr (IsList(field.kind))
        value = std::move(pieces);
      else if constexpr (IsTensor(field.kind))
        value = std::move(whole);
    });
    return d;
  };
  bool whole_is_input = false;
  ForEachFieldOf<Desc>([&](auto field) {
    if (IsTensor(field.kind) && !IsList(field.kind)) whole_is_input = IsInput(field.kind);
  });
  return {TypeOf(OperatorDesc(Desc{})), whole_is_input, make};
}

OperatorDesc PiecesCell(const PiecesMember& member, const CellSpec& cell);
// drawn.h: a whole of drawn sizes and its pieces along a drawn axis.
class Choices;
OperatorDesc PiecesDrawn(const PiecesMember& member, const CellSpec& cell, Choices& choices);
// Every axis of every rank, unit dimensions, axes crossing 65 535 elements, and a
// must-reject case for each of the pair's rules.
void AddPiecesCases(CaseSink& sink, const PiecesMember& member);

}  // namespace dmlconf::generate
