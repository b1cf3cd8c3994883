// simd::ReverseRun and ReverseRunStreamed (simd.h): a packed run reversed, for
// REVERSE_SUBSEQUENCES along a packed innermost axis and SLICE1's x[:, ::-1].
// Each vector's lanes are reversed in a register, so both sides move whole
// vectors; the last fewer-than-a-vector elements go one at a time.
#include <algorithm>
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

// The same run streamed: whole 64-byte output lines are stored non-temporally
// straight from registers, last line first so that the input is still read
// ascending, and the input is asked for kReadAheadBytes ahead. Reversing into the L1
// bounce buffer and streaming from there made the reads and the stores take turns
// (report_notes.md, "Reversed lines streamed"). The read-ahead runs past the
// run's end, as StreamWriter's does (copy_runs.h): reversed rows are usually a
// whole tensor's (x[:, ::-1]), so what follows is the next row's input, and rows
// of 1 to 4 KiB (u8) are too short to read ahead within. The partial lines at
// the two ends go through ReverseRunOf's plain stores.
template <class T>
void ReverseRunStreamedOf(std::byte* dst, const std::byte* last, uint64_t n) {
  const hn::ScalableTag<T> d;
  const uint64_t lanes = hn::Lanes(d);
  constexpr uint64_t kPerLine = kLineBytes / sizeof(T);
  assert(kPerLine % lanes == 0);  // no x86 vector is wider than a cache line
  const uint64_t vectors_per_line = kPerLine / lanes;
  const uintptr_t misalign = reinterpret_cast<uintptr_t>(dst) % kLineBytes;
  if (misalign % sizeof(T) != 0) return ReverseRunOf<T>(dst, last, n);
  const uint64_t head = std::min<uint64_t>(n, (kLineBytes - misalign) % kLineBytes / sizeof(T));
  const uint64_t lines = (n - head) / kPerLine;
  const uint64_t tail = head + lines * kPerLine;  // output elements [tail, n) are the last
  const T* first = reinterpret_cast<const T*>(last) - (n == 0 ? 0 : n - 1);
  T* out = reinterpret_cast<T*>(dst);
  for (uint64_t i = tail; i > head;) {  // out[i, i + kPerLine) from first[n - i - kPerLine, n - i)
    i -= kPerLine;
    const T* in = first + (n - i - kPerLine);
    const std::byte* ahead = reinterpret_cast<const std::byte*>(in) + kReadAheadBytes;
    PrefetchToL2(ahead, kLineBytes);
    for (uint64_t v = 0; v < vectors_per_line; ++v)
      hn::Stream(ReverseLanes(d, hn::LoadU(d, in + (vectors_per_line - 1 - v) * lanes)), d,
                 out + i + v * lanes);
  }
  if (tail < n)
    ReverseRunOf<T>(dst + tail * sizeof(T),
                    reinterpret_cast<const std::byte*>(first + (n - 1 - tail)), n - tail);
  ReverseRunOf<T>(dst, last, head);
}

template <class T>
void ReverseRunTyped(std::byte* dst, const std::byte* last, uint64_t n, bool stream) {
  if (stream) return ReverseRunStreamedOf<T>(dst, last, n);
  ReverseRunOf<T>(dst, last, n);
}

void ReverseRunImpl(size_t element_size, std::byte* dst, const std::byte* last, uint64_t n,
                    bool stream) {
  switch (element_size) {
    case 1: return ReverseRunTyped<uint8_t>(dst, last, n, stream);
    case 2: return ReverseRunTyped<uint16_t>(dst, last, n, stream);
    case 4: return ReverseRunTyped<uint32_t>(dst, last, n, stream);
    default: assert(element_size == 8); return ReverseRunTyped<uint64_t>(dst, last, n, stream);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace dmlconf::blocked::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dmlconf::blocked::simd {

HWY_EXPORT(ReverseRunImpl);

void ReverseRun(size_t element_size, std::byte* dst, const std::byte* last, uint64_t n) {
  HWY_DYNAMIC_DISPATCH(ReverseRunImpl)(element_size, dst, last, n, false);
}

void ReverseRunStreamed(size_t element_size, std::byte* dst, const std::byte* last, uint64_t n) {
  HWY_DYNAMIC_DISPATCH(ReverseRunImpl)(element_size, dst, last, n, true);
}

}  // namespace dmlconf::blocked::simd
#endif  // HWY_ONCE
