// A case descriptor (cases/README.md spelling, as JSON) turned into DirectML's own
// operator description, owning every array the description points into.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dml_headers.h"
#include "dmlconf/op_schema.inc"

// One DML_BUFFER_TENSOR_DESC with the arrays it points to.
struct BufferTensor {
  std::vector<UINT> sizes;
  std::vector<UINT> strides;  // empty: packed, and Strides is null
  DML_BUFFER_TENSOR_DESC buffer{};
  DML_TENSOR_DESC tensor{};
};

class OperatorDescription {
 public:
  // Fills *out, or returns a sentence saying why the descriptor cannot be written as a
  // DML desc at all (a field missing, a negative size, Strides and Sizes of different
  // lengths). Everything DirectML can be asked about is passed on for it to judge.
  static std::string Parse(const std::string& operator_name, const nlohmann::json& descriptor,
                           std::unique_ptr<OperatorDescription>* out);

  const DML_OPERATOR_DESC& desc() const { return desc_; }
  // In binding order (validator/BACKENDS.md): the tensors behind inputs and outputs.
  const std::vector<const BufferTensor*>& inputs() const { return inputs_; }
  const std::vector<const BufferTensor*>& outputs() const { return outputs_; }

  // DirectML 1.15.4 corrupts its own memory on some GATHERs (descriptor.cpp says
  // which): garbage values, and later, unrelated cases in the same process fail or
  // crash (tools/directml/README.md). Such a case is run in a process of its own.
  bool corrupts_directml_memory() const { return corrupts_directml_memory_; }

  OperatorDescription() = default;
  OperatorDescription(const OperatorDescription&) = delete;
  OperatorDescription& operator=(const OperatorDescription&) = delete;

 private:
  // The DML desc of the operator named, field by field as op_schema.inc lists them.
  void ParseFields(const std::string& operator_name, const nlohmann::json& d);
  bool GatherCorruptsMemory() const;
  const BufferTensor* AddTensor(const nlohmann::json& d, const std::string& field);
  // One tensor field, or a list field with its count, added to `side` (inputs_ or
  // outputs_) in binding order.
  const BufferTensor* Single(const nlohmann::json& d, const char* field,
                             std::vector<const BufferTensor*>* side);
  std::pair<UINT, const DML_TENSOR_DESC*> List(const nlohmann::json& d, const char* field,
                                               const char* count,
                                               std::vector<const BufferTensor*>* side);

  // An array field (dmlconf/array_kinds.inc) with the count its DML desc puts first: all
  // the arrays of one desc share it, so they must be as long as each other.
  template <class Element>
  std::pair<UINT, const Element*> Array(const nlohmann::json& d, const char* field,
                                        const char* count);

  std::deque<BufferTensor> tensors_;                        // a deque: pointers stay valid
  std::deque<std::vector<UINT>> uint_arrays_;               // the window family's arrays
  std::deque<std::vector<INT>> int_arrays_;                 // SLICE1's strides
  int64_t array_length_ = -1;                               // -1: no array read yet
  std::deque<std::vector<DML_TENSOR_DESC>> tensor_arrays_;  // JOIN's inputs, SPLIT's outputs
  std::vector<const BufferTensor*> inputs_, outputs_;
  // One member per operator of ops.inc, named by its Type: DML_SPLIT_OPERATOR_DESC Split...
  union {
#define DMLCONF_OPERATOR(Type, NAME, Desc) DML_##NAME##_OPERATOR_DESC Type;
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
  } op_{};
  DML_OPERATOR_DESC desc_{};
  bool corrupts_directml_memory_ = false;
};

// Bytes per element of a DirectML data type; 0 for one this host does not know.
uint32_t ElementSize(DML_TENSOR_DATA_TYPE type);
