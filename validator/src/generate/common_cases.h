// Cases every operator gets the same way, driven by the support table.
#pragma once

#include "op_builders.h"

namespace dmlconf::generate {

// One positive case per cell: row x data type x rank x index type.
void AddSupportCells(CaseSink& sink, OperatorType op);
// Padded rows, permuted dense strides, zero-stride broadcast inputs and
// TotalTensorSizeInBytes larger than needed, on inputs and outputs.
void AddStrided(CaseSink& sink, OperatorType op);
// Special float bit patterns and integer extremes (SpecialValues), every data type.
void AddValues(CaseSink& sink, OperatorType op);
// Contract point T1: GuaranteedBaseOffsetAlignment from the element size up
// (1, 2 and 8 on UINT8; 4 and 8 on FLOAT32; 8 on INT64), every data type.
void AddAlignments(CaseSink& sink, OperatorType op);
// Contract point A1: an output with a zero stride and one whose rows overlap,
// `refuse_or_run` with the oracle's logical output as `expected`.
void AddAliasedOutputs(CaseSink& sink, OperatorType op);
// The DML_BUFFER_TENSOR_DESC rules and the cross-tensor rules every operator
// shares, each broken alone, at the operator's top row; alignments T1 makes
// invalid (below the element size, not a power of two) among them.
void AddTensorRuleRejections(CaseSink& sink, OperatorType op);
// Level by level: the operator before it exists, and every data type, rank
// and index type the level does not allow (except JOIN ranks that erratum J1
// disputes).
void AddLevelGating(CaseSink& sink, OperatorType op);

}  // namespace dmlconf::generate
