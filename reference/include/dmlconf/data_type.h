// The eleven DirectML tensor data types, their sizes, and exact text forms.
//
// Kernels never look at values: a data type is an element size. Values only
// matter at the edges (case files, reports), where they must survive a round
// trip through text bit for bit -- NaN payloads and -0.0 included.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace dmlconf {

enum class DataType : uint8_t {
  kFloat64,
  kFloat32,
  kFloat16,
  kInt64,
  kInt32,
  kInt16,
  kInt8,
  kUint64,
  kUint32,
  kUint16,
  kUint8,
};

inline constexpr int kDataTypeCount = 11;
inline constexpr std::array<DataType, kDataTypeCount> kAllDataTypes = {
    DataType::kFloat64, DataType::kFloat32, DataType::kFloat16, DataType::kInt64,
    DataType::kInt32,   DataType::kInt16,   DataType::kInt8,    DataType::kUint64,
    DataType::kUint32,  DataType::kUint16,  DataType::kUint8,
};

size_t ElementSize(DataType type);
// "FLOAT32", as DirectML spells it without the DML_TENSOR_DATA_TYPE_ prefix.
std::string_view DataTypeName(DataType type);
// Accepts "FLOAT32" and "DML_TENSOR_DATA_TYPE_FLOAT32".
std::optional<DataType> ParseDataType(std::string_view text);
bool IsFloat(DataType type);
bool IsSignedInteger(DataType type);
bool IsUnsignedInteger(DataType type);

// A small set of data types, as a bit mask, for support tables.
class DataTypeSet {
 public:
  constexpr DataTypeSet() = default;
  constexpr DataTypeSet(std::initializer_list<DataType> types) {
    for (DataType t : types) bits_ |= Bit(t);
  }
  constexpr bool Contains(DataType t) const { return (bits_ & Bit(t)) != 0; }
  constexpr bool Empty() const { return bits_ == 0; }
  constexpr void Insert(DataType t) { bits_ |= Bit(t); }
  constexpr bool operator==(const DataTypeSet&) const = default;
  // In kAllDataTypes order.
  template <class Fn>
  void ForEach(Fn&& fn) const {
    for (DataType t : kAllDataTypes)
      if (Contains(t)) fn(t);
  }
  // "FLOAT32 FLOAT16 ..." in kAllDataTypes order.
  std::string ToString() const;

 private:
  static constexpr uint16_t Bit(DataType t) { return uint16_t(1u << unsigned(t)); }
  uint16_t bits_ = 0;
};

// One element's bits: its little-endian bytes, zero-extended into 64 bits.
using ElementBits = uint64_t;

// The bits an element of `type` occupies in an ElementBits: its low 8 x size bits.
inline ElementBits ElementMask(DataType type) {
  const unsigned width = unsigned(ElementSize(type)) * 8;
  return width == 64 ? ~ElementBits{0} : (ElementBits{1} << width) - 1;
}

inline ElementBits LoadElement(const std::byte* p, size_t element_size) {
  ElementBits bits = 0;
  std::memcpy(&bits, p, element_size);  // little-endian host (static_assert in .cc)
  return bits;
}
inline void StoreElement(std::byte* p, size_t element_size, ElementBits bits) {
  std::memcpy(p, &bits, element_size);
}

// Parses one element written in a case file. Accepted forms:
//   hex bit pattern  0x7e01, 0x7fc00001, 0xfff8000000000001 (must fit the type)
//   integers         -128, 255, 18446744073709551615 (range-checked)
//   floats           1.5, -0, 1e-40, inf, -inf, nan (quiet NaN, positive),
//                    also YAML's .inf, -.inf, .nan
// Returns nullopt and sets *error to a sentence on failure.
std::optional<ElementBits> ParseElement(DataType type, std::string_view text, std::string* error);

// Formats bits so that ParseElement gives the same bits back: integers in
// decimal, finite floats in shortest round-trip decimal, infinities as
// inf/-inf, every NaN as its hex bit pattern (payload and sign preserved).
std::string FormatElement(DataType type, ElementBits bits);

// The hex bit pattern, zero-padded to the element width: 0x7fc00001.
std::string FormatBits(DataType type, ElementBits bits);

}  // namespace dmlconf
