// simd::TakeEvery (simd.h): SLICE's and SLICE1's element-granular line with a
// small forward stride, dst[i] = src[i * k] for k of 2 to 4 (x[:, ::2]): each
// k vectors of the input are split into k vectors of lanes (Highway's
// LoadInterleaved2..4, a few shuffles) and the first stored, where the plain
// loop moved one element per load and store (report_notes.md, "PADDING straight
// from the input, and SLICE1's reversed lines"). The last vector is left to the
// plain loop, so no element after the last one taken is read.
#include <cassert>
#include <cstring>

#include "blocked/simd.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "blocked/simd_slice.cc"
#include "hwy/foreach_target.h"  // before highway.h
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace dmlconf::blocked::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

template <class T, int K>
void TakeEveryOf(std::byte* dst, const std::byte* src, uint64_t n) {
  const hn::ScalableTag<T> d;
  const uint64_t lanes = hn::Lanes(d);
  const T* in = reinterpret_cast<const T*>(src);
  T* out = reinterpret_cast<T*>(dst);
  uint64_t i = 0;
  // i + lanes < n: the interleaved load reads K * lanes elements from in + K * i,
  // the last of them before element K * (n - 1), the last one taken.
  for (; i + lanes < n; i += lanes) {
    hn::Vec<decltype(d)> v0, v1, v2, v3;
    if constexpr (K == 2) hn::LoadInterleaved2(d, in + i * K, v0, v1);
    if constexpr (K == 3) hn::LoadInterleaved3(d, in + i * K, v0, v1, v2);
    if constexpr (K == 4) hn::LoadInterleaved4(d, in + i * K, v0, v1, v2, v3);
    hn::StoreU(v0, d, out + i);
  }
  for (; i < n; ++i) std::memcpy(out + i, in + i * K, sizeof(T));
}

template <class T>
void TakeEveryTyped(int k, std::byte* dst, const std::byte* src, uint64_t n) {
  switch (k) {
    case 2: return TakeEveryOf<T, 2>(dst, src, n);
    case 3: return TakeEveryOf<T, 3>(dst, src, n);
    default: assert(k == 4); return TakeEveryOf<T, 4>(dst, src, n);
  }
}

void TakeEveryImpl(size_t element_size, int k, std::byte* dst, const std::byte* src, uint64_t n) {
  switch (element_size) {
    case 1: return TakeEveryTyped<uint8_t>(k, dst, src, n);
    case 2: return TakeEveryTyped<uint16_t>(k, dst, src, n);
    case 4: return TakeEveryTyped<uint32_t>(k, dst, src, n);
    default: assert(element_size == 8); return TakeEveryTyped<uint64_t>(k, dst, src, n);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace dmlconf::blocked::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dmlconf::blocked::simd {

HWY_EXPORT(TakeEveryImpl);

void TakeEvery(size_t element_size, int k, std::byte* dst, const std::byte* src, uint64_t n) {
  HWY_DYNAMIC_DISPATCH(TakeEveryImpl)(element_size, k, dst, src, n);
}

}  // namespace dmlconf::blocked::simd
#endif  // HWY_ONCE
