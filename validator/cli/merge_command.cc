// dmlconf merge SHARD.json...: the shard runs of one suite joined into one set
// of reports, as if one machine had run it. Exits as that run would have.
#include <iostream>
#include <memory>

#include "commands.h"
#include "dmlconf/reports/report_diff.h"
#include "report_dir.h"
#include "run/terminal_text.h"

namespace dmlconf::cli {
namespace {

struct MergeArgs {
  std::vector<std::string> shards;
  std::string report_dir;
};

[[noreturn]] void Fail(const std::string& message) {
  std::cerr << "dmlconf merge: " << Printable(message) << "\n";
  Exit(kExitUsage);
}

void Merge(const MergeArgs& args) {
  std::vector<RunReport> shards;
  RunReport merged;
  try {
    for (const std::string& path : args.shards) shards.push_back(ReadJsonReport(path));
    merged = MergeReports(shards);
  } catch (const std::exception& e) {
    Fail(e.what());
  }
  try {
    WriteReportSet(merged, args.report_dir);  // its output: no report, exit 2
  } catch (const std::exception& e) {
    Fail(e.what());
  }
  std::cout << "merged " << shards.size() << " shard reports into " << args.report_dir << "\n";
  for (const ConformanceClaim& c : Claims(merged))
    std::cout << "claim " << Printable(c.backend) << ": " << Printable(c.reason) << "\n";
  if (!merged.JudgedAnything()) {
    std::cout << "nothing judged: every shard's cases were skipped or there were none (exit "
                 "code 3)\n"
              << merged.SummaryLine() << std::endl;
    Exit(kExitNothingJudged);
  }
  std::cout << merged.SummaryLine() << std::endl;
  if (merged.Failed()) Exit(kExitFailed);
}

}  // namespace

void AddMergeCommand(CLI::App& app) {
  auto args = std::make_shared<MergeArgs>();
  CLI::App* cmd = app.add_subcommand(
      "merge",
      "Join shard runs' report.json into one report.json, junit.xml, report.md and "
      "report.html; exit as the whole run would. Refuses a set that is not every shard "
      "0/N .. N-1/N of one run, once each");
  cmd->add_option("shards", args->shards, "Each shard's report.json")->required();
  cmd->add_option("--report-dir", args->report_dir, "Where to write the merged reports")
      ->required();
  cmd->callback([args] { Merge(*args); });
}

}  // namespace dmlconf::cli
