// SLICE1: a non-empty window inside the input, no stride 0, and an output that copies no
// more than the window reaches with the stride's magnitude (erratum SL2):
// 1 <= OutputTensor.Sizes[i] <= 1 + (InputWindowSizes[i] - 1) / |InputWindowStrides[i]|.
#include "validate/window.h"

namespace dmlconf::validate_detail {

Validation CheckShapes(const Slice1Desc& desc) {
  constexpr std::string_view kOp = "SLICE1";
  const uint32_t rank = uint32_t(desc.input_window_sizes.size());
  for (uint32_t d = 0; d < rank; ++d)
    if (desc.input_window_sizes[d] == 0)
      return Fail(Reason::SLICE1_WINDOW_EMPTY,
                  Message(kOp, ": InputWindowSizes[", d, "] is 0; the window mustn't be empty."));
  for (uint32_t d = 0; d < rank; ++d) {
    const int64_t first = desc.input_window_offsets[d];
    if (Validation v = CheckWindowReach(kOp, desc.input_tensor, d, first,
                                        first + int64_t(desc.input_window_sizes[d]) - 1);
        !v.ok())
      return v;
  }
  for (uint32_t d = 0; d < rank; ++d)
    if (desc.input_window_strides[d] == 0)
      return Fail(Reason::SLICE1_STRIDE_ZERO,
                  Message(kOp, ": InputWindowStrides[", d, "] is 0; strides may not be 0."));
  for (uint32_t d = 0; d < rank; ++d) {
    const uint64_t reach = 1 + (uint64_t(desc.input_window_sizes[d]) - 1) /
                                   StrideMagnitude(desc.input_window_strides[d]);
    if (desc.output_tensor.sizes[d] > reach)
      return Fail(Reason::SLICE1_OUTPUT_PAST_WINDOW,
                  Message(kOp, ": OutputTensor.Sizes[", d, "] is ", desc.output_tensor.sizes[d],
                          " but a window of ", desc.input_window_sizes[d], " with stride ",
                          desc.input_window_strides[d], " reaches ", reach,
                          " elements; the output may copy no more."));
  }
  return Ok();
}

}  // namespace dmlconf::validate_detail
