#include "dmlconf/data_type.h"

#include <Eigen/Core>
#include <bit>
#include <charconv>
#include <cmath>
#include <limits>

namespace dmlconf {

static_assert(std::endian::native == std::endian::little,
              "element bits are little-endian bytes; a big-endian host needs byte swaps");

namespace {

struct TypeInfo {
  std::string_view name;
  size_t size;
};

constexpr TypeInfo kTypeInfo[kDataTypeCount] = {
    {"FLOAT64", 8}, {"FLOAT32", 4}, {"FLOAT16", 2}, {"INT64", 8},  {"INT32", 4}, {"INT16", 2},
    {"INT8", 1},    {"UINT64", 8},  {"UINT32", 4},  {"UINT16", 2}, {"UINT8", 1},
};

uint64_t WidthMask(size_t size) { return size == 8 ? ~0ull : (1ull << (8 * size)) - 1; }

std::string Trim(std::string_view text) {
  size_t b = text.find_first_not_of(" \t");
  size_t e = text.find_last_not_of(" \t");
  return b == std::string_view::npos ? std::string() : std::string(text.substr(b, e - b + 1));
}

std::string Lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::optional<ElementBits> ParseHex(DataType type, const std::string& t, std::string* error) {
  std::string_view digits(t);
  digits.remove_prefix(2);
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, 16);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) {
    *error = "'" + t + "' is not a hexadecimal bit pattern";
    return std::nullopt;
  }
  if (value & ~WidthMask(ElementSize(type))) {
    *error = "bit pattern '" + t + "' is wider than " + std::string(DataTypeName(type)) + " (" +
             std::to_string(ElementSize(type) * 8) + " bits)";
    return std::nullopt;
  }
  return value;
}

std::optional<ElementBits> ParseInteger(DataType type, const std::string& t, std::string* error) {
  const size_t size = ElementSize(type);
  const char* first = t.data();
  const char* last = t.data() + t.size();
  if (*first == '+') ++first;
  auto fail = [&](const char* why) -> std::optional<ElementBits> {
    *error = "'" + t + "' " + why + " " + std::string(DataTypeName(type));
    return std::nullopt;
  };
  if (IsSignedInteger(type)) {
    int64_t v = 0;
    auto [end, ec] = std::from_chars(first, last, v);
    if (ec == std::errc::result_out_of_range) return fail("is out of range for");
    if (ec != std::errc() || end != last) return fail("is not an integer of type");
    const int64_t hi = size == 8 ? INT64_MAX : int64_t((1ull << (8 * size - 1)) - 1);
    const int64_t lo = -hi - 1;
    if (v < lo || v > hi) return fail("is out of range for");
    return uint64_t(v) & WidthMask(size);
  }
  uint64_t v = 0;
  if (*first == '-') return fail("is negative; not allowed for");
  auto [end, ec] = std::from_chars(first, last, v);
  if (ec == std::errc::result_out_of_range) return fail("is out of range for");
  if (ec != std::errc() || end != last) return fail("is not an integer of type");
  if (v & ~WidthMask(size)) return fail("is out of range for");
  return v;
}

// Special float words; nullopt when `t` is not one.
std::optional<double> SpecialFloat(const std::string& t) {
  std::string s = Lower(t);
  bool negative = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    negative = s[0] == '-';
    s.erase(0, 1);
  }
  if (!s.empty() && s[0] == '.') s.erase(0, 1);  // YAML's .inf / .nan
  if (s == "inf" || s == "infinity")
    return negative ? -std::numeric_limits<double>::infinity()
                    : std::numeric_limits<double>::infinity();
  if (s == "nan" && !negative) return std::numeric_limits<double>::quiet_NaN();
  return std::nullopt;
}

// Round-to-nearest-even double -> half. Eigen converts through float, which
// can round twice; the correctly rounded half is the guess or a neighbour.
double HalfValue(uint16_t bits) {
  return double(float(Eigen::numext::bit_cast<Eigen::half>(bits)));
}

uint16_t DoubleToHalfBits(double d) {
  const uint16_t guess = Eigen::numext::bit_cast<uint16_t>(Eigen::half(float(d)));
  if (!std::isfinite(HalfValue(guess))) return guess;  // inf/NaN: Eigen's answer stands
  uint16_t best = guess;
  double best_err = std::abs(HalfValue(guess) - d);
  for (int delta : {-1, 1}) {
    const uint16_t cand = uint16_t(guess + delta);
    if ((cand ^ guess) & 0x8000) continue;  // stepped across the sign
    if (!std::isfinite(HalfValue(cand))) continue;
    const double err = std::abs(HalfValue(cand) - d);
    if (err < best_err || (err == best_err && (cand & 1) == 0)) {
      best = cand;
      best_err = err;
    }
  }
  return best;
}

std::optional<ElementBits> ParseFloat(DataType type, const std::string& t, std::string* error) {
  double d = 0;
  if (auto special = SpecialFloat(t)) {
    d = *special;
  } else {
    const char* first = t.data();
    const char* last = t.data() + t.size();
    if (*first == '+') ++first;
    if (type == DataType::kFloat32) {
      float f = 0;
      auto [end, ec] = std::from_chars(first, last, f);
      if (ec != std::errc() || end != last) {
        *error = "'" + t +
                 "' is not a FLOAT32 value (out of range or not a number; use a 0x bit pattern)";
        return std::nullopt;
      }
      return std::bit_cast<uint32_t>(f);
    }
    auto [end, ec] = std::from_chars(first, last, d);
    if (ec != std::errc() || end != last) {
      *error = "'" + t + "' is not a " + std::string(DataTypeName(type)) +
               " value (out of range or not a number; use a 0x bit pattern)";
      return std::nullopt;
    }
  }
  switch (type) {
    case DataType::kFloat64: return std::bit_cast<uint64_t>(d);
    case DataType::kFloat32: return std::bit_cast<uint32_t>(float(d));
    default: return DoubleToHalfBits(d);
  }
}

template <class F>
std::string ShortestDecimal(F value) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
  return std::string(buf, end);
}

}  // namespace

size_t ElementSize(DataType type) { return kTypeInfo[size_t(type)].size; }
std::string_view DataTypeName(DataType type) { return kTypeInfo[size_t(type)].name; }

std::optional<DataType> ParseDataType(std::string_view text) {
  constexpr std::string_view kPrefix = "DML_TENSOR_DATA_TYPE_";
  if (text.starts_with(kPrefix)) text.remove_prefix(kPrefix.size());
  for (DataType t : kAllDataTypes)
    if (DataTypeName(t) == text) return t;
  return std::nullopt;
}

bool IsFloat(DataType type) {
  return type == DataType::kFloat64 || type == DataType::kFloat32 || type == DataType::kFloat16;
}
bool IsSignedInteger(DataType type) {
  return type == DataType::kInt64 || type == DataType::kInt32 || type == DataType::kInt16 ||
         type == DataType::kInt8;
}
bool IsUnsignedInteger(DataType type) { return !IsFloat(type) && !IsSignedInteger(type); }

std::string DataTypeSet::ToString() const {
  std::string out;
  ForEach([&](DataType t) {
    if (!out.empty()) out += ' ';
    out += DataTypeName(t);
  });
  return out;
}

std::optional<ElementBits> ParseElement(DataType type, std::string_view text, std::string* error) {
  const std::string t = Trim(text);
  if (t.empty()) {
    *error = "empty value for " + std::string(DataTypeName(type));
    return std::nullopt;
  }
  if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) return ParseHex(type, t, error);
  if (IsFloat(type)) return ParseFloat(type, t, error);
  return ParseInteger(type, t, error);
}

std::string FormatBits(DataType type, ElementBits bits) {
  static constexpr char kHex[] = "0123456789abcdef";
  const size_t digits = ElementSize(type) * 2;
  std::string out = "0x";
  for (size_t i = digits; i-- > 0;) out += kHex[(bits >> (4 * i)) & 0xF];
  return out;
}

std::string FormatElement(DataType type, ElementBits bits) {
  const size_t size = ElementSize(type);
  bits &= WidthMask(size);
  switch (type) {
    case DataType::kFloat64:
    case DataType::kFloat32:
    case DataType::kFloat16: {
      double v = type == DataType::kFloat64 ? std::bit_cast<double>(bits)
                 : type == DataType::kFloat32
                     ? double(std::bit_cast<float>(uint32_t(bits)))
                     : double(float(Eigen::numext::bit_cast<Eigen::half>(uint16_t(bits))));
      if (std::isnan(v)) return FormatBits(type, bits);
      if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
      if (type == DataType::kFloat64) return ShortestDecimal(v);
      return ShortestDecimal(float(v));  // a half's float value round-trips too
    }
    default: break;
  }
  if (IsSignedInteger(type)) {
    const unsigned shift = unsigned(64 - 8 * size);
    return std::to_string(int64_t(bits << shift) >> shift);  // sign-extend
  }
  return std::to_string(bits);
}

}  // namespace dmlconf
