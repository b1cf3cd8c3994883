#include "report_dir.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>

#include <cerrno>
#include <stdexcept>
#include <string>
#include <system_error>

#include "platform/child_registry.h"

namespace dmlconf::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kReportFiles[] = {"report.json", "junit.xml", "report.md", "report.html"};

[[noreturn]] void Fail(const fs::path& dir, const std::string& what, int error) {
  throw std::runtime_error("cannot write the reports to " + dir.string() + ": " + what +
                           (error ? ": " + std::generic_category().message(error) : ""));
}

// The folder the user named, as the place to swap: absolute, without a trailing
// slash, and through a symbolic link (swapping would replace the link itself).
fs::path Target(const fs::path& dir) {
  fs::path target = fs::absolute(dir).lexically_normal();
  if (!target.has_filename()) target = target.parent_path();
  std::error_code ec;
  if (fs::is_symlink(target, ec)) target = fs::canonical(target);
  return target;
}

// Reports, or a report writer's hidden temporary file (.report.json.PID.N.tmp).
bool IsReportFile(const std::string& name) {
  for (const char* report : kReportFiles)
    if (name == report) return true;
  return name.size() > 5 && name[0] == '.' && name.ends_with(".tmp");
}

bool HoldsOnlyReports(const fs::path& dir) {
  for (const fs::directory_entry& entry : fs::directory_iterator(dir))
    if (!IsReportFile(entry.path().filename().string())) return false;
  return true;
}

// A folder made by mkdtemp is 0700; the reports' folder gets what the old one had,
// or what the umask gives a new folder, so a CI step running as another user can
// still read it.
void SetMode(const fs::path& temporary, const fs::path& target) {
  struct stat old {};
  mode_t mode;
  if (stat(target.c_str(), &old) == 0) {
    mode = old.st_mode & 07777;
  } else {
    const mode_t mask = umask(0);
    umask(mask);
    mode = 0777 & ~mask;
  }
  chmod(temporary.c_str(), mode);
}

fs::path MakeTemporaryFolder(const fs::path& target) {
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  if (ec) Fail(target, "creating " + target.parent_path().string(), ec.value());
  std::string name = target.string() + ".tmp-XXXXXX";
  if (mkdtemp(name.data()) == nullptr) Fail(target, "creating a folder beside it", errno);
  SetMode(name, target);
  return name;
}

// Renames each report over the old one with every signal that can be held held
// (the stop signals, and whatever an interrupt's clean-up uses to pause this thread),
// so an interrupt cannot fall between two renames.
void RenameEachIntoPlace(const fs::path& temporary, const fs::path& target) {
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old);
  int error = 0;
  std::string failed;
  for (const char* name : kReportFiles) {
    if (rename((temporary / name).c_str(), (target / name).c_str()) != 0 && error == 0) {
      error = errno;
      failed = name;
    }
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  if (error != 0) Fail(target, "renaming " + failed + " into place", error);
}

// Puts the new set where the old one was; the old one, if any, ends up in `temporary`.
void Install(const fs::path& temporary, const fs::path& target) {
  if (rename(temporary.c_str(), target.c_str()) == 0) return;  // there was no old set
  const int error = errno;
  if (error != EEXIST && error != ENOTEMPTY && error != EISDIR) Fail(target, "renaming", error);
  std::error_code ec;
  if (!fs::is_directory(target, ec)) Fail(target, "it exists and is not a folder", 0);
  if (HoldsOnlyReports(target) &&
      renameat2(AT_FDCWD, temporary.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) == 0)
    return;
  // Other files live there, or the file system cannot swap two folders.
  RenameEachIntoPlace(temporary, target);
}

}  // namespace

void WriteReportSet(const RunReport& report, const fs::path& dir) {
  const fs::path target = Target(dir);
  std::error_code ec;
  if (fs::exists(fs::symlink_status(target, ec)) && !fs::is_directory(target, ec))
    Fail(target, "it exists and is not a folder", 0);
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
  std::error_code ignored;  // the old set, or nothing: best effort
  fs::remove_all(temporary, ignored);
  children::RemoveFolder(temporary);
}

}  // namespace dmlconf::cli
