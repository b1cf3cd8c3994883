// An index element read as a position along an axis, for the kernels of the
// operators with an IndicesTensor. Private to the naive kernels.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "dmlconf/data_type.h"

namespace dmlconf::naive {

// The index's value: sign-extended for signed types; a UINT64 above INT64_MAX is
// beyond any axis either way, so it saturates there.
inline int64_t IndexValue(const std::byte* p, DataType type) {
  const size_t element_size = ElementSize(type);
  const ElementBits bits = LoadElement(p, element_size);
  if (!IsSignedInteger(type)) return int64_t(std::min<uint64_t>(bits, uint64_t(INT64_MAX)));
  return element_size == 4 ? int64_t(int32_t(uint32_t(bits))) : int64_t(bits);
}

// The position along an axis of `size` the index names: negative values count
// from the end (-1 is the last element). Signed index types exist only from
// feature level 3_0, where negative indices do too, so there is no level to
// check. Nothing for an index outside [-size, size).
inline std::optional<uint32_t> AxisPosition(const std::byte* p, DataType type, uint32_t size) {
  int64_t index = IndexValue(p, type);
  if (index < 0) index += size;
  if (index < 0 || index >= int64_t(size)) return std::nullopt;
  return uint32_t(index);
}

// The same, for a read: the pages leave an out-of-range index's output open but
// every read must stay inside the input, so our documented choice is to CLAMP
// the resolved index to [0, size - 1].
inline uint32_t ClampedAxisPosition(const std::byte* p, DataType type, uint32_t size) {
  int64_t index = IndexValue(p, type);
  if (index < 0) index += size;
  return uint32_t(std::clamp<int64_t>(index, 0, int64_t(size) - 1));
}

}  // namespace dmlconf::naive
