#include "report_dir.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <system_error>

#include "platform/child_registry.h"
#include "run/terminal_text.h"

namespace dmlconf::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kReportFiles[] = {"report.json", "junit.xml", "report.md", "report.html"};
// The temporary folder's name: the prefix, the writer's pid, then mkdtemp's six letters.
constexpr std::string_view kTemporaryPrefix = ".dmlconf-tmp-";
// Written into the temporary folder just before the renames begin: a folder left with
// it was killed (SIGKILL) between two renames, and what it still holds is the rest
// of the new set.
constexpr const char* kInstallingMark = "INSTALLING";

[[noreturn]] void Fail(const fs::path& dir, const std::string& what, int error) {
  throw std::runtime_error("cannot write the reports to " + dir.string() + ": " + what +
                           (error ? ": " + std::generic_category().message(error) : ""));
}

// The folder the user named: absolute, without a trailing slash. A symbolic link to a
// folder is written through, like any other folder.
fs::path Target(const fs::path& dir) {
  fs::path target = fs::absolute(dir).lexically_normal();
  if (!target.has_filename()) target = target.parent_path();
  return target;
}

// The pid in ".dmlconf-tmp-PID-XXXXXX", or 0 when the name is not one of ours.
pid_t TemporaryOwner(const std::string& name) {
  if (!name.starts_with(kTemporaryPrefix)) return 0;
  const std::string rest = name.substr(kTemporaryPrefix.size());
  const size_t dash = rest.find('-');
  if (dash == 0 || dash == std::string::npos || rest.size() - dash - 1 != 6) return 0;
  for (size_t i = 0; i < dash; ++i)
    if (rest[i] < '0' || rest[i] > '9') return 0;
  return pid_t(std::atol(rest.substr(0, dash).c_str()));
}

bool Alive(pid_t pid) { return kill(pid, 0) == 0 || errno == EPERM; }

// Renames the reports `from` holds over those of `target`.
int RenameReports(const fs::path& from, const fs::path& target, std::string* failed) {
  int error = 0;
  for (const char* name : kReportFiles) {
    if (rename((from / name).c_str(), (target / name).c_str()) == 0 || errno == ENOENT) continue;
    if (error == 0) {
      error = errno;
      *failed = name;
    }
  }
  return error;
}

// A temporary folder of a dmlconf that is gone: finishes the set it was installing
// when it was killed, or removes the folder; one line on stderr either way.
void CleanStale(const fs::path& stale, const fs::path& target) {
  std::error_code ec;
  std::string what = "removed " + stale.filename().string() + ", left by a killed dmlconf";
  if (fs::exists(stale / kInstallingMark, ec)) {
    std::string failed;
    if (RenameReports(stale, target, &failed) == 0)
      what = "finished installing the report set a killed dmlconf left half installed, and " + what;
  }
  fs::remove_all(stale, ec);
  if (!ec)
    std::cerr << "dmlconf: " << Printable(what) << " in " << Printable(target.string()) << "\n";
}

// Earlier versions wrote the set in a folder beside the report folder, "DIR.tmp-XXXXXX"
// (mkdtemp's six letters, no pid), which a killed run left behind. One is swept when it
// holds nothing but report files and has not changed for kOldStyleQuiet: no run of such
// a version is still writing it (a set takes seconds).
constexpr auto kOldStyleQuiet = std::chrono::minutes(10);

bool OnlyReportFiles(const fs::path& folder) {
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    const bool known =
        std::find(std::begin(kReportFiles), std::end(kReportFiles), name) != std::end(kReportFiles);
    if (!known || !entry.is_regular_file(ec)) return false;
  }
  return !ec;
}

void CleanOldStyle(const fs::path& target) {
  const std::string prefix = target.filename().string() + ".tmp-";
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(target.parent_path(), ec)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with(prefix) || name.size() != prefix.size() + 6) continue;
    std::error_code entry_ec;
    const bool quiet = fs::last_write_time(entry.path(), entry_ec) <
                       fs::file_time_type::clock::now() - kOldStyleQuiet;
    if (entry_ec || !quiet || !entry.is_directory(entry_ec) || !OnlyReportFiles(entry.path()))
      continue;
    fs::remove_all(entry.path(), entry_ec);
    if (!entry_ec)
      std::cerr << "dmlconf: removed " << Printable(name) << ", left beside "
                << Printable(target.string()) << " by a killed run of an earlier dmlconf\n";
  }
}

// Each of the four names is free or a regular file (a link to one included).
void CheckReportNames(const fs::path& target) {
  for (const char* name : kReportFiles) {
    std::error_code ec;
    const fs::file_status status = fs::status(target / name, ec);
    if (!fs::exists(status) || fs::is_regular_file(status)) continue;
    Fail(target,
         std::string(name) +
             " there is not a file (a folder?), and it is not dmlconf's "
             "to replace",
         0);
  }
}

// A folder made by mkdtemp is 0700; it only passes the files through, which get what
// the umask gives, like any file the run writes.
fs::path MakeTemporaryFolder(const fs::path& target) {
  std::string name = (target / kTemporaryPrefix).string() + std::to_string(getpid()) + "-XXXXXX";
  if (mkdtemp(name.data()) == nullptr) Fail(target, "creating a folder in it", errno);
  return name;
}

void MarkInstalling(const fs::path& temporary) {
  std::ofstream mark(temporary / kInstallingMark);
  if (!(mark << "dmlconf was renaming these reports into the folder above\n").flush())
    Fail(temporary.parent_path(), "writing " + (temporary / kInstallingMark).string(), errno);
}

// Renames the four over the old ones with every signal that can be held held (the
// stop signals, and whatever an interrupt's clean-up uses to pause this thread), so an
// interrupt cannot fall between two renames, and tells the clean-up that the set is
// going in: an interrupt from here on waits for it. Once an interrupt has begun, the
// old set stays.
void Install(const fs::path& temporary, const fs::path& target) {
  MarkInstalling(temporary);
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old);
  if (!children::BeginInstall(target)) {
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
    children::Checkpoint();  // never returns: the clean-up ends the process
  }
  std::string failed;
  const int error = RenameReports(temporary, target, &failed);
  children::EndInstall(error == 0);
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  if (error != 0) Fail(target, "renaming " + failed + " into place", error);
}

}  // namespace

std::string WhyNotWritableFolder(const fs::path& dir) {
  const fs::path wanted = fs::absolute(dir).lexically_normal();
  fs::path existing = wanted;
  std::error_code ec;
  while (!fs::exists(fs::symlink_status(existing, ec)) && existing.has_relative_path())
    existing = existing.parent_path();
  if (!fs::is_directory(existing, ec))
    return existing == wanted ? std::string("it exists and is not a folder")
                              : "it cannot be made: " + existing.string() + " is not a folder";
  if (access(existing.c_str(), W_OK | X_OK) != 0)
    return "cannot write in " + existing.string() + ": " + std::strerror(errno);
  return "";
}

void PrepareReportDir(const fs::path& dir) {
  const fs::path target = Target(dir);
  if (const std::string why = WhyNotWritableFolder(target); !why.empty()) Fail(target, why, 0);
  CleanOldStyle(target);
  std::error_code ec;
  if (!fs::exists(target, ec)) return;  // made when the reports are written
  for (const fs::directory_entry& entry : fs::directory_iterator(target, ec)) {
    const pid_t owner = TemporaryOwner(entry.path().filename().string());
    if (owner != 0 && owner != getpid() && !Alive(owner)) CleanStale(entry.path(), target);
  }
  if (ec) Fail(target, "reading it", ec.value());
  CheckReportNames(target);
}

void WriteReportSet(const RunReport& report, const fs::path& dir) {
  PrepareReportDir(dir);
  const fs::path target = Target(dir);
  std::error_code ec;
  fs::create_directories(target, ec);  // with the mode the umask gives a new folder
  if (ec) Fail(target, "creating it", ec.value());
  const fs::path temporary = MakeTemporaryFolder(target);
  // An interrupt's clean-up removes it with the run's other folders: the old set stays,
  // nothing is left beside it.
  children::AddFolder(temporary);
  try {
    WriteJsonReport(report, temporary / "report.json");
    WriteJunitReport(report, temporary / "junit.xml");
    WriteMarkdownReport(report, temporary / "report.md");
    WriteHtmlReport(report, temporary / "report.html");
    children::Checkpoint();  // once an interrupt has begun, the old set stays
    Install(temporary, target);
  } catch (...) {
    std::error_code ignored;
    fs::remove_all(temporary, ignored);
    children::RemoveFolder(temporary);
    throw;
  }
  std::error_code ignored;  // the mark, and nothing else: best effort
  fs::remove_all(temporary, ignored);
  children::RemoveFolder(temporary);
}

}  // namespace dmlconf::cli
