// dmlconf list [PATH...]: one line per case.
#include <iomanip>
#include <iostream>
#include <memory>

#include "case_paths.h"
#include "case_selection.h"
#include "run/judge.h"
#include "run/terminal_text.h"

namespace dmlconf::cli {
namespace {

std::string Join(const std::vector<std::string>& parts, size_t from, size_t to) {
  std::string out;
  for (size_t i = from; i < to; ++i) out += (i > from ? "," : "") + parts[i];
  return out;
}

// "FLOAT32,UINT32->FLOAT32": inputs, then outputs.
std::string Signature(const validator::Case& c, const std::vector<std::string>& parts) {
  const size_t inputs = InputSlots(c.descriptor).size();
  return Join(parts, 0, inputs) + "->" + Join(parts, inputs, parts.size());
}

void ListCases(const std::vector<std::string>& given, const std::vector<std::string>& ops) {
  const std::set<OperatorType> operators = ParseOperators(ops, "list");
  for (const validator::Case& c : LoadOrExit(CasePaths(given))) {
    if (!OperatorSelected(operators, c)) continue;
    const CaseResult r = validator::DescribeCase(c, "", c.feature_level);
    std::vector<std::string> ranks;
    for (uint32_t rank : r.ranks) ranks.push_back(std::to_string(rank));
    std::cout << std::left << std::setw(60) << Printable(c.name) << " " << std::setw(20) << r.op
              << " " << r.feature_level << "  " << std::setw(11) << r.expect << " "
              << Signature(c, r.data_types) << "  ranks " << Signature(c, ranks) << "\n";
  }
}

}  // namespace

void AddListCommand(CLI::App& app) {
  auto paths = std::make_shared<std::vector<std::string>>();
  auto operators = std::make_shared<std::vector<std::string>>();
  CLI::App* cmd = app.add_subcommand(
      "list", "One line per case: name, operator, feature level, expect, data types, ranks");
  cmd->add_option("paths", *paths, CasePathsHelp());
  AddOperatorOption(cmd, operators.get());
  cmd->callback([paths, operators] { ListCases(*paths, *operators); });
}

}  // namespace dmlconf::cli
