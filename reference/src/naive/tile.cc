// TILE: OutputTensor[c] = InputTensor[c mod InputTensor.Sizes], dimension by dimension.
#include <cassert>

#include "dmlconf/naive.h"
#include "dmlconf/tensor_layout.h"
#include "naive/element.h"

namespace dmlconf::naive {

void Tile(const TileDesc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 1 && bindings.outputs.size() == 1);
  const ElementLayout input(desc.input_tensor);
  const ElementLayout output(desc.output_tensor);
  const std::vector<uint32_t>& n = desc.input_tensor.sizes;
  std::vector<uint32_t> in_coords(n.size());
  ForEachCoordinate(desc.output_tensor.sizes, [&](std::span<const uint32_t> c) {
    for (size_t d = 0; d < c.size(); ++d) in_coords[d] = c[d] % n[d];
    CopyElement(input.At(bindings.inputs[0], in_coords), output.At(bindings.outputs[0], c),
                output.element_size());
  });
}

}  // namespace dmlconf::naive
