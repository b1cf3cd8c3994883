// The pad family: PADDING and PADDING1, the operators whose schema
// (op_schema.inc) has a PaddingMode field. Both put a frame around the input;
// they differ only in how the padding value is given (PADDING: a FLOAT converted
// to the output's type, contract point V1; PADDING1: the element's own bits, V2).
// reference/OPERATORS.md, "PADDING", holds the formulas this file computes.
#pragma once

#include <cstdint>
#include <span>

#include "dmlconf/feature_level.h"
#include "dmlconf/op_desc.h"

namespace dmlconf {

template <class Desc>
inline constexpr bool kIsPad = HasFieldKind<Desc>(FieldKind::kPaddingMode);

// The input index a dimension of size n reads for the unpadded index i, which
// lies before the input (i < 0) or after it (i >= n); i inside [0, n) reads i.
// `mode` is EDGE, REFLECTION, SYMMETRIC or WRAP: CONSTANT reads nothing.
uint32_t PaddingSource(PaddingMode mode, int64_t i, uint32_t n);

// The lowest feature level at which `mode` exists (SYMMETRIC 3_0, WRAP 6_4
// (erratum PD3)); nullopt for a value past WRAP.
std::optional<FeatureLevel> PaddingModeLevel(PaddingMode mode);

// PADDING's FLOAT value as an element of `type` (contract point V1): FLOAT32 its
// own bits; FLOAT16 rounded to nearest even; FLOAT64 widened; an integer type
// the value truncated toward zero when that lies in the type's range. Outside
// what V1 promises (NaN, infinities, a truncation out of range) the bits are
// the low bits of the value truncated to 64 bits (saturated, NaN 0): unspecified,
// but the same in every in-tree implementation.
ElementBits ConvertPaddingValue(uint32_t float32_bits, DataType type);

// Whether V1 promises the element ConvertPaddingValue gives.
bool PaddingValuePromised(uint32_t float32_bits, DataType type);

// One padding call, as the kernels see it: the descriptor's fields with the
// padding element already in the output's type.
struct PaddingProblem {
  const TensorDesc& input;
  const TensorDesc& output;
  PaddingMode mode;
  std::span<const uint32_t> start_padding;
  ElementBits padding_element;  // CONSTANT mode's, in the output's type
};

// The problem of a member's descriptor: PADDING1's value is the element's bits
// (V2; the union's bytes past the type are not read), PADDING's is converted (V1).
template <class Desc>
requires kIsPad<Desc> PaddingProblem ProblemOf(const Desc& desc) {
  const DataType type = desc.output_tensor.data_type;
  ElementBits element = 0;
  if constexpr (HasFieldKind<Desc>(FieldKind::kTypedPaddingValue))
    element = desc.padding_value & ElementMask(type);
  else
    element = ConvertPaddingValue(desc.padding_value, type);
  return {desc.input_tensor, desc.output_tensor, desc.padding_mode, desc.start_padding, element};
}

}  // namespace dmlconf
