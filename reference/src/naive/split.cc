// SPLIT: output i holds the input's slab [offset_i, offset_i + size_i) along
// Axis, offset_i being the sum of the earlier outputs' sizes along Axis.
#include <cassert>

#include "dmlconf/naive.h"
#include "dmlconf/tensor_layout.h"
#include "naive/element.h"

namespace dmlconf::naive {

void Split(const SplitDesc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 1);
  assert(bindings.outputs.size() == desc.output_tensors.size());
  const ElementLayout input(desc.input_tensor);
  std::vector<uint32_t> in_coords;
  uint32_t offset = 0;
  for (size_t i = 0; i < desc.output_tensors.size(); ++i) {
    const TensorDesc& output_desc = desc.output_tensors[i];
    const ElementLayout output(output_desc);
    ForEachCoordinate(output_desc.sizes, [&](std::span<const uint32_t> out_coords) {
      in_coords.assign(out_coords.begin(), out_coords.end());
      in_coords[desc.axis] += offset;
      CopyElement(input.At(bindings.inputs[0], in_coords),
                  output.At(bindings.outputs[i], out_coords), output.element_size());
    });
    offset += output_desc.sizes[desc.axis];
  }
  assert(offset == desc.input_tensor.sizes[desc.axis]);
}

}  // namespace dmlconf::naive
