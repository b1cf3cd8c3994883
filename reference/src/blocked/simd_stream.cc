// simd::StreamRun (simd.h): a contiguous run written with non-temporal
// stores. glibc's memcpy switches to them itself above a threshold of its own
// (report_notes.md, "Streaming stores"), so a kernel that copies a large output as many
// shorter runs would otherwise pay a read-for-ownership per written line that
// memcpy of the same bytes does not.
#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstring>

#include "blocked/simd.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "blocked/simd_stream.cc"
#include "hwy/cache_control.h"
#include "hwy/foreach_target.h"  // before highway.h
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace dmlconf::blocked::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Up to one cache line of `ahead` per 64 bytes copied, so the prefetches
// spread over the copy instead of queueing all at once.
void PrefetchSpread(const std::byte* ahead, size_t ahead_bytes, size_t from, size_t to) {
  for (size_t at = from; at < to && at < ahead_bytes; at += 64)
    __builtin_prefetch(ahead + at, 0, 2);
}

void StreamRunPrefetchingImpl(std::byte* dst, const std::byte* src, size_t bytes,
                              const std::byte* ahead, size_t ahead_bytes) {
  // From the line `ahead` starts in: a line a prefetch, from a start inside a
  // line, left out the last line of the range (PADDING u8's rows of 2 KiB, copied
  // from 56 bytes in, missed on their last line: report_notes.md, "PADDING's last
  // line").
  const size_t into_line = reinterpret_cast<uintptr_t>(ahead) % kLineBytes;
  if (ahead_bytes > 0) ahead -= into_line, ahead_bytes += into_line;
  const hn::ScalableTag<uint8_t> d;
  const size_t lanes = hn::Lanes(d);
  // Non-temporal stores need aligned vectors: the head up to the first
  // aligned byte, and the tail after the last whole vector, go as memcpy.
  const size_t head = std::min(bytes, (lanes - reinterpret_cast<uintptr_t>(dst) % lanes) % lanes);
  std::memcpy(dst, src, head);
  auto* out = reinterpret_cast<uint8_t*>(dst);
  const auto* in = reinterpret_cast<const uint8_t*>(src);
  size_t i = head;
  for (; i + 4 * lanes <= bytes; i += 4 * lanes) {
    PrefetchSpread(ahead, ahead_bytes, i, i + 4 * lanes);
    const auto v0 = hn::LoadU(d, in + i), v1 = hn::LoadU(d, in + i + lanes);
    const auto v2 = hn::LoadU(d, in + i + 2 * lanes), v3 = hn::LoadU(d, in + i + 3 * lanes);
    hn::Stream(v0, d, out + i);
    hn::Stream(v1, d, out + i + lanes);
    hn::Stream(v2, d, out + i + 2 * lanes);
    hn::Stream(v3, d, out + i + 3 * lanes);
  }
  const size_t prefetched_to = i;  // lines [head, i) of `ahead` are asked for
  for (; i + lanes <= bytes; i += lanes) hn::Stream(hn::LoadU(d, in + i), d, out + i);
  assert(bytes - i < lanes);
  std::memcpy(dst + i, src + i, bytes - i);
  // What the loop did not reach: the head, and `ahead` past a shorter run.
  PrefetchSpread(ahead, ahead_bytes, 0, head);
  PrefetchSpread(ahead, ahead_bytes, prefetched_to, ahead_bytes);
}

// One line of `src` at `at` streamed to `dst`.
void StreamLine(std::byte* dst, const std::byte* src, size_t at) {
  const hn::ScalableTag<uint8_t> d;
  auto* out = reinterpret_cast<uint8_t*>(dst + at);
  const auto* in = reinterpret_cast<const uint8_t*>(src + at);
  for (size_t i = 0; i < kLineBytes; i += hn::Lanes(d))
    hn::Stream(hn::LoadU(d, in + i), d, out + i);
}

// Whether the runs' inputs mostly lie at their outputs' offsets into a page, to within a
// line pair: half the (input, output) pairs or more. A load whose address matches an
// earlier store's in its low 12 bits waits for that store (4K aliasing), and side-by-side
// runs so placed (a long run between page-aligned buffers, rows of 4 KiB), each line
// stored before the next run's was loaded, took 3.1x memcpy on the EPYC of 28 Nov 2026
// against 1.0x for one stream. Runs placed otherwise were faster line by line, rows of
// 1 KiB at random (a quarter of the pairs meeting) too, so only these load first
// (report_notes.md, "Side by side, loads first").
bool PageOffsetsMeet(std::byte* const* dsts, const std::byte* const* srcs, size_t count) {
  constexpr uintptr_t kNear = 2 * kLineBytes;
  size_t meeting = 0;
  for (size_t j = 0; j < count; ++j)
    for (size_t k = 0; k < count; ++k) {
      const uintptr_t apart =
          (reinterpret_cast<uintptr_t>(srcs[k]) - reinterpret_cast<uintptr_t>(dsts[j])) %
          kPageBytes;
      meeting += apart < kNear || apart > kPageBytes - kNear;
    }
  return 2 * meeting >= count * count;
}

// The line at `at` of each of kCount runs streamed, every line loaded before any is
// stored (PageOffsetsMeet).
template <size_t kCount>
void StreamLinesLoadsFirst(std::byte* const* dsts, const std::byte* const* srcs, size_t at) {
  const hn::ScalableTag<uint8_t> d;
  // The x86 targets' vectors have one size each, HWY_LANES's.
  constexpr size_t kLanes = HWY_LANES(uint8_t), kPerLine = kLineBytes / kLanes;
  static_assert(kPerLine >= 1 && kLineBytes % kLanes == 0);
  hn::Vec<decltype(d)> v[kCount][kPerLine];
  for (size_t k = 0; k < kCount; ++k)
    for (size_t i = 0; i < kPerLine; ++i)
      v[k][i] = hn::LoadU(d, reinterpret_cast<const uint8_t*>(srcs[k] + at) + i * kLanes);
  for (size_t k = 0; k < kCount; ++k)
    for (size_t i = 0; i < kPerLine; ++i)
      hn::Stream(v[k][i], d, reinterpret_cast<uint8_t*>(dsts[k] + at) + i * kLanes);
}

// StreamLinesLoadsFirst for a count known only at run time (at most kRunsSideBySide).
void StreamLinesLoadsFirst(size_t count, std::byte* const* dsts, const std::byte* const* srcs,
                           size_t at) {
  switch (count) {
    case 1: return StreamLinesLoadsFirst<1>(dsts, srcs, at);
    case 2: return StreamLinesLoadsFirst<2>(dsts, srcs, at);
    case 3: return StreamLinesLoadsFirst<3>(dsts, srcs, at);
    case 4: return StreamLinesLoadsFirst<4>(dsts, srcs, at);
    case 5: return StreamLinesLoadsFirst<5>(dsts, srcs, at);
    case 6: return StreamLinesLoadsFirst<6>(dsts, srcs, at);
    case 7: return StreamLinesLoadsFirst<7>(dsts, srcs, at);
    default: assert(count == kRunsSideBySide); return StreamLinesLoadsFirst<8>(dsts, srcs, at);
  }
}

// Lines [at, end) of `count` runs side by side: loaded a round at a time where the runs'
// page offsets meet (PageOffsetsMeet), else a line pair of each run in turn. Returns where
// it stopped: the pairs leave a last odd line to the caller.
size_t StreamLinesSideBySide(bool loads_first, size_t count, std::byte* const* dsts,
                             const std::byte* const* srcs, size_t at, size_t end) {
  if (loads_first) {
    for (; at < end; at += kLineBytes) StreamLinesLoadsFirst(count, dsts, srcs, at);
    return at;
  }
  for (; at + 2 * kLineBytes <= end; at += 2 * kLineBytes)
    for (size_t k = 0; k < count; ++k) {
      StreamLine(dsts[k], srcs[k], at);
      StreamLine(dsts[k], srcs[k], at + kLineBytes);
    }
  return at;
}

// Whole blocks of kInterleavedPages pages of a long run, each block's pages read
// side by side a line pair at a time, as glibc's memcpy does for its largest copies:
// one core keeps more of memory busy on several streams than on one it reads ahead
// of (report_notes.md, "Four pages at a time"). Returns the bytes copied, a whole
// number of blocks after an unaligned head.
size_t StreamPagesInterleavedImpl(std::byte* dst, const std::byte* src, size_t bytes) {
  const size_t head = (kLineBytes - reinterpret_cast<uintptr_t>(dst) % kLineBytes) % kLineBytes;
  if (bytes < head + kInterleavedBytes) return 0;
  std::memcpy(dst, src, head);
  const bool loads_first = PageOffsetsMeet(&dst, &src, 1);
  size_t block = head;
  for (; block + kInterleavedBytes <= bytes; block += kInterleavedBytes) {
    std::byte* dsts[kInterleavedPages];
    const std::byte* srcs[kInterleavedPages];
    for (size_t page = 0; page < kInterleavedPages; ++page)
      dsts[page] = dst + block + page * kPageBytes, srcs[page] = src + block + page * kPageBytes;
    StreamLinesSideBySide(loads_first, kInterleavedPages, dsts, srcs, 0, kPageBytes);
  }
  return block;
}

// simd.h's StreamRunsSideBySide: the outputs share their offset into a line, so the
// whole lines between a head and a tail are the same for all of them.
void StreamRunsSideBySideImpl(std::byte* const* dsts, const std::byte* const* srcs, size_t count,
                              size_t bytes) {
  const size_t misalign = reinterpret_cast<uintptr_t>(dsts[0]) % kLineBytes;
  for (size_t k = 1; k < count; ++k)
    if (reinterpret_cast<uintptr_t>(dsts[k]) % kLineBytes != misalign) {
      for (size_t j = 0; j < count; ++j)
        StreamRunPrefetchingImpl(dsts[j], srcs[j], bytes, nullptr, 0);
      return;
    }
  const size_t head = std::min(bytes, (kLineBytes - misalign) % kLineBytes);
  const size_t end = head + (bytes - head) / kLineBytes * kLineBytes;
  const size_t at =
      StreamLinesSideBySide(PageOffsetsMeet(dsts, srcs, count), count, dsts, srcs, head, end);
  for (size_t k = 0; k < count; ++k) {
    std::memcpy(dsts[k], srcs[k], head);
    if (at < end) StreamLine(dsts[k], srcs[k], at);
    std::memcpy(dsts[k] + end, srcs[k] + end, bytes - end);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace dmlconf::blocked::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dmlconf::blocked::simd {

HWY_EXPORT(StreamRunPrefetchingImpl);
HWY_EXPORT(StreamPagesInterleavedImpl);
HWY_EXPORT(StreamRunsSideBySideImpl);

void StreamRunsSideBySide(std::byte* const* dsts, const std::byte* const* srcs, size_t count,
                          size_t bytes) {
  HWY_DYNAMIC_DISPATCH(StreamRunsSideBySideImpl)(dsts, srcs, count, bytes);
}

size_t StreamPagesInterleaved(std::byte* dst, const std::byte* src, size_t bytes) {
  return HWY_DYNAMIC_DISPATCH(StreamPagesInterleavedImpl)(dst, src, bytes);
}

void StreamRun(std::byte* dst, const std::byte* src, size_t bytes) {
  HWY_DYNAMIC_DISPATCH(StreamRunPrefetchingImpl)(dst, src, bytes, nullptr, 0);
}

void StreamRunPrefetching(std::byte* dst, const std::byte* src, size_t bytes,
                          const std::byte* ahead, size_t ahead_bytes) {
  HWY_DYNAMIC_DISPATCH(StreamRunPrefetchingImpl)(dst, src, bytes, ahead, ahead_bytes);
}

void StreamFence() { hwy::FlushStream(); }

namespace {
std::atomic<uint64_t> stream_threshold{kDefaultStreamBytes};
}  // namespace

bool Streams(uint64_t output_bytes) {
  return output_bytes >= stream_threshold.load(std::memory_order_relaxed);
}

void SetStreamThresholdForTesting(uint64_t bytes) {
  stream_threshold.store(bytes, std::memory_order_relaxed);
}

}  // namespace dmlconf::blocked::simd
#endif  // HWY_ONCE
