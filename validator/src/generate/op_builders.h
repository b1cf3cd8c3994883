// The per-operator builders: a valid descriptor for a support-table cell, and the
// operator's own corner, large and must-reject cases, the pair defined in the operator's
// own <op>_cases.cc; and what every builder calls, defined in op_builders.cc. The
// toolkit's naming and values come with it, as every builder uses them.
#pragma once

#include "case_naming.h"
#include "gen_common.h"
#include "values.h"

namespace dmlconf::generate {

#define DMLCONF_OPERATOR(Type, NAME, Desc)       \
  OperatorDesc Type##Cell(const CellSpec& cell); \
  void Add##Type##Cases(CaseSink& sink);
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR

// A valid descriptor for the cell: the dispatch to <Type>Cell of ops.inc. For ranks
// the operator never takes (DEPTH_TO_SPACE1 at rank 3), a descriptor that is valid in
// every other respect.
OperatorDesc CellDescriptor(OperatorType op, const CellSpec& cell);

// Piece sizes along an axis: `pieces` sizes >= 1 adding up to `total`, uneven
// (the surplus lands on one piece, chosen by variant).
std::vector<uint32_t> UnevenPieces(uint32_t total, uint32_t pieces, uint32_t variant);

// A positive case at the lowest level whose row takes the first input's data type and
// rank, named "<op>/<level>/<type>/<rank>/<point>" (operators without an index tensor).
GenCase CellPositive(OperatorDesc desc, const std::string& point);

// The n-th of the eleven data types (cycling) when the operator's highest row takes it,
// else INT8: for builders that turn through the types of an operator that lacks some.
DataType TopRowType(OperatorType op, uint32_t n);

// The slot of the descriptor's index tensor among its inputs (0 for none), and its type.
size_t IndicesSlot(const OperatorDesc& desc);
DataType IndexTypeOf(const OperatorDesc& desc);

// A positive case of an operator with an index tensor (the ND and elements families):
// at the lowest level whose row takes the first input's data type and rank and the
// index type, named "<op>/<level>/<type>/<rank>/idx-<index type>/<point>".
GenCase IndexedPositive(OperatorDesc desc, const std::string& point);

// Such a case with chosen index values (numbers of the index type), its other inputs
// filled from the sink's seed and its name, its expected outputs computed by the
// oracle, added to the corner file.
void AddWithIndices(CaseSink& sink, GenCase c, const std::vector<int64_t>& indices);

// A must-reject case at `level` named "<op>/<level>/reject/<what>".
GenCase RejectCase(OperatorDesc desc, FeatureLevel level, Reason reason, const std::string& what,
                   const std::string& description = "");

// A scatter's case of colliding special updates (SetCollidingSpecialPairs): its inputs
// filled from the sink's seed and its name, its expected outputs computed, added to the
// values file.
void AddCollidingSpecials(CaseSink& sink, GenCase c);

}  // namespace dmlconf::generate
