#include "backends/c_abi.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

namespace dmlconf {

// The C enums follow data_type.h and ops.inc, so a cast translates them.
static_assert(DMLCONF_UINT8 == int(DataType::kUint8) && DMLCONF_FLOAT64 == int(DataType::kFloat64));
static_assert(DMLCONF_OPERATOR_COUNT == kOperatorCount);

namespace {

dmlconf_tensor_desc ToC(const TensorDesc& t) {
  // A present but empty Strides list must not read as "absent" (NULL).
  static constexpr uint32_t kNoEntries = 0;
  dmlconf_tensor_desc c{};
  c.data_type = uint32_t(t.data_type);
  c.flags = t.flags;
  c.dimension_count = t.DimensionCount();
  c.sizes = t.sizes.data();
  if (t.strides) {
    c.stride_count = uint32_t(t.strides->size());
    c.strides = t.strides->empty() ? &kNoEntries : t.strides->data();
  }
  c.total_tensor_size_in_bytes = t.TotalBytes();
  c.guaranteed_base_offset_alignment = t.guaranteed_base_offset_alignment;
  return c;
}

DataType DataTypeFromC(uint32_t data_type) {
  if (data_type >= uint32_t(kDataTypeCount))
    throw std::invalid_argument("data type " + std::to_string(data_type) + " is not one of " +
                                std::to_string(kDataTypeCount));
  return DataType(data_type);
}

TensorDesc FromC(const dmlconf_tensor_desc& c) {
  TensorDesc t;
  t.data_type = DataTypeFromC(c.data_type);
  t.flags = c.flags;
  t.sizes.assign(c.sizes, c.sizes + c.dimension_count);
  if (c.strides) t.strides.emplace(c.strides, c.strides + c.stride_count);
  t.total_tensor_size_in_bytes = c.total_tensor_size_in_bytes;
  t.guaranteed_base_offset_alignment = c.guaranteed_base_offset_alignment;
  return t;
}

std::vector<TensorDesc> FromC(const dmlconf_tensor_desc* c, uint32_t count) {
  std::vector<TensorDesc> tensors;
  for (uint32_t i = 0; i < count; ++i) tensors.push_back(FromC(c[i]));
  return tensors;
}

// The C member of an array kind (C: dmlconf_operator_desc, const or not).
template <FieldKind Kind, class C>
decltype(auto) CArray(C& c) {
#define DMLCONF_ARRAY_KIND(K, c_member, Element, CountName) \
  if constexpr (Kind == FieldKind::k##K) return (c.c_member);
#include "dmlconf/array_kinds.inc"
#undef DMLCONF_ARRAY_KIND
}

}  // namespace

template <FieldKind Kind>
void CDesc::SetArray(const std::vector<ArrayElement<Kind>>& entries) {
  // The arrays of one descriptor share one count; the shortest keeps every pointer valid
  // (a descriptor whose arrays differ in length is not one DirectML can hold).
  c_.array_count = array_set_ ? std::min<uint32_t>(c_.array_count, uint32_t(entries.size()))
                              : uint32_t(entries.size());
  array_set_ = true;
  CArray<Kind>(c_) = entries.data();
}

CDesc::CDesc(const OperatorDesc& desc) {
  for (const TensorSlot& slot : InputSlots(desc)) inputs_.push_back(ToC(*slot.desc));
  for (const TensorSlot& slot : OutputSlots(desc)) outputs_.push_back(ToC(*slot.desc));
  c_.op = uint32_t(TypeOf(desc));
  c_.input_count = uint32_t(inputs_.size());
  c_.inputs = inputs_.data();
  c_.output_count = uint32_t(outputs_.size());
  c_.outputs = outputs_.data();
  std::visit(
      [this](const auto& d) {
        ForEachField(d, [this](auto field, const auto& value) {
          constexpr FieldKind kind = field.kind;
          if constexpr (kind == FieldKind::kAxis)
            c_.axis = value;
          else if constexpr (kind == FieldKind::kIndexDimensions)
            c_.index_dimensions = value;
          else if constexpr (kind == FieldKind::kInputDimensionCount)
            c_.input_dimension_count = value;
          else if constexpr (kind == FieldKind::kIndicesDimensionCount)
            c_.indices_dimension_count = value;
          else if constexpr (kind == FieldKind::kBatchDimensionCount)
            c_.batch_dimension_count = value;
          else if constexpr (kind == FieldKind::kBlockSize)
            c_.block_size = value;
          else if constexpr (kind == FieldKind::kOrder)
            c_.order = uint32_t(value);
          else if constexpr (IsArray(kind))
            SetArray<kind>(value);
          else if constexpr (kind == FieldKind::kPaddingMode)
            c_.padding_mode = uint32_t(value);
          else if constexpr (kind == FieldKind::kPaddingValue)
            c_.padding_value = std::bit_cast<float>(value);
          else if constexpr (kind == FieldKind::kPaddingValueDataType)
            c_.padding_value_data_type = uint32_t(value);
          else if constexpr (kind == FieldKind::kTypedPaddingValue)
            c_.typed_padding_value = value;
          else
            static_assert(IsTensor(kind), "a field kind the C ABI has no member for");
        });
      },
      desc);
}

OperatorDesc FromC(const dmlconf_operator_desc& c) {
  if (c.op >= kOperatorCount)
    throw std::invalid_argument("operator " + std::to_string(c.op) + " is not one of dmlconf's");
  const std::vector<TensorDesc> in = FromC(c.inputs, c.input_count);
  const std::vector<TensorDesc> out = FromC(c.outputs, c.output_count);
  OperatorDesc desc = DefaultDesc(OperatorType(c.op));
  std::visit(
      [&](auto& d) {
        size_t next_in = 0, next_out = 0;
        ForEachField(d, [&](auto field, auto& value) {
          constexpr FieldKind kind = field.kind;
          const std::vector<TensorDesc>& side = IsInput(kind) ? in : out;
          size_t& next = IsInput(kind) ? next_in : next_out;
          if constexpr (IsList(kind)) {
            value.assign(side.begin() + std::ptrdiff_t(std::min(next, side.size())), side.end());
            next = side.size();
          } else if constexpr (IsTensor(kind)) {
            if (next >= side.size())
              throw std::invalid_argument(std::string(field.name) + " is missing: " +
                                          std::to_string(side.size()) + " tensors given");
            value = side[next++];
          } else if constexpr (kind == FieldKind::kAxis) {
            value = c.axis;
          } else if constexpr (kind == FieldKind::kIndexDimensions) {
            value = c.index_dimensions;
          } else if constexpr (kind == FieldKind::kInputDimensionCount) {
            value = c.input_dimension_count;
          } else if constexpr (kind == FieldKind::kIndicesDimensionCount) {
            value = c.indices_dimension_count;
          } else if constexpr (kind == FieldKind::kBatchDimensionCount) {
            value = c.batch_dimension_count;
          } else if constexpr (kind == FieldKind::kBlockSize) {
            value = c.block_size;
          } else if constexpr (kind == FieldKind::kOrder) {
            value = DepthSpaceOrder(c.order);
          } else if constexpr (kind == FieldKind::kPaddingMode) {
            value = PaddingMode(c.padding_mode);
          } else if constexpr (kind == FieldKind::kPaddingValue) {
            value = std::bit_cast<uint32_t>(c.padding_value);
          } else if constexpr (kind == FieldKind::kPaddingValueDataType) {
            value = DataTypeFromC(c.padding_value_data_type);
          } else if constexpr (kind == FieldKind::kTypedPaddingValue) {
            value = c.typed_padding_value;
          } else {
            static_assert(IsArray(kind), "a field kind the C ABI has no member for");
            const auto* entries = CArray<kind>(c);
            if (entries == nullptr && c.array_count != 0)
              throw std::invalid_argument(std::string(field.name) + " is NULL but array_count is " +
                                          std::to_string(c.array_count));
            value.assign(entries, entries + (entries ? c.array_count : 0));
          }
        });
      },
      desc);
  return desc;
}

uint32_t DirectMlLevel(FeatureLevel level) {
  const std::string_view name = FeatureLevelName(level);
  return uint32_t(name[0] - '0') << 12 | uint32_t(name[2] - '0') << 8;
}

}  // namespace dmlconf
