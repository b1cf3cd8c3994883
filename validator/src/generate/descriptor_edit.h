// Editing a descriptor whatever its operator, through its schema: the generator's
// common case families (common_cases.h) and the fuzzer's broken descriptors
// (validator/src/fuzz) both use them.
#pragma once

#include <cstdint>
#include <vector>

#include "dmlconf/op_desc.h"

namespace dmlconf::generate {

// The tensors, as pointers into the descriptor they belong to (which is not const
// where these are called: the slots only hand out const pointers).
std::vector<TensorDesc*> Mutable(const std::vector<TensorSlot>& slots);
std::vector<TensorDesc*> AllTensors(OperatorDesc& d);  // inputs, then outputs
// The Axis field, where the operator's schema has one (Axis() is 0 otherwise).
bool HasAxis(const OperatorDesc& d);
void SetAxis(OperatorDesc& d, uint32_t axis);
uint32_t Axis(const OperatorDesc& d);

}  // namespace dmlconf::generate
