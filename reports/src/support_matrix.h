// The support-table picture a vendor looks at first: per operator, feature
// level x data type down, rank across, each cell the results of the cases in
// it (every backend) and their worst verdict. Internal to dmlconf_reports.
#pragma once

#include <array>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "dmlconf/reports/run_report.h"

namespace dmlconf::report_internal {

struct MatrixCell {
  std::array<int, std::size(kAllVerdicts)> by_verdict{};
  int total = 0;
  Verdict worst = Verdict::kPassed;
};

struct OperatorMatrix {
  std::string op;
  std::vector<std::pair<std::string, std::string>> rows;    // (level, data type), level order
  std::vector<uint32_t> ranks;                              // the columns, ascending
  std::map<std::pair<size_t, uint32_t>, MatrixCell> cells;  // (row index, rank)
};

// Failed, error and xpass first, then xfail, skipped, passed: lower is worse.
int Badness(Verdict verdict);

// One matrix per operator, sorted by operator name. A result's cell is its
// case's level, its first tensor's data type and rank.
std::vector<OperatorMatrix> SupportMatrices(const RunReport& report);

}  // namespace dmlconf::report_internal
