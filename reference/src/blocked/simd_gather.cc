// simd::GatherElements (simd.h): GATHER along the innermost axis. 8-byte
// elements use the vector gather instructions (AVX2, AVX-512) with 32-bit
// byte offsets; 1-, 2- and 4-byte elements go as unrolled scalar loads, cheap
// while the row they read sits in L1 (on Zen 4, AVX2 and AVX-512 gathers of
// 4-byte lanes measured no faster than scalar loads). The next row is
// prefetched a line per few elements: issued all at once, a row's 128
// prefetches overflow the core's outstanding-miss slots and stall the loop.
#include <algorithm>
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

// 8 bytes of elements assembled in a register, then one store: for 1-byte
// elements 15-20% faster than four elements per 4-byte store (0.27 against
// 0.33 ns per element from a row in L1), the stores being half as many.
template <class T>
void GatherScalarOf(std::byte* dst, const std::byte* src, const int32_t* offsets, uint64_t n) {
  constexpr uint64_t kPerWord = 8 / sizeof(T);
  uint64_t i = 0;
  for (; i + kPerWord <= n; i += kPerWord) {
    uint64_t word = 0;
    for (uint64_t u = 0; u < kPerWord; ++u) {
      T v;
      std::memcpy(&v, src + offsets[i + u], sizeof(T));
      word |= uint64_t(v) << (8 * sizeof(T) * u);  // little-endian, as the memcpy below
    }
    std::memcpy(dst + i * sizeof(T), &word, sizeof word);
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

template <class T>
void GatherOf(std::byte* dst, const std::byte* src, const int32_t* offsets, uint64_t n) {
  if constexpr (sizeof(T) == 8)
    GatherVectorOf<T>(dst, src, offsets, n);
  else
    GatherScalarOf<T>(dst, src, offsets, n);
}

// Steps of `step` elements, one prefetched line of the next row before each.
template <class T>
void GatherPrefetchingOf(std::byte* dst, const std::byte* src, const int32_t* offsets,
                         uint64_t n, const std::byte* next, uint64_t next_bytes) {
  const uint64_t lines = (next_bytes + 63) / 64;
  const uint64_t step = lines == 0 ? n : std::max<uint64_t>(16, n / lines);
  uint64_t line = 0;
  for (uint64_t i = 0; i < n; i += step) {
    // Any lines left over when n is short go two at a time.
    for (int k = 0; k < 2 && line < lines; ++k, ++line) __builtin_prefetch(next + line * 64);
    const uint64_t m = std::min(step, n - i);
    GatherOf<T>(dst + i * sizeof(T), src, offsets + i, m);
  }
  for (; line < lines; ++line) __builtin_prefetch(next + line * 64);
}

void GatherElementsImpl(size_t element_size, std::byte* dst, const std::byte* src,
                        const int32_t* offsets, uint64_t n, const std::byte* next,
                        uint64_t next_bytes) {
  switch (element_size) {
    case 1: return GatherPrefetchingOf<uint8_t>(dst, src, offsets, n, next, next_bytes);
    case 2: return GatherPrefetchingOf<uint16_t>(dst, src, offsets, n, next, next_bytes);
    case 4: return GatherPrefetchingOf<uint32_t>(dst, src, offsets, n, next, next_bytes);
    default:
      assert(element_size == 8);
      return GatherPrefetchingOf<uint64_t>(dst, src, offsets, n, next, next_bytes);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace dmlconf::blocked::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dmlconf::blocked::simd {

HWY_EXPORT(GatherElementsImpl);

void GatherElements(size_t element_size, std::byte* dst, const std::byte* src,
                    const int32_t* offsets, uint64_t n, const std::byte* next,
                    uint64_t next_bytes) {
  HWY_DYNAMIC_DISPATCH(GatherElementsImpl)(element_size, dst, src, offsets, n, next,
                                           next_bytes);
}

}  // namespace dmlconf::blocked::simd
#endif  // HWY_ONCE
