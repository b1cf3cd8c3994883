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

namespace dmlconf::naive {

namespace {

// The index value as the Axis coordinate of the input.
//
// Negative values count from the end (-1 is the last element); signed index
// types exist only from feature level 3_0, where negative indices do too, so
// there is no level to check. The specification leaves out-of-range indices'
// output unspecified but requires every read to stay inside the input: our
// documented choice is to CLAMP the final index to [0, size - 1].
uint32_t ResolveIndex(const std::byte* p, DataType type, uint32_t size) {
  const size_t element_size = ElementSize(type);
  const ElementBits bits = LoadElement(p, element_size);
  if (!IsSignedInteger(type)) return uint32_t(std::min<uint64_t>(bits, size - 1));
  int64_t index = element_size == 4 ? int64_t(int32_t(uint32_t(bits))) : int64_t(bits);
  if (index < 0) index += size;
  return uint32_t(std::clamp<int64_t>(index, 0, int64_t(size) - 1));
}

}  // namespace

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
    in_coords[axis] = ResolveIndex(indices.At(bindings.inputs[1], index_coords),
                                   desc.indices_tensor.data_type, desc.input_tensor.sizes[axis]);
    CopyElement(input.At(bindings.inputs[0], in_coords), output.At(bindings.outputs[0], out_coords),
                output.element_size());
  });
}

}  // namespace dmlconf::naive
