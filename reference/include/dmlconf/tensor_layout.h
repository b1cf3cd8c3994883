// Walking a tensor's logical elements, and moving them between the packed
// row-major form case files use and a tensor's strided buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "dmlconf/tensor_desc.h"

namespace dmlconf {

// Calls fn(coords) for every coordinate of `sizes` in row-major order (last
// dimension fastest). Rank 0 or any zero size: fn is not called.
template <class Fn>
void ForEachCoordinate(std::span<const uint32_t> sizes, Fn&& fn) {
  for (uint32_t s : sizes)
    if (s == 0) return;
  std::vector<uint32_t> coords(sizes.size(), 0);
  if (sizes.empty()) return;
  for (;;) {
    fn(std::span<const uint32_t>(coords));
    size_t d = sizes.size();
    while (d > 0) {
      --d;
      if (++coords[d] < sizes[d]) break;
      coords[d] = 0;
      if (d == 0) return;
    }
  }
}

// Copies packed row-major logical elements into the tensor's buffer, through
// its strides. Elements a zero stride maps to one location land there in turn.
void ScatterLogical(const TensorDesc& desc, const std::byte* packed, std::byte* buffer);
// Reads the tensor's logical elements out of its buffer into packed row-major.
void GatherLogical(const TensorDesc& desc, const std::byte* buffer, std::byte* packed);
// Packed byte size of the logical elements: ElementCount() * ElementSize().
uint64_t LogicalBytes(const TensorDesc& desc);
// GatherLogical into a new vector of LogicalBytes(desc).
std::vector<std::byte> ReadLogical(const TensorDesc& desc, const std::byte* buffer);

}  // namespace dmlconf
