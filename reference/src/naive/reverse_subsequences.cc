// REVERSE_SUBSEQUENCES: per line along Axis, with L = min(length, size along
// Axis), position i < L takes the input at L-1-i; positions i >= L copy the
// input at i. The line's length sits in SequenceLengthsTensor at the line's
// coordinates with the Axis coordinate 0.
#include <algorithm>
#include <cassert>

#include "dmlconf/naive.h"
#include "dmlconf/tensor_layout.h"
#include "naive/element.h"

namespace dmlconf::naive {

void ReverseSubsequences(const ReverseSubsequencesDesc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 2 && bindings.outputs.size() == 1);
  const uint32_t axis = desc.axis;
  const uint32_t axis_size = desc.output_tensor.sizes[axis];
  const ElementLayout input(desc.input_tensor);
  const ElementLayout lengths(desc.sequence_lengths_tensor);
  const ElementLayout output(desc.output_tensor);
  std::vector<uint32_t> coords;
  ForEachCoordinate(desc.output_tensor.sizes, [&](std::span<const uint32_t> out_coords) {
    coords.assign(out_coords.begin(), out_coords.end());
    coords[axis] = 0;
    // UINT32 or UINT64: zero-extended bits are the value.
    const ElementBits length =
        LoadElement(lengths.At(bindings.inputs[1], coords), lengths.element_size());
    const uint32_t line_length = uint32_t(std::min<uint64_t>(length, axis_size));
    const uint32_t i = out_coords[axis];
    coords[axis] = i < line_length ? line_length - 1 - i : i;
    CopyElement(input.At(bindings.inputs[0], coords), output.At(bindings.outputs[0], out_coords),
                output.element_size());
  });
}

}  // namespace dmlconf::naive
