// dmlconf: the conformance suite's command line. One subcommand per file.
#include <iostream>

#include "commands.h"
#include "generator_commands.h"
#include "run/terminal_text.h"

namespace dmlconf::cli {
namespace {
std::string command_line;
}  // namespace

const std::string& CommandLine() { return command_line; }

}  // namespace dmlconf::cli

int main(int argc, char** argv) {
  using namespace dmlconf::cli;
  using dmlconf::Printable;
  for (int i = 0; i < argc; ++i) command_line += (i ? " " : "") + std::string(argv[i]);
  CLI::App app{"dmlconf: conformance suite for DirectML's data-movement operators"};
  // --version answers alone; every other use names a subcommand.
  app.set_version_flag("--version", std::string("dmlconf ") + DMLCONF_VERSION);
  app.require_subcommand(1);
  AddRunCommand(app);
  AddListCommand(app);
  AddReasonsCommand(app);
  AddSupportCommand(app);
  AddGenerateCommand(app);
  AddCoverageCommand(app);
  AddDiffCommand(app);
  AddMergeCommand(app);
  AddFuzzCommand(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::RuntimeError& e) {
    return e.get_exit_code();
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? kExitOk : kExitUsage;  // --help and --version are not errors
  } catch (const std::exception& e) {
    std::cerr << "dmlconf: " << Printable(e.what()) << "\n";
    return kExitUsage;
  }
  return kExitOk;
}
