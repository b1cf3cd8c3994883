// The ND family's naive kernels, written once for GATHER_ND and GATHER_ND1 (B = 0 for
// GATHER_ND) as reference/OPERATORS.md writes them: an output coordinate is (b, j, r),
// right-aligned; the tuple at indices[0, ..., 0, b, j, 0 .. T) names, with the batch
// coordinates b before it and r after it, the input element. Private to the naive
// kernels.
#pragma once

#include <cassert>
#include <span>
#include <vector>

#include "dmlconf/nd.h"
#include "dmlconf/tensor_layout.h"
#include "naive/element.h"
#include "naive/index.h"

namespace dmlconf::naive {

// The input coordinates the output (updates) coordinate `at` reads (writes): padding
// 0s, then the batch coordinates, the tuple's positions and the block's coordinates.
// A coordinate out of range is clamped (gathers) or reported as nothing (scatters).
class NdPositions {
 public:
  NdPositions(const TensorDesc& input, const TensorDesc& indices, NdCounts counts)
      : input_(input),
        indices_(indices),
        layout_(indices),
        shape_(NdShapeOf(input.sizes, indices.sizes, counts)) {}

  // Returns false when a coordinate is out of range and `clamp` is false.
  bool InputCoordinates(const std::byte* indices_data, std::span<const uint32_t> at, bool clamp,
                        std::vector<uint32_t>* coords) const {
    const NdShape& s = shape_;
    const uint32_t j_first = s.rank - s.block_dims - s.index_dims;  // j's first coordinate in `at`
    std::vector<uint32_t> tuple_at(s.rank, 0);
    for (uint32_t k = 0; k < s.index_dims; ++k) tuple_at[s.indices_lead + k] = at[j_first + k];
    coords->assign(s.rank, 0);
    uint32_t d = s.input_lead;
    for (uint32_t k = 0; k < s.batch; ++k, ++d) {
      const uint32_t b = at[j_first + k];
      if (b >= input_.sizes[d] && !clamp) return false;
      (*coords)[d] = std::min(b, input_.sizes[d] - 1);  // M2: a batch past the input's
    }
    for (uint32_t k = 0; k < s.tuple; ++k, ++d) {
      tuple_at[s.rank - 1] = k;
      const std::byte* p = layout_.At(indices_data, tuple_at);
      if (clamp) {
        (*coords)[d] = ClampedAxisPosition(p, indices_.data_type, input_.sizes[d]);
      } else {
        const std::optional<uint32_t> position =
            AxisPosition(p, indices_.data_type, input_.sizes[d]);
        if (!position) return false;
        (*coords)[d] = *position;
      }
    }
    for (uint32_t k = 0; k < s.block_dims; ++k, ++d) (*coords)[d] = at[s.rank - s.block_dims + k];
    return true;
  }

 private:
  const TensorDesc& input_;
  const TensorDesc& indices_;
  ElementLayout layout_;
  NdShape shape_;
};

// Output[b, j, r] = Input[0, ..., 0, b, index(tuple(b, j)[0], S_0), ..., r].
template <class Desc>
void GatherTuples(const Desc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 2 && bindings.outputs.size() == 1);
  const NdPositions positions(desc.input_tensor, desc.indices_tensor, NdCountsOf(desc));
  const ElementLayout input(desc.input_tensor);
  const ElementLayout output(desc.output_tensor);
  std::vector<uint32_t> in_coords;
  ForEachCoordinate(desc.output_tensor.sizes, [&](std::span<const uint32_t> at) {
    positions.InputCoordinates(bindings.inputs[1], at, true, &in_coords);
    CopyElement(input.At(bindings.inputs[0], in_coords), output.At(bindings.outputs[0], at),
                output.element_size());
  });
}

}  // namespace dmlconf::naive
