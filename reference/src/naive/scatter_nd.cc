// SCATTER_ND: output = input, then for every element of the updates in row-major order,
// output[0, ..., 0, index(tuple(j)[0], S_0), ..., index(tuple(j)[T - 1], S_{T-1}), r] =
// updates[j, r], the tuple read as GATHER_ND reads it (naive/nd.h).
//
// Where two tuples name one block the page says no more than that one of the updates
// lands (contract point W1); here the last in row-major order does. An update whose
// tuple has a coordinate out of range is dropped: the page leaves the output open (O1),
// and nothing may be written outside it.
#include <cassert>

#include "dmlconf/naive.h"
#include "naive/nd.h"

namespace dmlconf::naive {

void ScatterNd(const ScatterNdDesc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 3 && bindings.outputs.size() == 1);
  const ElementLayout input(desc.input_tensor);
  const ElementLayout updates(desc.updates_tensor);
  const ElementLayout output(desc.output_tensor);
  ForEachCoordinate(desc.output_tensor.sizes, [&](std::span<const uint32_t> at) {
    CopyElement(input.At(bindings.inputs[0], at), output.At(bindings.outputs[0], at),
                output.element_size());
  });
  const NdPositions positions(desc.output_tensor, desc.indices_tensor, NdCountsOf(desc));
  std::vector<uint32_t> out_coords;
  ForEachCoordinate(desc.updates_tensor.sizes, [&](std::span<const uint32_t> at) {
    if (!positions.InputCoordinates(bindings.inputs[1], at, /*clamp=*/false, &out_coords)) return;
    CopyElement(updates.At(bindings.inputs[2], at), output.At(bindings.outputs[0], out_coords),
                output.element_size());
  });
}

}  // namespace dmlconf::naive
