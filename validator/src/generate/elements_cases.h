// The cases GATHER_ELEMENTS and SCATTER_ELEMENTS share: an input, indices with the
// input's sizes off Axis and any size along it, and (SCATTER_ELEMENTS) updates of the
// indices' sizes. Each operator's file gives its descriptor builder to these.
#pragma once

#include <cstdint>
#include <vector>

#include "drawn.h"

namespace dmlconf::generate {

// A valid descriptor: `input` sizes, indices and the rest of `index_axis` along Axis.
using MakeElements = OperatorDesc (*)(DataType type, DataType index_type,
                                      const std::vector<uint32_t>& input, uint32_t axis,
                                      uint32_t index_axis);

// The support-table cell's descriptor, and the one `dmlconf fuzz` draws.
OperatorDesc ElementsCell(MakeElements make, const CellSpec& cell);
OperatorDesc ElementsDrawn(MakeElements make, const CellSpec& cell, Choices& choices);

// Every axis of every rank, unit dimensions, index values (negative, repeated,
// out of range, with high bits set), an index axis shorter and longer than the
// input's, a large case and the shared must-reject cases (ELEMENTS_INDICES_SIZES_MISMATCH).
void AddElementsCases(CaseSink& sink, OperatorType op, MakeElements make);

// IndexedPositive (op_builders.h), refused or run where a scatter's indices are longer
// along Axis than the output (W2). With chosen index values (AddWithIndices) the oracle
// then decides: `match`, `one_of` where updates collide, `unspecified` out of range.
GenCase ElementsPositive(OperatorDesc d, const std::string& point);

}  // namespace dmlconf::generate
