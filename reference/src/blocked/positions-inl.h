// What the elements pair's SIMD lines (simd_gather_elements.cc,
// simd_scatter_elements.cc) share inside each Highway target: compiled once per
// target, so the callers' lambdas inline into it (a plain header's template,
// compiled for the baseline, cannot inline a lambda built for AVX2, and called it
// per element at twice the time). Highway's -inl.h convention: the guard toggles
// with each target that foreach_target.h compiles.
#if defined(DMLCONF_BLOCKED_POSITIONS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef DMLCONF_BLOCKED_POSITIONS_INL_H_
#undef DMLCONF_BLOCKED_POSITIONS_INL_H_
#else
#define DMLCONF_BLOCKED_POSITIONS_INL_H_
#endif

#include <bit>
#include <cstdint>
#include <cstring>

#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace dmlconf::blocked::simd {
namespace HWY_NAMESPACE {

// Indices resolved into positions at a time: 1 KiB of them, in L1 beside the line.
constexpr uint64_t kChunk = 256;

// fn(k, positions[k]) for k < n, in order, two positions to a load: a load each
// made the element loops load-bound on Zen 3, whose three load and store slots a
// cycle the position, the element and its store all take (report_notes.md, "The
// elements pair on Zen 3").
template <class Fn>
HWY_INLINE void ForEachPosition(const int32_t* positions, uint64_t n, const Fn& fn) {
  constexpr bool kLittle = std::endian::native == std::endian::little;
  uint64_t k = 0;
#pragma GCC unroll 4
  for (; k + 2 <= n; k += 2) {
    uint64_t pair;
    std::memcpy(&pair, positions + k, sizeof pair);
    const int32_t low = int32_t(uint32_t(pair)), high = int32_t(uint32_t(pair >> 32));
    fn(k, kLittle ? low : high);
    fn(k + 1, kLittle ? high : low);
  }
  if (k < n) fn(k, positions[k]);
}

}  // namespace HWY_NAMESPACE
}  // namespace dmlconf::blocked::simd
HWY_AFTER_NAMESPACE();

#endif  // DMLCONF_BLOCKED_POSITIONS_INL_H_
