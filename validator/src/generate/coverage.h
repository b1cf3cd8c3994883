// `dmlconf coverage`: positive cases counted per support-table cell (row x
// data type x rank x index type), the empty cells, and per-operator floors.
#pragma once

#include <array>
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dmlconf/support.h"

namespace dmlconf::generate {

// The fewest positive cases the project commits to per operator (documented
// in the README): a little below what cases/ holds, so that losing a file
// fails loudly while adding cases never does.
struct CaseFloor {
  OperatorType op;
  uint64_t min_positive_cases;
};
inline constexpr CaseFloor kCaseFloors[] = {
    {OperatorType::kSplit, 220},          {OperatorType::kJoin, 180},
    {OperatorType::kGather, 750},         {OperatorType::kDepthToSpace1, 50},
    {OperatorType::kSpaceToDepth1, 50},   {OperatorType::kReverseSubsequences, 320},
    {OperatorType::kDepthToSpace, 50},    {OperatorType::kSpaceToDepth, 50},
    {OperatorType::kGatherElements, 700}, {OperatorType::kScatterElements, 700},
    {OperatorType::kGatherNd, 650},       {OperatorType::kGatherNd1, 700},
    {OperatorType::kSlice, 220},          {OperatorType::kPadding, 250},
    {OperatorType::kPadding1, 250},       {OperatorType::kScatterNd, 650},
    {OperatorType::kSlice1, 140},         {OperatorType::kTile, 190},
};

// The float bit patterns a value-converting copy changes, which every operator's
// match cases must carry in every float type it takes: -0, subnormals, both
// infinities, and NaNs other than the default quiet NaN (a payload, a sign or a
// signalling NaN).
enum class SpecialKind : uint8_t {
  kNegativeZero,
  kSubnormal,
  kPlusInfinity,
  kMinusInfinity,
  kNanPayload
};
inline constexpr SpecialKind kAllSpecialKinds[] = {
    SpecialKind::kNegativeZero, SpecialKind::kSubnormal, SpecialKind::kPlusInfinity,
    SpecialKind::kMinusInfinity, SpecialKind::kNanPayload};
inline constexpr size_t kSpecialKindCount = std::size(kAllSpecialKinds);
// "-0" "subnormal" "+inf" "-inf" "NaN payload".
std::string_view SpecialKindName(SpecialKind kind);
// The kind of an element of a float type, if it is one of those; nullopt for an
// ordinary value and for every element of an integer type.
std::optional<SpecialKind> SpecialKindOf(DataType type, ElementBits bits);
// The kinds among `values` of `type`, as a bit set (bit k: kAllSpecialKinds[k]).
uint8_t SpecialKindsIn(DataType type, std::span<const ElementBits> values);

// What coverage needs to know of one case.
struct CoverageEntry {
  OperatorType op;
  FeatureLevel level;                  // the case's feature_level
  DataType type;                       // the first input's DataType
  uint32_t rank;                       // the first input's DimensionCount
  std::optional<DataType> index_type;  // IndicesTensor / SequenceLengthsTensor
  bool positive;                       // expect match or unspecified
  // SpecialKindsIn the value inputs (not indices or lengths) of a match case.
  uint8_t special_kinds = 0;
};

struct Cell {
  FeatureLevel row;  // the support row's own level
  DataType type;
  uint32_t rank;
  std::optional<DataType> index_type;
  // Positive cases that hold in the cell: labelled at its row or at an older
  // row that already allows the same data type, rank and index type.
  uint64_t cases = 0;
};

// Match cases of one float type holding each special kind.
struct SpecialCounts {
  DataType type;
  std::array<uint64_t, kSpecialKindCount> cases{};
};

struct OperatorCoverage {
  OperatorType op;
  uint64_t positive_cases = 0;
  uint64_t reject_cases = 0;
  uint64_t floor = 0;
  uint64_t outside_table = 0;  // positive cases in no allowed cell of their own level's row
  std::vector<Cell> cells;     // every allowed cell, in table order
  std::vector<SpecialCounts> specials;  // every float type of the table, in table order
};

struct CoverageReport {
  std::vector<OperatorCoverage> operators;
  std::vector<Cell> EmptyCells(OperatorType op) const;
  // "FLOAT16 -0", for each float type and special kind no match case of `op` holds.
  std::vector<std::string> MissingSpecials(OperatorType op) const;
  // Every allowed cell has a case, every operator meets its floor, and every
  // special kind is in a match case of every float type.
  bool ok() const;
};

// `min_cases_per_operator` replaces the kCaseFloors floors when given.
CoverageReport ComputeCoverage(std::span<const CoverageEntry> entries,
                               std::optional<uint64_t> min_cases_per_operator = std::nullopt);

// The grids as text, each empty cell listed, and a verdict line.
std::string FormatCoverage(const CoverageReport& report);
nlohmann::json CoverageJson(const CoverageReport& report);

}  // namespace dmlconf::generate
