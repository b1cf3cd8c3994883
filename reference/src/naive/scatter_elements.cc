// SCATTER_ELEMENTS: output = input, then for every element of the updates in
// row-major order, output[i, ..., indices[i, j, k, ...], ...] = updates[i, j, k, ...],
// the index taking the place of the Axis coordinate.
//
// Where several updates name one output element the page says no more than that
// one of them lands there; here the last in row-major order does. An update whose
// index is out of range is dropped: the pages leave the output open, and nothing
// may be written outside it.
#include <cassert>

#include "dmlconf/naive.h"
#include "dmlconf/tensor_layout.h"
#include "naive/element.h"
#include "naive/index.h"

namespace dmlconf::naive {

void ScatterElements(const ScatterElementsDesc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 3 && bindings.outputs.size() == 1);
  const uint32_t axis = desc.axis;
  const ElementLayout input(desc.input_tensor);
  const ElementLayout indices(desc.indices_tensor);
  const ElementLayout updates(desc.updates_tensor);
  const ElementLayout output(desc.output_tensor);
  ForEachCoordinate(desc.output_tensor.sizes, [&](std::span<const uint32_t> coords) {
    CopyElement(input.At(bindings.inputs[0], coords), output.At(bindings.outputs[0], coords),
                output.element_size());
  });
  std::vector<uint32_t> out_coords;
  ForEachCoordinate(desc.updates_tensor.sizes, [&](std::span<const uint32_t> coords) {
    const std::optional<uint32_t> position =
        AxisPosition(indices.At(bindings.inputs[1], coords), desc.indices_tensor.data_type,
                     desc.output_tensor.sizes[axis]);
    if (!position) return;
    out_coords.assign(coords.begin(), coords.end());
    out_coords[axis] = *position;
    CopyElement(updates.At(bindings.inputs[2], coords), output.At(bindings.outputs[0], out_coords),
                output.element_size());
  });
}

}  // namespace dmlconf::naive
