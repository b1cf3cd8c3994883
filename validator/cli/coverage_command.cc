// dmlconf coverage [PATH...] [--json FILE] [--min-cases-per-operator N]
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "coverage.h"
#include "coverage_reader.h"
#include "generator_commands.h"

#ifndef DMLCONF_CASES_DIR  // set on the dmlconf target to the source tree's cases/
#define DMLCONF_CASES_DIR "cases"
#endif

namespace dmlconf::cli {

namespace {
struct CoverageOptions {
  std::vector<std::string> paths;
  std::string json;
  std::optional<uint64_t> min_cases;
};

// Exit status: 0 when every allowed cell has a positive case and every
// operator meets its floor, 1 otherwise.
void RunCoverage(const CoverageOptions& options) {
  std::vector<std::filesystem::path> paths(options.paths.begin(), options.paths.end());
  if (paths.empty()) paths.push_back(DMLCONF_CASES_DIR);
  const auto report = generate::ComputeCoverage(generate::ReadCoverageEntries(paths), options.min_cases);
  std::cout << generate::FormatCoverage(report);
  if (!options.json.empty()) {
    std::ofstream out(options.json, std::ios::binary | std::ios::trunc);
    out << generate::CoverageJson(report).dump(2) << "\n";
    if (!out.flush()) throw std::runtime_error("cannot write " + options.json);
  }
  if (!report.ok()) throw CLI::RuntimeError(1);
}
}  // namespace

void AddCoverageCommand(CLI::App& app) {
  auto options = std::make_shared<CoverageOptions>();
  CLI::App* cmd = app.add_subcommand(
      "coverage", "Count positive cases per support-table cell; fail on an empty cell or a floor");
  cmd->add_option("paths", options->paths, "Case files or folders (default: the source cases/)");
  cmd->add_option("--json", options->json, "Also write the counts as JSON");
  cmd->add_option("--min-cases-per-operator", options->min_cases,
                  "Replace the committed per-operator floors");
  cmd->callback([options] { RunCoverage(*options); });
}

}  // namespace dmlconf::cli
