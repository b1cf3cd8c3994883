// simd::ScatterLine (simd.h): SCATTER_ELEMENTS' updates of one packed line,
// 32-bit indices. A chunk of indices is resolved in vectors into positions (a
// negative one counted from the line's end when they are signed; one outside
// the line marked -1, to be dropped), then the updates land one by one in the
// indices' order, so where two collide the later wins, as in the naive kernel.
// Meanwhile the index and update streams are prefetched a few KiB ahead: the
// scalar loop, reading both at 12 bytes an f32 element, waited on them
// (report_notes.md, "The elements pair in vectors").
#include <algorithm>
#include <cassert>
#include <cstring>

#include "blocked/elements.h"
#include "blocked/simd.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "blocked/simd_scatter_elements.cc"
#include "hwy/foreach_target.h"  // before highway.h
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace dmlconf::blocked::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Indices resolved at a time: 1 KiB of positions, in L1 beside the line.
constexpr uint64_t kChunk = 256;

// One index's position in a line of `size` (elements.h's IndexPosition), or -1
// when outside it.
template <bool kSigned>
int32_t PositionOrDrop(const std::byte* index, uint32_t size) {
  const int64_t at = IndexPosition<Index32<kSigned>>(index, size);
  return at >= 0 && at < int64_t(size) ? int32_t(at) : -1;
}

// positions[k] for k < n, in vectors, the tail one at a time. The line is under
// 2^31 elements (ScatterLine's contract), so `index + size` cannot overflow.
template <bool kSigned>
void ResolveChunk(int32_t* positions, const std::byte* indices, uint32_t size, uint64_t n) {
  const hn::ScalableTag<int32_t> d;
  const hn::RebindToUnsigned<decltype(d)> du;
  const uint64_t lanes = hn::Lanes(d);
  const auto vsize = hn::Set(d, int32_t(size));
  uint64_t k = 0;
  for (; k + lanes <= n; k += lanes) {
    auto at = hn::LoadU(d, reinterpret_cast<const int32_t*>(indices) + k);
    if constexpr (kSigned) at = hn::Add(at, hn::And(hn::ShiftRight<31>(at), vsize));
    // Unsigned, a negative `at` is above every size: one compare drops both sides.
    const auto inside = hn::RebindMask(d, hn::Lt(hn::BitCast(du, at), hn::BitCast(du, vsize)));
    hn::StoreU(hn::IfThenElse(inside, at, hn::Set(d, -1)), d, positions + k);
  }
  for (; k < n; ++k) positions[k] = PositionOrDrop<kSigned>(indices + 4 * k, size);
}

// How far ahead the index and update streams are prefetched, in elements.
constexpr uint64_t kAhead = 2 * kChunk;

template <class T, bool kSigned>
void ScatterLineOf(std::byte* line, uint32_t size, const std::byte* indices,
                   const std::byte* updates, uint64_t n) {
  alignas(64) int32_t positions[kChunk];
  for (uint64_t k0 = 0; k0 < n; k0 += kChunk) {
    const uint64_t m = std::min(kChunk, n - k0);
    if (k0 + kAhead < n) {  // only what this line will read
      PrefetchToL2(indices + 4 * (k0 + kAhead), 4 * std::min(kChunk, n - k0 - kAhead));
      PrefetchToL2(updates + sizeof(T) * (k0 + kAhead),
                   sizeof(T) * std::min(kChunk, n - k0 - kAhead));
    }
    ResolveChunk<kSigned>(positions, indices + 4 * k0, size, m);
    const std::byte* update = updates + sizeof(T) * k0;
    for (uint64_t k = 0; k < m; ++k, update += sizeof(T))
      if (positions[k] >= 0)
        std::memcpy(line + int64_t(positions[k]) * sizeof(T), update, sizeof(T));
  }
}

template <class T>
void ScatterLineTyped(bool signed_indices, std::byte* line, uint32_t size, const std::byte* indices,
                      const std::byte* updates, uint64_t n) {
  if (signed_indices)
    ScatterLineOf<T, true>(line, size, indices, updates, n);
  else
    ScatterLineOf<T, false>(line, size, indices, updates, n);
}

void ScatterLineImpl(size_t element_size, bool signed_indices, std::byte* line, uint32_t size,
                     const std::byte* indices, const std::byte* updates, uint64_t n) {
  switch (element_size) {
    case 1: return ScatterLineTyped<uint8_t>(signed_indices, line, size, indices, updates, n);
    case 2: return ScatterLineTyped<uint16_t>(signed_indices, line, size, indices, updates, n);
    case 4: return ScatterLineTyped<uint32_t>(signed_indices, line, size, indices, updates, n);
    default:
      assert(element_size == 8);
      return ScatterLineTyped<uint64_t>(signed_indices, line, size, indices, updates, n);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace dmlconf::blocked::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dmlconf::blocked::simd {

HWY_EXPORT(ScatterLineImpl);

void ScatterLine(size_t element_size, bool signed_indices, std::byte* line, uint32_t size,
                 const std::byte* indices, const std::byte* updates, uint64_t n) {
  HWY_DYNAMIC_DISPATCH(ScatterLineImpl)
  (element_size, signed_indices, line, size, indices, updates, n);
}

}  // namespace dmlconf::blocked::simd
#endif  // HWY_ONCE
