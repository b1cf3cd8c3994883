// What GATHER_ELEMENTS and SCATTER_ELEMENTS share: one loop nest over the indices'
// shape walking three tensors, the one the indices position into taking stride 0
// along Axis (its Axis offset is the resolved index times `axis_stride`), and the
// index elements read and resolved per element type.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "blocked/normalize.h"
#include "dmlconf/data_type.h"
#include "dmlconf/tensor_desc.h"

namespace dmlconf::blocked {

struct ElementsPlan {
  // Tensor 1 is the indices; tensors 0 and 2 the other two (GATHER_ELEMENTS: output,
  // input; SCATTER_ELEMENTS: updates, output), the positioned one with stride 0 along
  // Axis. Normalize orders the loops by tensor 0's strides.
  LoopNest nest;
  int64_t axis_stride = 0;  // bytes: the positioned tensor's stride along Axis
  uint32_t axis_size = 0;   // the positioned tensor's size along Axis
  size_t element_size = 0;
  DataType index_type = DataType::kUint32;
};

// The nest over the indices' sizes of three tensors, as ElementsPlan says;
// `positioned` (0 or 2) is the one whose Axis stride is set aside.
ElementsPlan PlanElements(const TensorDesc& t0, const TensorDesc& indices, const TensorDesc& t2,
                          int positioned, uint32_t axis);

// The index's position along an axis of `size`: negative values count from the
// end; outside [0, size) for one out of range (a UINT64 past INT64_MAX saturates).
template <class I>
inline int64_t IndexPosition(const std::byte* p, uint32_t size) {
  I index;
  std::memcpy(&index, p, sizeof(I));
  if constexpr (std::is_signed_v<I>)
    return index < 0 ? int64_t(index) + int64_t(size) : int64_t(index);
  else
    return int64_t(std::min<uint64_t>(uint64_t(index), uint64_t(INT64_MAX)));
}

// The 32-bit index types, signed or not, that the SIMD lines take (simd::GatherLine,
// simd::ScatterLine).
template <bool kSigned>
using Index32 = std::conditional_t<kSigned, int32_t, uint32_t>;

// Calls fn.template operator()<T, I>() with T the unsigned type of the element size
// and I the index element's C++ type.
template <class Fn>
void WithElementAndIndexTypes(size_t element_size, DataType index_type, Fn&& fn) {
  const auto with_index = [&]<class T>() {
    switch (index_type) {
      case DataType::kInt32: return fn.template operator()<T, int32_t>();
      case DataType::kInt64: return fn.template operator()<T, int64_t>();
      case DataType::kUint64: return fn.template operator()<T, uint64_t>();
      default: return fn.template operator()<T, uint32_t>();
    }
  };
  switch (element_size) {
    case 1: return with_index.template operator()<uint8_t>();
    case 2: return with_index.template operator()<uint16_t>();
    case 4: return with_index.template operator()<uint32_t>();
    default: return with_index.template operator()<uint64_t>();
  }
}

}  // namespace dmlconf::blocked
