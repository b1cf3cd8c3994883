// simd::GatherElements (simd.h): GATHER along the innermost axis. 4- and
// 8-byte elements use the vector gather instructions (AVX2, AVX-512) with
// 32-bit byte offsets; 1- and 2-byte elements have none, and go as unrolled
// scalar loads, cheap while the row they read sits in L1 (gather.cc
// prefetches it).
#include <cassert>
#include <cstring>

#include "blocked/simd.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "blocked/simd_gather.cc"
#include "hwy/foreach_target.h"  // before highway.h
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace dmlconf::blocked::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

template <class T>
void GatherScalarOf(std::byte* dst, const std::byte* src, const int32_t* offsets, uint64_t n) {
  uint64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    T v[4];
    for (int u = 0; u < 4; ++u) std::memcpy(&v[u], src + offsets[i + u], sizeof(T));
    std::memcpy(dst + i * sizeof(T), v, sizeof v);
  }
  for (; i < n; ++i) std::memcpy(dst + i * sizeof(T), src + offsets[i], sizeof(T));
}

template <class T>
void GatherVectorOf(std::byte* dst, const std::byte* src, const int32_t* offsets, uint64_t n) {
  const hn::ScalableTag<T> d;
  const hn::RebindToSigned<decltype(d)> di;
  const hn::Rebind<int32_t, decltype(d)> d32;  // one 32-bit offset per lane
  const uint64_t lanes = hn::Lanes(d);
  const T* base = reinterpret_cast<const T*>(src);
  T* out = reinterpret_cast<T*>(dst);
  uint64_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const auto offset = hn::LoadU(d32, offsets + i);
    if constexpr (sizeof(T) == 4)
      hn::StoreU(hn::GatherOffset(d, base, offset), d, out + i);
    else
      hn::StoreU(hn::GatherOffset(d, base, hn::PromoteTo(di, offset)), d, out + i);
  }
  assert(n - i < lanes);
  GatherScalarOf<T>(dst + i * sizeof(T), src, offsets + i, n - i);
}

void GatherElementsImpl(size_t element_size, std::byte* dst, const std::byte* src,
                        const int32_t* offsets, uint64_t n) {
  switch (element_size) {
    case 1: return GatherScalarOf<uint8_t>(dst, src, offsets, n);
    case 2: return GatherScalarOf<uint16_t>(dst, src, offsets, n);
    case 4: return GatherVectorOf<uint32_t>(dst, src, offsets, n);
    default:
      assert(element_size == 8);
      return GatherVectorOf<uint64_t>(dst, src, offsets, n);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace dmlconf::blocked::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dmlconf::blocked::simd {

HWY_EXPORT(GatherElementsImpl);

void GatherElements(size_t element_size, std::byte* dst, const std::byte* src,
                    const int32_t* offsets, uint64_t n) {
  HWY_DYNAMIC_DISPATCH(GatherElementsImpl)(element_size, dst, src, offsets, n);
}

}  // namespace dmlconf::blocked::simd
#endif  // HWY_ONCE
