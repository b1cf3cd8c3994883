// Descriptors across the C ABI of validator/include/dmlconf/dmlconf_backend.h, both
// ways, field by field as the operator schema (op_schema.inc) lists them: every
// tensor field is a slot of `inputs` or `outputs`, every other field kind has its
// member of dmlconf_operator_desc (a kind without one does not compile). A new
// kind's member is appended, so version 1's layout before it stays as it was.
#pragma once

#include <vector>

#include "dmlconf/dmlconf_backend.h"
#include "dmlconf/feature_level.h"
#include "dmlconf/op_desc.h"

namespace dmlconf {

// The C view of one OperatorDesc. It points into the descriptor, which must
// outlive it. TotalTensorSizeInBytes is always given: the one in the descriptor,
// else the minimum.
class CDesc {
 public:
  explicit CDesc(const OperatorDesc& desc);
  const dmlconf_operator_desc* get() const { return &c_; }

 private:
  template <FieldKind Kind>
  void SetArray(const std::vector<ArrayElement<Kind>>& entries);

  std::vector<dmlconf_tensor_desc> inputs_, outputs_;
  dmlconf_operator_desc c_{};
  bool array_set_ = false;
};

// The descriptor a C view describes (a plug-in's view of what dmlconf sent).
// Throws std::invalid_argument on an operator, tensor count or data type no
// descriptor can have.
OperatorDesc FromC(const dmlconf_operator_desc& c);

// DirectML's DML_FEATURE_LEVEL value: "3_1" -> 0x3100.
uint32_t DirectMlLevel(FeatureLevel level);

}  // namespace dmlconf
