#include "dmlconf/support.h"

namespace dmlconf {

namespace {
using DT = DataType;
using FL = FeatureLevel;

const DataTypeSet kAll11 = {DT::kFloat64, DT::kFloat32, DT::kFloat16, DT::kInt64,
                            DT::kInt32,   DT::kInt16,   DT::kInt8,    DT::kUint64,
                            DT::kUint32,  DT::kUint16,  DT::kUint8};
const DataTypeSet kStd8 = {DT::kFloat32, DT::kFloat16, DT::kInt32,  DT::kInt16,
                           DT::kInt8,    DT::kUint32,  DT::kUint16, DT::kUint8};
const DataTypeSet kOld6 = {DT::kFloat32, DT::kFloat16, DT::kInt32,
                           DT::kInt16,   DT::kUint32,  DT::kUint16};
const DataTypeSet kNone = {};
const DataTypeSet kU32 = {DT::kUint32};
const DataTypeSet kGatherIndices = {DT::kInt64, DT::kInt32, DT::kUint64, DT::kUint32};

// The support tables of reference/OPERATORS.md, lowest level first: one
// k<Type>Rows per operator of ops.inc.
const SupportRow kSplitRows[] = {
    {FL::k1_0, 4, 4, kOld6, kNone},
    {FL::k2_1, 4, 4, kStd8, kNone},
    {FL::k3_0, 1, 8, kStd8, kNone},
    {FL::k4_1, 1, 8, kAll11, kNone},
};
const SupportRow kJoinRows[] = {
    {FL::k1_0, 4, 4, kOld6, kNone},
    {FL::k2_1, 4, 4, kStd8, kNone},
    {FL::k3_0, 4, 5, kStd8, kNone},  // erratum J1: see RankRejectionDisputed
    {FL::k4_1, 1, 8, kAll11, kNone},
};
const SupportRow kGatherRows[] = {
    {FL::k1_0, 4, 4, {DT::kFloat32, DT::kFloat16}, kU32},
    {FL::k2_1, 4, 4, kStd8, kU32},
    {FL::k3_0, 1, 8, kStd8, kGatherIndices},
    {FL::k4_1, 1, 8, kAll11, kGatherIndices},
};
const SupportRow kDepthToSpace1Rows[] = {
    {FL::k2_1, 4, 4, kStd8, kNone},
    {FL::k5_0, 4, 4, kAll11, kNone},
};
// DEPTH_TO_SPACE1's table (spec README).
const auto& kSpaceToDepth1Rows = kDepthToSpace1Rows;
// DML_DEPTH_TO_SPACE_OPERATOR_DESC's and DML_SPACE_TO_DEPTH_OPERATOR_DESC's pages:
// the same table, from 1_0.
const SupportRow kDepthToSpaceRows[] = {
    {FL::k1_0, 4, 4, {DT::kFloat32, DT::kFloat16}, kNone},
    {FL::k2_1, 4, 4, kStd8, kNone},
    {FL::k5_0, 4, 4, kAll11, kNone},
};
const auto& kSpaceToDepthRows = kDepthToSpaceRows;
const SupportRow kReverseSubsequencesRows[] = {
    {FL::k2_1, 4, 4, kStd8, kU32},
    {FL::k3_0, 4, 5, kStd8, kU32},
    {FL::k4_0, 1, 8, kStd8, kU32},
    {FL::k5_0, 1, 8, kAll11, {DT::kUint64, DT::kUint32}},
};
// DML_GATHER_ELEMENTS_OPERATOR_DESC's page: introduced at 2_1.
const SupportRow kGatherElementsRows[] = {
    {FL::k2_1, 4, 4, kStd8, kU32},
    {FL::k3_0, 1, 8, kStd8, kGatherIndices},
    {FL::k4_1, 1, 8, kAll11, kGatherIndices},
};
// DML_SCATTER_OPERATOR_DESC's page; its "1_0 and above" table from 2_0, where DirectML.h
// and the feature-level history put DML_OPERATOR_SCATTER (erratum SC1).
const SupportRow kScatterElementsRows[] = {
    {FL::k2_0, 4, 4, {DT::kFloat32, DT::kFloat16}, kU32},
    {FL::k2_1, 4, 4, kStd8, kU32},
    {FL::k3_0, 1, 8, kStd8, kGatherIndices},
    {FL::k4_1, 1, 8, kAll11, kGatherIndices},
};
// DML_GATHER_ND_OPERATOR_DESC's page: introduced at 2_1.
const SupportRow kGatherNdRows[] = {
    {FL::k2_1, 4, 4, kStd8, kU32},
    {FL::k3_0, 1, 8, kStd8, kGatherIndices},
    {FL::k4_1, 1, 8, kAll11, kGatherIndices},
};
// DML_GATHER_ND1_OPERATOR_DESC's page: introduced at 3_0.
const SupportRow kGatherNd1Rows[] = {
    {FL::k3_0, 1, 8, kStd8, kGatherIndices},
    {FL::k4_1, 1, 8, kAll11, kGatherIndices},
};
// DML_SCATTER_ND_OPERATOR_DESC's page: introduced at 2_1, GATHER_ND's table.
const auto& kScatterNdRows = kGatherNdRows;
// DML_SLICE_OPERATOR_DESC's page.
const SupportRow kSliceRows[] = {
    {FL::k1_0, 4, 5, kOld6, kNone},
    {FL::k2_1, 4, 5, kStd8, kNone},
    {FL::k3_0, 1, 8, kStd8, kNone},
    {FL::k4_1, 1, 8, kAll11, kNone},
};
// DML_PADDING_OPERATOR_DESC's page. Its 1_0 and 2_1 rows say ranks 4-5; the
// feature-level history says PADDING's maximum went from 4 to 8 at 3_1 (erratum
// PD4): rank 5 below 3_1 is left to RankRejectionDisputed, so these rows hold the
// ranks both documents allow.
const SupportRow kPaddingRows[] = {
    {FL::k1_0, 4, 4, {DT::kFloat32, DT::kFloat16}, kNone},
    {FL::k2_1, 4, 4, kStd8, kNone},
    {FL::k3_1, 1, 8, kStd8, kNone},
    {FL::k5_0, 1, 8, kAll11, kNone},
};
const SupportRow kPadding1Rows[] = {
    {FL::k5_0, 1, 8, kAll11, kNone},
};
// DML_SLICE1_OPERATOR_DESC's page: no 4_1 row (erratum SL4: DataTypeRejectionDisputed).
const SupportRow kSlice1Rows[] = {
    {FL::k2_1, 4, 5, kStd8, kNone},
    {FL::k3_0, 1, 8, kStd8, kNone},
};
// DML_TILE_OPERATOR_DESC's page: its 4_1 row without FLOAT64 (erratum TL2).
const SupportRow kTileRows[] = {
    {FL::k1_0, 4, 4, {DT::kFloat32, DT::kFloat16}, kNone},
    {FL::k2_1, 4, 4, kStd8, kNone},
    {FL::k3_1, 1, 8, kStd8, kNone},
    {FL::k4_1,
     1,
     8,
     {DT::kFloat32, DT::kFloat16, DT::kInt64, DT::kInt32, DT::kInt16, DT::kInt8, DT::kUint64,
      DT::kUint32, DT::kUint16, DT::kUint8},
     kNone},
};
}  // namespace

std::span<const SupportRow> SupportTable(OperatorType type) {
  switch (type) {
#define DMLCONF_OPERATOR(Type, NAME, Desc) \
  case OperatorType::k##Type:              \
    return k##Type##Rows;
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
  }
  return {};
}

FeatureLevel IntroducedAt(OperatorType type) { return SupportTable(type).front().level; }

const SupportRow* FindSupport(OperatorType type, FeatureLevel level) {
  const SupportRow* found = nullptr;
  for (const SupportRow& row : SupportTable(type))
    if (row.level <= level) found = &row;
  return found;
}

bool RankRejectionDisputed(OperatorType type, FeatureLevel level, uint32_t rank) {
  if (type == OperatorType::kPadding) return level < FL::k3_1 && rank == 5;  // erratum PD4
  return type == OperatorType::kJoin && level >= FL::k3_1 && level < FL::k4_1 && rank >= 1 &&
         rank <= kMaxDimensions && !(rank >= 4 && rank <= 5);
}

bool DataTypeRejectionDisputed(OperatorType type, FeatureLevel level, DataType data_type) {
  const bool wide =
      data_type == DT::kFloat64 || data_type == DT::kInt64 || data_type == DT::kUint64;
  if (level < FL::k4_1) return false;
  if (type == OperatorType::kSlice1) return wide;                     // SL4
  if (type == OperatorType::kTile) return data_type == DT::kFloat64;  // TL2
  return false;
}

}  // namespace dmlconf
