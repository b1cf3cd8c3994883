// GATHER: output[outer, j, inner] = input[outer, indices[j], inner].
//
// The output's sizes are input[0..Axis) ++ indices[D-K..D) ++ input[Axis+1..D)
// (length D-1+K) right-aligned into D dimensions. Output dimension d is entry
// p = d - (D - (D-1+K)) of that list; p < 0 is a padding dimension (coord 0).
#include <algorithm>
#include <cassert>

#include "dmlconf/naive.h"
#include "dmlconf/tensor_layout.h"
#include "naive/element.h"
#include "naive/index.h"

namespace dmlconf::naive {

void Gather(const GatherDesc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 2 && bindings.outputs.size() == 1);
  const uint32_t rank = desc.input_tensor.DimensionCount();
  const uint32_t axis = desc.axis;
  const uint32_t k = desc.index_dimensions;
  assert(axis < rank && k <= rank);
  const int64_t list_length = int64_t(rank) - 1 + k;
  const int64_t first_entry = list_length - int64_t(rank);  // list position of output dim 0
  const ElementLayout input(desc.input_tensor);
  const ElementLayout indices(desc.indices_tensor);
  const ElementLayout output(desc.output_tensor);
  std::vector<uint32_t> in_coords(rank);
  std::vector<uint32_t> index_coords(rank);
  ForEachCoordinate(desc.output_tensor.sizes, [&](std::span<const uint32_t> out_coords) {
    std::fill(in_coords.begin(), in_coords.end(), 0);
    std::fill(index_coords.begin(), index_coords.end(), 0);
    for (uint32_t d = 0; d < rank; ++d) {
      const int64_t p = first_entry + d;
      if (p < 0) continue;
      if (p < axis)
        in_coords[p] = out_coords[d];
      else if (p < axis + k)
        index_coords[rank - k + (p - axis)] = out_coords[d];
      else
        in_coords[axis + 1 + (p - axis - k)] = out_coords[d];
    }
    in_coords[axis] =
        ClampedAxisPosition(indices.At(bindings.inputs[1], index_coords),
                            desc.indices_tensor.data_type, desc.input_tensor.sizes[axis]);
    CopyElement(input.At(bindings.inputs[0], in_coords), output.At(bindings.outputs[0], out_coords),
                output.element_size());
  });
}

}  // namespace dmlconf::naive
