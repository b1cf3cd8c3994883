// GATHER_ELEMENTS: output[i, j, k, ...] = input[i, j, ..., indices[i, j, k, ...], ...],
// the index taking the place of the Axis coordinate. An out-of-range index reads
// the clamped position (naive/index.h).
#include <cassert>

#include "dmlconf/naive.h"
#include "dmlconf/tensor_layout.h"
#include "naive/element.h"
#include "naive/index.h"

namespace dmlconf::naive {

void GatherElements(const GatherElementsDesc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 2 && bindings.outputs.size() == 1);
  const uint32_t axis = desc.axis;
  const ElementLayout input(desc.input_tensor);
  const ElementLayout indices(desc.indices_tensor);
  const ElementLayout output(desc.output_tensor);
  std::vector<uint32_t> in_coords;
  ForEachCoordinate(desc.output_tensor.sizes, [&](std::span<const uint32_t> out_coords) {
    in_coords.assign(out_coords.begin(), out_coords.end());
    in_coords[axis] =
        ClampedAxisPosition(indices.At(bindings.inputs[1], out_coords),
                            desc.indices_tensor.data_type, desc.input_tensor.sizes[axis]);
    CopyElement(input.At(bindings.inputs[0], in_coords), output.At(bindings.outputs[0], out_coords),
                output.element_size());
  });
}

}  // namespace dmlconf::naive
