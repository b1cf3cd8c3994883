// The cases the ND operators share (GATHER_ND, GATHER_ND1, SCATTER_ND): an input, the
// indices' tuples, and the output (updates) whose sizes follow from them. Each
// operator's file gives its descriptor builder to these.
#pragma once

#include <cstdint>
#include <vector>

#include "dmlconf/nd.h"
#include "drawn.h"

namespace dmlconf::generate {

// A descriptor: `input` and `indices` sizes with the counts (B ignored by an operator
// without BatchDimensionCount); the rest follows.
using MakeNd = OperatorDesc (*)(DataType type, DataType index_type,
                                const std::vector<uint32_t>& input,
                                const std::vector<uint32_t>& indices, NdCounts counts);

// The support-table cell's descriptor, and the one `dmlconf fuzz` draws.
OperatorDesc NdCell(MakeNd make, bool batch, const CellSpec& cell);
OperatorDesc NdDrawn(MakeNd make, bool batch, const CellSpec& cell, Choices& choices);

// Every tuple length of every rank with padding dimensions, batches (for an operator
// with them), index values (negative, out of range, with high bits set), contract
// points M1 and M3 as refuse_or_run, and the shared must-reject cases.
void AddNdCases(CaseSink& sink, OperatorType op, MakeNd make, bool batch);

}  // namespace dmlconf::generate
