// What /proc says about processes: one's state, parent and group, and the live tree
// below one. Used by dmlconf's clean-up (child_registry.cc) and by its watchdog
// (run_watchdog.cc), which sweep the same tree.
#pragma once

#include <sys/types.h>

#include <optional>
#include <vector>

namespace dmlconf::children {

struct ProcessStat {
  char state = 0;  // 'R', 'S', 'Z' (dead, not yet reaped), ...
  pid_t parent = 0;
  pid_t group = 0;
};
// From /proc/PID/stat; nothing once the process is gone.
std::optional<ProcessStat> ReadStat(pid_t pid);

// Every live process (zombies left out) descended from `root`, but `skip` and what
// descends from it.
std::vector<pid_t> LiveDescendantsOf(pid_t root, pid_t skip);

}  // namespace dmlconf::children
