#include "backends/c_abi.h"

#include <algorithm>
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

TensorDesc FromC(const dmlconf_tensor_desc& c) {
  if (c.data_type >= uint32_t(kDataTypeCount))
    throw std::invalid_argument("data type " + std::to_string(c.data_type) + " is not one of " +
                                std::to_string(kDataTypeCount));
  TensorDesc t;
  t.data_type = DataType(c.data_type);
  t.flags = c.flags;
  t.sizes.assign(c.sizes, c.sizes + c.dimension_count);
  if (c.strides) t.strides.emplace(c.strides, c.strides + c.stride_count);
  t.total_tensor_size_in_bytes = c.total_tensor_size_in_bytes;
  t.guaranteed_base_offset_alignment = c.guaranteed_base_offset_alignment;
  return t;
}

// The C struct's member of each number kind; a kind missing here does not compile.
template <FieldKind Kind>
constexpr uint32_t dmlconf_operator_desc::*CMember() {
  using C = dmlconf_operator_desc;
  if constexpr (Kind == FieldKind::kAxis)
    return &C::axis;
  else if constexpr (Kind == FieldKind::kIndexDimensions)
    return &C::index_dimensions;
  else if constexpr (Kind == FieldKind::kInputDimensionCount)
    return &C::input_dimension_count;
  else if constexpr (Kind == FieldKind::kIndicesDimensionCount)
    return &C::indices_dimension_count;
  else if constexpr (Kind == FieldKind::kBatchDimensionCount)
    return &C::batch_dimension_count;
  else if constexpr (Kind == FieldKind::kBlockSize)
    return &C::block_size;
  else {
    static_assert(Kind == FieldKind::kOrder, "a field kind the C ABI has no member for");
    return &C::order;
  }
}

std::vector<TensorDesc> FromC(const dmlconf_tensor_desc* c, uint32_t count) {
  std::vector<TensorDesc> tensors;
  for (uint32_t i = 0; i < count; ++i) tensors.push_back(FromC(c[i]));
  return tensors;
}

}  // namespace

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
          if constexpr (!IsTensor(field.kind)) c_.*CMember<field.kind>() = uint32_t(value);
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
          } else {
            value = std::remove_reference_t<decltype(value)>(c.*CMember<kind>());
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
