// TILE: the input is copied once into the output's first tile; then, dimension by
// dimension from the innermost, the part of the output filled so far is copied along that
// dimension next to itself, doubling it, until Repeats tiles stand side by side. Each
// output byte is written once and read at most once more, memcpy's traffic, and each copy
// is a strided copy between parts of the output that do not overlap, so a packed output
// moves in whole runs: once the dimensions inside d are full, the filled part is one
// block per outer coordinate.
#include <algorithm>
#include <cassert>

#include "blocked/strided_copy.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

void Tile(const TileDesc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 1 && bindings.outputs.size() == 1);
  const TensorDesc& output = desc.output_tensor;
  const uint32_t rank = output.DimensionCount();
  const size_t element_size = output.ElementSize();
  const ByteStrides in = ByteStridesOf(desc.input_tensor);
  const ByteStrides out = ByteStridesOf(output);
  std::byte* dst = bindings.outputs[0];
  // The output's extent filled so far, per dimension: the first tile.
  std::array<uint64_t, kMaxDimensions> filled{};
  LoopNest first;
  for (uint32_t d = 0; d < rank; ++d) {
    filled[d] = desc.input_tensor.sizes[d];
    first.Push(filled[d], out[d], in[d]);
  }
  RunCopy(PlanCopy(first, element_size), dst, bindings.inputs[0]);
  for (uint32_t d = rank; d-- > 0;) {
    while (filled[d] < output.sizes[d]) {
      const uint64_t count = std::min<uint64_t>(filled[d], output.sizes[d] - filled[d]);
      LoopNest doubling;
      for (uint32_t e = 0; e < rank; ++e) doubling.Push(e == d ? count : filled[e], out[e], out[e]);
      RunCopy(PlanCopy(doubling, element_size), dst + int64_t(filled[d]) * out[d], dst);
      filled[d] += count;
    }
  }
}

}  // namespace dmlconf::blocked
