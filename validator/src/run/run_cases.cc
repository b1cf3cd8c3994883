#include "run/run_cases.h"

#include <iterator>
#include <numeric>

#include "run/isolate.h"
#include "run/judge.h"
#include "run/spread_order.h"

namespace dmlconf::validator {
namespace {

// The order `backend` runs `n` cases in: the case order, or spread if it asked.
std::vector<size_t> RunOrder(const Backend& backend, size_t n) {
  if (backend.SpreadsCases()) return SpreadOrder(n);
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t{0});
  return order;
}

}  // namespace

std::vector<CaseResult> RunCases(const std::vector<Case>& cases, std::span<Backend* const> backends,
                                 const RunOptions& options,
                                 const std::function<void(const CaseResult&)>& on_result) {
  // Another shard's cases are that shard's to report: listing them here as
  // skipped would count every case N-1 times over N shards' reports.
  const std::vector<const Case*> mine = ShardCases(cases, options);
  const std::vector<int> coverage =
      XfailCoverage(options.xfail, SelectCases(cases, options), backends);
  std::string flags = options.reproduce_flags;
  if (options.strict_padding) flags += (flags.empty() ? "" : " ") + std::string("--strict-padding");
  std::vector<CaseResult> results;
  for (Backend* backend : backends) {
    // Run in RunOrder, kept in the case order.
    std::vector<CaseResult> backend_results(mine.size());
    for (size_t index : RunOrder(*backend, mine.size())) {
      const Case* c = mine[index];
      CaseResult r;
      // A backend in a process of its own is isolated already (a crash there
      // costs one error and a restart); forking dmlconf around it would hand
      // every child a copy of the same connection.
      if (options.isolate && !backend->RunsOutOfProcess()) {
        r = JudgeCaseIsolated(*c, *backend, options.feature_level, options.timeout_seconds,
                              options.strict_padding);
      } else {
        r = JudgeCase(*c, *backend, options.feature_level, options.strict_padding);
      }
      r.position = uint64_t(c - cases.data());
      r.reproducer = Reproducer(*c, backend->Argument(), options.feature_level, flags);
      ApplyXfail(options.xfail, coverage, *backend, &r);
      if (on_result) on_result(r);
      backend_results[index] = std::move(r);
    }
    std::move(backend_results.begin(), backend_results.end(), std::back_inserter(results));
  }
  return results;
}

}  // namespace dmlconf::validator
