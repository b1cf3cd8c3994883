// Unsigned 64-bit arithmetic that stops at UINT64_MAX instead of wrapping.
// Sizes and byte counts are computed from descriptors nobody has validated yet
// (a case file, a plug-in's answer, a fuzzer's bytes): a result too big to hold
// must come out as "too big" (the maximum, which every limit refuses), never as
// a small wrapped number that passes a check.
#pragma once

#include <cstdint>

namespace dmlconf {

inline constexpr uint64_t kSaturated = UINT64_MAX;

constexpr uint64_t SaturatingAdd(uint64_t a, uint64_t b) {
  uint64_t r = 0;
  return __builtin_add_overflow(a, b, &r) ? kSaturated : r;
}

constexpr uint64_t SaturatingMul(uint64_t a, uint64_t b) {
  uint64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? kSaturated : r;
}

// `value` rounded up to a multiple of `multiple` (a power of two): kSaturated
// when the rounded value does not fit, and kSaturated stays kSaturated.
constexpr uint64_t SaturatingRoundUp(uint64_t value, uint64_t multiple) {
  const uint64_t largest = kSaturated & ~(multiple - 1);  // the largest multiple that fits
  return value > largest ? kSaturated : (value + multiple - 1) & ~(multiple - 1);
}

}  // namespace dmlconf
