// dmlconf generate --out DIR [--seed N]
#include <filesystem>
#include <iostream>
#include <memory>

#include "generator.h"
#include "generator_commands.h"

namespace dmlconf::cli {

namespace {
struct GenerateOptions {
  std::string out = "cases/generated";
  uint64_t seed = generate::kDefaultSeed;
};
}  // namespace

void AddGenerateCommand(CLI::App& app) {
  auto options = std::make_shared<GenerateOptions>();
  CLI::App* cmd =
      app.add_subcommand("generate", "Write the generated coverage cases (same seed, same bytes)");
  cmd->add_option("--out", options->out, "Folder to write <operator>/<purpose>.yaml into")
      ->capture_default_str();
  cmd->add_option("--seed", options->seed, "Seed for data offsets and random data")
      ->capture_default_str();
  cmd->callback([options] {
    const size_t files = generate::WriteCaseFiles(options->out, options->seed);
    std::cout << "wrote " << files << " case files under " << options->out << "\n";
  });
}

}  // namespace dmlconf::cli
