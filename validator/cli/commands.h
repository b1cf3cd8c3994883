// The subcommands of `dmlconf`, one file each; main.cc registers them.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace dmlconf::cli {

// The exit-code contract: 0 nothing failed, 1 a case failed, errored or
// passed unexpectedly, 2 usage or input error (bad flags, a case file that
// does not load, an unknown backend).
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;

// A subcommand ends with this exit code by throwing CLI::RuntimeError(code).
[[noreturn]] inline void Exit(int code) { throw CLI::RuntimeError(code); }

// The whole command line, for reports (set by main).
const std::string& CommandLine();

void AddRunCommand(CLI::App& app);
void AddListCommand(CLI::App& app);
void AddReasonsCommand(CLI::App& app);
void AddSupportCommand(CLI::App& app);

}  // namespace dmlconf::cli
