#include "dmlconf/tensor_desc.h"

#include "dmlconf/saturating.h"

namespace dmlconf {

TensorDesc TensorDesc::Packed(DataType type, std::vector<uint32_t> sizes) {
  TensorDesc desc;
  desc.data_type = type;
  desc.sizes = std::move(sizes);
  return desc;
}

uint64_t TensorDesc::ElementCount() const {
  uint64_t count = 1;
  for (uint32_t s : sizes) count = SaturatingMul(count, s);
  return count;
}

std::vector<uint32_t> PackedStrides(std::span<const uint32_t> sizes) {
  std::vector<uint32_t> strides(sizes.size(), 1);
  uint64_t stride = 1;
  for (size_t d = sizes.size(); d-- > 0;) {
    strides[d] = uint32_t(stride);  // exact for valid tensors (< 2^32 elements)
    stride = SaturatingMul(stride, sizes[d]);
  }
  return strides;
}

std::vector<uint32_t> TensorDesc::EffectiveStrides() const {
  if (strides && strides->size() == sizes.size()) return *strides;
  return PackedStrides(sizes);
}

uint64_t TensorDesc::MinimumTotalBytes() const {
  if (strides && strides->size() != sizes.size()) return 0;
  const std::vector<uint32_t> st = EffectiveStrides();
  uint64_t last = 0;  // offset of the last element, in elements
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 0) return 0;
    last = SaturatingAdd(last, SaturatingMul(sizes[d] - 1, st[d]));
  }
  return SaturatingRoundUp(SaturatingMul(SaturatingAdd(last, 1), ElementSize()), 4);
}

uint64_t TensorDesc::TotalBytes() const {
  return total_tensor_size_in_bytes ? *total_tensor_size_in_bytes : MinimumTotalBytes();
}

uint64_t TensorDesc::ElementOffset(std::span<const uint32_t> coords) const {
  const std::vector<uint32_t> st = EffectiveStrides();
  uint64_t offset = 0;
  for (size_t d = 0; d < coords.size() && d < st.size(); ++d) offset += uint64_t(coords[d]) * st[d];
  return offset;
}

std::string FormatSizes(std::span<const uint32_t> sizes) {
  std::string out = "{";
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(sizes[i]);
  }
  return out + "}";
}

}  // namespace dmlconf
