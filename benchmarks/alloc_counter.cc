// malloc and friends, interposed: every allocation in the process, libstdc++'s
// operator new and the OpenMP runtime's included, passes through here before
// reaching glibc. Interposing malloc rather than operator new alone also
// catches C allocations inside the kernels' runtime.
#include "alloc_counter.h"

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdlib>

namespace dmlconf::bench {
namespace {
std::atomic<uint64_t> g_bytes{0};
std::atomic<uint64_t> g_count{0};

void Count(size_t bytes) {
  g_bytes.fetch_add(bytes, std::memory_order_relaxed);
  g_count.fetch_add(1, std::memory_order_relaxed);
}
}  // namespace

AllocationTotals AllocationsSoFar() {
  return {g_bytes.load(std::memory_order_relaxed), g_count.load(std::memory_order_relaxed)};
}

#if DMLCONF_BENCH_COUNT_ALLOCATIONS
bool CountingAllocations() { return true; }
#else
bool CountingAllocations() { return false; }
#endif

}  // namespace dmlconf::bench

#if DMLCONF_BENCH_COUNT_ALLOCATIONS
// glibc's own entry points, exported for exactly this kind of interposition.
extern "C" {
void* __libc_malloc(size_t size);
void* __libc_calloc(size_t count, size_t size);
void* __libc_realloc(void* pointer, size_t size);
void* __libc_memalign(size_t alignment, size_t size);
void __libc_free(void* pointer);

void* malloc(size_t size) noexcept {
  dmlconf::bench::Count(size);
  return __libc_malloc(size);
}
void* calloc(size_t count, size_t size) noexcept {
  dmlconf::bench::Count(count * size);
  return __libc_calloc(count, size);
}
void* realloc(void* pointer, size_t size) noexcept {
  dmlconf::bench::Count(size);
  return __libc_realloc(pointer, size);
}
void* memalign(size_t alignment, size_t size) noexcept {
  dmlconf::bench::Count(size);
  return __libc_memalign(alignment, size);
}
void* aligned_alloc(size_t alignment, size_t size) noexcept {
  dmlconf::bench::Count(size);
  return __libc_memalign(alignment, size);
}
int posix_memalign(void** result, size_t alignment, size_t size) noexcept {
  dmlconf::bench::Count(size);
  void* pointer = __libc_memalign(alignment, size);
  if (pointer == nullptr) return ENOMEM;
  *result = pointer;
  return 0;
}
void free(void* pointer) noexcept { __libc_free(pointer); }
}
#endif
