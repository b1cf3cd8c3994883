// dmlconf diff BASE.json NEW.json: what changed between two runs, by kind.
// Exits 1 when a case newly fails, so a CI step can gate on it.
#include <iostream>
#include <map>
#include <memory>

#include "commands.h"
#include "dmlconf/reports/report_diff.h"
#include "run/terminal_text.h"

namespace dmlconf::cli {
namespace {

struct DiffArgs {
  std::string base, now;
  bool strict = false;
};

RunReport ReadOrExit(const std::string& path) {
  try {
    return ReadJsonReport(path);
  } catch (const std::exception& e) {
    std::cerr << "dmlconf diff: " << e.what() << "\n";
    Exit(kExitUsage);
  }
}

std::string FirstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

// One section per change, its cases grouped by the kind they have now (the
// kind they had, for fixed and gone cases).
void PrintSection(const ReportDiff& diff, Change change) {
  std::map<Kind, std::vector<const CaseChange*>> by_kind;
  for (const CaseChange& c : diff.changes)
    if (c.change == change) {
      const bool now_side = c.now && (change != Change::kNewlyPassing);
      by_kind[now_side ? c.now->kind : c.base->kind].push_back(&c);
    }
  if (by_kind.empty()) return;
  std::cout << ChangeName(change) << " (" << diff.Count(change) << "):\n";
  for (const auto& [kind, changes] : by_kind) {
    std::cout << "  " << (kind == Kind::kNone ? "passed" : KindName(kind)) << " (" << changes.size()
              << "):\n";
    for (const CaseChange* c : changes) {
      const CaseResult& r = c->now ? *c->now : *c->base;
      std::cout << "    " << Printable(r.name) << " [" << Printable(r.backend) << "] "
                << (c->base ? VerdictName(c->base->verdict) : std::string_view("absent")) << " -> "
                << (c->now ? VerdictName(c->now->verdict) : std::string_view("absent"));
      if (c->now && !c->now->message.empty() && c->now->verdict != Verdict::kPassed)
        std::cout << ": " << Printable(FirstLine(QuotedMessage(c->now->message)));
      std::cout << "\n";
    }
  }
}

void Diff(const DiffArgs& args) {
  const RunReport base = ReadOrExit(args.base);
  const RunReport now = ReadOrExit(args.now);
  // Two runs of different backends (or one backend under two names) share no pair:
  // "everything gone, everything new" would hide that nothing was compared.
  if (SharedBackends(base, now).empty()) {
    const auto list = [](const RunReport& r) {
      std::string text;
      for (const std::string& b : r.backends) text += (text.empty() ? "" : ", ") + b;
      return text.empty() ? std::string("none") : text;
    };
    std::cerr << "dmlconf diff: warning: the two reports share no backend (" << Printable(args.base)
              << ": " << Printable(list(base)) << "; " << Printable(args.now) << ": "
              << Printable(list(now))
              << "): nothing to compare; run both under one name (--backend NAME=SPEC)\n";
    Exit(kExitUsage);
  }
  // Runs of different selections compare different suites: said first, with the counts.
  const std::vector<std::string> differences = SelectionDifferences(base, now);
  for (const std::string& difference : differences)
    std::cerr << "dmlconf diff: " << (args.strict ? "" : "warning: ") << Printable(difference)
              << "\n";
  if (args.strict && !differences.empty()) {
    std::cerr << "dmlconf diff: --strict: the two runs did not select the same cases\n";
    Exit(kExitUsage);
  }
  const ReportDiff diff = DiffReports(base, now);
  for (Change change : {Change::kNewlyFailing, Change::kNewlyPassing, Change::kNewlySkipped,
                        Change::kChangedMessage, Change::kGone})
    PrintSection(diff, change);
  std::cout << diff.Regressions() << " newly failing, " << diff.Count(Change::kNewlyPassing)
            << " newly passing, " << diff.Count(Change::kNewlySkipped) << " newly skipped, "
            << diff.Count(Change::kChangedMessage) << " changed message, "
            << diff.Count(Change::kGone) << " gone" << std::endl;
  if (diff.Regressions() > 0) Exit(kExitFailed);
}

}  // namespace

void AddDiffCommand(CLI::App& app) {
  auto args = std::make_shared<DiffArgs>();
  CLI::App* cmd = app.add_subcommand(
      "diff",
      "Compare two runs' report.json: newly failing, passing, skipped, changed; exit 1 "
      "when something newly fails");
  cmd->add_option("base", args->base, "The earlier run's report.json")->required();
  cmd->add_option("new", args->now, "The later run's report.json")->required();
  cmd->add_flag("--strict", args->strict,
                "Exit 2 when the runs differ in profile, operators, shard or case set (else a "
                "warning each)");
  cmd->callback([args] { Diff(*args); });
}

}  // namespace dmlconf::cli
