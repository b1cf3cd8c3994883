// dmlconf support [OPERATOR] [--feature-level X_Y]: what the support table
// allows, printed from the one table validation, generation and coverage use.
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "commands.h"
#include "dmlconf/support.h"

namespace dmlconf::cli {
namespace {

struct SupportArgs {
  std::string op;
  std::string feature_level;
};

std::string TypeList(DataTypeSet types) {
  std::string text;
  types.ForEach(
      [&](DataType t) { text += (text.empty() ? "" : " ") + std::string(DataTypeName(t)); });
  return text.empty() ? "-" : text;
}

void PrintRow(OperatorType op, const SupportRow& row, const std::string& heading) {
  std::cout << OperatorName(op) << " " << heading << ": ranks " << row.min_rank;
  if (row.max_rank != row.min_rank) std::cout << "-" << row.max_rank;
  std::cout << "; data types " << TypeList(row.data_types);
  if (HasIndexTensor(op))
    std::cout << "; " << (IndexFieldKind(op) == FieldKind::kIndices ? "index" : "length")
              << " types " << TypeList(row.index_types);
  std::cout << "\n";
}

// At a level: the row in force there, named by the level it comes from.
void PrintAt(OperatorType op, FeatureLevel level) {
  const SupportRow* row = FindSupport(op, level);
  const std::string at = "at " + std::string(FeatureLevelName(level));
  if (!row) {
    std::cout << OperatorName(op) << " " << at << ": does not exist (introduced at "
              << FeatureLevelName(IntroducedAt(op)) << ")\n";
    return;
  }
  PrintRow(op, *row, at + " (the " + std::string(FeatureLevelName(row->level)) + " row)");
}

void Support(const SupportArgs& args) {
  std::optional<OperatorType> only;
  if (!args.op.empty()) {
    only = ParseOperatorType(args.op);
    if (!only) {
      std::cerr << "dmlconf support: unknown operator '" << args.op << "'\n";
      Exit(kExitUsage);
    }
  }
  std::optional<FeatureLevel> level;
  if (!args.feature_level.empty()) {
    level = ParseFeatureLevel(args.feature_level);
    if (!level) {
      std::cerr << "dmlconf support: unknown feature level '" << args.feature_level
                << "' (1_0 .. 6_4)\n";
      Exit(kExitUsage);
    }
  }
  for (OperatorType op : kAllOperatorTypes) {
    if (only && op != *only) continue;
    if (level) {
      PrintAt(op, *level);
      continue;
    }
    for (const SupportRow& row : SupportTable(op))
      PrintRow(op, row, "from " + std::string(FeatureLevelName(row.level)));
  }
}

}  // namespace

void AddSupportCommand(CLI::App& app) {
  auto args = std::make_shared<SupportArgs>();
  CLI::App* cmd = app.add_subcommand(
      "support", "What each operator allows per feature level (the support tables)");
  cmd->add_option("operator", args->op, "SPLIT, JOIN, GATHER, ... (default: all)");
  cmd->add_option("--feature-level", args->feature_level,
                  "Only the row in force at this level, X_Y");
  cmd->callback([args] { Support(*args); });
}

}  // namespace dmlconf::cli
