// Threads come from OpenMP, the compiler's own runtime: it is well kept, keeps
// its team warm between calls, and spares us a hand-made pool to get right.
#include "blocked/threading.h"

#include <omp.h>

#include <algorithm>
#include <atomic>

#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

namespace {
std::atomic<int> g_thread_count{0};  // 0 = the machine's cores
std::atomic<uint64_t> g_threshold{kDefaultParallelThresholdBytes};
}  // namespace

void SetThreadCount(int threads) { g_thread_count = std::max(threads, 0); }

int ThreadCount() {
  const int threads = g_thread_count;
  return threads > 0 ? threads : std::max(omp_get_num_procs(), 1);
}

void SetParallelThresholdForTesting(uint64_t bytes) { g_threshold = bytes; }

int ThreadsFor(uint64_t items, uint64_t bytes) {
  const uint64_t threshold = g_threshold;
  if (bytes < threshold || items < 2) return 1;
  uint64_t threads = std::min<uint64_t>(uint64_t(ThreadCount()), items);
  const uint64_t min_bytes_per_thread = threshold / 4;
  if (min_bytes_per_thread > 0) threads = std::min(threads, bytes / min_bytes_per_thread);
  return int(std::max<uint64_t>(threads, 1));
}

void RunRanges(uint64_t items, int threads, RangeFn fn, const void* context) {
  if (threads <= 1 || items < 2) {
    if (items > 0) fn(context, 0, items);
    return;
  }
#pragma omp parallel num_threads(threads)
  {
    // The team may be smaller than asked for; split by the team we got.
    const uint64_t team = uint64_t(omp_get_num_threads());
    const uint64_t me = uint64_t(omp_get_thread_num());
    const uint64_t begin = items * me / team;
    const uint64_t end = items * (me + 1) / team;
    if (begin < end) fn(context, begin, end);
  }
}

}  // namespace dmlconf::blocked
