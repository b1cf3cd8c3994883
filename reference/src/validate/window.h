// The rule SLICE and SLICE1 share: every input coordinate the window reaches lies
// inside the input ("out-of-bounds reads are not permitted").
#pragma once

#include <algorithm>

#include "validate/rules.h"

namespace dmlconf::validate_detail {

// A SLICE1 stride's magnitude, INT_MIN's (2^31) included.
inline uint64_t StrideMagnitude(int32_t stride) {
  return stride < 0 ? uint64_t(-int64_t(stride)) : uint64_t(stride);
}

// Along dimension d the window reaches input coordinates `first` to `last` (either
// order; 64 bits, so no product of a size and a stride wraps).
inline Validation CheckWindowReach(std::string_view op, const TensorDesc& input, uint32_t d,
                                   int64_t first, int64_t last) {
  const int64_t size = input.sizes[d];
  if (first < size && last < size && first >= 0 && last >= 0) return Ok();
  return Fail(Reason::SLICE_WINDOW_OUT_OF_BOUNDS,
              Message(op, ": along dimension ", d, " the window reaches input coordinate ",
                      std::max(first, last) >= size ? std::max(first, last) : std::min(first, last),
                      " but InputTensor.Sizes[", d, "] is ", size,
                      "; every element read must lie inside the input."));
}

}  // namespace dmlconf::validate_detail
