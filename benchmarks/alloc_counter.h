// Counts every heap allocation the benchmark process makes, so that a
// benchmark can show how many bytes one operator call allocates. The target:
// no allocation proportional to the tensor size inside an operator call.
#pragma once

#include <cstdint>

namespace dmlconf::bench {

struct AllocationTotals {
  uint64_t bytes = 0;
  uint64_t count = 0;
};

// Totals since the process started, over all threads.
AllocationTotals AllocationsSoFar();

// False where the hooks are compiled out (sanitizer builds own malloc): the
// totals then stay zero and prove nothing.
bool CountingAllocations();

}  // namespace dmlconf::bench
