// dmlconf reasons: every reason code with the rule it names.
#include <iomanip>
#include <iostream>
#include <string>

#include "commands.h"
#include "dmlconf/validate.h"

namespace dmlconf::cli {

namespace {

void PrintReason(Reason reason, std::string_view text) {
  std::cout << std::left << std::setw(44) << ReasonName(reason) << " " << text << "\n";
}

}  // namespace

// The live rules, then the retired codes apart, each with the erratum that retired it:
// a backend author reading this list implements only what is enforced.
void AddReasonsCommand(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "reasons", "Every live reason code with its rule, then the retired ones with their erratum");
  cmd->callback([] {
    for (Reason reason : AllReasons())
      if (reason != Reason::OK && ReasonRetiredBy(reason).empty())
        PrintReason(reason, ReasonRule(reason));
    std::cout << "\nretired (no rule raises them; never refuse a descriptor with one):\n";
    for (Reason reason : AllReasons())
      if (!ReasonRetiredBy(reason).empty())
        PrintReason(reason, "retired by " + std::string(ReasonRetiredBy(reason)));
  });
}

}  // namespace dmlconf::cli
