#include "cases/number_text.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace dmlconf::validator {
namespace {

std::string Lower(std::string_view text) {
  std::string out;
  for (char c : text) out += char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string Trim(std::string_view text) {
  const size_t b = text.find_first_not_of(" \t");
  const size_t e = text.find_last_not_of(" \t");
  return b == std::string_view::npos ? std::string() : std::string(text.substr(b, e - b + 1));
}

// The positive quiet NaN with zero payload, with or without the sign bit.
ElementBits QuietNan(DataType type, bool sign) {
  switch (type) {
    case DataType::kFloat64: return (sign ? 0xfff8000000000000ull : 0x7ff8000000000000ull);
    case DataType::kFloat32: return sign ? 0xffc00000u : 0x7fc00000u;
    default: return sign ? 0xfe00u : 0x7e00u;
  }
}

// The largest finite and the smallest non-zero magnitude, as text.
std::string_view Largest(DataType type) {
  return type == DataType::kFloat64   ? "1.7976931348623157e308"
         : type == DataType::kFloat32 ? "3.4028235e38"
                                      : "65504";
}
std::string_view Smallest(DataType type) {
  return type == DataType::kFloat64 ? "5e-324" : type == DataType::kFloat32 ? "1e-45" : "6e-8";
}

bool IsInfBits(DataType type, ElementBits bits) {
  switch (type) {
    case DataType::kFloat64: return (bits & ~(1ull << 63)) == 0x7ff0000000000000ull;
    case DataType::kFloat32: return (bits & 0x7fffffffu) == 0x7f800000u;
    default: return (bits & 0x7fffu) == 0x7c00u;
  }
}
bool IsZeroBits(DataType type, ElementBits bits) {
  switch (type) {
    case DataType::kFloat64: return (bits & ~(1ull << 63)) == 0;
    case DataType::kFloat32: return (bits & 0x7fffffffu) == 0;
    default: return (bits & 0x7fffu) == 0;
  }
}

// A NaN spelling other than `nan`, `+nan`, `.nan`, `+.nan`: the error, else "".
std::string NanSpellingError(DataType type, const std::string& t) {
  const bool negative = !t.empty() && t[0] == '-';
  std::string body = Lower(t);
  if (!body.empty() && (body[0] == '-' || body[0] == '+')) body.erase(0, 1);
  if (!body.empty() && body[0] == '.') body.erase(0, 1);
  if (!body.starts_with("nan")) return {};
  const std::string type_name(DataTypeName(type));
  if (body != "nan")
    return "'" + t + "': a NaN payload is written as the bit pattern (" + type_name +
           "'s quiet NaN is " + FormatBits(type, QuietNan(type, false)) + ")";
  if (negative)
    return "'" + t + "': a NaN with the sign bit is written as the bit pattern " +
           FormatBits(type, QuietNan(type, true)) + " (" + type_name + "'s quiet NaN, sign set)";
  return {};
}

// Digits, sign, point and exponent only: what from_chars and strtod read alike.
bool IsDecimal(const std::string& t) {
  return t.find_first_of("0123456789") != std::string::npos &&
         t.find_first_not_of("0123456789+-.eE") == std::string::npos;
}

}  // namespace

std::optional<ElementBits> ParseCaseElement(DataType type, std::string_view text,
                                            std::string* error) {
  if (!IsFloat(type)) return ParseElement(type, text, error);
  const std::string t = Trim(text);
  if (std::string nan_error = NanSpellingError(type, t); !nan_error.empty()) {
    *error = std::move(nan_error);
    return std::nullopt;
  }
  std::optional<ElementBits> bits = ParseElement(type, t, error);
  if (!IsDecimal(t)) return bits;
  // The decimal's exact value decides, whatever ParseElement's route for the
  // type: strtod says whether it is out of double's range or zero.
  errno = 0;
  char* end = nullptr;
  const double value = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size()) return bits;  // not a number at all: ParseElement's error
  const bool range_error = errno == ERANGE;
  // Without bits, ParseElement refused a well-formed decimal: only its range can be why.
  const bool too_large =
      std::isinf(value) || (bits ? IsInfBits(type, *bits) : std::fabs(value) >= 1);
  const bool too_small =
      !too_large &&
      (value == 0 ? range_error : (bits ? IsZeroBits(type, *bits) : std::fabs(value) < 1));
  const std::string type_name(DataTypeName(type));
  if (too_large) {
    *error = "'" + t + "' is out of range for " + type_name + " (largest finite " +
             std::string(Largest(type)) + "); write inf, -inf or a 0x bit pattern";
    return std::nullopt;
  }
  if (too_small) {
    *error = "'" + t + "' is too small for " + type_name + ": it would round to 0 (smallest " +
             "non-zero " + std::string(Smallest(type)) + "); write 0 or a 0x bit pattern";
    return std::nullopt;
  }
  return bits;
}

}  // namespace dmlconf::validator
