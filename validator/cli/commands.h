// The subcommands of `dmlconf`, one file each; main.cc registers them.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace dmlconf::cli {

// The exit-code contract: 0 nothing failed, 1 a case failed, errored or
// passed unexpectedly (or, with --baseline, regressed; with --claim, the
// claim does not hold), 2 usage or input error (bad flags, a case file that
// does not load, an unknown backend), 3 nothing judged.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;
// The run judged nothing: no case was selected, or every one was skipped. A
// green run that tested nothing must not look like a pass.
inline constexpr int kExitNothingJudged = 3;

// A subcommand ends with this exit code by throwing CLI::RuntimeError(code).
[[noreturn]] inline void Exit(int code) { throw CLI::RuntimeError(code); }

// The whole command line, for reports (set by main).
const std::string& CommandLine();

void AddRunCommand(CLI::App& app);
void AddListCommand(CLI::App& app);
void AddReasonsCommand(CLI::App& app);
void AddSupportCommand(CLI::App& app);
void AddDiffCommand(CLI::App& app);
void AddMergeCommand(CLI::App& app);
void AddFuzzCommand(CLI::App& app);

}  // namespace dmlconf::cli
