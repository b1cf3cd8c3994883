#include "support_matrix.h"

#include <algorithm>
#include <set>

namespace dmlconf::report_internal {

int Badness(Verdict verdict) {
  constexpr Verdict kOrder[] = {Verdict::kFailed,         Verdict::kError,
                                Verdict::kUnexpectedPass, Verdict::kExpectedFailure,
                                Verdict::kSkipped,        Verdict::kPassed};
  return int(std::find(std::begin(kOrder), std::end(kOrder), verdict) - std::begin(kOrder));
}

std::vector<OperatorMatrix> SupportMatrices(const RunReport& report) {
  using Row = std::pair<std::string, std::string>;
  const auto row_less = [](const Row& a, const Row& b) {
    if (a.first != b.first)
      return LevelLess(a.first, b.first) || (!LevelLess(b.first, a.first) && a.first < b.first);
    return a.second < b.second;
  };
  std::map<std::string, std::set<Row, decltype(row_less)>> rows;
  std::map<std::string, std::set<uint32_t>> ranks;
  for (const CaseResult& r : report.results) {
    if (r.data_types.empty() || r.ranks.empty()) continue;  // no tensor: no cell
    rows.try_emplace(r.op, row_less).first->second.insert({r.feature_level, r.data_types[0]});
    ranks[r.op].insert(r.ranks[0]);
  }
  std::vector<OperatorMatrix> matrices;
  for (const auto& [op, op_rows] : rows) {
    OperatorMatrix m;
    m.op = op;
    m.rows.assign(op_rows.begin(), op_rows.end());
    m.ranks.assign(ranks[op].begin(), ranks[op].end());
    matrices.push_back(std::move(m));
  }
  for (const CaseResult& r : report.results) {
    if (r.data_types.empty() || r.ranks.empty()) continue;
    OperatorMatrix& m = *std::find_if(matrices.begin(), matrices.end(),
                                      [&](const OperatorMatrix& x) { return x.op == r.op; });
    const Row row{r.feature_level, r.data_types[0]};
    const size_t index = size_t(std::find(m.rows.begin(), m.rows.end(), row) - m.rows.begin());
    MatrixCell& cell = m.cells[{index, r.ranks[0]}];
    ++cell.by_verdict[size_t(r.verdict)];
    if (cell.total++ == 0 || Badness(r.verdict) < Badness(cell.worst)) cell.worst = r.verdict;
  }
  return matrices;
}

}  // namespace dmlconf::report_internal
