#include "scratch_file.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "fuzz_check.h"

namespace dmlconf::fuzz {

namespace {

// Never destroyed, so the exit handler below can still read it.
const std::string* scratch_path = nullptr;

void RemoveScratchFile() { std::remove(scratch_path->c_str()); }

}  // namespace

const std::string& WriteScratchFile(const uint8_t* data, size_t size, const char* extension) {
  // One name per process and extension, so concurrent fuzzers never share a file;
  // removed when the process exits normally, so no run leaves it in $TMPDIR.
  static const std::string& path = [extension]() -> const std::string& {
    const char* tmp = std::getenv("TMPDIR");
    const std::filesystem::path dir = tmp && *tmp ? tmp : "/tmp";
    scratch_path =
        new std::string((dir / ("dmlconf-fuzz-" + std::to_string(getpid()) + extension)).string());
    std::atexit(RemoveScratchFile);
    return *scratch_path;
  }();
  std::FILE* out = std::fopen(path.c_str(), "wb");
  DMLCONF_FUZZ_CHECK(out != nullptr, "cannot write the scratch file " + path);
  const size_t written = size == 0 ? 0 : std::fwrite(data, 1, size, out);
  DMLCONF_FUZZ_CHECK(std::fclose(out) == 0 && written == size,
                     "cannot write the scratch file " + path);
  return path;
}

}  // namespace dmlconf::fuzz
