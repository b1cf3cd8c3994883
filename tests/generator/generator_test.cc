// The generator is deterministic, names cases uniquely, covers every cell of
// the support table, and its must-reject cases follow erratum J1 and contract
// points T1, A1 and G4.
#include <algorithm>
#include <functional>
#include <set>
#include <tuple>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common_cases.h"
#include "coverage.h"
#include "dmlconf/depth_space.h"
#include "dmlconf/nd.h"
#include "generator.h"
#include "oracle.h"

namespace dmlconf::generate {
namespace {

// Every generated case, as the generator builds them.
const CaseSink& AllCases() {
  static const CaseSink* sink = [] {
    auto* s = new CaseSink(kDefaultSeed);
    for (OperatorType op : kAllOperatorTypes) {
      AddSupportCells(*s, op);
      AddStrided(*s, op);
      AddAlignments(*s, op);
      AddAliasedOutputs(*s, op);
      AddValues(*s, op);
      AddTensorRuleRejections(*s, op);
      AddLevelGating(*s, op);
    }
#define DMLCONF_OPERATOR(Type, NAME, Desc) Add##Type##Cases(*s);
#include "dmlconf/depth_space.h"
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
    return s;
  }();
  return *sink;
}

std::vector<CoverageEntry> Entries(const CaseSink& sink) {
  std::vector<CoverageEntry> entries;
  for (const auto& [path, cases] : sink.files()) {
    for (const GenCase& c : cases) {
      // Only counted, never placed in a cell: a must-reject case, and a
      // refuse_or_run one, which a conforming backend may refuse.
      if (c.expect == Expect::kReject || c.expect == Expect::kRefuseOrRun) {
        entries.push_back({TypeOf(c.desc), c.level, DataType::kFloat32, 0, std::nullopt, false});
        continue;
      }
      const auto inputs = InputSlots(c.desc);
      std::optional<DataType> index;
      if (HasIndexTensor(TypeOf(c.desc))) index = inputs[1].desc->data_type;
      uint8_t kinds = 0;
      for (size_t i = 0; i < inputs.size() && c.expect == Expect::kMatch; ++i)
        if (!HoldsIndices(inputs[i]))
          kinds = uint8_t(kinds | SpecialKindsIn(inputs[i].desc->data_type,
                                                 Expand(*inputs[i].desc, c.inputs[i])));
      entries.push_back({TypeOf(c.desc), c.level, inputs[0].desc->data_type,
                         inputs[0].desc->DimensionCount(), index, true, kinds});
    }
  }
  return entries;
}

TEST(Generator, SameSeedSameBytes) {
  const auto a = GenerateCaseFiles(7);
  const auto b = GenerateCaseFiles(7);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].path, b[i].path);
    EXPECT_TRUE(a[i].text == b[i].text) << a[i].path;
  }
}

TEST(Generator, OtherSeedSameFilesOtherData) {
  const auto a = GenerateCaseFiles(1);
  const auto b = GenerateCaseFiles(2);
  ASSERT_EQ(a.size(), b.size());
  size_t differing = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].path, b[i].path);
    differing += a[i].text != b[i].text;
  }
  EXPECT_GT(differing, 0u);
}

TEST(Generator, OneFilePerOperatorAndPurpose) {
  std::set<std::string> paths;
  for (const GeneratedFile& f : GenerateCaseFiles()) paths.insert(f.path);
  for (OperatorType op : kAllOperatorTypes)
    for (const char* purpose : {"support", "corner", "strided", "values", "large", "invalid"})
      EXPECT_TRUE(paths.count(Slug(op) + "/" + purpose + ".yaml")) << Slug(op) << " " << purpose;
}

TEST(Generator, CaseNamesAreUnique) {
  std::set<std::string> names;
  for (const auto& [path, cases] : AllCases().files())
    for (const GenCase& c : cases) EXPECT_TRUE(names.insert(c.name).second) << c.name;
}

TEST(Generator, EveryAllowedCellHasAPositiveCase) {
  const std::vector<CoverageEntry> entries = Entries(AllCases());
  const CoverageReport report = ComputeCoverage(entries);
  for (OperatorType op : kAllOperatorTypes) {
    EXPECT_THAT(report.EmptyCells(op), ::testing::IsEmpty()) << OperatorName(op);
  }
  for (const OperatorCoverage& cov : report.operators) EXPECT_EQ(cov.outside_table, 0u);
}

// Issue 32: JOIN's cases held no -0, subnormal or infinity, so a JOIN that
// canonicalised them passed. Every operator's match cases hold every special kind
// in every float type its table allows.
TEST(Generator, EveryOperatorCarriesEverySpecialValue) {
  const CoverageReport report = ComputeCoverage(Entries(AllCases()));
  for (OperatorType op : kAllOperatorTypes) {
    EXPECT_THAT(report.MissingSpecials(op), ::testing::IsEmpty()) << OperatorName(op);
    const auto& cov = *std::find_if(report.operators.begin(), report.operators.end(),
                                    [&](const OperatorCoverage& c) { return c.op == op; });
    // FLOAT16, FLOAT32, FLOAT64, where the operator's highest row takes them (SLICE1's and
    // TILE's leave FLOAT64 out: errata SL4, TL2).
    size_t floats = 0;
    for (DataType type : {DataType::kFloat16, DataType::kFloat32, DataType::kFloat64})
      floats += TopRow(op).data_types.Contains(type) ? 1 : 0;
    EXPECT_EQ(cov.specials.size(), floats) << OperatorName(op);
  }
}

// The special values are read off the bits, not off the generator's list.
TEST(Coverage, SpecialKindsOfHandPickedBits) {
  EXPECT_EQ(SpecialKindOf(DataType::kFloat16, 0x8000), SpecialKind::kNegativeZero);
  EXPECT_EQ(SpecialKindOf(DataType::kFloat16, 0x0000), std::nullopt);
  EXPECT_EQ(SpecialKindOf(DataType::kFloat16, 0x83ff), SpecialKind::kSubnormal);
  EXPECT_EQ(SpecialKindOf(DataType::kFloat16, 0x0400), std::nullopt);  // the smallest normal
  EXPECT_EQ(SpecialKindOf(DataType::kFloat32, 0xff800000), SpecialKind::kMinusInfinity);
  EXPECT_EQ(SpecialKindOf(DataType::kFloat32, 0x7f800000), SpecialKind::kPlusInfinity);
  EXPECT_EQ(SpecialKindOf(DataType::kFloat32, 0x7fc00000), std::nullopt);  // the default NaN
  EXPECT_EQ(SpecialKindOf(DataType::kFloat32, 0x7f800001), SpecialKind::kNanPayload);
  EXPECT_EQ(SpecialKindOf(DataType::kFloat64, 0xfff8000000000000), SpecialKind::kNanPayload);
  EXPECT_EQ(SpecialKindOf(DataType::kFloat64, 0x0000000000000001), SpecialKind::kSubnormal);
  EXPECT_EQ(SpecialKindOf(DataType::kUint16, 0x8000), std::nullopt);
}

// An operator whose cases lose one special kind fails coverage, naming it.
TEST(Coverage, FailsWhereAnOperatorHasNoNegativeZero) {
  std::vector<CoverageEntry> entries = Entries(AllCases());
  for (CoverageEntry& e : entries)
    if (e.op == OperatorType::kJoin && e.type == DataType::kFloat32)
      e.special_kinds = uint8_t(e.special_kinds & ~1u);
  const CoverageReport report = ComputeCoverage(entries);
  EXPECT_FALSE(report.ok());
  EXPECT_THAT(report.MissingSpecials(OperatorType::kJoin), ::testing::ElementsAre("FLOAT32 -0"));
  EXPECT_THAT(FormatCoverage(report),
              ::testing::HasSubstr("NO SPECIAL VALUE: no match case holds FLOAT32 -0"));
}

// Which rules each operator can break, read off the specification (not the
// validator): the tensor rules and the cross-tensor rules everywhere, those its
// fields and its introduction level imply, and its own shape rules (one
// overload per operator or family). Aliased outputs are not among them:
// contract point A1 makes them implementation-defined, so no must-reject case
// may rest on them.
std::set<Reason> ShapeReasons(SplitDesc) {
  return {Reason::SPLIT_SIZES_MISMATCH, Reason::SPLIT_AXIS_SIZES_MISMATCH};
}
std::set<Reason> ShapeReasons(JoinDesc) {
  return {Reason::JOIN_SIZES_MISMATCH, Reason::JOIN_AXIS_SIZES_MISMATCH};
}
std::set<Reason> ShapeReasons(GatherDesc) {
  return {Reason::GATHER_INDEX_DIMENSIONS_OUT_OF_RANGE, Reason::GATHER_OUTPUT_RANK_OVERFLOW,
          Reason::GATHER_OUTPUT_SIZES_MISMATCH};
}
template <class Desc>
requires kIsDepthSpace<Desc> std::set<Reason> ShapeReasons(Desc) {
  return {kDirection<Desc> == DepthSpaceDirection::kToSpace
              ? Reason::DEPTH_TO_SPACE_CHANNELS_NOT_DIVISIBLE
              : Reason::SPACE_TO_DEPTH_SPATIAL_NOT_DIVISIBLE,
          Reason::DEPTH_SPACE_OUTPUT_SIZES_MISMATCH};
}
std::set<Reason> ShapeReasons(GatherElementsDesc) {
  return {Reason::ELEMENTS_INDICES_SIZES_MISMATCH, Reason::GATHER_ELEMENTS_OUTPUT_SIZES_MISMATCH};
}
std::set<Reason> ShapeReasons(ScatterElementsDesc) {
  return {Reason::ELEMENTS_INDICES_SIZES_MISMATCH, Reason::SCATTER_UPDATES_SIZES_MISMATCH,
          Reason::SCATTER_OUTPUT_SIZES_MISMATCH};
}
std::set<Reason> ShapeReasons(SliceDesc) {
  return {Reason::SLICE_SIZES_MISMATCH, Reason::SLICE_WINDOW_OUT_OF_BOUNDS};
}
std::set<Reason> ShapeReasons(PaddingDesc) {
  return {Reason::WINDOW_DIMENSION_COUNT_MISMATCH, Reason::PADDING_OUTPUT_SIZES_MISMATCH};
}
std::set<Reason> ShapeReasons(Padding1Desc) {
  return {Reason::WINDOW_DIMENSION_COUNT_MISMATCH, Reason::PADDING_OUTPUT_SIZES_MISMATCH};
}
template <class Desc>
requires kIsNd<Desc> std::set<Reason> ShapeReasons(Desc) {
  if constexpr (HasUpdates<Desc>())
    return {Reason::ND_INDEX_TUPLE_TOO_LONG, Reason::ND_OUTPUT_RANK_OVERFLOW,
            Reason::SCATTER_UPDATES_SIZES_MISMATCH, Reason::SCATTER_OUTPUT_SIZES_MISMATCH};
  return {Reason::ND_INDEX_TUPLE_TOO_LONG, Reason::ND_OUTPUT_RANK_OVERFLOW,
          Reason::GATHER_ND_OUTPUT_SIZES_MISMATCH};
}
std::set<Reason> ShapeReasons(Slice1Desc) {
  return {Reason::SLICE1_WINDOW_EMPTY, Reason::SLICE_WINDOW_OUT_OF_BOUNDS,
          Reason::SLICE1_STRIDE_ZERO, Reason::SLICE1_OUTPUT_PAST_WINDOW};
}
std::set<Reason> ShapeReasons(TileDesc) {
  return {Reason::TILE_REPEATS_ZERO, Reason::TILE_OUTPUT_SIZES_MISMATCH};
}
std::set<Reason> ShapeReasons(ReverseSubsequencesDesc) {
  return {Reason::REVERSE_LENGTHS_SIZES_MISMATCH, Reason::REVERSE_OUTPUT_SIZES_MISMATCH};
}

// Rules a field of the kind brings with it.
std::set<Reason> FieldReasons(FieldKind kind) {
  switch (kind) {
    case FieldKind::kInputList:
    case FieldKind::kOutputList: return {Reason::TENSOR_COUNT_ZERO};
    case FieldKind::kIndices:
    case FieldKind::kLengths: return {Reason::INDEX_DATA_TYPE_NOT_SUPPORTED};
    case FieldKind::kAxis: return {Reason::AXIS_OUT_OF_RANGE};
    case FieldKind::kInputDimensionCount: return {Reason::ND_INPUT_DIMENSION_COUNT_OUT_OF_RANGE};
    case FieldKind::kIndicesDimensionCount:
      return {Reason::ND_INDICES_DIMENSION_COUNT_OUT_OF_RANGE};
    case FieldKind::kBatchDimensionCount: return {Reason::ND_BATCH_DIMENSION_COUNT_OUT_OF_RANGE};
    case FieldKind::kBlockSize: return {Reason::DEPTH_SPACE_BLOCK_SIZE_ZERO};
    case FieldKind::kOrder: return {Reason::DEPTH_SPACE_ORDER_INVALID};
    case FieldKind::kPaddingMode:
      return {Reason::PADDING_MODE_INVALID, Reason::PADDING_MODE_NOT_AVAILABLE};
    case FieldKind::kPaddingValueDataType: return {Reason::PADDING_VALUE_DATA_TYPE_MISMATCH};
    case FieldKind::kPaddingValue:
    case FieldKind::kTypedPaddingValue: return {};
#define DMLCONF_ARRAY_KIND(Kind, c_member, Element, CountName) case FieldKind::k##Kind:
#include "dmlconf/array_kinds.inc"
#undef DMLCONF_ARRAY_KIND
      return {Reason::WINDOW_DIMENSION_COUNT_MISMATCH};
    case FieldKind::kInput:
    case FieldKind::kUpdates:
    case FieldKind::kOutput:
    case FieldKind::kIndexDimensions: return {};
  }
  return {};
}

std::set<Reason> ReasonsFor(OperatorType op) {
  std::set<Reason> reasons = {Reason::TENSOR_RANK_INVALID,
                              Reason::TENSOR_SIZE_ZERO,
                              Reason::TENSOR_STRIDES_RANK_MISMATCH,
                              Reason::TENSOR_TOO_MANY_ELEMENTS,
                              Reason::TENSOR_TOTAL_SIZE_TOO_SMALL,
                              Reason::TENSOR_ALIGNMENT_INVALID,
                              Reason::RANK_MISMATCH,
                              Reason::DATA_TYPE_MISMATCH};
  if (IntroducedAt(op) > FeatureLevel::k1_0) reasons.insert(Reason::OPERATOR_NOT_AVAILABLE);
  // A table that allows every rank 1-8 and all eleven types at every row it has
  // (PADDING1's) leaves nothing to refuse by rank or type.
  for (const SupportRow& row : SupportTable(op)) {
    if (row.min_rank > 1 || row.max_rank < kMaxDimensions)
      reasons.insert(Reason::RANK_NOT_SUPPORTED);
    for (DataType type : kAllDataTypes)
      if (!row.data_types.Contains(type)) reasons.insert(Reason::DATA_TYPE_NOT_SUPPORTED);
  }
  std::visit(
      [&](auto d) {
        ForEachField(d, [&](auto field, const auto&) { reasons.merge(FieldReasons(field.kind)); });
        reasons.merge(ShapeReasons(d));
      },
      DefaultDesc(op));
  return reasons;
}

// (operator, level, reason) of every generated must-reject case.
std::set<std::tuple<OperatorType, FeatureLevel, Reason>> RejectCells() {
  std::set<std::tuple<OperatorType, FeatureLevel, Reason>> cells;
  for (const auto& [path, cases] : AllCases().files())
    for (const GenCase& c : cases)
      if (c.expect == Expect::kReject) cells.insert({TypeOf(c.desc), c.level, c.reason});
  return cells;
}

// A reason a backend may give, but no case may demand (contract point A1).
const std::set<Reason> kImplementationDefined = {Reason::TENSOR_OUTPUT_ALIASED};
// Codes no rule raises any more: TotalTensorSizeInBytes need only reach the minimum
// implied size (DML_BUFFER_TENSOR_DESC), so no must-reject case may rest on "not a
// multiple of 4"; the code stays so that older case files still parse.
const std::set<Reason> kRetired = {Reason::TENSOR_TOTAL_SIZE_NOT_MULTIPLE_OF_4};

TEST(Generator, EveryReasonBelongsToAnOperator) {
  std::set<Reason> all;
  for (OperatorType op : kAllOperatorTypes) all.merge(ReasonsFor(op));
  for (Reason r : AllReasons())
    if (r != Reason::OK && !kImplementationDefined.count(r) && !kRetired.count(r)) {
      EXPECT_TRUE(all.count(r)) << ReasonName(r) << " is in no operator's list";
    }
  for (Reason r : kImplementationDefined) EXPECT_FALSE(all.count(r)) << ReasonName(r);
  for (Reason r : kRetired) EXPECT_FALSE(all.count(r)) << ReasonName(r);
}

TEST(Generator, EveryOperatorHasARejectCaseForEveryRuleItCanBreak) {
  std::set<std::pair<OperatorType, Reason>> seen;
  for (const auto& [op, level, reason] : RejectCells()) seen.insert({op, reason});
  for (OperatorType op : kAllOperatorTypes)
    for (Reason r : ReasonsFor(op))
      EXPECT_TRUE(seen.count({op, r}))
          << OperatorName(op) << " has no " << ReasonName(r) << " case";
}

// Each row of each support table refuses, at its own level, a data type, a
// rank and an index type it does not allow, where such exist; an operator
// introduced after 1_0 is refused below its level.
TEST(Generator, EveryFeatureLevelGatesWhatItDisallows) {
  const auto cells = RejectCells();
  const auto has = [&](OperatorType op, FeatureLevel level, Reason r) {
    return cells.count({op, level, r}) > 0;
  };
  for (OperatorType op : kAllOperatorTypes) {
    for (const SupportRow& row : SupportTable(op)) {
      SCOPED_TRACE(std::string(OperatorName(op)) + " at " +
                   std::string(FeatureLevelName(row.level)));
      const auto count = [](DataTypeSet set) {
        size_t n = 0;
        set.ForEach([&](DataType) { ++n; });
        return n;
      };
      // A type the row leaves out is refused unless errata SL4 and TL2 dispute it there
      // (TILE's 4_1 row lacks FLOAT64 alone, which the feature-level history adds).
      size_t refusable = 0;
      for (DataType type : kAllDataTypes)
        refusable +=
            !row.data_types.Contains(type) && !DataTypeRejectionDisputed(op, row.level, type);
      if (refusable > 0) {
        EXPECT_TRUE(has(op, row.level, Reason::DATA_TYPE_NOT_SUPPORTED));
      }
      if (row.min_rank > 1 || row.max_rank < kMaxDimensions) {
        EXPECT_TRUE(has(op, row.level, Reason::RANK_NOT_SUPPORTED));
      }
      if (HasIndexTensor(op) && count(row.index_types) < 4) {  // INT64 INT32 UINT64 UINT32
        EXPECT_TRUE(has(op, row.level, Reason::INDEX_DATA_TYPE_NOT_SUPPORTED));
      }
    }
    if (IntroducedAt(op) > FeatureLevel::k1_0) {
      bool below = false;
      for (const auto& [o, level, r] : cells)
        below |= o == op && r == Reason::OPERATOR_NOT_AVAILABLE && level < IntroducedAt(op);
      EXPECT_TRUE(below) << OperatorName(op) << " is not refused below its introduction";
    }
  }
}

TEST(Generator, NoRejectCaseRestsOnADisputedJoinRank) {
  for (const auto& [path, cases] : AllCases().files()) {
    for (const GenCase& c : cases) {
      if (c.expect != Expect::kReject || c.reason != Reason::RANK_NOT_SUPPORTED) continue;
      const uint32_t rank = InputSlots(c.desc)[0].desc->DimensionCount();
      EXPECT_FALSE(RankRejectionDisputed(TypeOf(c.desc), c.level, rank)) << c.name;
    }
  }
}

TEST(Generator, NoRejectCaseRestsOnADisputedDataType) {
  for (const auto& [path, cases] : AllCases().files())
    for (const GenCase& c : cases) {
      if (c.expect != Expect::kReject || c.reason != Reason::DATA_TYPE_NOT_SUPPORTED) continue;
      const DataType type = InputSlots(c.desc)[0].desc->data_type;
      EXPECT_FALSE(DataTypeRejectionDisputed(TypeOf(c.desc), c.level, type)) << c.name;
    }
}

// Each data type's element size in bytes, typed from the spec's "Common ground".
uint32_t SpecElementSize(DataType type) {
  switch (type) {
    case DataType::kFloat64:
    case DataType::kInt64:
    case DataType::kUint64: return 8;
    case DataType::kFloat32:
    case DataType::kInt32:
    case DataType::kUint32: return 4;
    case DataType::kFloat16:
    case DataType::kInt16:
    case DataType::kUint16: return 2;
    case DataType::kInt8:
    case DataType::kUint8: return 1;
  }
  return 0;
}

bool IsPowerOfTwo(uint32_t a) { return a != 0 && (a & (a - 1)) == 0; }

// Contract point T1: 0, or a power of two no smaller than the element size.
bool AlignmentLegal(const TensorDesc& t) {
  const uint32_t a = t.guaranteed_base_offset_alignment;
  return a == 0 || (IsPowerOfTwo(a) && a >= SpecElementSize(t.data_type));
}

std::vector<const TensorDesc*> Tensors(const OperatorDesc& d) {
  std::vector<const TensorDesc*> out;
  for (const auto& slots : {InputSlots(d), OutputSlots(d)})
    for (const TensorSlot& slot : slots) out.push_back(slot.desc);
  return out;
}

std::vector<const GenCase*> Cases(OperatorType op) {
  std::vector<const GenCase*> out;
  for (const auto& [path, cases] : AllCases().files())
    for (const GenCase& c : cases)
      if (TypeOf(c.desc) == op) out.push_back(&c);
  return out;
}

// Whether two elements of a tensor share a memory location, found by listing
// every offset (not by the validator's sorted-stride test). nullopt for a
// shape nothing can bind, or one too large to list.
std::optional<bool> SharesLocations(const TensorDesc& t) {
  const size_t rank = t.sizes.size();
  if (rank == 0 || rank > 8 || (t.strides && t.strides->size() != rank)) return std::nullopt;
  uint64_t count = 1;
  for (uint32_t size : t.sizes) {
    count *= size;
    if (size == 0 || count > (uint64_t{1} << 22)) return std::nullopt;
  }
  std::vector<uint64_t> strides(rank);
  for (uint64_t d = rank, packed = 1; d-- > 0; packed *= t.sizes[d])
    strides[d] = t.strides ? (*t.strides)[d] : packed;
  std::vector<uint64_t> offsets;
  std::vector<uint32_t> coords(rank, 0);
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t offset = 0;
    for (size_t d = 0; d < rank; ++d) offset += coords[d] * strides[d];
    offsets.push_back(offset);
    for (size_t d = rank; d-- > 0 && ++coords[d] == t.sizes[d];) coords[d] = 0;
  }
  std::sort(offsets.begin(), offsets.end());
  return std::adjacent_find(offsets.begin(), offsets.end()) != offsets.end();
}

bool AnOutputSharesLocations(const GenCase& c) {
  for (const TensorSlot& slot : OutputSlots(c.desc))
    if (SharesLocations(*slot.desc) == true) return true;
  return false;
}

bool AnOutputHasAZeroStride(const GenCase& c) {
  for (const TensorSlot& slot : OutputSlots(c.desc))
    for (size_t d = 0; slot.desc->strides && d < slot.desc->sizes.size(); ++d)
      if (slot.desc->sizes[d] > 1 && (*slot.desc->strides)[d] == 0) return true;
  return false;
}

// Contract point G4: a leading (non-index) dimension of GATHER's IndicesTensor above 1.
bool HasLeadingIndexDimAboveOne(const GenCase& c) {
  const auto* g = std::get_if<GatherDesc>(&c.desc);
  if (g == nullptr) return false;
  const std::vector<uint32_t>& sizes = g->indices_tensor.sizes;
  for (size_t d = 0; d + g->index_dimensions < sizes.size(); ++d)
    if (sizes[d] > 1) return true;
  return false;
}

// Contract points M1, M2, M3 of the ND operators: a padding dimension above 1, batch sizes
// that differ, counts that leave the tuple no room.
bool RestsOnNdContractPoint(const GenCase& c) {
  const NdCounts counts = NdCountsIn(c.desc);
  if (counts.input == 0) return false;
  const TensorDesc& input = *InputSlots(c.desc)[0].desc;
  const TensorDesc& indices = *InputSlots(c.desc)[1].desc;
  return NdCountsReachOut(indices.sizes.back(), counts) ||
         NdLeadingAboveOne(input.sizes, indices.sizes, counts) ||
         NdBatchSizesDiffer(input.sizes, indices.sizes, counts);
}

// Contract point W2: a SCATTER_ELEMENTS whose indices are longer along Axis than its input.
bool ScatterIndicesLongerAlongAxis(const GenCase& c) {
  const auto* s = std::get_if<ScatterElementsDesc>(&c.desc);
  return s != nullptr && s->indices_tensor.sizes[s->axis] > s->input_tensor.sizes[s->axis];
}

TEST(Generator, AlignmentRejectionsAreExactlyTheIllegalAlignments) {
  for (const auto& [path, cases] : AllCases().files())
    for (const GenCase& c : cases) {
      bool legal = true;
      for (const TensorDesc* t : Tensors(c.desc)) legal &= AlignmentLegal(*t);
      const bool refused_for_alignment =
          c.expect == Expect::kReject && c.reason == Reason::TENSOR_ALIGNMENT_INVALID;
      EXPECT_EQ(refused_for_alignment, !legal) << c.name;
    }
}

// T1's small promises are asked on every operator: the examples the spec names,
// refuse_or_run since DirectML's pages disagree below 16.
TEST(Generator, EveryOperatorAsksSmallLegalAlignments) {
  const std::pair<DataType, uint32_t> promises[] = {
      {DataType::kFloat32, 4}, {DataType::kFloat32, 8}, {DataType::kInt64, 8},
      {DataType::kUint8, 1},   {DataType::kUint8, 2},   {DataType::kFloat16, 2}};
  for (OperatorType op : kAllOperatorTypes)
    for (const auto& [type, align] : promises) {
      const auto promised = [&](const GenCase* c) {
        if (c->expect != Expect::kRefuseOrRun || InputSlots(c->desc)[0].desc->data_type != type)
          return false;
        for (const TensorDesc* t : Tensors(c->desc))
          if (t->data_type == type && t->guaranteed_base_offset_alignment != align) return false;
        return true;
      };
      if (!TopRow(op).data_types.Contains(type)) continue;  // SLICE1's INT64: SL4
      const auto cases = Cases(op);
      EXPECT_TRUE(std::any_of(cases.begin(), cases.end(), promised))
          << OperatorName(op) << " has no refuse_or_run case with alignment " << align << " on "
          << DataTypeName(type);
    }
}

TEST(Generator, EveryOperatorRefusesBothKindsOfIllegalAlignment) {
  for (OperatorType op : kAllOperatorTypes) {
    bool below_element_size = false, not_power_of_two = false;
    for (const GenCase* c : Cases(op)) {
      if (c->expect != Expect::kReject || c->reason != Reason::TENSOR_ALIGNMENT_INVALID) continue;
      for (const TensorDesc* t : Tensors(c->desc)) {
        const uint32_t a = t->guaranteed_base_offset_alignment;
        below_element_size |= IsPowerOfTwo(a) && a < SpecElementSize(t->data_type);
        not_power_of_two |= a != 0 && !IsPowerOfTwo(a);
      }
    }
    EXPECT_TRUE(below_element_size) << OperatorName(op);
    EXPECT_TRUE(not_power_of_two) << OperatorName(op);
  }
}

// Contract point A1: only refuse_or_run cases may have an aliased output.
TEST(Generator, OnlyRefuseOrRunCasesHaveAliasedOutputs) {
  for (const auto& [path, cases] : AllCases().files())
    for (const GenCase& c : cases) {
      if (c.expect == Expect::kRefuseOrRun) continue;
      EXPECT_FALSE(AnOutputSharesLocations(c)) << c.name;
      EXPECT_NE(c.reason, Reason::TENSOR_OUTPUT_ALIASED) << c.name;
    }
}

TEST(Generator, EveryOperatorHasZeroStrideAndOverlappingOutputsAsRefuseOrRun) {
  for (OperatorType op : kAllOperatorTypes) {
    bool zero = false, overlap = false;
    for (const GenCase* c : Cases(op)) {
      if (c->expect != Expect::kRefuseOrRun || !AnOutputSharesLocations(*c)) continue;
      EXPECT_EQ(c->expected.size(), OutputSlots(c->desc).size()) << c->name;
      (AnOutputHasAZeroStride(*c) ? zero : overlap) = true;
    }
    EXPECT_TRUE(zero) << OperatorName(op);
    EXPECT_TRUE(overlap) << OperatorName(op);
  }
}

// T1 below 16: a non-zero GuaranteedBaseOffsetAlignment under
// DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT, where DirectML's pages disagree.
bool PromisesAlignmentBelow16(const GenCase& c) {
  for (const TensorDesc* t : Tensors(c.desc))
    if (t->guaranteed_base_offset_alignment != 0 && t->guaranteed_base_offset_alignment < 16)
      return true;
  return false;
}

// A refuse_or_run case rests on something implementation-defined, or it
// should have been a positive case.
// Contract point K1: a SLICE with a stride of 0.
bool SliceStrideZero(const GenCase& c) {
  const auto* s = std::get_if<SliceDesc>(&c.desc);
  return s != nullptr && std::find(s->strides.begin(), s->strides.end(), 0u) != s->strides.end();
}

TEST(Generator, EveryRefuseOrRunCaseRestsOnA1OrG4OrT1Below16OrW2OrK1) {
  for (const auto& [path, cases] : AllCases().files())
    for (const GenCase& c : cases) {
      if (c.expect != Expect::kRefuseOrRun) continue;
      EXPECT_TRUE(AnOutputSharesLocations(c) || HasLeadingIndexDimAboveOne(c) ||
                  PromisesAlignmentBelow16(c) || ScatterIndicesLongerAlongAxis(c) ||
                  SliceStrideZero(c) || RestsOnNdContractPoint(c))
          << c.name;
    }
  // And every W2 and K1 case is one (no positive case rests on them).
  for (const auto& [path, cases] : AllCases().files())
    for (const GenCase& c : cases) {
      if (c.expect != Expect::kReject && (ScatterIndicesLongerAlongAxis(c) || SliceStrideZero(c))) {
        EXPECT_EQ(c.expect, Expect::kRefuseOrRun) << c.name;
      }
    }
}

// T1 below 16 (a documentation erratum, reports/directml/ERRATA.md): no positive case
// rests on such a promise, and the refuse_or_run ones expect every output in full,
// since nothing in them shares a location.
TEST(Generator, AlignmentsBelow16AreRefuseOrRunWithFullExpectedValues) {
  size_t count = 0;
  for (const auto& [path, cases] : AllCases().files())
    for (const GenCase& c : cases) {
      if (c.expect == Expect::kReject || !PromisesAlignmentBelow16(c)) continue;
      ++count;
      EXPECT_EQ(c.expect, Expect::kRefuseOrRun) << c.name;
      EXPECT_FALSE(AnOutputSharesLocations(c)) << c.name;
      EXPECT_EQ(c.expected.size(), OutputSlots(c.desc).size()) << c.name;
    }
  // Per data type of the operator's highest row, the alignments below 16 from the element
  // size up: 1, 2 and 8 for one byte; 2, 4, 8 for two; 4, 8 for four; 8 for eight (24 for
  // a row of all eleven types).
  size_t expected = 0;
  for (OperatorType op : kAllOperatorTypes)
    TopRow(op).data_types.ForEach([&](DataType type) {
      const size_t per_size[] = {0, 3, 3, 0, 2, 0, 0, 0, 1};
      expected += per_size[ElementSize(type)];
    });
  EXPECT_EQ(count, expected);
}

// Contract point G4: leading index dimensions above 1 only in refuse_or_run
// cases, and those expect no values.
TEST(Generator, OnlyRefuseOrRunCasesRestOnLeadingIndexDims) {
  size_t count = 0;
  for (const GenCase* c : Cases(OperatorType::kGather)) {
    if (!HasLeadingIndexDimAboveOne(*c)) continue;
    ++count;
    EXPECT_EQ(c->expect, Expect::kRefuseOrRun) << c->name;
    EXPECT_TRUE(c->expected.empty()) << c->name;
  }
  EXPECT_GT(count, 0u);
}

TEST(CaseText, RefuseOrRunWritesExpectedOnlyWhenGiven) {
  GenCase c;
  c.name = "split/refuse-or-run";
  c.desc = SplitDesc{
      TensorDesc::Packed(DataType::kUint8, {2}), {TensorDesc::Packed(DataType::kUint8, {2})}, 0};
  c.expect = Expect::kRefuseOrRun;
  c.inputs = {{{7, 9}}};
  c.expected = {{{7, 9}}};
  const std::string with = CaseFileText("h", {c});
  EXPECT_THAT(with, ::testing::HasSubstr("expect: refuse_or_run"));
  EXPECT_THAT(with, ::testing::HasSubstr("inputs:"));
  EXPECT_THAT(with, ::testing::HasSubstr("expected:"));
  c.expected.clear();
  const std::string without = CaseFileText("h", {c});
  EXPECT_THAT(without, ::testing::HasSubstr("inputs:"));
  EXPECT_THAT(without, ::testing::Not(::testing::HasSubstr("expected:")));
}

TEST(Coverage, ListsTheCellThatLostItsCases) {
  std::vector<CoverageEntry> entries = Entries(AllCases());
  // Drop every positive case of GATHER 2_1 INT8 rank 4: INT8 with UINT32
  // indices first holds at 2_1, so its cells in the 2_1, 3_0 and 4_1 rows empty.
  std::erase_if(entries, [](const CoverageEntry& e) {
    return e.positive && e.op == OperatorType::kGather && e.type == DataType::kInt8 &&
           FindSupport(e.op, e.level)->level == FeatureLevel::k2_1;
  });
  const CoverageReport report = ComputeCoverage(entries);
  EXPECT_FALSE(report.ok());
  const auto empty = report.EmptyCells(OperatorType::kGather);
  ASSERT_EQ(empty.size(), 3u);
  for (const Cell& cell : empty) {
    EXPECT_EQ(cell.type, DataType::kInt8);
    EXPECT_EQ(cell.rank, 4u);
    EXPECT_EQ(cell.index_type, DataType::kUint32);
  }
  EXPECT_EQ(empty[0].row, FeatureLevel::k2_1);
  EXPECT_THAT(FormatCoverage(report), ::testing::HasSubstr("EMPTY 2_1 INT8 rank 4 index UINT32"));
}

// A case labelled at a level whose row does not allow it falls in no cell.
TEST(Coverage, ACaseLabelledTooLowIsOutsideTheTable) {
  const CoverageEntry too_low{
      OperatorType::kGather, FeatureLevel::k1_0, DataType::kInt8, 4, DataType::kUint32, true};
  const CoverageReport report = ComputeCoverage(std::span(&too_low, 1));
  for (const OperatorCoverage& cov : report.operators)
    EXPECT_EQ(cov.outside_table, cov.op == OperatorType::kGather ? 1u : 0u);
}

// cases/README.md: a case's feature_level is the lowest level at which it
// holds. Every generated match and unspecified case carries exactly that for
// its data type, rank and index type (issue 12: 478 support cells carried
// their row's level instead).
TEST(Generator, PositiveCasesCarryTheLowestLevelWhereTheyHold) {
  size_t cells_below_their_row = 0;
  for (const auto& [path, cases] : AllCases().files()) {
    for (const GenCase& c : cases) {
      if (c.expect != Expect::kMatch && c.expect != Expect::kUnspecified) continue;
      EXPECT_EQ(c.level, LowestLevelOf(c.desc)) << c.name;
      const bool named_after_its_level =
          c.name.find("/" + LevelTag(c.level) + "/") != std::string::npos;
      if (c.name.ends_with("/cell") && !named_after_its_level) ++cells_below_their_row;
    }
  }
  // gather/fl2_1/float32/r4/idx-uint32/cell holds at 1_0, and hundreds like it.
  EXPECT_GT(cells_below_their_row, 400u);
}

// How many generated match cases expect something other than what a backend
// gets that reads the index or length tensor's elements through `misread`:
// the oracle run on the misread tensor gives other values, or none (a GATHER
// index out of range, where such a backend has no right answer to give).
size_t CasesThatCatch(OperatorType op, DataType index_type,
                      const std::function<ElementBits(ElementBits)>& misread) {
  size_t caught = 0;
  for (const auto& [path, cases] : AllCases().files()) {
    for (const GenCase& c : cases) {
      if (c.expect != Expect::kMatch || TypeOf(c.desc) != op) continue;
      const auto ins = InputSlots(c.desc);
      if (ins[1].desc->data_type != index_type) continue;
      std::vector<Values> inputs;
      for (size_t i = 0; i < ins.size(); ++i) inputs.push_back(Expand(*ins[i].desc, c.inputs[i]));
      std::transform(inputs[1].begin(), inputs[1].end(), inputs[1].begin(), misread);
      const auto outs = OutputSlots(c.desc);
      const auto misread_outputs = OracleOutputs(c.desc, inputs);
      bool differs = !misread_outputs;
      for (size_t i = 0; i < outs.size() && !differs; ++i)
        differs = (*misread_outputs)[i] != Expand(*outs[i].desc, c.expected[i]);
      caught += differs;
    }
  }
  return caught;
}

ElementBits Low32Bits(ElementBits bits) { return bits & 0xFFFFFFFFu; }
// A length read as signed is negative when its top bit is set, and a negative
// length reverses nothing: as a length of 0.
ElementBits SignedLength32(ElementBits bits) { return bits >> 31 ? 0 : bits; }
ElementBits SignedLength64(ElementBits bits) { return bits >> 63 ? 0 : bits; }

// Issue 12: REVERSE_SUBSEQUENCES reading only the low 32 bits of UINT64 lengths
// passed every case (none had a length of 2^32 or more); reading UINT32 / UINT64
// lengths as signed failed one case each.
TEST(Generator, CasesCatchMisreadSequenceLengths) {
  constexpr OperatorType kReverse = OperatorType::kReverseSubsequences;
  EXPECT_GE(CasesThatCatch(kReverse, DataType::kUint64, Low32Bits), 9u);
  EXPECT_GE(CasesThatCatch(kReverse, DataType::kUint32, SignedLength32), 4u);
  EXPECT_GE(CasesThatCatch(kReverse, DataType::kUint64, SignedLength64), 5u);
  // The honest reading catches nothing: the count measures the misreading.
  EXPECT_EQ(CasesThatCatch(kReverse, DataType::kUint64, [](ElementBits b) { return b; }), 0u);
}

// Issue 12: 64-bit GATHER indices with the high 32 bits set. In range, those
// are the negative INT64 indices, and a reader of the low 32 bits (zero-
// extended) takes -1 for 4294967295.
TEST(Generator, CasesCatchGatherIndicesReadAsTheirLow32Bits) {
  EXPECT_GE(CasesThatCatch(OperatorType::kGather, DataType::kInt64, Low32Bits), 5u);
  const auto honest = [](ElementBits b) { return b; };
  EXPECT_EQ(CasesThatCatch(OperatorType::kGather, DataType::kInt64, honest), 0u);
}

TEST(Coverage, FloorFailsWhenTooFewCases) {
  const std::vector<CoverageEntry> entries = Entries(AllCases());
  const CoverageReport report = ComputeCoverage(entries);
  EXPECT_TRUE(report.ok()) << FormatCoverage(report);
  EXPECT_FALSE(ComputeCoverage(entries, 1000000).ok());
  const auto json = CoverageJson(ComputeCoverage(entries, 1000000));
  EXPECT_FALSE(json["ok"].get<bool>());
  EXPECT_EQ(json["operators"].size(), kAllOperatorTypes.size());
}

}  // namespace
}  // namespace dmlconf::generate
