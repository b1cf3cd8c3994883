#include "problem.h"

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
    if (slot.role == "IndicesTensor") {
      const auto& gather = std::get<GatherDesc>(desc_);
      FillIndices(buffer, *slot.desc, gather.input_tensor.sizes[gather.axis]);
    } else if (slot.role == "SequenceLengthsTensor") {
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

// {N, C', H, bh, W, bw} is the output; the input's depth is (bh, bw, C') for
// DEPTH_COLUMN_ROW and (C', bh, bw) for COLUMN_ROW_DEPTH.
PermutedView DepthToSpaceView(const DepthToSpace1Desc& d) {
  const int64_t n = d.output_tensor.sizes[0], c = d.output_tensor.sizes[1], b = d.block_size;
  const int64_t h = d.input_tensor.sizes[2], w = d.input_tensor.sizes[3];
  if (d.order == DepthSpaceOrder::kDepthColumnRow) return {{n, b, b, c, h, w}, {0, 3, 4, 1, 5, 2}};
  return {{n, c, b, b, h, w}, {0, 1, 4, 2, 5, 3}};
}

// The input is {N, C, H', bh, W', bw}; the output's depth as above.
PermutedView SpaceToDepthView(const SpaceToDepth1Desc& d) {
  const int64_t n = d.input_tensor.sizes[0], c = d.input_tensor.sizes[1], b = d.block_size;
  const int64_t h = d.output_tensor.sizes[2], w = d.output_tensor.sizes[3];
  if (d.order == DepthSpaceOrder::kDepthColumnRow) return {{n, c, h, b, w, b}, {0, 3, 5, 1, 2, 4}};
  return {{n, c, h, b, w, b}, {0, 1, 3, 5, 2, 4}};
}

}  // namespace

std::optional<PermutedView> DepthSpaceView(const OperatorDesc& desc) {
  if (const auto* d = std::get_if<DepthToSpace1Desc>(&desc)) return DepthToSpaceView(*d);
  if (const auto* d = std::get_if<SpaceToDepth1Desc>(&desc)) return SpaceToDepthView(*d);
  return std::nullopt;
}

std::string ShortTypeName(DataType type) {
  const char* kind = IsFloat(type) ? "f" : IsSignedInteger(type) ? "i" : "u";
  return kind + std::to_string(ElementSize(type) * 8);
}

}  // namespace dmlconf::bench
