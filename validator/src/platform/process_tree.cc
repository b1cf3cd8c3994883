// The process tree from /proc (process_tree.h).
#include "platform/process_tree.h"

#include <dirent.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>

namespace dmlconf::children {

std::optional<ProcessStat> ReadStat(pid_t pid) {
  std::ifstream file("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  std::getline(file, stat);
  // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
  const size_t close = stat.rfind(')');
  if (close == std::string::npos || close + 2 >= stat.size()) return std::nullopt;
  ProcessStat result;
  long parent = 0, group = 0;
  if (std::sscanf(stat.c_str() + close + 2, "%c %ld %ld", &result.state, &parent, &group) != 3)
    return std::nullopt;
  result.parent = pid_t(parent);
  result.group = pid_t(group);
  return result;
}

namespace {

// Every live process's children.
std::map<pid_t, std::vector<pid_t>> ChildrenByParent() {
  std::map<pid_t, std::vector<pid_t>> children;
  DIR* proc = opendir("/proc");
  if (proc == nullptr) return children;
  while (const dirent* entry = readdir(proc)) {
    const pid_t pid = pid_t(std::atoi(entry->d_name));
    if (pid <= 0) continue;
    const std::optional<ProcessStat> stat = ReadStat(pid);
    if (!stat || stat->state == 'Z') continue;  // gone, or dead and only not reaped
    children[stat->parent].push_back(pid);
  }
  closedir(proc);
  return children;
}

}  // namespace

std::vector<pid_t> LiveDescendantsOf(pid_t root, pid_t skip) {
  const std::map<pid_t, std::vector<pid_t>> children = ChildrenByParent();
  std::vector<pid_t> found, todo{root};
  while (!todo.empty()) {
    const pid_t parent = todo.back();
    todo.pop_back();
    const auto it = children.find(parent);
    if (it == children.end()) continue;
    for (pid_t child : it->second) {
      if (child == skip) continue;
      found.push_back(child);
      todo.push_back(child);
    }
  }
  return found;
}

}  // namespace dmlconf::children
