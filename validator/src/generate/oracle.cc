// The oracle's entry: each operator's own oracle (oracle/<operator>.cc), at the
// width of its elements.
#include "oracle.h"

#include "oracle/oracle_tensor.h"

namespace dmlconf::generate {

namespace {

#define DMLCONF_OPERATOR(Type, NAME, Desc)                                   \
  template <class T>                                                         \
  oracle::Outputs Compute(const Desc& desc, const std::vector<Values>& in) { \
    return oracle::Oracle##Type<T>(desc, in);                                \
  }
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR

template <class T>
oracle::Outputs Compute(const OperatorDesc& desc, const std::vector<Values>& in) {
  return std::visit([&](const auto& d) { return Compute<T>(d, in); }, desc);
}

}  // namespace

int64_t IndexValue(DataType type, ElementBits bits) {
  const unsigned width = unsigned(ElementSize(type)) * 8;
  if (width == 64) {
    if (IsSignedInteger(type)) return int64_t(bits);
    // A UINT64 above INT64_MAX is beyond any axis (sizes are 32-bit); it must
    // not wrap to a negative index that counts from the end.
    return bits > uint64_t(INT64_MAX) ? INT64_MAX : int64_t(bits);
  }
  const ElementBits mask = ElementMask(type);
  bits &= mask;
  if (IsSignedInteger(type) && (bits >> (width - 1)) != 0) return int64_t(bits | ~mask);
  return int64_t(bits);
}

std::optional<std::vector<Values>> OracleOutputs(const OperatorDesc& desc,
                                                 const std::vector<Values>& inputs) {
  switch (InputSlots(desc).front().desc->ElementSize()) {
    case 1: return Compute<uint8_t>(desc, inputs);
    case 2: return Compute<uint16_t>(desc, inputs);
    case 4: return Compute<uint32_t>(desc, inputs);
    default: return Compute<uint64_t>(desc, inputs);
  }
}

std::vector<OneOf> OracleOneOf(const OperatorDesc& desc, const std::vector<Values>& inputs) {
  return std::visit(
      [&](const auto& d) -> std::vector<OneOf> {
        if constexpr (HasUpdates<std::decay_t<decltype(d)>>())
          return oracle::OracleOneOf(d, inputs);
        return {};
      },
      desc);
}

}  // namespace dmlconf::generate
