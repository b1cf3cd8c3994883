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
  void ParseTensors(const std::string& operator_name, const nlohmann::json& d);
  const BufferTensor* AddTensor(const nlohmann::json& d, const std::string& field);

  std::deque<BufferTensor> tensors_;             // a deque: pointers stay valid
  std::vector<DML_TENSOR_DESC> tensor_array_;    // JOIN's inputs or SPLIT's outputs
  std::vector<const BufferTensor*> inputs_, outputs_;
  union {
    DML_SPLIT_OPERATOR_DESC split;
    DML_JOIN_OPERATOR_DESC join;
    DML_GATHER_OPERATOR_DESC gather;
    DML_DEPTH_TO_SPACE1_OPERATOR_DESC depth_to_space;
    DML_SPACE_TO_DEPTH1_OPERATOR_DESC space_to_depth;
    DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC reverse_subsequences;
  } op_{};
  DML_OPERATOR_DESC desc_{};
  bool corrupts_directml_memory_ = false;
};

// Bytes per element of a DirectML data type; 0 for one this host does not know.
uint32_t ElementSize(DML_TENSOR_DATA_TYPE type);
