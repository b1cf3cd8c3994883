// A descriptor as JSON, spelled as the case files spell it (cases/README.md):
// what the exec: and serve: protocols send (validator/BACKENDS.md).
#pragma once

#include <nlohmann/json.hpp>

#include "dmlconf/op_desc.h"

namespace dmlconf {

// Optional tensor fields (Strides, TotalTensorSizeInBytes,
// GuaranteedBaseOffsetAlignment, Flags) appear only when the case gives them.
nlohmann::json DescriptorJson(const OperatorDesc& desc);

}  // namespace dmlconf
