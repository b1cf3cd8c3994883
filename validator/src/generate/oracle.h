// An independent oracle for the expected outputs of generated cases: Eigen
// Tensor views (slice, concatenate, reshape + shuffle, reverse, chip) over the
// logical data. It shares no code with dmlconf::naive or dmlconf::blocked, so
// a bug there cannot hide in the expected values.
#pragma once

#include <optional>
#include <vector>

#include "dmlconf/op_desc.h"

namespace dmlconf::generate {

// A tensor's logical elements in row-major order of its Sizes, one element's
// bits each. Strides never change logical values, so the oracle ignores them.
using Values = std::vector<ElementBits>;

// The outputs' logical values, in OutputSlots order, from the inputs' logical
// values in InputSlots order. Preconditions: the descriptor is valid. Returns
// nullopt when the specification leaves the output open (a GATHER index
// outside the Axis dimension). Throws std::invalid_argument for a GATHER whose
// IndicesTensor has a leading (non-index) dimension larger than 1: contract
// point G4 leaves that implementation-defined, so no output can be expected.
std::optional<std::vector<Values>> OracleOutputs(const OperatorDesc& desc,
                                                 const std::vector<Values>& inputs);

// An output element several updates write (SCATTER_ELEMENTS with duplicate
// indices): the pages leave which lands, so it must hold one of `values`, bit for
// bit. `element` counts the output's logical elements in row-major order.
struct OneOf {
  size_t output = 0;  // OutputSlots position
  uint64_t element = 0;
  Values values;  // distinct, in the order the updates come
};
// The elements of a valid descriptor's outputs that updates with different bits
// contest, in output then element order; empty for an operator without an Updates
// field (op_schema.inc). OracleOutputs' value at such an element is the last
// update in row-major order: one of `values`.
std::vector<OneOf> OracleOneOf(const OperatorDesc& desc, const std::vector<Values>& inputs);

// An index or sequence-length element's value: sign-extended for signed types;
// a UINT64 above INT64_MAX saturates to INT64_MAX (beyond any axis).
int64_t IndexValue(DataType type, ElementBits bits);

}  // namespace dmlconf::generate
