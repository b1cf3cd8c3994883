// A main() for the fuzz targets without libFuzzer: runs the target once on
// every file named, or on every file below each directory named, in sorted
// order. It lets CTest replay the committed regression inputs with the
// project's own compiler (g++), no clang needed; a finding aborts, failing
// the test, and the file being replayed is printed first.
//
//   fuzz_replay_<target> [--max-rss-mb=N] FILE_OR_DIR...
//
// --max-rss-mb fails the replay when the process's peak resident memory
// exceeds N MiB; the peak over all inputs bounds each one's.
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz_check.h"

namespace {

std::vector<std::filesystem::path> InputsBelow(const std::filesystem::path& path) {
  std::vector<std::filesystem::path> files;
  if (!std::filesystem::is_directory(path)) return {path};
  for (const auto& entry : std::filesystem::recursive_directory_iterator(path))
    if (entry.is_regular_file() && entry.path().filename() != "README.md")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

long PeakRssMb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024;  // KiB on Linux
}

}  // namespace

int main(int argc, char** argv) {
  long max_rss_mb = 0;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--max-rss-mb=", 0) == 0)
      max_rss_mb = std::atol(arg.c_str() + 13);
    else
      paths.push_back(arg);
  }
  if (paths.empty()) {
    std::fprintf(stderr, "usage: %s [--max-rss-mb=N] FILE_OR_DIR...\n", argv[0]);
    return 2;
  }
  size_t replayed = 0;
  for (const std::string& path : paths) {
    // A target's regressions/ folder exists once it has a finding (git keeps
    // no empty folder); a run with nothing at all to replay fails below.
    if (!std::filesystem::exists(path)) {
      std::fprintf(stderr, "%s: does not exist, nothing replayed from it\n", path.c_str());
      continue;
    }
    for (const auto& file : InputsBelow(path)) {
      std::ifstream in(file, std::ios::binary);
      const std::vector<char> bytes{std::istreambuf_iterator<char>(in), {}};
      std::fprintf(stderr, "replaying %s (%zu bytes)\n", file.c_str(), bytes.size());
      LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
      ++replayed;
      if (max_rss_mb > 0 && PeakRssMb() > max_rss_mb) {
        std::fprintf(stderr, "peak memory %ld MiB after %s, over the %ld MiB bound\n",
                     PeakRssMb(), file.c_str(), max_rss_mb);
        return 1;
      }
    }
  }
  if (replayed == 0) {
    std::fprintf(stderr, "nothing to replay\n");
    return 1;
  }
  std::printf("replayed %zu inputs, no finding; peak memory %ld MiB\n", replayed, PeakRssMb());
  return 0;
}
