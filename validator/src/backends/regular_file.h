// Reading what a backend program left in its folder without trusting it: no
// symlink is followed (one could point anywhere, /dev/zero included), and a
// FIFO or a device is refused before a read could block or never end.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>

namespace dmlconf::regular_file {

// Opens `path` for reading if it is a regular file itself (O_NOFOLLOW; a FIFO
// is opened with O_NONBLOCK so the open cannot wait for a writer, then refused
// by fstat). Returns the descriptor and sets `*size`, or returns -1 and says
// what the path is in `*why` ("is a FIFO, not a regular file", ...).
inline int Open(const std::filesystem::path& path, uint64_t* size, std::string* why) {
  const int fd = open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    *why = errno == ELOOP    ? "is a symbolic link, which dmlconf does not follow"
           : errno == ENOENT ? "does not exist"
                             : std::string("cannot be opened: ") + std::strerror(errno);
    return -1;
  }
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    *why = S_ISFIFO(st.st_mode)                           ? "is a FIFO, not a regular file"
           : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)   ? "is a device, not a regular file"
           : S_ISDIR(st.st_mode)                          ? "is a folder, not a regular file"
                                                          : "is not a regular file";
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

}  // namespace dmlconf::regular_file
