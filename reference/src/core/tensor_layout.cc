#include "dmlconf/tensor_layout.h"

#include <cstring>

namespace dmlconf {

namespace {
// Calls fn(logical_index, element_offset) for every element in row-major order.
template <class Fn>
void ForEachElement(const TensorDesc& desc, Fn&& fn) {
  const std::vector<uint32_t> strides = desc.EffectiveStrides();
  uint64_t logical = 0;
  ForEachCoordinate(desc.sizes, [&](std::span<const uint32_t> coords) {
    uint64_t offset = 0;
    for (size_t d = 0; d < coords.size(); ++d) offset += uint64_t(coords[d]) * strides[d];
    fn(logical++, offset);
  });
}
}  // namespace

uint64_t LogicalBytes(const TensorDesc& desc) { return desc.ElementCount() * desc.ElementSize(); }

std::vector<std::byte> ReadLogical(const TensorDesc& desc, const std::byte* buffer) {
  std::vector<std::byte> packed(LogicalBytes(desc));
  GatherLogical(desc, buffer, packed.data());
  return packed;
}

void ScatterLogical(const TensorDesc& desc, const std::byte* packed, std::byte* buffer) {
  const size_t es = desc.ElementSize();
  ForEachElement(desc, [&](uint64_t logical, uint64_t offset) {
    std::memcpy(buffer + offset * es, packed + logical * es, es);
  });
}

void GatherLogical(const TensorDesc& desc, const std::byte* buffer, std::byte* packed) {
  const size_t es = desc.ElementSize();
  ForEachElement(desc, [&](uint64_t logical, uint64_t offset) {
    std::memcpy(packed + logical * es, buffer + offset * es, es);
  });
}

}  // namespace dmlconf
