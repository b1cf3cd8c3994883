// A copy between two strided views of one shape: the building block of SPLIT,
// JOIN, DEPTH_TO_SPACE1, SPACE_TO_DEPTH1 and GATHER's inner slabs. Planned once
// (normalize, pick the inner loop), then run at any base pointers.
#pragma once

#include <cstddef>
#include <cstdint>

#include "blocked/normalize.h"

namespace dmlconf::blocked {

struct CopyPlan {
  enum class Inner { kRun, kStrided, kTiled };
  Inner inner = Inner::kRun;
  size_t element_size = 0;
  LoopNest outer;  // tensor 0: destination, tensor 1: source
  // The innermost dimension: the smallest destination stride.
  LoopDim cols;
  // kTiled only: the dimension with the smallest source stride.
  LoopDim rows;

  uint64_t ElementCount() const { return outer.Count() * cols.size * rows.size; }
};

// `nest` holds the shape with destination strides as tensor 0 and source
// strides as tensor 1, in bytes. Destination elements must not alias each
// other (validation's TENSOR_OUTPUT_ALIASED), which is what lets
// normalization reorder the loops.
CopyPlan PlanCopy(LoopNest nest, size_t element_size);

// Copies on the calling thread.
void RunCopySerial(const CopyPlan& plan, std::byte* dst, const std::byte* src);
// Copies with threads when the problem is large enough (ThreadsFor).
void RunCopy(const CopyPlan& plan, std::byte* dst, const std::byte* src);

}  // namespace dmlconf::blocked
