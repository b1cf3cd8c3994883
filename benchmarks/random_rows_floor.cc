// dmlconf_random_rows_floor: what a copy of whole rows picked at random from
// 256 MiB can reach on this machine, whatever the kernel around it does, and
// the same for rows picked as a window (SLICE's x[::2, 256:1280] of rows of
// 1536: a run of 1024 elements every 3072), and for every row taken last to first
// (SLICE1's x[::-1, :]). The loop below is nothing but the
// rows copied in index order with the blocked kernels' non-temporal stores
// (simd::StreamRun), optionally prefetched some rows ahead, timed against
// memcpy of the same 256 MiB timed in turn with it (thread CPU time, best of 5 each).
// benchmarks/report_notes.md quotes it as the floor of the `long_runs_rows_256m`
// shapes (GATHER, GATHER_ND, GATHER_ND1), of Slice/long_runs_window_256m and of
// Slice1/rows_reversed_256m, and its
// read-only pass as the per-byte floor of the elements pair's index streams. It also
// times the rows streamed side by side and one long run four pages at a time, the
// kernels' ways since (report_notes.md, "Four pages at a time" and "Rows side by side"),
// and the rows read alone, not copied: what their reads cost against reading the same
// bytes in one stream ("reading the 256 MiB alone"), the part of a floor no store
// can remove; and the rows again between buffers that start 16 bytes into a page, as
// the benchmark suite's (glibc's malloc) do; and two or three streams read in step
// with one written, the memory traffic of the elements pair's f32 lines.
//
//   dmlconf_random_rows_floor [--huge]   # --huge: ask for 2 MiB pages (madvise)
#include <sys/mman.h>
#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string_view>
#include <vector>

#include "blocked/simd.h"

namespace {

constexpr size_t kBytes = size_t(256) << 20;
constexpr int kRepetitions = 5;

double CpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

// The window's input: three rows' worth of bytes per row copied.
constexpr size_t kWindowSpan = 3;

// Where glibc's malloc puts a block it maps for itself: 16 bytes into a page.
constexpr size_t kMallocOffset = 16;

std::byte* Map(bool huge, size_t bytes = kBytes) {
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return nullptr;
  madvise(p, bytes, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
  std::memset(p, 0x5A, bytes);  // first touch, outside the timing
  return static_cast<std::byte*>(p);
}

template <class Fn>
double Seconds(const Fn& fn) {
  const double start = CpuSeconds();
  fn();
  return CpuSeconds() - start;
}

// fn's best time over memcpy's best of the same 256 MiB, the two timed in turn: on a
// shared machine the bandwidth left to one core drifts over seconds, and a yardstick
// timed once at the start would carry that drift into every ratio after it.
template <class Fn>
double RatioToMemcpy(std::byte* out, const std::byte* in, const Fn& fn) {
  double best = 1e30, best_memcpy = 1e30;
  for (int r = 0; r < kRepetitions; ++r) {
    best_memcpy = std::min(best_memcpy, Seconds([&] { std::memcpy(out, in, kBytes); }));
    best = std::min(best, Seconds(fn));
  }
  return best / best_memcpy;
}

// Every 8-byte word of `bytes` summed, 64 bytes an iteration: a read-only pass.
uint64_t ReadAll(const std::byte* p, size_t bytes) {
  uint64_t sums[8] = {};
  for (size_t at = 0; at < bytes; at += 64)
    for (int k = 0; k < 8; ++k) {
      uint64_t word;
      std::memcpy(&word, p + at + 8 * k, sizeof word);
      sums[k] += word;
    }
  uint64_t total = 0;
  for (uint64_t s : sums) total += s;
  return total;
}

// Rows j = 0.. of `row` bytes copied from in + index[j] * row + shift with streaming
// stores, the row `ahead` places later prefetched whole meanwhile (0: none).
void CopyRows(std::byte* out, const std::byte* in, const std::vector<uint32_t>& index, size_t row,
              size_t shift, size_t ahead) {
  using dmlconf::blocked::simd::StreamRun;
  const auto source = [&](size_t j) { return in + size_t(index[j]) * row + shift; };
  for (size_t j = 0; j < index.size(); ++j) {
    if (ahead > 0 && j + ahead < index.size())
      for (size_t at = 0; at < row; at += 64) __builtin_prefetch(source(j + ahead) + at);
    StreamRun(out + j * row, source(j), row);
  }
  dmlconf::blocked::simd::StreamFence();
}

// The same rows `group` at a time side by side (simd::StreamRunsSideBySide), as the
// kernels stream them now.
void CopyRowsSideBySide(std::byte* out, const std::byte* in, const std::vector<uint32_t>& index,
                        size_t row, size_t shift, size_t group) {
  using dmlconf::blocked::simd::kRunsSideBySide;
  std::byte* to[kRunsSideBySide];
  const std::byte* from[kRunsSideBySide];
  for (size_t j = 0; j < index.size(); j += group) {
    const size_t count = std::min(group, index.size() - j);
    for (size_t k = 0; k < count; ++k)
      to[k] = out + (j + k) * row, from[k] = in + size_t(index[j + k]) * row + shift;
    dmlconf::blocked::simd::StreamRunsSideBySide(to, from, count, row);
  }
  dmlconf::blocked::simd::StreamFence();
}

// The same rows read and summed, not copied, eight side by side a line pair at a time
// as the kernels stream them: what reading them costs before anything is written.
uint64_t ReadRowsSideBySide(const std::byte* in, const std::vector<uint32_t>& index, size_t row,
                            size_t shift) {
  constexpr size_t kGroup = 8;
  uint64_t sums[kGroup] = {};
  for (size_t j = 0; j + kGroup <= index.size(); j += kGroup)
    for (size_t at = 0; at < row; at += 64)
      for (size_t k = 0; k < kGroup; ++k) {
        uint64_t word;
        std::memcpy(&word, in + size_t(index[j + k]) * row + shift + at, sizeof word);
        sums[k] += word;
      }
  uint64_t total = 0;
  for (uint64_t s : sums) total += s;
  return total;
}

// The whole 256 MiB as one run: one stream read 4 KiB ahead, or four pages side by
// side (simd::StreamPagesInterleaved, as long runs are streamed now).
void CopyLongRun(std::byte* out, const std::byte* in, bool pages) {
  namespace simd = dmlconf::blocked::simd;
  const size_t done = pages ? simd::StreamPagesInterleaved(out, in, kBytes) : 0;
  const size_t rest = kBytes - done;
  const size_t ahead = rest > simd::kReadAheadBytes ? rest - simd::kReadAheadBytes : 0;
  simd::StreamRunPrefetching(out + done, in + done, rest, in + done + simd::kReadAheadBytes, ahead);
  simd::StreamFence();
}

// `streams` runs of 256 MiB (the first `streams` thirds of `in`) read in step, a 4 KiB
// piece at a time combined in L1 and streamed out (simd::StreamRun), as the elements
// pair's SIMD lines fill their bounce buffer and stream it: with 4-byte elements and
// 4-byte indices, GATHER_ELEMENTS' streams are two (indices, input lines) and
// SCATTER_ELEMENTS' three (input lines, indices, updates), each as long as the output.
// What their memory traffic alone costs, before any element is picked.
void CombineStreams(std::byte* out, const std::byte* in, size_t streams) {  // 2 or 3
  constexpr size_t kPiece = 4096;
  alignas(64) uint64_t piece[kPiece / 8];
  const auto word = [](const std::byte* p, size_t k) {
    uint64_t w;
    std::memcpy(&w, p + 8 * k, sizeof w);
    return w;
  };
  for (size_t at = 0; at < kBytes; at += kPiece) {
    const std::byte* first = in + at;
    const std::byte* second = in + kBytes + at;
    const std::byte* third = in + 2 * kBytes + at;
    if (streams == 2)
      for (size_t k = 0; k < kPiece / 8; ++k) piece[k] = word(first, k) ^ word(second, k);
    else
      for (size_t k = 0; k < kPiece / 8; ++k)
        piece[k] = word(first, k) ^ word(second, k) ^ word(third, k);
    dmlconf::blocked::simd::StreamRun(out + at, reinterpret_cast<const std::byte*>(piece), kPiece);
  }
  dmlconf::blocked::simd::StreamFence();
}

}  // namespace

int main(int argc, char** argv) {
  const bool huge = argc > 1 && std::string_view(argv[1]) == "--huge";
  std::byte* in = Map(huge, kWindowSpan * kBytes);
  std::byte* out = Map(huge);
  if (!in || !out) {
    std::fprintf(stderr, "dmlconf_random_rows_floor: cannot map 4 x 256 MiB\n");
    return 1;
  }
  const double memcpy_seconds = Seconds([&] { std::memcpy(out, in, kBytes); });
  std::printf("256 MiB, %s pages; memcpy %.1f ms\n", huge ? "2 MiB" : "4 KiB",
              memcpy_seconds * 1e3);
  // One core's read bandwidth alone: what an operator that reads more bytes than it
  // writes (GATHER_ELEMENTS' 4-byte indices per element) pays at least per byte read.
  uint64_t sum = 0;
  const double read_ratio = RatioToMemcpy(out, in, [&] { sum += ReadAll(in, kBytes); });
  std::printf("reading the 256 MiB alone: %.2fx memcpy (checksum %llu)\n", read_ratio,
              static_cast<unsigned long long>(sum & 1));
  for (size_t streams : {2, 3}) {
    const double ratio = RatioToMemcpy(out, in, [&] { CombineStreams(out, in, streams); });
    std::printf("%zu streams read in step, one written (the elements pair's, f32): %.2fx memcpy\n",
                streams, ratio);
  }
  for (const bool pages : {false, true}) {
    const double ratio = RatioToMemcpy(out, in, [&] { CopyLongRun(out, in, pages); });
    std::printf("one run, %s: %.2fx memcpy\n",
                pages ? "four pages side by side" : "one stream read 4 KiB ahead", ratio);
  }
  std::printf("rows       row bytes  rows ahead  ratio to memcpy\n");
  // Rows picked at random; a window's; all of them last to first, each read forward
  // (SLICE1's x[::-1, :], rows of 4096 f32 and u8).
  struct Pattern {
    const char* name;
    size_t rows[2];
  };
  for (const Pattern& pattern : {Pattern{"random", {4096, 1024}}, Pattern{"window", {4096, 1024}},
                                 Pattern{"reversed", {16384, 4096}}})
    for (size_t row : pattern.rows) {
      const std::string_view name = pattern.name;
      const size_t rows = kBytes / row;
      // Row j's input offset, in rows' bytes plus `shift` bytes.
      std::vector<uint32_t> index(rows);
      std::mt19937 rng(11);
      for (size_t j = 0; j < rows; ++j)
        index[j] = uint32_t(name == "window"     ? kWindowSpan * j
                            : name == "reversed" ? rows - 1 - j
                                                 : rng() % rows);
      const size_t shift = name == "window" ? row / 4 : 0;  // the window starts 256 of 1024 in
      for (size_t ahead : {0, 1, 2, 4, 8}) {
        const double ratio =
            RatioToMemcpy(out, in, [&] { CopyRows(out, in, index, row, shift, ahead); });
        std::printf("%-9s  %9zu  %10zu  %.2fx\n", pattern.name, row, ahead, ratio);
      }
      const double read =
          RatioToMemcpy(out, in, [&] { sum += ReadRowsSideBySide(in, index, row, shift); });
      std::printf("%-9s  %9zu  read alone  %.2fx\n", pattern.name, row, read);
      for (size_t group : {size_t(4), size_t(8)}) {
        const double ratio =
            RatioToMemcpy(out, in, [&] { CopyRowsSideBySide(out, in, index, row, shift, group); });
        std::printf("%-9s  %9zu  %zu side by side  %.2fx\n", pattern.name, row, group, ratio);
      }
      // The suite's own buffers: glibc's allocations of this size start 16 bytes into a
      // page, so each output row has a partial first and last line, and a row of exactly
      // four pages holds no whole aligned block of them (StreamPagesInterleaved). The last
      // row is left out, so that the shifted output stays inside.
      index.pop_back();
      std::byte* const out_in_page = out + kMallocOffset;
      const std::byte* const in_in_page = in + kMallocOffset;
      const double one =
          RatioToMemcpy(out, in, [&] { CopyRows(out_in_page, in_in_page, index, row, shift, 0); });
      const double eight = RatioToMemcpy(
          out, in, [&] { CopyRowsSideBySide(out_in_page, in_in_page, index, row, shift, 8); });
      std::printf("%-9s  %9zu  16 bytes in: one at a time %.2fx, 8 side by side %.2fx\n",
                  pattern.name, row, one, eight);
    }
  // The read-only passes' sums, printed so that they are computed.
  std::printf("(checksum %llu)\n", static_cast<unsigned long long>(sum & 1));
  munmap(in, kWindowSpan * kBytes);
  munmap(out, kBytes);
  return 0;
}
