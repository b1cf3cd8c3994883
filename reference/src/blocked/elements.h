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
#include "blocked/simd.h"
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
  // Elements per strip when the nest is cut into strips across Axis (elements.cc,
  // StripAcrossAxis): the nest ends with the strips, Axis, and one strip's run; 0: not.
  uint64_t strip = 0;
};

// The nest over the indices' sizes of three tensors, as ElementsPlan says;
// `positioned` (0 or 2) is the one whose Axis stride is set aside.
ElementsPlan PlanElements(const TensorDesc& t0, const TensorDesc& indices, const TensorDesc& t2,
                          int positioned, uint32_t axis);

// One thread's scratch for a strip's slab: the positioned tensor's rows along Axis,
// plan.strip elements each, packed one after another.
std::byte* SlabScratch();

// The slab at `base` (the positioned tensor's address at the strip's first element)
// packed into `slab`, and written back from it.
void PackSlab(const ElementsPlan& plan, std::byte* slab, const std::byte* base);
void UnpackSlab(const ElementsPlan& plan, std::byte* base, const std::byte* slab);

// Strips [begin, end) of a nest cut into strips (ElementsPlan::strip), each whole along
// Axis: the positioned tensor's slab at `positioned` packed into `slab`, then
// row(walked, indices) for each row along Axis with that row's pieces of tensor 0 (at
// `walked`) and of the indices, then, where the positioned tensor is the one written
// (not const: SCATTER_ELEMENTS' output), the slab unpacked back into it. The rows
// kStripRowsAhead ahead are asked for meanwhile, each a short piece of a far row that
// no hardware prefetcher follows: the walked piece for writing, as GATHER_ELEMENTS'
// output is (SCATTER_ELEMENTS' updates are only read, which that serves as well).
inline constexpr int64_t kStripRowsAhead = 8;
template <class Walked, class Positioned, class Row>
void ForEachStripRow(const ElementsPlan& plan, Walked* walked, const std::byte* indices,
                     Positioned* positioned, std::byte* slab, uint64_t begin, uint64_t end,
                     const Row& row) {
  const LoopDim& across = plan.nest.dims[plan.nest.rank - 2];
  const int64_t index_bytes = int64_t(plan.strip) * plan.nest.dims[plan.nest.rank - 1].stride[1];
  for (uint64_t item = begin; item < end; ++item) {
    const Cursor cursor(plan.nest, item * across.size * plan.strip);
    PackSlab(plan, slab, positioned + cursor.offset(2));
    Walked* w = walked + cursor.offset(0);
    const std::byte* x = indices + cursor.offset(1);
    for (uint64_t r = 0; r < across.size; ++r, w += across.stride[0], x += across.stride[1]) {
      if (r + kStripRowsAhead < across.size) {
        __builtin_prefetch(w + kStripRowsAhead * across.stride[0], 1, 3);
        simd::PrefetchToL2(x + kStripRowsAhead * across.stride[1], size_t(index_bytes));
      }
      row(w, x);
    }
    if constexpr (!std::is_const_v<Positioned>)
      UnpackSlab(plan, positioned + cursor.offset(2), slab);
  }
}

// Whether a strip's rows are packed in tensor 0 and in packed 32-bit indices, which
// the SIMD column loops take (simd::GatherColumn, simd::ScatterColumn).
inline bool StripRowsInLanes(const ElementsPlan& plan) {
  const LoopDim& inner = plan.nest.dims[plan.nest.rank - 1];
  return ElementSize(plan.index_type) == 4 && inner.stride[0] == int64_t(plan.element_size) &&
         inner.stride[1] == 4;
}

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
