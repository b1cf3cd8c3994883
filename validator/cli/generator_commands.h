// `dmlconf generate` and `dmlconf coverage` (validator/src/generate).
#pragma once

#include <CLI/CLI.hpp>

namespace dmlconf::cli {

void AddGenerateCommand(CLI::App& app);
void AddCoverageCommand(CLI::App& app);

}  // namespace dmlconf::cli
