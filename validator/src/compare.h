// Byte-exact comparison of logical tensor elements, and the message that
// names where they differ.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "dmlconf/tensor_desc.h"

namespace dmlconf::validator {

// Empty when `actual` equals `expected` bit for bit (memcmp per element: NaN
// payloads and -0 count). Otherwise one sentence: the role, how many of how
// many elements differ, the first mismatching coordinates, and expected and
// actual as value and bits.
std::optional<std::string> CompareLogical(const std::string& role, const TensorDesc& desc,
                                          const std::vector<std::byte>& expected,
                                          const std::vector<std::byte>& actual);

// The coordinates of the i-th element in row-major order of `sizes`.
std::vector<uint32_t> CoordinatesOf(uint64_t index, const std::vector<uint32_t>& sizes);

// Whether data can be placed through the tensor's layout: strides match the
// rank and TotalBytes() holds the minimum size without overflow.
bool LayoutIsUsable(const TensorDesc& desc);

// For each byte of the tensor's buffer (TotalBytes() long): does it belong to
// a logical element? The layout must be usable (strides match the rank, the
// buffer holds the minimum size).
std::vector<bool> ElementByteMask(const TensorDesc& desc);

}  // namespace dmlconf::validator
