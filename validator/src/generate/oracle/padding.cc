// PADDING: the pad family's oracle (oracle/pad.h), with the FLOAT value converted as
// contract point V1 promises, computed here on its own; where V1 promises nothing the
// output is left open.
#include <bit>
#include <cmath>
#include <limits>

#include "oracle/pad.h"

namespace dmlconf::generate::oracle {

namespace {

// The value truncated toward zero as an Int, if the type holds it.
template <class Int>
std::optional<ElementBits> Truncated(float value) {
  if (!std::isfinite(value)) return std::nullopt;
  const long double t = std::truncl(value);
  if (t < (long double)std::numeric_limits<Int>::min() ||
      t > (long double)std::numeric_limits<Int>::max())
    return std::nullopt;
  using Unsigned = std::make_unsigned_t<Int>;
  return ElementBits(Unsigned(Int(t)));
}

std::optional<ElementBits> PaddingElement(uint32_t float_bits, DataType type) {
  const float value = std::bit_cast<float>(float_bits);
  switch (type) {
    case DataType::kFloat32: return float_bits;
    case DataType::kFloat16:
      if (std::isnan(value)) return std::nullopt;  // some NaN, its payload not promised
      return Eigen::numext::bit_cast<uint16_t>(Eigen::half(value));
    case DataType::kFloat64:
      if (std::isnan(value)) return std::nullopt;
      return std::bit_cast<uint64_t>(double(value));
    case DataType::kInt64: return Truncated<int64_t>(value);
    case DataType::kInt32: return Truncated<int32_t>(value);
    case DataType::kInt16: return Truncated<int16_t>(value);
    case DataType::kInt8: return Truncated<int8_t>(value);
    case DataType::kUint64: return Truncated<uint64_t>(value);
    case DataType::kUint32: return Truncated<uint32_t>(value);
    case DataType::kUint16: return Truncated<uint16_t>(value);
    case DataType::kUint8: return Truncated<uint8_t>(value);
  }
  return std::nullopt;
}

}  // namespace

template <class T>
Outputs OraclePadding(const PaddingDesc& desc, const std::vector<Values>& in) {
  std::optional<ElementBits> element = 0;
  if (desc.padding_mode == PaddingMode::kConstant)
    element = PaddingElement(desc.padding_value, desc.output_tensor.data_type);
  if (!element) return std::nullopt;
  return std::vector<Values>{OraclePad<T>(desc.input_tensor, in[0], desc.padding_mode,
                                          desc.start_padding, desc.end_padding, *element)};
}

DMLCONF_ORACLE_WIDTHS(Padding, PaddingDesc)

}  // namespace dmlconf::generate::oracle
