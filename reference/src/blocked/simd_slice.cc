// simd::TakeEvery (simd.h): SLICE's and SLICE1's element-granular line with a
// small forward stride, dst[i] = src[i * k] for k of 2 to 4 (x[:, ::2]): each
// k vectors of the input are split into k vectors of lanes (Highway's
// LoadInterleaved2..4, a few shuffles) and the first stored, where the plain
// loop moved one element per load and store (report_notes.md, "PADDING straight
// from the input, and SLICE1's reversed lines"). The last vector is left to the
// plain loop, so no element after the last one taken is read.
#include <algorithm>
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

// kStream: the output's whole vectors are stored non-temporally (plain stores up
// to the first aligned one), and the input is asked for kReadAheadBytes ahead,
// past the line's end too: x[:, ::2] is usually a whole tensor's rows, so what
// follows is the next row's input (ReverseRunStreamedOf, simd_reverse.cc). Taking
// into the L1 bounce buffer and streaming from there made the reads and the stores
// take turns (report_notes.md, "Reversed lines streamed").
template <class T, int K, bool kStream>
void TakeEveryOf(std::byte* dst, const std::byte* src, uint64_t n) {
  const hn::ScalableTag<T> d;
  const uint64_t lanes = hn::Lanes(d);
  const T* in = reinterpret_cast<const T*>(src);
  T* out = reinterpret_cast<T*>(dst);
  uint64_t i = 0;
  if constexpr (kStream) {
    const size_t vector_bytes = lanes * sizeof(T);
    const size_t misalign = reinterpret_cast<uintptr_t>(dst) % vector_bytes;
    if (misalign % sizeof(T) != 0) return TakeEveryOf<T, K, false>(dst, src, n);
    const uint64_t head =
        std::min<uint64_t>(n, (vector_bytes - misalign) % vector_bytes / sizeof(T));
    for (; i < head; ++i) std::memcpy(out + i, in + i * K, sizeof(T));
  }
  // i + lanes < n: the interleaved load reads K * lanes elements from in + K * i,
  // the last of them before element K * (n - 1), the last one taken.
  for (; i + lanes < n; i += lanes) {
    if constexpr (kStream)
      PrefetchToL2(reinterpret_cast<const std::byte*>(in + i * K) + kReadAheadBytes,
                   K * lanes * sizeof(T));
    hn::Vec<decltype(d)> v0, v1, v2, v3;
    if constexpr (K == 2) hn::LoadInterleaved2(d, in + i * K, v0, v1);
    if constexpr (K == 3) hn::LoadInterleaved3(d, in + i * K, v0, v1, v2);
    if constexpr (K == 4) hn::LoadInterleaved4(d, in + i * K, v0, v1, v2, v3);
    if constexpr (kStream)
      hn::Stream(v0, d, out + i);
    else
      hn::StoreU(v0, d, out + i);
  }
  for (; i < n; ++i) std::memcpy(out + i, in + i * K, sizeof(T));
}

template <class T, bool kStream>
void TakeEveryTyped(int k, std::byte* dst, const std::byte* src, uint64_t n) {
  switch (k) {
    case 2: return TakeEveryOf<T, 2, kStream>(dst, src, n);
    case 3: return TakeEveryOf<T, 3, kStream>(dst, src, n);
    default: assert(k == 4); return TakeEveryOf<T, 4, kStream>(dst, src, n);
  }
}

template <bool kStream>
void TakeEveryOfSize(size_t element_size, int k, std::byte* dst, const std::byte* src, uint64_t n) {
  switch (element_size) {
    case 1: return TakeEveryTyped<uint8_t, kStream>(k, dst, src, n);
    case 2: return TakeEveryTyped<uint16_t, kStream>(k, dst, src, n);
    case 4: return TakeEveryTyped<uint32_t, kStream>(k, dst, src, n);
    default: assert(element_size == 8); return TakeEveryTyped<uint64_t, kStream>(k, dst, src, n);
  }
}

void TakeEveryImpl(size_t element_size, int k, std::byte* dst, const std::byte* src, uint64_t n,
                   bool stream) {
  if (stream) return TakeEveryOfSize<true>(element_size, k, dst, src, n);
  TakeEveryOfSize<false>(element_size, k, dst, src, n);
}

}  // namespace HWY_NAMESPACE
}  // namespace dmlconf::blocked::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dmlconf::blocked::simd {

HWY_EXPORT(TakeEveryImpl);

void TakeEvery(size_t element_size, int k, std::byte* dst, const std::byte* src, uint64_t n) {
  HWY_DYNAMIC_DISPATCH(TakeEveryImpl)(element_size, k, dst, src, n, false);
}

void TakeEveryStreamed(size_t element_size, int k, std::byte* dst, const std::byte* src,
                       uint64_t n) {
  HWY_DYNAMIC_DISPATCH(TakeEveryImpl)(element_size, k, dst, src, n, true);
}

}  // namespace dmlconf::blocked::simd
#endif  // HWY_ONCE
