// Case names, as the generator and the fuzzer both write them:
// "gather/fl6_4/float16/r5/idx-int32/cell", "…/fuzz/align128+in-broadcast".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dmlconf/feature_level.h"
#include "dmlconf/op_desc.h"

namespace dmlconf::generate {

// "depth_to_space1"; "fl4_1"; "float16"; "gather/fl3_0/float16/r5".
std::string Slug(OperatorType op);
std::string LevelTag(FeatureLevel level);
std::string TypeTag(DataType type);
// "1x8x2x3".
std::string SizesTag(const std::vector<uint32_t>& sizes);
std::string CellName(OperatorType op, FeatureLevel level, DataType type, uint32_t rank);
// "/idx-int32" (an Indices field), "/len-uint32" (a Lengths field), or "".
std::string IndexPart(OperatorType op, DataType index_type);
// The descriptor's fields that are not tensors, in the schema's order (op_schema.inc):
// "axis1+indexdimensions2", "blocksize3+order-crd" (an order by its words' initials);
// "" when there is none. A fuzz case's name holds it, so a glob can cover one class.
std::string FieldsTag(const OperatorDesc& desc);

}  // namespace dmlconf::generate
