#include "coverage.h"

#include <algorithm>
#include <cstdio>

#include "dmlconf/float_fields.h"

namespace dmlconf::generate {

std::string_view SpecialKindName(SpecialKind kind) {
  switch (kind) {
    case SpecialKind::kNegativeZero: return "-0";
    case SpecialKind::kSubnormal: return "subnormal";
    case SpecialKind::kPlusInfinity: return "+inf";
    case SpecialKind::kMinusInfinity: return "-inf";
    case SpecialKind::kNanPayload: return "NaN payload";
  }
  return "?";
}

std::optional<SpecialKind> SpecialKindOf(DataType type, ElementBits bits) {
  if (!IsFloat(type)) return std::nullopt;
  const FloatFields f = FloatFieldsOf(type);
  const ElementBits exponent = bits & f.exponent;
  const ElementBits fraction = bits & ~(f.sign | f.exponent);
  if (bits == f.sign) return SpecialKind::kNegativeZero;
  if (exponent == 0) return fraction != 0 ? std::optional(SpecialKind::kSubnormal) : std::nullopt;
  if (exponent != f.exponent) return std::nullopt;
  if (fraction == 0)
    return (bits & f.sign) != 0 ? SpecialKind::kMinusInfinity : SpecialKind::kPlusInfinity;
  // The default quiet NaN is what a canonicalising copy writes; any other NaN is not.
  if (bits == (f.exponent | f.quiet)) return std::nullopt;
  return SpecialKind::kNanPayload;
}

uint8_t SpecialKindsIn(DataType type, std::span<const ElementBits> values) {
  uint8_t kinds = 0;
  for (ElementBits bits : values)
    if (const std::optional<SpecialKind> kind = SpecialKindOf(type, bits))
      kinds = uint8_t(kinds | (1u << unsigned(*kind)));
  return kinds;
}

namespace {

bool SameCell(const Cell& cell, FeatureLevel row, const CoverageEntry& e) {
  return cell.row == row && cell.type == e.type && cell.rank == e.rank &&
         cell.index_type == e.index_type;
}

OperatorCoverage EmptyGrid(OperatorType op) {
  OperatorCoverage cov;
  cov.op = op;
  for (const SupportRow& row : SupportTable(op)) {
    row.data_types.ForEach([&](DataType type) {
      for (uint32_t rank = row.min_rank; rank <= row.max_rank; ++rank) {
        if (!HasIndexTensor(op)) {
          cov.cells.push_back({row.level, type, rank, std::nullopt});
          continue;
        }
        row.index_types.ForEach([&](DataType index) {
          cov.cells.push_back({row.level, type, rank, index});
        });
      }
    });
  }
  for (const SupportRow& row : SupportTable(op)) {
    row.data_types.ForEach([&](DataType type) {
      const bool listed = std::any_of(cov.specials.begin(), cov.specials.end(),
                                      [&](const SpecialCounts& s) { return s.type == type; });
      if (IsFloat(type) && !listed) cov.specials.push_back({type, {}});
    });
  }
  return cov;
}

void CountSpecials(OperatorCoverage& cov, const CoverageEntry& e) {
  for (SpecialCounts& counts : cov.specials)
    if (counts.type == e.type)
      for (size_t k = 0; k < kSpecialKindCount; ++k) counts.cases[k] += (e.special_kinds >> k) & 1;
}

std::string SpecialsText(const SpecialCounts& counts) {
  std::string text = "  special values, " + std::string(DataTypeName(counts.type)) + ":";
  for (size_t k = 0; k < kSpecialKindCount; ++k)
    text += std::string(k ? "," : "") + " " + std::to_string(counts.cases[k]) + " with " +
            std::string(SpecialKindName(kAllSpecialKinds[k]));
  return text + "\n";
}

std::string CellText(const Cell& cell) {
  std::string text = std::string(FeatureLevelName(cell.row)) + " " +
                     std::string(DataTypeName(cell.type)) + " rank " + std::to_string(cell.rank);
  if (cell.index_type) text += " index " + std::string(DataTypeName(*cell.index_type));
  return text;
}

// One grid: data types down, ranks 1..8 across; '.' where the row does not
// allow the rank, '-' where it allows it and no case exists.
void FormatGrid(std::string& out, const OperatorCoverage& cov, FeatureLevel row,
                std::optional<DataType> index_type) {
  out += "  row " + std::string(FeatureLevelName(row));
  if (index_type) out += ", index type " + std::string(DataTypeName(*index_type));
  out += "\n    data type";
  for (uint32_t r = 1; r <= kMaxDimensions; ++r) out += "    r" + std::to_string(r);
  out += "\n";
  for (DataType type : kAllDataTypes) {
    std::string line;
    bool any = false;
    for (uint32_t r = 1; r <= kMaxDimensions; ++r) {
      const auto it = std::find_if(cov.cells.begin(), cov.cells.end(), [&](const Cell& c) {
        return c.row == row && c.type == type && c.rank == r && c.index_type == index_type;
      });
      char buf[32];
      if (it == cov.cells.end())
        std::snprintf(buf, sizeof buf, "%6s", ".");
      else if (it->cases == 0)
        std::snprintf(buf, sizeof buf, "%6s", "-");
      else
        std::snprintf(buf, sizeof buf, "%6llu", static_cast<unsigned long long>(it->cases));
      any = any || it != cov.cells.end();
      line += buf;
    }
    char name[16];
    std::snprintf(name, sizeof name, "    %-9s", std::string(DataTypeName(type)).c_str());
    if (any) out += name + line + "\n";
  }
}

}  // namespace

std::vector<Cell> CoverageReport::EmptyCells(OperatorType op) const {
  std::vector<Cell> empty;
  for (const OperatorCoverage& cov : operators)
    if (cov.op == op)
      for (const Cell& cell : cov.cells)
        if (cell.cases == 0) empty.push_back(cell);
  return empty;
}

std::vector<std::string> CoverageReport::MissingSpecials(OperatorType op) const {
  std::vector<std::string> missing;
  for (const OperatorCoverage& cov : operators)
    if (cov.op == op)
      for (const SpecialCounts& counts : cov.specials)
        for (size_t k = 0; k < kSpecialKindCount; ++k)
          if (counts.cases[k] == 0)
            missing.push_back(std::string(DataTypeName(counts.type)) + " " +
                              std::string(SpecialKindName(kAllSpecialKinds[k])));
  return missing;
}

bool CoverageReport::ok() const {
  for (const OperatorCoverage& cov : operators)
    if (cov.positive_cases < cov.floor || !EmptyCells(cov.op).empty() ||
        !MissingSpecials(cov.op).empty())
      return false;
  return true;
}

CoverageReport ComputeCoverage(std::span<const CoverageEntry> entries,
                               std::optional<uint64_t> min_cases_per_operator) {
  CoverageReport report;
  for (OperatorType op : kAllOperatorTypes) {
    OperatorCoverage cov = EmptyGrid(op);
    for (const CaseFloor& f : kCaseFloors)
      if (f.op == op) cov.floor = min_cases_per_operator.value_or(f.min_positive_cases);
    for (const CoverageEntry& e : entries) {
      if (e.op != op) continue;
      if (!e.positive) {
        ++cov.reject_cases;
        continue;
      }
      ++cov.positive_cases;
      CountSpecials(cov, e);
      // A case's feature_level is the lowest level where it holds, and support
      // only grows: it falls in its own level's row and holds in every later
      // row's cell of the same data type, rank and index type.
      const SupportRow* row = FindSupport(op, e.level);
      const auto own = std::find_if(cov.cells.begin(), cov.cells.end(), [&](const Cell& c) {
        return row != nullptr && SameCell(c, row->level, e);
      });
      if (own == cov.cells.end()) {
        ++cov.outside_table;
        continue;
      }
      for (Cell& c : cov.cells)
        if (c.row >= row->level && SameCell(c, c.row, e)) ++c.cases;
    }
    report.operators.push_back(std::move(cov));
  }
  return report;
}

std::string FormatCoverage(const CoverageReport& report) {
  std::string out;
  for (const OperatorCoverage& cov : report.operators) {
    const std::vector<Cell> empty = report.EmptyCells(cov.op);
    out += std::string(OperatorName(cov.op)) + ": " + std::to_string(cov.positive_cases) +
           " positive cases (floor " + std::to_string(cov.floor) + "), " +
           std::to_string(cov.reject_cases) + " must-reject, " + std::to_string(cov.cells.size()) +
           " allowed cells, " + std::to_string(empty.size()) + " empty\n";
    for (const SupportRow& row : SupportTable(cov.op)) {
      if (!HasIndexTensor(cov.op))
        FormatGrid(out, cov, row.level, std::nullopt);
      else
        row.index_types.ForEach([&](DataType index) { FormatGrid(out, cov, row.level, index); });
    }
    if (cov.outside_table != 0)
      out += "  " + std::to_string(cov.outside_table) +
             " positive cases fall in no allowed cell of their feature level's row\n";
    for (const SpecialCounts& counts : cov.specials) out += SpecialsText(counts);
    for (const Cell& cell : empty) out += "  EMPTY " + CellText(cell) + "\n";
    for (const std::string& missing : report.MissingSpecials(cov.op))
      out += "  NO SPECIAL VALUE: no match case holds " + missing + "\n";
    if (cov.positive_cases < cov.floor)
      out += "  BELOW FLOOR: " + std::to_string(cov.positive_cases) + " < " +
             std::to_string(cov.floor) + "\n";
  }
  out += report.ok() ? "coverage: OK\n" : "coverage: FAILED\n";
  return out;
}

nlohmann::json CoverageJson(const CoverageReport& report) {
  nlohmann::json ops = nlohmann::json::array();
  for (const OperatorCoverage& cov : report.operators) {
    nlohmann::json cells = nlohmann::json::array();
    for (const Cell& cell : cov.cells) {
      nlohmann::json c = {{"feature_level", FeatureLevelName(cell.row)},
                          {"data_type", DataTypeName(cell.type)},
                          {"rank", cell.rank},
                          {"cases", cell.cases}};
      if (cell.index_type) c["index_type"] = DataTypeName(*cell.index_type);
      cells.push_back(std::move(c));
    }
    nlohmann::json specials = nlohmann::json::array();
    for (const SpecialCounts& counts : cov.specials) {
      nlohmann::json s = {{"data_type", DataTypeName(counts.type)}};
      for (size_t k = 0; k < kSpecialKindCount; ++k)
        s[std::string(SpecialKindName(kAllSpecialKinds[k]))] = counts.cases[k];
      specials.push_back(std::move(s));
    }
    ops.push_back({{"operator", OperatorName(cov.op)},
                   {"positive_cases", cov.positive_cases},
                   {"reject_cases", cov.reject_cases},
                   {"floor", cov.floor},
                   {"outside_table", cov.outside_table},
                   {"empty_cells", report.EmptyCells(cov.op).size()},
                   {"special_values", std::move(specials)},
                   {"missing_special_values", report.MissingSpecials(cov.op)},
                   {"cells", std::move(cells)}});
  }
  return {{"ok", report.ok()}, {"operators", std::move(ops)}};
}

}  // namespace dmlconf::generate
