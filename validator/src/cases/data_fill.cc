#include "cases/data_fill.h"

#include <charconv>
#include <cmath>
#include <limits>

#include "cases/number_text.h"

namespace dmlconf::validator {
namespace {

ElementBits ParseOrThrow(DataType type, std::string_view text) {
  std::string error;
  const std::optional<ElementBits> bits = ParseCaseElement(type, text, &error);
  if (!bits) throw FillError{error};
  return *bits;
}

// An integer start or step, as 64-bit two's complement (wrapping is the rule).
uint64_t ParseWrappingInteger(std::string_view text, std::string_view what) {
  const char* end = text.data() + text.size();
  int64_t signed_value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), end, signed_value);
  if (ec == std::errc() && ptr == end) return uint64_t(signed_value);
  uint64_t unsigned_value = 0;
  auto [uptr, uec] = std::from_chars(text.data(), end, unsigned_value);
  if (uec == std::errc() && uptr == end) return unsigned_value;
  throw FillError{"iota " + std::string(what) + " '" + std::string(text) +
                  "' is not a 64-bit integer, which an integer data type needs"};
}

double ParseDouble(std::string_view text, std::string_view what) {
  double value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || !std::isfinite(value))
    throw FillError{"iota " + std::string(what) + " '" + std::string(text) +
                    "' is not a finite number"};
  return value;
}

// A double as the element's bits, rounded to nearest even. Going through the
// shortest round-trip text keeps the double exact and reuses the case-file
// rounding and range rules for FLOAT16 and FLOAT32.
ElementBits EncodeDouble(DataType type, double value) {
  char text[64];
  const auto [ptr, ec] = std::to_chars(text, text + sizeof text, value);
  return ParseOrThrow(type, std::string_view(text, size_t(ptr - text)));
}

std::vector<std::byte> Repeat(DataType type, uint64_t count, auto&& bits_of) {
  const size_t size = ElementSize(type);
  std::vector<std::byte> out(count * size);
  for (uint64_t i = 0; i < count; ++i) StoreElement(out.data() + i * size, size, bits_of(i));
  return out;
}

}  // namespace

std::vector<std::byte> FillIota(DataType type, uint64_t count, std::string_view start,
                                std::string_view step) {
  if (IsFloat(type)) {
    const double s = ParseDouble(start, "start");
    const double t = ParseDouble(step, "step");
    return Repeat(type, count, [&](uint64_t i) { return EncodeDouble(type, s + double(i) * t); });
  }
  const uint64_t s = ParseWrappingInteger(start, "start");
  const uint64_t t = ParseWrappingInteger(step, "step");
  // StoreElement keeps the low bytes: that is the wrap modulo 2^bits.
  return Repeat(type, count, [&](uint64_t i) { return s + i * t; });
}

std::vector<std::byte> FillConstant(DataType type, uint64_t count, std::string_view value) {
  const ElementBits bits = ParseOrThrow(type, value);
  return Repeat(type, count, [&](uint64_t) { return bits; });
}

std::vector<std::byte> FillRandom(DataType type, uint64_t count, uint64_t seed) {
  return Repeat(type, count, [&](uint64_t i) { return SplitMix64(seed + i); });
}

}  // namespace dmlconf::validator
