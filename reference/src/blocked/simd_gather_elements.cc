// simd::GatherLine (simd.h): GATHER_ELEMENTS where a run of 32-bit indices
// picks from one packed input line. A vector of indices is resolved at once
// (a negative one counted from the line's end when they are signed, then
// clamped into the line, as the naive kernel does) and its elements loaded with
// one vector gather: the scalar loop spent 5 to 7 cycles an element on the
// index alone (report_notes.md, "The elements pair in vectors").
// The gather instructions load 4 or 8 bytes a lane, so 1- and 2-byte elements
// are gathered as the 4 bytes that end at the element (or, for the line's first
// bytes, that start at the line) and shifted down: no byte outside the line is
// read, whatever follows it in memory.
#include <algorithm>
#include <cassert>
#include <cstring>

#include "blocked/elements.h"
#include "blocked/simd.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "blocked/simd_gather_elements.cc"
#include "hwy/foreach_target.h"  // before highway.h
#include "hwy/highway.h"

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

constexpr size_t kIndicesAhead = 2048;

template <class T, bool kSigned>
void GatherLineOf(std::byte* dst, const std::byte* line, uint32_t size, const std::byte* indices,
                  uint64_t n) {
  // 8-byte elements: as many 32-bit indices as 64-bit lanes, promoted.
  using Lane = std::conditional_t<sizeof(T) == 8, uint64_t, uint32_t>;
  const hn::ScalableTag<Lane> dl;
  const hn::Rebind<int32_t, decltype(dl)> di;
  const hn::Rebind<T, decltype(dl)> dt;
  const uint64_t lanes = hn::Lanes(dl);
  const auto vsize = hn::Set(di, int32_t(size));
  const auto vlast = hn::Set(di, int32_t(size - 1));
  T* out = reinterpret_cast<T*>(dst);
  uint64_t k = 0;
  for (; k + lanes <= n; k += lanes) {
    __builtin_prefetch(indices + 4 * k + kIndicesAhead, 0, 2);
    const auto index = hn::LoadU(di, reinterpret_cast<const int32_t*>(indices) + k);
    const auto position = ResolveLanes<kSigned>(di, index, vsize, vlast);
    if constexpr (sizeof(T) == 8) {
      const hn::Rebind<int64_t, decltype(dl)> d64;
      const auto* base = reinterpret_cast<const int64_t*>(line);
      hn::StoreU(hn::BitCast(dt, hn::GatherIndex(d64, base, hn::PromoteTo(d64, position))), dt,
                 out + k);
    } else if constexpr (sizeof(T) == 4) {
      const auto* base = reinterpret_cast<const int32_t*>(line);
      hn::StoreU(hn::BitCast(dt, hn::GatherIndex(di, base, position)), dt, out + k);
    } else {
      const hn::RebindToUnsigned<decltype(di)> du;
      const auto at = hn::ShiftLeft<sizeof(T) / 2>(position);  // the element's byte offset
      const auto start = hn::Max(hn::Sub(at, hn::Set(di, int32_t(4 - sizeof(T)))), hn::Zero(di));
      const auto word = hn::GatherOffset(di, reinterpret_cast<const int32_t*>(line), start);
      const auto shift = hn::BitCast(du, hn::ShiftLeft<3>(hn::Sub(at, start)));
      hn::StoreU(hn::TruncateTo(dt, hn::BitCast(du, word) >> shift), dt, out + k);
    }
  }
  assert(n - k < lanes);
  for (; k < n; ++k)
    std::memcpy(out + k, line + ResolveOne<kSigned>(indices + 4 * k, size) * sizeof(T), sizeof(T));
}

template <class T>
void GatherLineTyped(bool signed_indices, std::byte* dst, const std::byte* line, uint32_t size,
                     const std::byte* indices, uint64_t n) {
  if (signed_indices)
    GatherLineOf<T, true>(dst, line, size, indices, n);
  else
    GatherLineOf<T, false>(dst, line, size, indices, n);
}

void GatherLineImpl(size_t element_size, bool signed_indices, std::byte* dst, const std::byte* line,
                    uint32_t size, const std::byte* indices, uint64_t n) {
  switch (element_size) {
    case 1: return GatherLineTyped<uint8_t>(signed_indices, dst, line, size, indices, n);
    case 2: return GatherLineTyped<uint16_t>(signed_indices, dst, line, size, indices, n);
    case 4: return GatherLineTyped<uint32_t>(signed_indices, dst, line, size, indices, n);
    default:
      assert(element_size == 8);
      return GatherLineTyped<uint64_t>(signed_indices, dst, line, size, indices, n);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace dmlconf::blocked::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dmlconf::blocked::simd {

HWY_EXPORT(GatherLineImpl);

bool GathersLine(size_t element_size, uint32_t size) {
  const uint64_t bytes = uint64_t(size) * element_size;
  return bytes >= 4 && bytes <= uint64_t(INT32_MAX);
}

void GatherLine(size_t element_size, bool signed_indices, std::byte* dst, const std::byte* line,
                uint32_t size, const std::byte* indices, uint64_t n) {
  assert(GathersLine(element_size, size));
  HWY_DYNAMIC_DISPATCH(GatherLineImpl)(element_size, signed_indices, dst, line, size, indices, n);
}

}  // namespace dmlconf::blocked::simd
#endif  // HWY_ONCE
