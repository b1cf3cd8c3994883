// SLICE1: a negative stride starts at the window's last element, dimension by dimension:
//   start = InputWindowOffsets + (InputWindowStrides < 0 ? InputWindowSizes - 1 : 0)
//   OutputTensor[c] = InputTensor[start + InputWindowStrides * c]
#include <cassert>

#include "dmlconf/naive.h"
#include "dmlconf/tensor_layout.h"
#include "naive/element.h"

namespace dmlconf::naive {

void Slice1(const Slice1Desc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 1 && bindings.outputs.size() == 1);
  const ElementLayout input(desc.input_tensor);
  const ElementLayout output(desc.output_tensor);
  const size_t rank = desc.output_tensor.DimensionCount();
  std::vector<int64_t> start(rank);
  for (size_t d = 0; d < rank; ++d)
    start[d] = int64_t(desc.input_window_offsets[d]) +
               (desc.input_window_strides[d] < 0 ? int64_t(desc.input_window_sizes[d]) - 1 : 0);
  std::vector<uint32_t> in_coords(rank);
  ForEachCoordinate(desc.output_tensor.sizes, [&](std::span<const uint32_t> c) {
    for (size_t d = 0; d < rank; ++d)
      in_coords[d] = uint32_t(start[d] + int64_t(desc.input_window_strides[d]) * c[d]);
    CopyElement(input.At(bindings.inputs[0], in_coords), output.At(bindings.outputs[0], c),
                output.element_size());
  });
}

}  // namespace dmlconf::naive
