// JOIN: the inputs laid one after another along Axis. For each output element,
// find the input whose slab [offset_i, offset_i + size_i) holds its Axis
// coordinate.
#include <cassert>

#include "dmlconf/naive.h"
#include "dmlconf/tensor_layout.h"
#include "naive/element.h"

namespace dmlconf::naive {

void Join(const JoinDesc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == desc.input_tensors.size());
  assert(bindings.outputs.size() == 1);
  std::vector<ElementLayout> inputs;
  for (const TensorDesc& input : desc.input_tensors) inputs.emplace_back(input);
  const ElementLayout output(desc.output_tensor);
  std::vector<uint32_t> in_coords;
  ForEachCoordinate(desc.output_tensor.sizes, [&](std::span<const uint32_t> out_coords) {
    in_coords.assign(out_coords.begin(), out_coords.end());
    size_t i = 0;
    while (in_coords[desc.axis] >= desc.input_tensors[i].sizes[desc.axis]) {
      in_coords[desc.axis] -= desc.input_tensors[i].sizes[desc.axis];
      ++i;
      assert(i < desc.input_tensors.size());
    }
    CopyElement(inputs[i].At(bindings.inputs[i], in_coords),
                output.At(bindings.outputs[0], out_coords), output.element_size());
  });
}

}  // namespace dmlconf::naive
