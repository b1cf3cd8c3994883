// The DML_BUFFER_TENSOR_DESC rules for one tensor, and the rank / data type /
// support rules across the tensors of one operator.
#include <algorithm>

#include "dmlconf/saturating.h"
#include "validate/rules.h"

namespace dmlconf::validate_detail {

namespace {

std::string FormatCount(uint64_t value) {
  return value == kSaturated ? std::string("more than 2^64-1") : std::to_string(value);
}

Validation CheckShapeFields(std::string_view op, const TensorSlot& slot) {
  const TensorDesc& t = *slot.desc;
  const uint32_t rank = t.DimensionCount();
  if (rank < 1 || rank > kMaxDimensions)
    return Fail(Reason::TENSOR_RANK_INVALID,
                Message(op, ": ", slot.role, ".DimensionCount is ", rank, "; it must be 1..",
                        kMaxDimensions, "."));
  for (uint32_t d = 0; d < rank; ++d)
    if (t.sizes[d] == 0)
      return Fail(Reason::TENSOR_SIZE_ZERO,
                  Message(op, ": ", slot.role, ".Sizes[", d, "] is 0 (Sizes ", FormatSizes(t.sizes),
                          "); every size must be at least 1."));
  if (t.strides && t.strides->size() != rank)
    return Fail(Reason::TENSOR_STRIDES_RANK_MISMATCH,
                Message(op, ": ", slot.role, ".Strides has ", t.strides->size(),
                        " entries but DimensionCount is ", rank, "."));
  if (t.ElementCount() > kMaxElementCount)
    return Fail(
        Reason::TENSOR_TOO_MANY_ELEMENTS,
        Message(op, ": ", slot.role, " holds ", FormatCount(t.ElementCount()), " elements (Sizes ",
                FormatSizes(t.sizes), "); at most ", kMaxElementCount, " are allowed."));
  return Ok();
}

Validation CheckBufferFields(std::string_view op, const TensorSlot& slot) {
  const TensorDesc& t = *slot.desc;
  const uint64_t minimum = t.MinimumTotalBytes();
  // A minimum that overflows 64 bits can never be bound: refuse it whatever the total.
  if (minimum == kSaturated)
    return Fail(
        Reason::TENSOR_TOTAL_SIZE_TOO_SMALL,
        Message(op, ": ", slot.role, " with Sizes ", FormatSizes(t.sizes), ", Strides ",
                FormatSizes(t.EffectiveStrides()), " and DataType ", DataTypeName(t.data_type),
                " would need more than 2^64-1 bytes; no ", "TotalTensorSizeInBytes can hold it."));
  if (t.TotalBytes() < minimum)
    return Fail(
        Reason::TENSOR_TOTAL_SIZE_TOO_SMALL,
        Message(op, ": ", slot.role, ".TotalTensorSizeInBytes is ", t.TotalBytes(), " but Sizes ",
                FormatSizes(t.sizes), ", Strides ", FormatSizes(t.EffectiveStrides()),
                " and DataType ", DataTypeName(t.data_type), " need ", minimum, " bytes."));
  // TotalTensorSizeInBytes >= the minimum implied size is the only size rule.
  // DML_BUFFER_TENSOR_DESC: it "must be at least as large as the minimum implied size";
  // DMLCalcBufferTensorSize rounds that minimum up to 4 because "all bound buffers must
  // have a total size that is DWORD-aligned", which is about bindings, not this field.
  // So the minimum + 2 is legal; TENSOR_TOTAL_SIZE_NOT_MULTIPLE_OF_4 is no longer raised.
  // Contract point T1: the promise may be as small as one element (4 on
  // FLOAT32, 1 on UINT8); a buffer is 16-aligned anyway, so 16 and up always do.
  const uint32_t align = t.guaranteed_base_offset_alignment;
  if (align != 0 && ((align & (align - 1)) != 0 || align < t.ElementSize()))
    return Fail(Reason::TENSOR_ALIGNMENT_INVALID,
                Message(op, ": ", slot.role, ".GuaranteedBaseOffsetAlignment is ", align,
                        "; it must be 0 or a power of two no smaller than the element size (",
                        t.ElementSize(), " bytes for ", DataTypeName(t.data_type), ")."));
  return Ok();
}

// A sufficient test that no two coordinates share a location: with the
// dimensions of size > 1 sorted by stride, each stride must reach past the
// whole extent of the smaller ones. Interleaved layouts that happen to be
// disjoint (sizes {3,2}, strides {2,3}: offsets 0,3,2,5,4,7) fail this test and
// are refused on purpose, a project choice: no DirectML operator needs such an
// output, and a simple rule is one a kernel and a reader can both trust.
Validation CheckOutputNotAliased(std::string_view op, const TensorSlot& slot) {
  const TensorDesc& t = *slot.desc;
  const std::vector<uint32_t> strides = t.EffectiveStrides();
  std::vector<uint32_t> dims;
  for (uint32_t d = 0; d < t.DimensionCount(); ++d)
    if (t.sizes[d] > 1) dims.push_back(d);
  std::stable_sort(dims.begin(), dims.end(),
                   [&](uint32_t a, uint32_t b) { return strides[a] < strides[b]; });
  uint64_t extent = 1;  // 1 + the largest offset reachable through the dims so far
  for (uint32_t d : dims) {
    if (strides[d] < extent)
      return Fail(Reason::TENSOR_OUTPUT_ALIASED,
                  Message(op, ": ", slot.role, ".Strides ", FormatSizes(strides), " with Sizes ",
                          FormatSizes(t.sizes), " map two elements to one location: Strides[", d,
                          "] is ", strides[d], " but must be at least ", extent, "."));
    extent = SaturatingAdd(extent, SaturatingMul(t.sizes[d] - 1, strides[d]));
  }
  return Ok();
}

Validation CheckOneTensor(std::string_view op, const TensorSlot& slot, bool is_output) {
  if (Validation v = CheckShapeFields(op, slot); !v.ok()) return v;
  if (Validation v = CheckBufferFields(op, slot); !v.ok()) return v;
  if (is_output) return CheckOutputNotAliased(op, slot);
  return Ok();
}

std::string RankRange(const SupportRow& row) {
  if (row.min_rank == row.max_rank) return Message("rank ", row.min_rank);
  return Message("ranks ", row.min_rank, "-", row.max_rank);
}

}  // namespace

std::string FormatWideSizes(std::span<const uint64_t> sizes) {
  std::string out = "{";
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(sizes[i]);
  }
  return out + "}";
}

std::vector<uint64_t> Widen(std::span<const uint32_t> sizes) {
  return std::vector<uint64_t>(sizes.begin(), sizes.end());
}

Validation CheckEachTensor(std::string_view op, std::span<const TensorSlot> inputs,
                           std::span<const TensorSlot> outputs) {
  for (const TensorSlot& slot : inputs)
    if (Validation v = CheckOneTensor(op, slot, false); !v.ok()) return v;
  for (const TensorSlot& slot : outputs)
    if (Validation v = CheckOneTensor(op, slot, true); !v.ok()) return v;
  return Ok();
}

Validation CheckAcrossTensors(std::string_view op, FeatureLevel level, const SupportRow& row,
                              std::span<const TensorSlot> inputs,
                              std::span<const TensorSlot> outputs, const TensorSlot* index_slot) {
  std::vector<const TensorSlot*> all, data;
  for (auto group : {inputs, outputs})
    for (const TensorSlot& slot : group) {
      all.push_back(&slot);
      if (index_slot == nullptr || slot.desc != index_slot->desc) data.push_back(&slot);
    }
  const TensorSlot& first = *all.front();
  const uint32_t rank = first.desc->DimensionCount();
  for (const TensorSlot* slot : all)
    if (slot->desc->DimensionCount() != rank)
      return Fail(Reason::RANK_MISMATCH,
                  Message(op, ": ", slot->role, ".DimensionCount is ", slot->desc->DimensionCount(),
                          " but ", first.role, " has ", rank,
                          "; all tensors must have the same DimensionCount."));
  if (!row.AllowsRank(rank))
    return Fail(Reason::RANK_NOT_SUPPORTED,
                Message(op, ": DimensionCount ", rank, " is not supported at feature level ",
                        FeatureLevelName(level), " (", RankRange(row), ")."));
  const TensorSlot& data0 = *data.front();
  const DataType type = data0.desc->data_type;
  for (const TensorSlot* slot : data)
    if (slot->desc->data_type != type)
      return Fail(
          Reason::DATA_TYPE_MISMATCH,
          Message(op, ": ", slot->role, ".DataType is ", DataTypeName(slot->desc->data_type),
                  " but ", data0.role, " has ", DataTypeName(type), "; they must match."));
  if (!row.data_types.Contains(type))
    return Fail(
        Reason::DATA_TYPE_NOT_SUPPORTED,
        Message(op, ": DataType ", DataTypeName(type), " is not supported at feature level ",
                FeatureLevelName(level), " (supported: ", row.data_types.ToString(), ")."));
  if (index_slot && !row.index_types.Contains(index_slot->desc->data_type))
    return Fail(
        Reason::INDEX_DATA_TYPE_NOT_SUPPORTED,
        Message(op, ": ", index_slot->role, ".DataType ", DataTypeName(index_slot->desc->data_type),
                " is not supported at feature level ", FeatureLevelName(level),
                " (supported: ", row.index_types.ToString(), ")."));
  return Ok();
}

Validation CheckAxis(std::string_view op, uint32_t axis, uint32_t rank) {
  if (axis >= rank)
    return Fail(Reason::AXIS_OUT_OF_RANGE,
                Message(op, ": Axis is ", axis, " but DimensionCount is ", rank,
                        "; Axis must be less than DimensionCount."));
  return Ok();
}

}  // namespace dmlconf::validate_detail
