// TILE's choice between doubling across the whole output and building it a block at a
// time (tile.cc), exposed for the test that sizes its problems for the blocks.
#pragma once

#include <cstdint>

#include "dmlconf/tensor_desc.h"

namespace dmlconf::blocked {

// The outermost dimension of the blocks TILE builds in scratch: for an output that
// streams (simd::Streams), packed from that dimension inward, 1 to 32 KiB, with a
// dimension outside it; or 0, for doubling across the whole output (an output that
// stays in cache, or blocks too large or too small).
uint32_t TileBlockDimension(const TensorDesc& output);

}  // namespace dmlconf::blocked
