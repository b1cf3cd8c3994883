#include "dmlconf/pad.h"

#include <bit>
#include <cmath>
#include <limits>

#include <Eigen/Core>

namespace dmlconf {

namespace {

// i mod p in [0, p), for a negative i too.
int64_t FloorMod(int64_t i, int64_t p) {
  const int64_t m = i % p;
  return m < 0 ? m + p : m;
}

}  // namespace

uint32_t PaddingSource(PaddingMode mode, int64_t i, uint32_t n) {
  if (i >= 0 && i < int64_t(n)) return uint32_t(i);
  const int64_t size = n;
  switch (mode) {
    case PaddingMode::kEdge: return i < 0 ? 0 : n - 1;
    case PaddingMode::kReflection: {
      if (n == 1) return 0;  // erratum PD1: a period of 0 repeats the one element
      const int64_t p = 2 * (size - 1);
      const int64_t m = FloorMod(i, p);
      return uint32_t(m < size ? m : p - m);
    }
    case PaddingMode::kSymmetric: {
      const int64_t p = 2 * size;
      const int64_t m = FloorMod(i, p);
      return uint32_t(m < size ? m : p - 1 - m);
    }
    case PaddingMode::kWrap: return uint32_t(FloorMod(i, size));
    case PaddingMode::kConstant: break;
  }
  return 0;  // CONSTANT or an invalid mode: validation keeps both away
}

std::optional<FeatureLevel> PaddingModeLevel(PaddingMode mode) {
  switch (mode) {
    case PaddingMode::kConstant:
    case PaddingMode::kEdge:
    case PaddingMode::kReflection: return FeatureLevel::k1_0;
    case PaddingMode::kSymmetric: return FeatureLevel::k3_0;
    case PaddingMode::kWrap: return FeatureLevel::k6_4;
  }
  return std::nullopt;
}

namespace {

// The value truncated toward zero, if it is a finite value of the integer type.
std::optional<double> TruncatedInRange(float value, DataType type) {
  if (!std::isfinite(value)) return std::nullopt;
  const double t = std::trunc(double(value));
  const unsigned bits = unsigned(ElementSize(type)) * 8;
  const bool is_signed = IsSignedInteger(type);
  const double low = is_signed ? -std::ldexp(1.0, int(bits) - 1) : 0.0;
  const double high_exclusive = std::ldexp(1.0, int(is_signed ? bits - 1 : bits));
  if (t < low || t >= high_exclusive) return std::nullopt;
  return t;
}

// Outside V1's promise: the low bits of a saturating 64-bit truncation.
ElementBits LowBitsOfTruncation(float value, DataType type) {
  if (std::isnan(value)) return 0;
  const double t = std::trunc(double(value));
  int64_t wide = 0;
  if (t >= 0x1p63)
    wide = std::numeric_limits<int64_t>::max();
  else if (t < -0x1p63)
    wide = std::numeric_limits<int64_t>::min();
  else
    wide = int64_t(t);
  return ElementBits(wide) & ElementMask(type);
}

}  // namespace

ElementBits ConvertPaddingValue(uint32_t float32_bits, DataType type) {
  const float value = std::bit_cast<float>(float32_bits);
  switch (type) {
    case DataType::kFloat32: return float32_bits;
    case DataType::kFloat16: return Eigen::numext::bit_cast<uint16_t>(Eigen::half(value));
    case DataType::kFloat64: return std::bit_cast<uint64_t>(double(value));
    default: break;
  }
  if (const std::optional<double> t = TruncatedInRange(value, type)) {
    if (type == DataType::kUint64) return ElementBits(uint64_t(*t));
    return ElementBits(int64_t(*t)) & ElementMask(type);
  }
  return LowBitsOfTruncation(value, type);
}

bool PaddingValuePromised(uint32_t float32_bits, DataType type) {
  const float value = std::bit_cast<float>(float32_bits);
  if (type == DataType::kFloat32) return true;   // its own bits, a NaN's included
  if (IsFloat(type)) return !std::isnan(value);  // "some NaN", its payload not promised
  return TruncatedInRange(value, type).has_value();
}

}  // namespace dmlconf
