// --operator OP: selecting cases by the operator they run, not by their name
// (join/..., spec/join/..., external/wpt/concat/... are all JOIN). Shared by
// `run`, `list` and `coverage`, and meant for any command that takes cases.
#pragma once

#include <algorithm>
#include <cctype>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands.h"
#include "dmlconf/op_desc.h"
#include "dmlconf/validator/case.h"
#include "run/terminal_text.h"

namespace dmlconf::cli {

// "SPLIT, JOIN, ...": every operator of ops.inc, in its order.
inline std::string OperatorList() {
  std::string list;
  for (OperatorType t : kAllOperatorTypes)
    list += (list.empty() ? "" : ", ") + std::string(OperatorName(t));
  return list;
}

inline void AddOperatorOption(CLI::App* cmd, std::vector<std::string>* operators) {
  cmd->add_option("--operator", *operators,
                  "Only cases of this operator (" + OperatorList() +
                      "; DML_OPERATOR_ prefix and any case accepted); repeatable");
}

// "join", "JOIN" and "DML_OPERATOR_JOIN" are JOIN; nullopt for anything else.
inline std::optional<OperatorType> OperatorFromOption(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return char(std::toupper(c)); });
  constexpr std::string_view kPrefix = "DML_OPERATOR_";
  if (text.starts_with(kPrefix)) text.erase(0, kPrefix.size());
  return ParseOperatorType(text);
}

// The operators named by --operator, or exit 2 naming the one that is none.
inline std::set<OperatorType> ParseOperators(const std::vector<std::string>& names,
                                             const std::string& command) {
  std::set<OperatorType> operators;
  for (const std::string& name : names) {
    const std::optional<OperatorType> op = OperatorFromOption(name);
    if (!op) {
      std::cerr << "dmlconf " << command << ": --operator " << Printable(name)
                << ": no such operator (" << OperatorList() << ")\n";
      Exit(kExitUsage);
    }
    operators.insert(*op);
  }
  return operators;
}

// Their names, in DirectML's order, for reports and claims.
inline std::vector<std::string> OperatorNames(const std::set<OperatorType>& operators) {
  std::vector<std::string> names;
  for (OperatorType t : kAllOperatorTypes)
    if (operators.contains(t)) names.emplace_back(OperatorName(t));
  return names;
}

// Whether --operator selects the case: every case when none was given.
inline bool OperatorSelected(const std::set<OperatorType>& operators, const validator::Case& c) {
  return operators.empty() || operators.contains(c.op());
}

}  // namespace dmlconf::cli
