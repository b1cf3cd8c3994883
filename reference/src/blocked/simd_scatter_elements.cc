// simd::ScatterLine (simd.h): SCATTER_ELEMENTS' updates of one packed line,
// 32-bit indices. A chunk of indices is resolved in vectors into positions (a
// negative one counted from the line's end when they are signed; one outside
// the line marked -1, to be dropped), then the updates land one by one in the
// indices' order, so where two collide the later wins, as in the naive kernel.
// On AVX-512, 4-byte updates land by the vector scatter instead, in the same
// order. Meanwhile the index and update streams are prefetched a few KiB ahead
// (the scalar loop, reading both at 12 bytes an f32 element, waited on them:
// report_notes.md, "The elements pair in vectors"), and so is the caller's next
// line, spread over this one's updates.
#include <algorithm>
#include <cassert>
#include <cstring>

#include "blocked/elements.h"
#include "blocked/next_line_prefetch.h"
#include "blocked/simd.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "blocked/simd_scatter_elements.cc"
#include "hwy/foreach_target.h"  // before highway.h
#include "hwy/highway.h"
// Per target, after highway.h.
#include "blocked/positions-inl.h"

HWY_BEFORE_NAMESPACE();
namespace dmlconf::blocked::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// One index's position in a line of `size` (elements.h's IndexPosition), or -1
// when outside it.
template <bool kSigned>
int32_t PositionOrDrop(const std::byte* index, uint32_t size) {
  const int64_t at = IndexPosition<Index32<kSigned>>(index, size);
  return at >= 0 && at < int64_t(size) ? int32_t(at) : -1;
}

// Lanes of indices `at` resolved into positions in a line of `size` (a signed
// negative one counted from the end); returns which of them fall inside it.
template <bool kSigned, class D, class V>
auto Resolve(D d, V& at, V vsize) {
  const hn::RebindToUnsigned<D> du;
  if constexpr (kSigned) at = hn::Add(at, hn::And(hn::ShiftRight<31>(at), vsize));
  // Unsigned, a negative `at` is above every size: one compare drops both sides.
  return hn::RebindMask(d, hn::Lt(hn::BitCast(du, at), hn::BitCast(du, vsize)));
}

// positions[k] for k < n, in vectors, the tail one at a time. The line is under
// 2^31 elements (ScatterLine's contract), so `index + size` cannot overflow.
template <bool kSigned>
void ResolveChunk(int32_t* positions, const std::byte* indices, uint32_t size, uint64_t n) {
  const hn::ScalableTag<int32_t> d;
  const uint64_t lanes = hn::Lanes(d);
  const auto vsize = hn::Set(d, int32_t(size));
  uint64_t k = 0;
  for (; k + lanes <= n; k += lanes) {
    auto at = hn::LoadU(d, reinterpret_cast<const int32_t*>(indices) + k);
    const auto inside = Resolve<kSigned>(d, at, vsize);
    hn::StoreU(hn::IfThenElse(inside, at, hn::Set(d, -1)), d, positions + k);
  }
  for (; k < n; ++k) positions[k] = PositionOrDrop<kSigned>(indices + 4 * k, size);
}

// How far ahead the index and update streams are prefetched, in elements.
constexpr uint64_t kAhead = 2 * kChunk;
// The vector scatter's updates at a time: one line of 32-bit indices.
constexpr uint64_t kGroup = kLineBytes / 4;

// Before updates [k, k + count) land: the same span of the streams kAhead further
// on (only what this line will read), and the next line's share.
void PrefetchAhead(const std::byte* indices, const std::byte* updates, size_t element_size,
                   uint64_t k, uint64_t count, uint64_t n, NextLinePrefetch& next) {
  if (k + kAhead < n) {
    const uint64_t from = k + kAhead, span = std::min(count, n - from);
    PrefetchToL2(indices + 4 * from, 4 * span);
    PrefetchToL2(updates + element_size * from, element_size * span);
  }
  next.UpTo(std::min(n, k + count));
}

// Resolved a chunk at a time into positions, then stored one by one, in order.
// kColumn: into a slab whose rows, one per position, are `row` bytes apart, the
// k-th update into column k (ScatterColumn); otherwise into a line (`row` is the
// element size).
template <class T, bool kSigned, bool kColumn = false>
void ScatterResolved(std::byte* line, size_t row, uint32_t size, const std::byte* indices,
                     const std::byte* updates, uint64_t n, NextLinePrefetch& next) {
  const int64_t step = kColumn ? int64_t(row) : int64_t(sizeof(T));
  alignas(64) int32_t positions[kChunk];
  for (uint64_t k0 = 0; k0 < n; k0 += kChunk) {
    const uint64_t m = std::min(kChunk, n - k0);
    // A column's indices and updates are short pieces of far rows, asked for by its caller.
    if constexpr (!kColumn) PrefetchAhead(indices, updates, sizeof(T), k0, m, n, next);
    ResolveChunk<kSigned>(positions, indices + 4 * k0, size, m);
    const std::byte* update = updates + sizeof(T) * k0;
    std::byte* const to = kColumn ? line + k0 * sizeof(T) : line;
    ForEachPosition(positions, m, [&](uint64_t k, int32_t at) {
      if (at >= 0)
        std::memcpy(to + int64_t(at) * step + (kColumn ? k * sizeof(T) : 0), update + k * sizeof(T),
                    sizeof(T));
    });
  }
}

#if HWY_TARGET <= HWY_AVX3
// 4-byte updates by AVX-512's masked scatter, a line of indices per instruction:
// its lanes land from the lowest up, so of two colliding the later still wins.
// With the next line asked for, SCATTER_ELEMENTS f32 went from 3.8-4.0x memcpy
// (the stores one by one) to 3.1-3.3x (report_notes.md, "SCATTER_ELEMENTS: the
// vector scatter and the next line").
template <bool kSigned>
void ScatterInVectors(std::byte* line, uint32_t size, const std::byte* indices,
                      const std::byte* updates, uint64_t n, NextLinePrefetch& next) {
  const hn::Full512<int32_t> d;
  static_assert(hn::MaxLanes(d) == kGroup);
  const auto vsize = hn::Set(d, int32_t(size));
  uint64_t k = 0;
  for (; k + kGroup <= n; k += kGroup) {
    PrefetchAhead(indices, updates, 4, k, kGroup, n, next);
    auto at = hn::LoadU(d, reinterpret_cast<const int32_t*>(indices + 4 * k));
    const auto inside = Resolve<kSigned>(d, at, vsize);
    const auto v = hn::LoadU(d, reinterpret_cast<const int32_t*>(updates + 4 * k));
    _mm512_mask_i32scatter_epi32(line, inside.raw, at.raw, v.raw, 4);
  }
  for (; k < n; ++k) {
    const int32_t at = PositionOrDrop<kSigned>(indices + 4 * k, size);
    if (at >= 0) std::memcpy(line + int64_t(at) * 4, updates + 4 * k, 4);
  }
}
#endif

template <class T, bool kSigned>
void ScatterLineOf(std::byte* line, uint32_t size, const std::byte* indices,
                   const std::byte* updates, uint64_t n, const NextLine& next) {
  NextLinePrefetch ahead(next, 4 * std::min(kAhead, n), sizeof(T) * std::min(kAhead, n), n);
#if HWY_TARGET <= HWY_AVX3
  if constexpr (sizeof(T) == 4) {
    ScatterInVectors<kSigned>(line, size, indices, updates, n, ahead);
  } else
#endif
  {
    ScatterResolved<T, kSigned>(line, sizeof(T), size, indices, updates, n, ahead);
  }
  ahead.UpTo(n);
}

// A line's updates (ScatterLineOf), or kColumn a slab row's (`row` bytes apart).
template <class T, bool kSigned, bool kColumn>
void ScatterOf(std::byte* line, size_t row, uint32_t size, const std::byte* indices,
               const std::byte* updates, uint64_t n, const NextLine& next) {
  if constexpr (kColumn) {
    NextLinePrefetch none({}, 0, 0, n);
    ScatterResolved<T, kSigned, true>(line, row, size, indices, updates, n, none);
  } else {
    ScatterLineOf<T, kSigned>(line, size, indices, updates, n, next);
  }
}

template <bool kColumn, class T>
void ScatterTyped(bool signed_indices, std::byte* line, size_t row, uint32_t size,
                  const std::byte* indices, const std::byte* updates, uint64_t n,
                  const NextLine& next) {
  if (signed_indices)
    ScatterOf<T, true, kColumn>(line, row, size, indices, updates, n, next);
  else
    ScatterOf<T, false, kColumn>(line, row, size, indices, updates, n, next);
}

template <bool kColumn>
void ScatterSized(size_t element_size, bool signed_indices, std::byte* line, size_t row,
                  uint32_t size, const std::byte* indices, const std::byte* updates, uint64_t n,
                  const NextLine& next) {
  switch (element_size) {
    case 1:
      return ScatterTyped<kColumn, uint8_t>(signed_indices, line, row, size, indices, updates, n,
                                            next);
    case 2:
      return ScatterTyped<kColumn, uint16_t>(signed_indices, line, row, size, indices, updates, n,
                                             next);
    case 4:
      return ScatterTyped<kColumn, uint32_t>(signed_indices, line, row, size, indices, updates, n,
                                             next);
    default:
      assert(element_size == 8);
      return ScatterTyped<kColumn, uint64_t>(signed_indices, line, row, size, indices, updates, n,
                                             next);
  }
}

void ScatterLineImpl(size_t element_size, bool signed_indices, std::byte* line, uint32_t size,
                     const std::byte* indices, const std::byte* updates, uint64_t n,
                     const NextLine& next) {
  ScatterSized<false>(element_size, signed_indices, line, element_size, size, indices, updates, n,
                      next);
}

void ScatterColumnImpl(size_t element_size, bool signed_indices, std::byte* slab, size_t row,
                       uint32_t size, const std::byte* indices, const std::byte* updates,
                       uint64_t n) {
  ScatterSized<true>(element_size, signed_indices, slab, row, size, indices, updates, n, {});
}

}  // namespace HWY_NAMESPACE
}  // namespace dmlconf::blocked::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dmlconf::blocked::simd {

HWY_EXPORT(ScatterLineImpl);
HWY_EXPORT(ScatterColumnImpl);

void ScatterLine(size_t element_size, bool signed_indices, std::byte* line, uint32_t size,
                 const std::byte* indices, const std::byte* updates, uint64_t n,
                 const NextLine& next) {
  HWY_DYNAMIC_DISPATCH(ScatterLineImpl)
  (element_size, signed_indices, line, size, indices, updates, n, next);
}

void ScatterColumn(size_t element_size, bool signed_indices, std::byte* slab, size_t row,
                   uint32_t size, const std::byte* indices, const std::byte* updates, uint64_t n) {
  HWY_DYNAMIC_DISPATCH(ScatterColumnImpl)
  (element_size, signed_indices, slab, row, size, indices, updates, n);
}

}  // namespace dmlconf::blocked::simd
#endif  // HWY_ONCE
