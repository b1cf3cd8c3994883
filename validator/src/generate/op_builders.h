// The per-operator builders: a valid descriptor for a support-table cell, and
// the operator's own corner, large and must-reject cases. One file each.
#pragma once

#include "gen_common.h"

namespace dmlconf::generate {

#define DMLCONF_OPERATOR(Type, NAME, Desc)       \
  OperatorDesc Type##Cell(const CellSpec& cell); \
  void Add##Type##Cases(CaseSink& sink);
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR

// Piece sizes along an axis: `pieces` sizes >= 1 adding up to `total`, uneven
// (the surplus lands on one piece, chosen by variant).
std::vector<uint32_t> UnevenPieces(uint32_t total, uint32_t pieces, uint32_t variant);

// A must-reject case at `level` named "<op>/<level>/reject/<what>".
GenCase RejectCase(OperatorDesc desc, FeatureLevel level, Reason reason, const std::string& what,
                   const std::string& description = "");

}  // namespace dmlconf::generate
