// Operator descriptors: DML_*_OPERATOR_DESC with DirectML's field names in
// snake_case, and the buffers one call binds.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "dmlconf/tensor_desc.h"

namespace dmlconf {

enum class OperatorType : uint8_t {
#define DMLCONF_OPERATOR(Type, NAME, Desc) k##Type,
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
};

inline constexpr std::array<OperatorType, 6> kAllOperatorTypes = {
#define DMLCONF_OPERATOR(Type, NAME, Desc) OperatorType::k##Type,
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
};

// DML_DEPTH_SPACE_ORDER. Kept as the raw value so that an invalid one (2)
// survives loading and is rejected by validation.
enum class DepthSpaceOrder : uint32_t {
  kDepthColumnRow = 0,  // DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW (ONNX DCR)
  kColumnRowDepth = 1,  // DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH (ONNX CRD)
};
// "DEPTH_COLUMN_ROW" / "COLUMN_ROW_DEPTH"; "ORDER_<n>" for an invalid value.
std::string DepthSpaceOrderName(DepthSpaceOrder order);
// Accepts the short name, the DML_DEPTH_SPACE_ORDER_ name, and 0 / 1 (any
// other number is kept, for validation to reject).
std::optional<DepthSpaceOrder> ParseDepthSpaceOrder(std::string_view text);

struct SplitDesc {
  TensorDesc input_tensor;
  std::vector<TensorDesc> output_tensors;  // OutputCount = size()
  uint32_t axis = 0;
  bool operator==(const SplitDesc&) const = default;
};

struct JoinDesc {
  std::vector<TensorDesc> input_tensors;  // InputCount = size()
  TensorDesc output_tensor;
  uint32_t axis = 0;
  bool operator==(const JoinDesc&) const = default;
};

struct GatherDesc {
  TensorDesc input_tensor;
  TensorDesc indices_tensor;
  TensorDesc output_tensor;
  uint32_t axis = 0;
  uint32_t index_dimensions = 0;
  bool operator==(const GatherDesc&) const = default;
};

struct DepthToSpace1Desc {
  TensorDesc input_tensor;   // {N, C, H, W}
  TensorDesc output_tensor;  // {N, C/(B*B), H*B, W*B}
  uint32_t block_size = 1;
  DepthSpaceOrder order = DepthSpaceOrder::kDepthColumnRow;
  bool operator==(const DepthToSpace1Desc&) const = default;
};

struct SpaceToDepth1Desc {
  TensorDesc input_tensor;   // {N, C, H, W}
  TensorDesc output_tensor;  // {N, C*B*B, H/B, W/B}
  uint32_t block_size = 1;
  DepthSpaceOrder order = DepthSpaceOrder::kDepthColumnRow;
  bool operator==(const SpaceToDepth1Desc&) const = default;
};

struct ReverseSubsequencesDesc {
  TensorDesc input_tensor;
  TensorDesc sequence_lengths_tensor;  // input's sizes with 1 along axis
  TensorDesc output_tensor;
  uint32_t axis = 0;
  bool operator==(const ReverseSubsequencesDesc&) const = default;
};

// Variant index == OperatorType value (both follow ops.inc; checked in op_desc.cc).
using OperatorDesc = std::variant<SplitDesc, JoinDesc, GatherDesc, DepthToSpace1Desc,
                                  SpaceToDepth1Desc, ReverseSubsequencesDesc>;

inline OperatorType TypeOf(const OperatorDesc& desc) { return OperatorType(desc.index()); }
// "SPLIT", as case files spell it.
std::string_view OperatorName(OperatorType type);
// Accepts "SPLIT" and "DML_OPERATOR_SPLIT".
std::optional<OperatorType> ParseOperatorType(std::string_view text);

// A tensor of a descriptor with its role, named as DirectML names the field:
// "InputTensor", "IndicesTensor", "InputTensors[1]", "OutputTensors[0]", ...
struct TensorSlot {
  std::string role;
  const TensorDesc* desc;
};
// Inputs in binding order: SPLIT {InputTensor}; JOIN {InputTensors[i]...};
// GATHER {InputTensor, IndicesTensor}; DEPTH_TO_SPACE1 / SPACE_TO_DEPTH1
// {InputTensor}; REVERSE_SUBSEQUENCES {InputTensor, SequenceLengthsTensor}.
// The slots point into `desc`: keep it alive (hence the deleted rvalue overloads).
std::vector<TensorSlot> InputSlots(const OperatorDesc& desc);
// GATHER's IndicesTensor and REVERSE_SUBSEQUENCES' SequenceLengthsTensor:
// inputs whose values address elements rather than being copied.
bool HoldsIndices(const TensorSlot& slot);
// Outputs in binding order: SPLIT {OutputTensors[i]...}; others {OutputTensor}.
std::vector<TensorSlot> OutputSlots(const OperatorDesc& desc);
std::vector<TensorSlot> InputSlots(OperatorDesc&&) = delete;
std::vector<TensorSlot> OutputSlots(OperatorDesc&&) = delete;
// The same for a concrete descriptor, without converting it to a (temporary)
// OperatorDesc.
#define DMLCONF_OPERATOR(Type, NAME, Desc)          \
  std::vector<TensorSlot> InputSlots(const Desc& desc); \
  std::vector<TensorSlot> OutputSlots(const Desc& desc);
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR

// The memory of one operator call: one buffer per slot, in slot order, each at
// least that tensor's TotalBytes() long. Inputs are read only.
struct Bindings {
  std::vector<const std::byte*> inputs;
  std::vector<std::byte*> outputs;
};

}  // namespace dmlconf
