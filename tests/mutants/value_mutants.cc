// Value mutants: the honest kernels, then every output element of one data type
// passed through a lossy path, as a backend that moves values instead of bits
// would. Every operator is affected; the data type decides.
#include "mutants/mutant.h"

#include "dmlconf/float_fields.h"

namespace dmlconf::mutants {

namespace {

using Rewrite = ElementBits (*)(DataType type, ElementBits bits);

// Runs the honest kernels, then rewrites each output element through `rewrite`.
void ExecuteThenRewriteOutputs(const OperatorDesc& desc, const Bindings& bindings,
                               Rewrite rewrite) {
  naive::Execute(desc, bindings);
  const std::vector<TensorSlot> outputs = OutputSlots(desc);
  for (size_t i = 0; i < outputs.size(); ++i) {
    const DataType type = outputs[i].desc->data_type;
    TransformElements(*outputs[i].desc, bindings.outputs[i],
                      [&](ElementBits bits) { return rewrite(type, bits); });
  }
}

bool IsNan(FloatFields f, ElementBits bits) {
  return (bits & f.exponent) == f.exponent && (bits & ~(f.sign | f.exponent)) != 0;
}

// FLOAT16 widened to FLOAT32 and narrowed back, as F16C's vcvtph2ps /
// vcvtps2ph do: every value survives except a signalling NaN, which the
// widening quiets (payload kept, quiet bit set).
ElementBits Float16ThroughFloat32(DataType type, ElementBits bits) {
  if (type != DataType::kFloat16) return bits;
  const FloatFields f = FloatFieldsOf(type);
  return IsNan(f, bits) ? bits | f.quiet : bits;
}

// x + 0.0 or a "x == 0 ? 0 : x" fast path: -0 comes out as +0.
ElementBits NegativeZeroCanonicalised(DataType type, ElementBits bits) {
  if (!IsFloat(type)) return bits;
  return bits == FloatFieldsOf(type).sign ? 0 : bits;
}

// Flush to zero, as a copy through an FTZ/DAZ float unit does: a subnormal
// comes out as a zero of its sign.
ElementBits SubnormalsFlushed(DataType type, ElementBits bits) {
  if (!IsFloat(type)) return bits;
  const FloatFields f = FloatFieldsOf(type);
  return (bits & f.exponent) == 0 ? bits & f.sign : bits;
}

// Every NaN written as the default quiet NaN (sign and payload lost).
ElementBits NanCanonicalised(DataType type, ElementBits bits) {
  if (!IsFloat(type)) return bits;
  const FloatFields f = FloatFieldsOf(type);
  return IsNan(f, bits) ? f.exponent | f.quiet : bits;
}

// INT64 moved through a 32-bit integer: the low half, sign-extended.
ElementBits Int64TruncatedTo32Bits(DataType type, ElementBits bits) {
  if (type != DataType::kInt64) return bits;
  return ElementBits(int64_t(int32_t(uint32_t(bits))));
}

// UINT8 widened with a sign extension (movsx) and packed back with unsigned
// saturation (packuswb): every byte from 0x80 up was negative and becomes 0.
ElementBits Uint8SignExtended(DataType type, ElementBits bits) {
  if (type != DataType::kUint8) return bits;
  return int8_t(uint8_t(bits)) < 0 ? 0 : bits;
}

template <Rewrite rewrite>
void Execute(const OperatorDesc& desc, const Bindings& bindings) {
  ExecuteThenRewriteOutputs(desc, bindings, rewrite);
}

}  // namespace

std::vector<Mutant> ValueMutants() {
  return {
      {"float16-through-float32",
       "FLOAT16 goes through FLOAT32 and back, which quiets signalling NaNs", Validate,
       Execute<Float16ThroughFloat32>},
      {"negative-zero-canonicalised", "-0.0 is written as +0.0 (FLOAT16, FLOAT32, FLOAT64)",
       Validate, Execute<NegativeZeroCanonicalised>},
      {"subnormals-flushed", "subnormals are written as zeros of their sign (FTZ/DAZ)", Validate,
       Execute<SubnormalsFlushed>},
      {"nan-canonicalised", "every NaN is written as the default quiet NaN", Validate,
       Execute<NanCanonicalised>},
      {"int64-truncated-to-32-bits", "INT64 goes through a 32-bit integer (sign-extended back)",
       Validate, Execute<Int64TruncatedTo32Bits>},
      {"uint8-sign-extended",
       "UINT8 is sign-extended and packed back with unsigned saturation: 0x80..0xFF become 0",
       Validate, Execute<Uint8SignExtended>},
  };
}

}  // namespace dmlconf::mutants
