// Operator descriptors: DML_*_OPERATOR_DESC with DirectML's field names in
// snake_case, generated from the one schema (op_schema.inc), and the buffers
// one call binds.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "dmlconf/tensor_desc.h"

#include "dmlconf/op_schema.inc"

namespace dmlconf {

enum class OperatorType : uint8_t {
#define DMLCONF_OPERATOR(Type, NAME, Desc) k##Type,
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
};

inline constexpr auto kAllOperatorTypes = std::to_array<OperatorType>({
#define DMLCONF_OPERATOR(Type, NAME, Desc) OperatorType::k##Type,
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
});
inline constexpr size_t kOperatorCount = kAllOperatorTypes.size();

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

// DML_PADDING_MODE. Kept as the raw value, as DepthSpaceOrder, so that an
// invalid one (5) survives loading and is rejected by validation.
enum class PaddingMode : uint32_t {
  kConstant = 0,    // DML_PADDING_MODE_CONSTANT
  kEdge = 1,        // DML_PADDING_MODE_EDGE
  kReflection = 2,  // DML_PADDING_MODE_REFLECTION
  kSymmetric = 3,   // DML_PADDING_MODE_SYMMETRIC, from feature level 3_0
  kWrap = 4,        // DML_PADDING_MODE_WRAP, from feature level 6_4 (erratum PD3)
};
inline constexpr uint32_t kPaddingModeCount = 5;
// "CONSTANT" ... "WRAP"; "MODE_<n>" for an invalid value.
std::string PaddingModeName(PaddingMode mode);
// Accepts the short name, the DML_PADDING_MODE_ name, and any number (kept,
// for validation to reject those past WRAP).
std::optional<PaddingMode> ParsePaddingMode(std::string_view text);

// The kinds of op_schema.inc.
enum class FieldKind : uint8_t {
  kInput,
  kIndices,
  kLengths,
  kUpdates,
  kOutput,
  kInputList,
  kOutputList,
  kAxis,
  kIndexDimensions,
  kInputDimensionCount,
  kIndicesDimensionCount,
  kBatchDimensionCount,
  kBlockSize,
  kOrder,
#define DMLCONF_ARRAY_KIND(Kind, c_member, Element, CountName) k##Kind,
#include "dmlconf/array_kinds.inc"
#undef DMLCONF_ARRAY_KIND
  kPaddingMode,
  kPaddingValue,
  kPaddingValueDataType,
  kTypedPaddingValue,
};
constexpr bool IsTensor(FieldKind k) { return k <= FieldKind::kOutputList; }  // enum order
constexpr bool IsInput(FieldKind k) {
  return k == FieldKind::kInput || k == FieldKind::kIndices || k == FieldKind::kLengths ||
         k == FieldKind::kUpdates || k == FieldKind::kInputList;
}
constexpr bool IsList(FieldKind k) {
  return k == FieldKind::kInputList || k == FieldKind::kOutputList;
}
// Inputs whose values address elements rather than being copied.
constexpr bool IsIndexLike(FieldKind k) {
  return k == FieldKind::kIndices || k == FieldKind::kLengths;
}
// A UINT field read and written as a plain number (every kind but the tensors and Order).
constexpr bool IsNumber(FieldKind k) { return !IsTensor(k) && k != FieldKind::kOrder; }
// A number that counts dimensions: valid up to the rank, so a breaker draws around it.
constexpr bool IsDimensionCount(FieldKind k) {
  return k == FieldKind::kIndexDimensions || k == FieldKind::kInputDimensionCount ||
         k == FieldKind::kIndicesDimensionCount || k == FieldKind::kBatchDimensionCount;
}
// DirectML's count field in front of a list: "InputCount", "OutputCount".
constexpr std::string_view CountName(FieldKind k) {
  return k == FieldKind::kInputList ? "InputCount" : "OutputCount";
}

// The array kinds (array_kinds.inc): per-dimension numbers, DirectML's count first.
constexpr bool IsArray(FieldKind k) {
#define DMLCONF_ARRAY_KIND(Kind, c_member, Element, CountName) k == FieldKind::k##Kind ||
  return
#include "dmlconf/array_kinds.inc"
      false;
#undef DMLCONF_ARRAY_KIND
}
// DirectML's count in front of a descriptor's arrays: "DimensionCount", "RepeatsCount".
constexpr std::string_view ArrayCountName(FieldKind k) {
#define DMLCONF_ARRAY_KIND(Kind, c_member, Element, CountName) \
  if (k == FieldKind::k##Kind) return #CountName;
#include "dmlconf/array_kinds.inc"
#undef DMLCONF_ARRAY_KIND
  return "";
}
// The element type of an array kind's entries: uint32_t (UINT) or int32_t (INT).
template <FieldKind K>
struct ArrayElementOf;
#define DMLCONF_ARRAY_KIND(Kind, c_member, Element, CountName) \
  template <>                                                  \
  struct ArrayElementOf<FieldKind::k##Kind> {                  \
    using type = Element;                                      \
  };
#include "dmlconf/array_kinds.inc"
#undef DMLCONF_ARRAY_KIND
template <FieldKind K>
using ArrayElement = typename ArrayElementOf<K>::type;

// The C++ member of each kind; a kind missing here does not compile.
#define DMLCONF_MEMBER_Input(m) TensorDesc m;
#define DMLCONF_MEMBER_Indices(m) TensorDesc m;
#define DMLCONF_MEMBER_Lengths(m) TensorDesc m;
#define DMLCONF_MEMBER_Updates(m) TensorDesc m;
#define DMLCONF_MEMBER_Output(m) TensorDesc m;
#define DMLCONF_MEMBER_InputList(m) std::vector<TensorDesc> m;   // InputCount = size()
#define DMLCONF_MEMBER_OutputList(m) std::vector<TensorDesc> m;  // OutputCount = size()
#define DMLCONF_MEMBER_Axis(m) uint32_t m = 0;
#define DMLCONF_MEMBER_IndexDimensions(m) uint32_t m = 0;
#define DMLCONF_MEMBER_InputDimensionCount(m) uint32_t m = 0;
#define DMLCONF_MEMBER_IndicesDimensionCount(m) uint32_t m = 0;
#define DMLCONF_MEMBER_BatchDimensionCount(m) uint32_t m = 0;
#define DMLCONF_MEMBER_BlockSize(m) uint32_t m = 1;
#define DMLCONF_MEMBER_Order(m) DepthSpaceOrder m = DepthSpaceOrder::kDepthColumnRow;
// Every array kind: its entries, as many as the descriptor's count (the arrays of one
// descriptor share it; a case file or the C ABI cannot give them different lengths).
#define DMLCONF_MEMBER_ARRAY(Kind, m) std::vector<ArrayElement<FieldKind::k##Kind>> m;
#define DMLCONF_MEMBER_Offsets(m) DMLCONF_MEMBER_ARRAY(Offsets, m)
#define DMLCONF_MEMBER_WindowSizes(m) DMLCONF_MEMBER_ARRAY(WindowSizes, m)
#define DMLCONF_MEMBER_Strides(m) DMLCONF_MEMBER_ARRAY(Strides, m)
#define DMLCONF_MEMBER_SignedStrides(m) DMLCONF_MEMBER_ARRAY(SignedStrides, m)
#define DMLCONF_MEMBER_StartPadding(m) DMLCONF_MEMBER_ARRAY(StartPadding, m)
#define DMLCONF_MEMBER_EndPadding(m) DMLCONF_MEMBER_ARRAY(EndPadding, m)
#define DMLCONF_MEMBER_Repeats(m) DMLCONF_MEMBER_ARRAY(Repeats, m)
#define DMLCONF_MEMBER_PaddingMode(m) PaddingMode m = PaddingMode::kConstant;
// PADDING's FLOAT, kept as its bits: NaN payloads survive, and descriptors compare.
#define DMLCONF_MEMBER_PaddingValue(m) uint32_t m = 0;
#define DMLCONF_MEMBER_PaddingValueDataType(m) DataType m = DataType::kFloat32;
// PADDING1's DML_SCALAR_UNION: its 8 bytes, little-endian, the element's bits in
// the first ElementSize of them (erratum PD5). The bytes after them are 0 for a value
// written as an element; a case may set them (the whole union as 16 hex digits), which
// contract point V2 says no backend reads (DirectML does: ERRATA.md E6).
#define DMLCONF_MEMBER_TypedPaddingValue(m) ElementBits m = 0;
#define DMLCONF_MEMBER(Kind, member, DmlName) DMLCONF_MEMBER_##Kind(member)

// SplitDesc, JoinDesc, ...: the schema's fields, in its order (so aggregate
// initialization follows DirectML's field order).
// clang-format off
#define DMLCONF_OPERATOR(Type, NAME, Desc)         \
  struct Desc {                                    \
    DMLCONF_FIELDS_##Type(DMLCONF_MEMBER)          \
    bool operator==(const Desc&) const = default;  \
  };
// clang-format on
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR

// One field of a descriptor, for code that handles every field alike:
// `ForEachField(desc, [](auto field, auto& value) { ... field.kind ... })`.
template <FieldKind Kind, auto Member>
struct FieldInfo {
  static constexpr FieldKind kind = Kind;
  static constexpr auto member = Member;
  std::string_view name;         // DirectML's: "BlockSize"
  std::string_view member_name;  // the C++ member's: "block_size"
};

template <class Desc>
struct Schema;  // one specialization per operator, below
#define DMLCONF_VISIT_FIELD(Kind, member, DmlName) \
  visit(FieldInfo<FieldKind::k##Kind, &Self::member>{#DmlName, #member});
#define DMLCONF_COUNT_FIELD(Kind, member, DmlName) +1
#define DMLCONF_OPERATOR(Type, NAME, Desc)                                              \
  template <>                                                                           \
  struct Schema<Desc> {                                                                 \
    using Self = Desc;                                                                  \
    static constexpr std::string_view kName = #NAME;                                    \
    static constexpr size_t kFieldCount = 0 DMLCONF_FIELDS_##Type(DMLCONF_COUNT_FIELD); \
    template <class Visit>                                                              \
    static constexpr void ForEach(Visit&& visit) {                                      \
      DMLCONF_FIELDS_##Type(DMLCONF_VISIT_FIELD)                                        \
    }                                                                                   \
  };
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
#undef DMLCONF_VISIT_FIELD
#undef DMLCONF_COUNT_FIELD

// Calls visit(field, value) for every field of `desc`, in the schema's order;
// value is desc's member (const when desc is).
template <class Desc, class Visit>
constexpr void ForEachField(Desc& desc, Visit&& visit) {
  Schema<std::remove_const_t<Desc>>::ForEach(
      [&](auto field) { visit(field, desc.*decltype(field)::member); });
}
// The fields alone, for code that has no descriptor yet.
template <class Desc, class Visit>
constexpr void ForEachFieldOf(Visit&& visit) {
  Schema<Desc>::ForEach(visit);
}

// Whether the operator's schema has a field of `kind`.
template <class Desc>
constexpr bool HasFieldKind(FieldKind kind) {
  bool found = false;
  ForEachFieldOf<Desc>([&](auto field) { found = found || field.kind == kind; });
  return found;
}

// Whether the operator writes an Updates tensor at the positions its Indices
// name, so that several updates may land on one output element.
template <class Desc>
constexpr bool HasUpdates() {
  return HasFieldKind<Desc>(FieldKind::kUpdates);
}

// The count's name in the descriptor ("DimensionCount"), or "" when it has no array.
template <class Desc>
constexpr std::string_view ArrayCountNameOf() {
  std::string_view name;
  Schema<Desc>::ForEach([&](auto field) {
    if (name.empty() && IsArray(field.kind)) name = ArrayCountName(field.kind);
  });
  return name;
}

// The type of a descriptor's TypedPaddingValue: its PaddingValueDataType, which
// DirectML's struct (and so the schema) puts before it.
template <class Desc>
constexpr DataType TypedPaddingValueType(const Desc& desc) {
  DataType type = DataType::kFloat32;
  ForEachField(desc, [&](auto field, const auto& value) {
    if constexpr (field.kind == FieldKind::kPaddingValueDataType) type = value;
  });
  return type;
}

// A TypedPaddingValue is written as one element of `type` when the bytes past the type
// are 0, else as the whole union's bits (UINT64's 16 hex digits).
inline DataType TypedPaddingValueSpelling(DataType type, ElementBits value) {
  return (value & ~ElementMask(type)) == 0 ? type : DataType::kUint64;
}

// Variant index == OperatorType value (both follow ops.inc).
namespace detail {
template <class First, class... Descs>
using VariantOfRest = std::variant<Descs...>;
}  // namespace detail
using OperatorDesc = detail::VariantOfRest<void
#define DMLCONF_OPERATOR(Type, NAME, Desc) , Desc
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
                                           >;

inline OperatorType TypeOf(const OperatorDesc& desc) { return OperatorType(desc.index()); }
// A descriptor of the operator with every field at its default.
OperatorDesc DefaultDesc(OperatorType type);
// "SPLIT", as case files spell it.
std::string_view OperatorName(OperatorType type);
// Accepts "SPLIT" and "DML_OPERATOR_SPLIT".
std::optional<OperatorType> ParseOperatorType(std::string_view text);
// The kind of the operator's index-like field (Indices or Lengths), if it has one.
std::optional<FieldKind> IndexFieldKind(OperatorType type);
inline bool HasIndexTensor(OperatorType type) { return IndexFieldKind(type).has_value(); }

// A tensor of a descriptor with its role, named as DirectML names the field:
// "InputTensor", "IndicesTensor", "InputTensors[1]", "OutputTensors[0]", ...
struct TensorSlot {
  std::string role;
  const TensorDesc* desc;
  FieldKind kind = FieldKind::kInput;
};
// Inputs in binding order: the schema's input fields in order, lists expanded.
// The slots point into `desc`: keep it alive (hence the deleted rvalue overloads).
std::vector<TensorSlot> InputSlots(const OperatorDesc& desc);
// GATHER's IndicesTensor and REVERSE_SUBSEQUENCES' SequenceLengthsTensor:
// inputs whose values address elements rather than being copied.
inline bool HoldsIndices(const TensorSlot& slot) { return IsIndexLike(slot.kind); }
// Outputs in binding order, likewise.
std::vector<TensorSlot> OutputSlots(const OperatorDesc& desc);
std::vector<TensorSlot> InputSlots(OperatorDesc&&) = delete;
std::vector<TensorSlot> OutputSlots(OperatorDesc&&) = delete;

// The same for a concrete descriptor, without converting it to a (temporary)
// OperatorDesc.
template <class Desc>
requires(Schema<Desc>::kFieldCount > 0) std::vector<TensorSlot> Slots(const Desc& desc,
                                                                      bool inputs) {
  std::vector<TensorSlot> slots;
  ForEachField(desc, [&](auto field, const auto& value) {
    if constexpr (IsTensor(field.kind)) {
      if (IsInput(field.kind) != inputs) return;
      if constexpr (IsList(field.kind)) {
        for (size_t i = 0; i < value.size(); ++i)
          slots.push_back(
              {std::string(field.name) + "[" + std::to_string(i) + "]", &value[i], field.kind});
      } else {
        slots.push_back({std::string(field.name), &value, field.kind});
      }
    }
  });
  return slots;
}
template <class Desc>
requires(Schema<Desc>::kFieldCount > 0) std::vector<TensorSlot> InputSlots(const Desc& desc) {
  return Slots(desc, true);
}
template <class Desc>
requires(Schema<Desc>::kFieldCount > 0) std::vector<TensorSlot> OutputSlots(const Desc& desc) {
  return Slots(desc, false);
}

// The memory of one operator call: one buffer per slot, in slot order, each at
// least that tensor's TotalBytes() long. Inputs are read only.
struct Bindings {
  std::vector<const std::byte*> inputs;
  std::vector<std::byte*> outputs;
};

}  // namespace dmlconf
