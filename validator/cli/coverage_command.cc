// dmlconf coverage [PATH...] [--json FILE] [--min-cases-per-operator N]
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "case_paths.h"
#include "case_selection.h"
#include "coverage.h"
#include "generator_commands.h"

namespace dmlconf::cli {

namespace {
struct CoverageOptions {
  std::vector<std::string> paths;
  std::vector<std::string> operators;  // --operator: count only these operators' cases
  std::string json;
  std::optional<uint64_t> min_cases;
};

// What coverage counts of a case, read off the loaded case, so that a case
// counts exactly as `run` would see it (defaults, external formats included)
// and a file that does not load covers nothing.
generate::CoverageEntry EntryOf(const validator::Case& c) {
  const std::vector<TensorSlot> ins = InputSlots(c.descriptor);
  const bool positive = c.expect != validator::Expectation::kReject;
  // A must-reject JOIN may have no inputs at all; it fills no cell anyway.
  if (ins.empty()) return {c.op(), c.feature_level, DataType::kFloat32, 0, std::nullopt, positive};
  generate::CoverageEntry e{
      c.op(),       c.feature_level, ins[0].desc->data_type, ins[0].desc->DimensionCount(),
      std::nullopt, positive};
  for (const TensorSlot& slot : ins)
    if (HoldsIndices(slot)) e.index_type = slot.desc->data_type;
  // Only a match case compares the values, so only there does a special value count.
  if (c.expect != validator::Expectation::kMatch) return e;
  for (size_t i = 0; i < ins.size() && i < c.inputs.size(); ++i) {
    if (HoldsIndices(ins[i])) continue;
    const DataType type = ins[i].desc->data_type;
    const size_t size = ElementSize(type);
    std::vector<ElementBits> values(c.inputs[i].size() / size);
    for (size_t k = 0; k < values.size(); ++k)
      values[k] = LoadElement(c.inputs[i].data() + k * size, size);
    e.special_kinds = uint8_t(e.special_kinds | generate::SpecialKindsIn(type, values));
  }
  return e;
}

// Exit status: 0 when every allowed cell has a positive case and every
// operator meets its floor, 1 otherwise; 2 when a case file does not load.
void RunCoverage(const CoverageOptions& options) {
  std::vector<generate::CoverageEntry> entries;
  const std::set<OperatorType> operators = ParseOperators(options.operators, "coverage");
  // A refuse_or_run case passes whether it is refused or run, so it proves neither
  // acceptance nor rejection: it fills no cell and counts as neither.
  for (const validator::Case& c : LoadOrExit(CasePaths(options.paths)))
    if (c.expect != validator::Expectation::kRefuseOrRun && OperatorSelected(operators, c))
      entries.push_back(EntryOf(c));
  auto report = generate::ComputeCoverage(entries, options.min_cases);
  // Only the operators selected are shown and judged: the others' cells are not empty
  // for want of cases, they were left out.
  std::erase_if(report.operators, [&](const generate::OperatorCoverage& cov) {
    return !operators.empty() && !operators.contains(cov.op);
  });
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
  AddOperatorOption(cmd, &options->operators);
  cmd->add_option("--min-cases-per-operator", options->min_cases,
                  "Replace the committed per-operator floors");
  cmd->callback([options] { RunCoverage(*options); });
}

}  // namespace dmlconf::cli
