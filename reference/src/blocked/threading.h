// When a blocked kernel uses threads, and how it splits its work among them.
// Private to the blocked kernels (and their tests, for the threshold hook).
#pragma once

#include <cstdint>

namespace dmlconf::blocked {

// Problems that move fewer bytes than this run on the calling thread, without
// entering a parallel region: below it, waking a team costs more than it saves.
inline constexpr uint64_t kDefaultParallelThresholdBytes = 256 * 1024;

// Tests lower the threshold (to 1 byte, say) so that small problems take the
// threaded path. Not thread-safe against concurrent kernel calls.
void SetParallelThresholdForTesting(uint64_t bytes);

// How many threads a problem of `items` independent work items moving `bytes`
// bytes gets: 1 below the threshold; otherwise at most ThreadCount(), at most
// one per item, and each thread moving at least a quarter of the threshold.
int ThreadsFor(uint64_t items, uint64_t bytes);

// Calls fn(context, begin, end) over disjoint ranges covering [0, items):
// once on the calling thread when `threads` <= 1, else once per thread of an
// OpenMP team of `threads`. A plain function pointer keeps the OpenMP pragma
// in one translation unit and allocates nothing.
using RangeFn = void (*)(const void* context, uint64_t begin, uint64_t end);
void RunRanges(uint64_t items, int threads, RangeFn fn, const void* context);

// The same for any callable fn(begin, end).
template <class Fn>
void ForEachRange(uint64_t items, int threads, const Fn& fn) {
  RunRanges(
      items, threads,
      [](const void* context, uint64_t begin, uint64_t end) {
        (*static_cast<const Fn*>(context))(begin, end);
      },
      &fn);
}

}  // namespace dmlconf::blocked
