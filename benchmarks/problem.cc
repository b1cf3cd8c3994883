#include "problem.h"

#include "dmlconf/depth_space.h"
#include "dmlconf/nd.h"

#include <algorithm>
#include <cassert>
#include <random>

namespace dmlconf::bench {
namespace {

// Distinct bytes, so that a peer that copied the wrong element would not be
// faster by accident on a constant page.
void FillPattern(std::vector<std::byte>& buffer) {
  for (size_t i = 0; i < buffer.size(); ++i) buffer[i] = std::byte((i * 131 + 7) & 0xFF);
}

void FillIndices(std::vector<std::byte>& buffer, const TensorDesc& indices, uint32_t limit) {
  assert(indices.data_type == DataType::kUint32);
  std::mt19937 random(12345);
  std::uniform_int_distribution<uint32_t> pick(0, limit - 1);
  for (uint64_t i = 0; i < indices.ElementCount(); ++i)
    StoreElement(buffer.data() + i * 4, 4, pick(random));
}

// What index values are drawn below: the first input's size along Axis (GATHER,
// GATHER_ELEMENTS; SCATTER_ELEMENTS' output has the input's sizes), or the ND operators'
// smallest selected size.
uint32_t AxisSizeOfFirstInput(const OperatorDesc& desc) {
  // The ND operators: the smallest dimension a tuple selects, so every coordinate is in range.
  if (const std::vector<uint32_t> selected = NdSelectedSizesOf(desc); !selected.empty())
    return *std::min_element(selected.begin(), selected.end());
  uint32_t axis = 0;
  std::visit(
      [&](const auto& d) {
        ForEachField(d, [&](auto field, const auto& value) {
          if constexpr (field.kind == FieldKind::kAxis) axis = value;
        });
      },
      desc);
  return InputSlots(desc)[0].desc->sizes[axis];
}

void FillLengths(std::vector<std::byte>& buffer, const TensorDesc& lengths, uint32_t length) {
  assert(lengths.data_type == DataType::kUint32);
  for (uint64_t i = 0; i < lengths.ElementCount(); ++i)
    StoreElement(buffer.data() + i * 4, 4, length);
}

}  // namespace

const char* ShapeKindLabel(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::kLongRuns: return "long_runs";
    case ShapeKind::kElementGranular: return "element_granular";
    case ShapeKind::kSmall: return "small";
  }
  return "?";
}

Problem::Problem(OperatorDesc desc) : desc_(std::move(desc)) {
  for (const TensorSlot& slot : InputSlots(desc_)) {
    std::vector<std::byte>& buffer = inputs_.emplace_back(slot.desc->TotalBytes());
    if (slot.kind == FieldKind::kIndices) {
      FillIndices(buffer, *slot.desc, AxisSizeOfFirstInput(desc_));
    } else if (slot.kind == FieldKind::kLengths) {
      const auto& reverse = std::get<ReverseSubsequencesDesc>(desc_);
      FillLengths(buffer, *slot.desc, reverse.input_tensor.sizes[reverse.axis]);
    } else {
      FillPattern(buffer);
    }
    bindings_.inputs.push_back(buffer.data());
  }
  for (const TensorSlot& slot : OutputSlots(desc_)) {
    // Filled, not just reserved: the first timed call must not pay page faults.
    std::vector<std::byte>& buffer = outputs_.emplace_back(slot.desc->TotalBytes());
    FillPattern(buffer);
    bindings_.outputs.push_back(buffer.data());
    output_bytes_ += slot.desc->ElementCount() * slot.desc->ElementSize();
  }
}

namespace {

// To space: {N, C', H, bh, W, bw} is the output; the input's depth is (bh, bw, C')
// for DEPTH_COLUMN_ROW and (C', bh, bw) for COLUMN_ROW_DEPTH.
// To depth: the input is {N, C, H', bh, W', bw}; the output's depth as above.
template <class Desc>
PermutedView DepthSpaceViewOf(const Desc& d) {
  const bool dcr = LayoutOf(d) == DepthSpaceOrder::kDepthColumnRow;
  const int64_t b = d.block_size;
  if (kDirection<Desc> == DepthSpaceDirection::kToSpace) {
    const int64_t n = d.output_tensor.sizes[0], c = d.output_tensor.sizes[1];
    const int64_t h = d.input_tensor.sizes[2], w = d.input_tensor.sizes[3];
    if (dcr) return {{n, b, b, c, h, w}, {0, 3, 4, 1, 5, 2}};
    return {{n, c, b, b, h, w}, {0, 1, 4, 2, 5, 3}};
  }
  const int64_t n = d.input_tensor.sizes[0], c = d.input_tensor.sizes[1];
  const int64_t h = d.output_tensor.sizes[2], w = d.output_tensor.sizes[3];
  if (dcr) return {{n, c, h, b, w, b}, {0, 3, 5, 1, 2, 4}};
  return {{n, c, h, b, w, b}, {0, 1, 3, 5, 2, 4}};
}

}  // namespace

std::optional<PermutedView> DepthSpaceView(const OperatorDesc& desc) {
  return std::visit(
      [](const auto& d) -> std::optional<PermutedView> {
        if constexpr (kIsDepthSpace<std::decay_t<decltype(d)>>) return DepthSpaceViewOf(d);
        return std::nullopt;
      },
      desc);
}

std::string ShortTypeName(DataType type) {
  const char* kind = IsFloat(type) ? "f" : IsSignedInteger(type) ? "i" : "u";
  return kind + std::to_string(ElementSize(type) * 8);
}

}  // namespace dmlconf::bench
