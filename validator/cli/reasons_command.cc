// dmlconf reasons: every reason code with the rule it names.
#include <iomanip>
#include <iostream>

#include "commands.h"
#include "dmlconf/validate.h"

namespace dmlconf::cli {

void AddReasonsCommand(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("reasons", "Every reason code with its rule");
  cmd->callback([] {
    for (Reason reason : AllReasons()) {
      if (reason == Reason::OK) continue;
      std::cout << std::left << std::setw(44) << ReasonName(reason) << " " << ReasonRule(reason)
                << "\n";
    }
  });
}

}  // namespace dmlconf::cli
