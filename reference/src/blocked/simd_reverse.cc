// simd::ReverseRun (simd.h): REVERSE_SUBSEQUENCES along a packed innermost
// axis. Each vector's lanes are reversed in a register, so both sides move
// whole vectors; the last fewer-than-a-vector elements go one at a time.
#include <cassert>
#include <cstring>

#include "blocked/simd.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "blocked/simd_reverse.cc"
#include "hwy/foreach_target.h"  // before highway.h
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace dmlconf::blocked::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Highway 1.0.3 has no Reverse for 1-byte lanes on its x86 SIMD targets: a
// byte shuffle reverses each 16-byte block, then the blocks' order is reversed.
template <class D, class V>
V ReverseLanes(D d, V v) {
  if constexpr (sizeof(hn::TFromD<D>) == 1 && HWY_TARGET != HWY_EMU128 &&
                HWY_TARGET != HWY_SCALAR) {
    alignas(64) static constexpr uint8_t kBlock[64] = {
        15, 14, 13, 12, 11, 10, 9,  8,  7,  6,  5,  4,  3,  2,  1,  0,  15, 14, 13, 12, 11, 10,
        9,  8,  7,  6,  5,  4,  3,  2,  1,  0,  15, 14, 13, 12, 11, 10, 9,  8,  7,  6,  5,  4,
        3,  2,  1,  0,  15, 14, 13, 12, 11, 10, 9,  8,  7,  6,  5,  4,  3,  2,  1,  0};
    return hn::ReverseBlocks(d, hn::TableLookupBytes(v, hn::Load(d, kBlock)));
  } else {
    return hn::Reverse(d, v);
  }
}

template <class T>
void ReverseRunOf(std::byte* dst, const std::byte* last, uint64_t n) {
  const hn::ScalableTag<T> d;
  const uint64_t lanes = hn::Lanes(d);
  // The input is read ascending from the run's first element and each vector
  // stored reversed at the mirrored place: hardware prefetchers follow
  // ascending reads better than descending ones (reverse_subsequences.cc).
  const T* first = reinterpret_cast<const T*>(last) - (n == 0 ? 0 : n - 1);
  T* out = reinterpret_cast<T*>(dst);
  uint64_t j = 0;
  for (; j + lanes <= n; j += lanes)
    hn::StoreU(ReverseLanes(d, hn::LoadU(d, first + j)), d, out + (n - j - lanes));
  assert(n - j < lanes);
  for (; j < n; ++j) std::memcpy(out + (n - 1 - j), first + j, sizeof(T));
}

void ReverseRunImpl(size_t element_size, std::byte* dst, const std::byte* last, uint64_t n) {
  switch (element_size) {
    case 1: return ReverseRunOf<uint8_t>(dst, last, n);
    case 2: return ReverseRunOf<uint16_t>(dst, last, n);
    case 4: return ReverseRunOf<uint32_t>(dst, last, n);
    default: assert(element_size == 8); return ReverseRunOf<uint64_t>(dst, last, n);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace dmlconf::blocked::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dmlconf::blocked::simd {

HWY_EXPORT(ReverseRunImpl);

void ReverseRun(size_t element_size, std::byte* dst, const std::byte* last, uint64_t n) {
  HWY_DYNAMIC_DISPATCH(ReverseRunImpl)(element_size, dst, last, n);
}

}  // namespace dmlconf::blocked::simd
#endif  // HWY_ONCE
