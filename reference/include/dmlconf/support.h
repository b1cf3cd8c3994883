// The operators' support tables, as data: the single source that validation,
// case generation and coverage reports consult.
#pragma once

#include <cstdint>
#include <span>

#include "dmlconf/data_type.h"
#include "dmlconf/feature_level.h"
#include "dmlconf/op_desc.h"

namespace dmlconf {

// What an operator allows from `level` up to (not including) its next row.
struct SupportRow {
  FeatureLevel level;
  uint32_t min_rank;
  uint32_t max_rank;
  DataTypeSet data_types;   // input and output tensors
  DataTypeSet index_types;  // the Indices or Lengths tensor (HasIndexTensor);
                            // empty for the others
  bool AllowsRank(uint32_t rank) const { return rank >= min_rank && rank <= max_rank; }
};

// The rows as the specification lists them, lowest level first.
std::span<const SupportRow> SupportTable(OperatorType type);
// The level the operator first exists at (its first row's level).
FeatureLevel IntroducedAt(OperatorType type);
// The row in force at `level` (the highest row <= level), or nullptr when the
// operator does not exist yet at `level`.
const SupportRow* FindSupport(OperatorType type, FeatureLevel level);

// Erratum J1: the seed says JOIN takes ranks 4-5 at 3_0..4_0, DirectML's
// feature-level history says 1-8 from 3_1. Where they disagree, a rank
// rejection is disputed: no must-reject case may rest on it, and a backend that
// accepts such a JOIN does not fail. Erratum PD4 likewise: PADDING's tables give
// ranks 4-5 at 1_0 and 2_1, the history a maximum of 4 until 3_1, so PADDING at
// rank 5 below 3_1 is disputed.
bool RankRejectionDisputed(OperatorType type, FeatureLevel level, uint32_t rank);

// Errata SL4 and TL2: from 4_1, where the feature-level history adds the 64-bit types,
// SLICE1's table still ends at 3_0 (no FLOAT64, INT64, UINT64) and TILE's 4_1 row leaves
// out FLOAT64, which DirectML computes. Such a type is disputed there: no must-reject case
// rests on it (a spec case runs it as refuse_or_run), and a backend may accept it.
bool DataTypeRejectionDisputed(OperatorType type, FeatureLevel level, DataType data_type);

}  // namespace dmlconf
