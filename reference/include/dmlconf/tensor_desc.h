// DML_BUFFER_TENSOR_DESC, and the size arithmetic the specification defines on it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dmlconf/data_type.h"
#include "dmlconf/saturating.h"

namespace dmlconf {

inline constexpr uint32_t kMaxDimensions = 8;
// DirectML caps a tensor at 2^32 - 1 elements.
inline constexpr uint64_t kMaxElementCount = 0xFFFFFFFFull;

// Mirrors DML_BUFFER_TENSOR_DESC field for field. A descriptor may be invalid
// (rank 9, a zero size, a short TotalTensorSizeInBytes): validation says so;
// the helpers below never crash on one, they saturate at kSaturated.
struct TensorDesc {
  DataType data_type = DataType::kFloat32;
  uint32_t flags = 0;
  std::vector<uint32_t> sizes;                         // DimensionCount = sizes.size()
  std::optional<std::vector<uint32_t>> strides;        // in elements; absent = packed
  std::optional<uint64_t> total_tensor_size_in_bytes;  // absent = the minimum
  uint32_t guaranteed_base_offset_alignment = 0;       // 0 = no guarantee

  static TensorDesc Packed(DataType type, std::vector<uint32_t> sizes);

  uint32_t DimensionCount() const { return uint32_t(sizes.size()); }
  size_t ElementSize() const { return dmlconf::ElementSize(data_type); }
  // Product of sizes (1 for rank 0), saturating at kSaturated.
  uint64_t ElementCount() const;
  // The strides given, or packed row-major ones.
  std::vector<uint32_t> EffectiveStrides() const;
  // roundup((dot(sizes - 1, strides) + 1) * element size, 4); kSaturated on
  // overflow; 0 if any size is zero or strides have the wrong count.
  uint64_t MinimumTotalBytes() const;
  // TotalTensorSizeInBytes as given, else MinimumTotalBytes().
  uint64_t TotalBytes() const;
  // Element offset (not bytes) of a coordinate, through EffectiveStrides().
  uint64_t ElementOffset(std::span<const uint32_t> coords) const;

  bool operator==(const TensorDesc&) const = default;
};

// Packed row-major strides for sizes.
std::vector<uint32_t> PackedStrides(std::span<const uint32_t> sizes);

// "{2,3,4}".
std::string FormatSizes(std::span<const uint32_t> sizes);

}  // namespace dmlconf
