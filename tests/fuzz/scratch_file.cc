#include "scratch_file.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "fuzz_check.h"

namespace dmlconf::fuzz {

const std::string& WriteScratchFile(const uint8_t* data, size_t size, const char* extension) {
  // One name per process and extension, so concurrent fuzzers never share a file.
  static const std::string path = [extension] {
    const char* tmp = std::getenv("TMPDIR");
    const std::filesystem::path dir = tmp && *tmp ? tmp : "/tmp";
    return (dir / ("dmlconf-fuzz-" + std::to_string(getpid()) + extension)).string();
  }();
  std::FILE* out = std::fopen(path.c_str(), "wb");
  DMLCONF_FUZZ_CHECK(out != nullptr, "cannot write the scratch file " + path);
  const size_t written = size == 0 ? 0 : std::fwrite(data, 1, size, out);
  DMLCONF_FUZZ_CHECK(std::fclose(out) == 0 && written == size,
                     "cannot write the scratch file " + path);
  return path;
}

}  // namespace dmlconf::fuzz
