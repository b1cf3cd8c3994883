// One element of a bound tensor, located through its descriptor's strides.
// Private to the naive kernels.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "dmlconf/tensor_desc.h"

namespace dmlconf::naive {

// A tensor's element size and effective strides, looked up once per call
// instead of once per element.
class ElementLayout {
 public:
  explicit ElementLayout(const TensorDesc& desc)
      : strides_(desc.EffectiveStrides()), element_size_(desc.ElementSize()) {}

  size_t element_size() const { return element_size_; }

  size_t ByteOffset(std::span<const uint32_t> coords) const {
    assert(coords.size() == strides_.size());
    uint64_t offset = 0;
    for (size_t d = 0; d < coords.size(); ++d) offset += uint64_t(coords[d]) * strides_[d];
    return size_t(offset * element_size_);
  }
  const std::byte* At(const std::byte* base, std::span<const uint32_t> coords) const {
    return base + ByteOffset(coords);
  }
  std::byte* At(std::byte* base, std::span<const uint32_t> coords) const {
    return base + ByteOffset(coords);
  }

 private:
  std::vector<uint32_t> strides_;
  size_t element_size_;
};

// Bits move untouched: memcpy, never a typed load, so NaN payloads survive.
inline void CopyElement(const std::byte* from, std::byte* to, size_t element_size) {
  std::memcpy(to, from, element_size);
}

}  // namespace dmlconf::naive
