// Reading what a backend program left in its folder without trusting it: no
// symlink is followed (one could point anywhere, /dev/zero included), and a
// FIFO or a device is refused before a read could block or never end.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>

namespace dmlconf::regular_file {

// What a path that is not a regular file is, for an error line: "a FIFO", ...
inline std::string KindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// Opens `path` for reading if it is a regular file (a FIFO is opened with
// O_NONBLOCK so the open cannot wait for a writer, then refused by fstat).
// Without `follow_links` (what a backend left behind) a symbolic link is refused
// too (O_NOFOLLOW); case files, which the user names, follow links. Returns the
// descriptor and sets `*size`, or returns -1 and says what the path is in `*why`
// ("is a FIFO, not a regular file", ...).
inline int Open(const std::filesystem::path& path, uint64_t* size, std::string* why,
                bool follow_links = false) {
  const int fd =
      open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | (follow_links ? 0 : O_NOFOLLOW));
  if (fd < 0) {
    *why = errno == ELOOP && !follow_links ? "is a symbolic link, which dmlconf does not follow"
           : errno == ENOENT && !follow_links
               ? "does not exist"
               : std::string("cannot be opened: ") + std::strerror(errno);
    return -1;
  }
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    *why = "is " + KindOf(st.st_mode) + ", not a regular file";
    close(fd);
    return -1;
  }
  *size = uint64_t(st.st_size);
  return fd;
}

// Reads `size` bytes at `offset`; false if the file ends sooner.
inline bool ReadAt(int fd, void* out, size_t size, uint64_t offset) {
  size_t done = 0;
  while (done < size) {
    const ssize_t n = pread(fd, static_cast<char*>(out) + done, size - done, off_t(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += size_t(n);
  }
  return true;
}

// Where a write past `from` landed in a file now `size` bytes long: the first
// non-zero byte at or after `from` (holes skipped, at most 16 MiB read), else the
// last byte, which the write that made the file this long reached.
inline uint64_t WriteLandedAt(int fd, uint64_t from, uint64_t size) {
  constexpr uint64_t kScanBytes = uint64_t(16) << 20;
  char chunk[65536];
  uint64_t at = from, scanned = 0;
  while (at < size && scanned < kScanBytes) {
    off_t data = lseek(fd, off_t(at), SEEK_DATA);
    if (data < 0 && errno != EINVAL) break;  // ENXIO: only a hole is left
    if (data >= 0) at = uint64_t(data);      // EINVAL: no SEEK_DATA here, read on
    const size_t n = size_t(std::min<uint64_t>(sizeof chunk, size - at));
    if (n == 0 || !ReadAt(fd, chunk, n, at)) break;
    for (size_t i = 0; i < n; ++i)
      if (chunk[i] != 0) return at + i;
    at += n;
    scanned += n;
  }
  return size - 1;
}

}  // namespace dmlconf::regular_file
