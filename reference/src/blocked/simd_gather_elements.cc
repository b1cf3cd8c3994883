// simd::GatherLine (simd.h): GATHER_ELEMENTS where a run of 32-bit indices
// picks from one packed input line. A chunk of indices is resolved in vectors
// into positions (a negative one counted from the line's end when they are
// signed, then clamped into the line, as the naive kernel does), then the
// elements are picked one by one, two positions to a load. The vector gathers
// this loop used before cost Zen 3 three times as much for bytes (a 32-bit
// word gathered and shifted for each) and a fifth more for f32; the scalar
// loop before them spent 5 to 7 cycles an element on resolving the index alone
// (report_notes.md, "The elements pair on Zen 3", "The elements pair in
// vectors"). Meanwhile the index stream is asked for 2 KiB ahead, and the
// caller's next line spread over this one's elements.
#include <algorithm>
#include <cassert>
#include <cstring>

#include "blocked/elements.h"
#include "blocked/next_line_prefetch.h"
#include "blocked/simd.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "blocked/simd_gather_elements.cc"
#include "hwy/foreach_target.h"  // before highway.h
#include "hwy/highway.h"
// Per target, after highway.h.
#include "blocked/positions-inl.h"

HWY_BEFORE_NAMESPACE();
namespace dmlconf::blocked::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// One index's position in a line of `size`, resolved as everywhere else
// (elements.h's IndexPosition) and clamped as gather_elements.cc's scalar loop
// does: the scalar twin of ResolveLanes.
template <bool kSigned>
int64_t ResolveOne(const std::byte* index, uint32_t size) {
  return std::clamp<int64_t>(IndexPosition<Index32<kSigned>>(index, size), 0, int64_t(size) - 1);
}

// The same for a vector of 32-bit indices. A line is under 2 GiB (the caller's
// condition), so `index + size` cannot overflow.
template <bool kSigned, class D, class V>
HWY_INLINE V ResolveLanes(D d, V index, V size, V last) {
  if constexpr (kSigned) {
    const V from_end = hn::Add(index, hn::And(hn::ShiftRight<31>(index), size));
    return hn::Min(hn::Max(from_end, hn::Zero(d)), last);
  } else {
    const hn::RebindToUnsigned<D> du;
    return hn::BitCast(d, hn::Min(hn::BitCast(du, index), hn::BitCast(du, last)));
  }
}

// How far ahead the index stream is asked for, in bytes.
constexpr size_t kIndicesAhead = 2048;

// positions[k] for k < n, clamped into the line, in vectors, the tail one at a
// time (simd_scatter_elements.cc has its own ResolveChunk, which drops instead).
template <bool kSigned>
void ClampChunk(int32_t* positions, const std::byte* indices, uint32_t size, uint64_t n) {
  const hn::ScalableTag<int32_t> d;
  const uint64_t lanes = hn::Lanes(d);
  const auto vsize = hn::Set(d, int32_t(size));
  const auto vlast = hn::Set(d, int32_t(size - 1));
  uint64_t k = 0;
  for (; k + lanes <= n; k += lanes) {
    const auto index = hn::LoadU(d, reinterpret_cast<const int32_t*>(indices) + k);
    hn::StoreU(ResolveLanes<kSigned>(d, index, vsize, vlast), d, positions + k);
  }
  for (; k < n; ++k) positions[k] = int32_t(ResolveOne<kSigned>(indices + 4 * k, size));
}

// kColumn: picks from a slab whose rows, one per position, are `row` bytes apart,
// the k-th element from column k (GatherColumn); otherwise from a line (`row` is
// the element size).
template <class T, bool kSigned, bool kColumn>
void GatherOf(std::byte* dst, const std::byte* line, size_t row, uint32_t size,
              const std::byte* indices, uint64_t n, const NextLine& next) {
  const int64_t step = kColumn ? int64_t(row) : int64_t(sizeof(T));
  NextLinePrefetch ahead(next, 0, 0, n);
  alignas(64) int32_t positions[kChunk];
  for (uint64_t k = 0; k < n; k += kChunk) {
    const uint64_t m = std::min(kChunk, n - k);
    // A column's indices are a short piece of a far row, asked for by its caller.
    if constexpr (!kColumn) PrefetchToL2(indices + 4 * k + kIndicesAhead, 4 * m);
    ahead.UpTo(k + m);
    ClampChunk<kSigned>(positions, indices + 4 * k, size, m);
    std::byte* const out = dst + k * sizeof(T);
    const std::byte* const from = kColumn ? line + k * sizeof(T) : line;
    ForEachPosition(positions, m, [&](uint64_t j, int32_t at) {
      std::memcpy(out + j * sizeof(T), from + int64_t(at) * step + (kColumn ? j * sizeof(T) : 0),
                  sizeof(T));
    });
  }
}

template <bool kColumn, class T>
void GatherTyped(bool signed_indices, std::byte* dst, const std::byte* line, size_t row,
                 uint32_t size, const std::byte* indices, uint64_t n, const NextLine& next) {
  if (signed_indices)
    GatherOf<T, true, kColumn>(dst, line, row, size, indices, n, next);
  else
    GatherOf<T, false, kColumn>(dst, line, row, size, indices, n, next);
}

template <bool kColumn>
void GatherSized(size_t element_size, bool signed_indices, std::byte* dst, const std::byte* line,
                 size_t row, uint32_t size, const std::byte* indices, uint64_t n,
                 const NextLine& next) {
  switch (element_size) {
    case 1:
      return GatherTyped<kColumn, uint8_t>(signed_indices, dst, line, row, size, indices, n, next);
    case 2:
      return GatherTyped<kColumn, uint16_t>(signed_indices, dst, line, row, size, indices, n, next);
    case 4:
      return GatherTyped<kColumn, uint32_t>(signed_indices, dst, line, row, size, indices, n, next);
    default:
      assert(element_size == 8);
      return GatherTyped<kColumn, uint64_t>(signed_indices, dst, line, row, size, indices, n, next);
  }
}

void GatherLineImpl(size_t element_size, bool signed_indices, std::byte* dst, const std::byte* line,
                    uint32_t size, const std::byte* indices, uint64_t n, const NextLine& next) {
  GatherSized<false>(element_size, signed_indices, dst, line, element_size, size, indices, n, next);
}

void GatherColumnImpl(size_t element_size, bool signed_indices, std::byte* dst,
                      const std::byte* slab, size_t row, uint32_t size, const std::byte* indices,
                      uint64_t n) {
  GatherSized<true>(element_size, signed_indices, dst, slab, row, size, indices, n, {});
}

}  // namespace HWY_NAMESPACE
}  // namespace dmlconf::blocked::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dmlconf::blocked::simd {

HWY_EXPORT(GatherLineImpl);
HWY_EXPORT(GatherColumnImpl);

bool GathersLine(size_t element_size, uint32_t size) {
  return size > 0 && uint64_t(size) * element_size <= uint64_t(INT32_MAX);
}

void GatherLine(size_t element_size, bool signed_indices, std::byte* dst, const std::byte* line,
                uint32_t size, const std::byte* indices, uint64_t n, const NextLine& next) {
  assert(GathersLine(element_size, size));
  HWY_DYNAMIC_DISPATCH(GatherLineImpl)
  (element_size, signed_indices, dst, line, size, indices, n, next);
}

void GatherColumn(size_t element_size, bool signed_indices, std::byte* dst, const std::byte* slab,
                  size_t row, uint32_t size, const std::byte* indices, uint64_t n) {
  HWY_DYNAMIC_DISPATCH(GatherColumnImpl)
  (element_size, signed_indices, dst, slab, row, size, indices, n);
}

}  // namespace dmlconf::blocked::simd
#endif  // HWY_ONCE
