// Byte-exact comparison of logical tensor elements, and the message that
// names where they differ.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dmlconf/tensor_desc.h"

namespace dmlconf::validator {

// An input whose elements an output's values are copied from, as packed
// logical bytes: where a wrong value came from is looked up in these.
struct ValueSource {
  std::string role;
  const TensorDesc* desc;
  const std::vector<std::byte>* bytes;
};

// Empty when `actual` equals `expected` bit for bit (memcmp per element: NaN
// payloads and -0 count). Otherwise one sentence: the role, how many of how
// many elements differ, the first mismatching coordinates, and expected and
// actual as value and bits; then, where `sources` decide it, which input
// element each of the two values is. With `poison` (what the output held before
// the backend ran, as logical bytes), an element still holding it is called never
// written instead.
std::optional<std::string> CompareLogical(const std::string& role, const TensorDesc& desc,
                                          const std::vector<std::byte>& expected,
                                          const std::vector<std::byte>& actual,
                                          std::span<const ValueSource> sources = {},
                                          const std::vector<std::byte>* poison = nullptr);

// Which source element holds exactly these bits: "InputTensor {0,2}" when one
// does, "no input element" when none does, empty when several do (values of
// a narrow type repeat, so the bits cannot tell).
std::string WhereFrom(const std::byte* value, size_t size, std::span<const ValueSource> sources);

// The coordinates of the i-th element in row-major order of `sizes`.
std::vector<uint32_t> CoordinatesOf(uint64_t index, const std::vector<uint32_t>& sizes);

// Whether data can be placed through the tensor's layout: strides match the
// rank and TotalBytes() holds the minimum size without overflow.
bool LayoutIsUsable(const TensorDesc& desc);

// For each byte of the tensor's buffer (TotalBytes() long): does it belong to
// a logical element? The layout must be usable (strides match the rank, the
// buffer holds the minimum size).
std::vector<bool> ElementByteMask(const TensorDesc& desc);

// For each logical element in row-major order: is its memory location its
// own? False where a zero or overlapping stride maps another element to a
// byte of it (contract point A1: such values are not compared). Same layout
// precondition as ElementByteMask.
std::vector<bool> OwnLocationElements(const TensorDesc& desc);

}  // namespace dmlconf::validator
