// Where a float type keeps its sign, its exponent and the quiet bit of a NaN: what
// reading an element as -0, a subnormal, an infinity or a NaN takes.
#pragma once

#include "dmlconf/data_type.h"

namespace dmlconf {

// Where a float type (FLOAT16, FLOAT32, FLOAT64) keeps its sign, its exponent and the
// quiet bit of a NaN, as masks of its ElementBits.
struct FloatFields {
  ElementBits sign, exponent, quiet;
};
inline FloatFields FloatFieldsOf(DataType type) {
  switch (type) {
    case DataType::kFloat16: return {0x8000, 0x7C00, 0x0200};
    case DataType::kFloat32: return {0x80000000, 0x7F800000, 0x00400000};
    default: return {0x8000000000000000, 0x7FF0000000000000, 0x0008000000000000};
  }
}

}  // namespace dmlconf
