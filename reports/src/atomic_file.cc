#include "dmlconf/reports/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>

namespace dmlconf {

namespace {

[[noreturn]] void Fail(const std::filesystem::path& path, std::string_view step, int error) {
  throw std::runtime_error("cannot write report " + path.string() + ": " + std::string(step) +
                           ": " + std::generic_category().message(error));
}

// A name no other writer in this or another process picks: pid plus a counter, and
// O_EXCL below catches the rest.
std::filesystem::path TemporaryPathFor(const std::filesystem::path& path) {
  static std::atomic<unsigned> counter{0};
  const std::string name = "." + path.filename().string() + "." + std::to_string(getpid()) + "." +
                           std::to_string(counter++) + ".tmp";
  return path.parent_path() / name;
}

bool WriteAll(int fd, std::string_view contents) {
  while (!contents.empty()) {
    const ssize_t written = write(fd, contents.data(), contents.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    contents.remove_prefix(static_cast<size_t>(written));
  }
  return true;
}

// Makes the rename itself durable. Best effort: some file systems refuse fsync on a
// directory, and the report is already complete and in place by then.
void SyncDirectory(const std::filesystem::path& path) {
  const std::filesystem::path dir = path.parent_path().empty() ? "." : path.parent_path();
  const int fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  fsync(fd);
  close(fd);
}

}  // namespace

void WriteFileAtomically(const std::filesystem::path& path, std::string_view contents) {
  if (path.filename().empty()) Fail(path, "the path names no file", EINVAL);
  const std::filesystem::path temporary = TemporaryPathFor(path);
  // 0666 filtered by the umask, like any file the user creates; mkstemp's 0600 would
  // hide the report from a CI step running as another user.
  const int fd = open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) {
    const int error = errno;
    Fail(path, "creating temporary file " + temporary.string(), error);
  }

  // Reads errno before anything else can change it; the step is a literal for that
  // reason.
  auto abandon = [&](const char* step, bool still_open) {
    const int error = errno;
    if (still_open) close(fd);
    unlink(temporary.c_str());
    Fail(path, std::string(step) + " " + temporary.string(), error);
  };
  if (!WriteAll(fd, contents)) abandon("writing", true);
  if (fsync(fd) != 0) abandon("syncing", true);
  if (close(fd) != 0) abandon("closing", false);
  if (rename(temporary.c_str(), path.c_str()) != 0) abandon("renaming into place", false);
  SyncDirectory(path);
}

std::string ReadReportFile(const std::filesystem::path& path, std::string_view what) {
  std::error_code ec;
  const std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (std::filesystem::is_directory(status))
    throw std::runtime_error(path.string() + ": is a folder, not a " + std::string(what) + " file");
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    throw std::runtime_error(path.string() + ": is not a regular file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path.string() + ": cannot be read");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace dmlconf
