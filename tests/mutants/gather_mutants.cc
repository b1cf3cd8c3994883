// GATHER mutants: indices read wrongly, and IndexDimensions ignored.
#include <algorithm>
#include <cstring>

#include "mutants/mutant.h"

namespace dmlconf::mutants {

namespace {

uint32_t AxisSize(const GatherDesc& d) { return d.input_tensor.sizes[d.axis]; }

// A backend that clamps every index into [0, size) before looking at its sign:
// -1 reads element 0 instead of the last one.
void NegativeIndexNotWrapped(const OperatorDesc& desc, const Bindings& bindings) {
  const DataType type = std::get<GatherDesc>(desc).indices_tensor.data_type;
  const size_t bits = ElementSize(type) * 8;
  ExecuteWithInputRewritten(desc, bindings, kIndexInput, [&](ElementBits index) -> ElementBits {
    const bool negative = IsSignedInteger(type) && (index >> (bits - 1) & 1);
    return negative ? 0 : index;
  });
}

// A backend with one signed 32-bit index path for INT32 and UINT32 alike:
// 0xFFFFFFFF is -1 (the last element) and 0x80000000 is far below zero.
void Uint32AllOnesAsMinusOne(const OperatorDesc& desc, const Bindings& bindings) {
  const GatherDesc& gather = std::get<GatherDesc>(desc);
  if (gather.indices_tensor.data_type != DataType::kUint32) return naive::Execute(desc, bindings);
  const int64_t size = AxisSize(gather);
  ExecuteWithInputRewritten(desc, bindings, kIndexInput, [&](ElementBits index) -> ElementBits {
    int64_t as_signed = int32_t(uint32_t(index));
    if (as_signed < 0) as_signed += size;
    return ElementBits(std::clamp<int64_t>(as_signed, 0, size - 1));
  });
}

// A backend that narrows 64-bit indices to the 32-bit unsigned index type it
// had from 1_0: the high word is dropped, so INT64 -2 becomes 0xFFFFFFFE.
void Index64HighBitsDropped(const OperatorDesc& desc, const Bindings& bindings) {
  if (ElementSize(std::get<GatherDesc>(desc).indices_tensor.data_type) != 8)
    return naive::Execute(desc, bindings);
  ExecuteWithInputRewritten(desc, bindings, kIndexInput,
                            [](ElementBits index) -> ElementBits { return index & 0xFFFFFFFFu; });
}

// The reference's index rule (naive/gather.cc): negative counts from the end,
// then clamped into the axis.
uint32_t ResolveIndex(const std::byte* p, DataType type, uint32_t size) {
  const ElementBits bits = LoadElement(p, ElementSize(type));
  if (!IsSignedInteger(type)) return uint32_t(std::min<uint64_t>(bits, size - 1));
  int64_t index = ElementSize(type) == 4 ? int64_t(int32_t(uint32_t(bits))) : int64_t(bits);
  if (index < 0) index += size;
  return uint32_t(std::clamp<int64_t>(index, 0, int64_t(size) - 1));
}

// The reference GATHER with IndexDimensions fixed at 1 (the one-dimensional
// indices of every simple example). Coordinates that then fall outside a
// tensor are clamped into it, as a bounds-checked backend would.
void IndexDimensionsIgnored(const OperatorDesc& desc, const Bindings& bindings) {
  const GatherDesc& d = std::get<GatherDesc>(desc);
  const uint32_t rank = d.input_tensor.DimensionCount();
  const uint32_t axis = d.axis;
  const uint32_t k = 1;
  const int64_t first_entry = int64_t(rank) - 1 + k - int64_t(rank);
  const size_t element_size = d.output_tensor.ElementSize();
  std::vector<uint32_t> in(rank), index(rank);
  ForEachElement(d.output_tensor, [&](std::span<const uint32_t> out, uint64_t out_offset) {
    std::fill(in.begin(), in.end(), 0);
    std::fill(index.begin(), index.end(), 0);
    for (uint32_t dim = 0; dim < rank; ++dim) {
      const int64_t p = first_entry + dim;
      if (p < 0) continue;
      if (p < axis)
        in[p] = out[dim];
      else if (p < axis + k)
        index[rank - k + (p - axis)] = out[dim];
      else
        in[axis + 1 + (p - axis - k)] = out[dim];
    }
    for (uint32_t dim = 0; dim < rank; ++dim) {
      in[dim] = std::min(in[dim], d.input_tensor.sizes[dim] - 1);
      index[dim] = std::min(index[dim], d.indices_tensor.sizes[dim] - 1);
    }
    const std::byte* index_at =
        bindings.inputs[kIndexInput] +
        d.indices_tensor.ElementOffset(index) * d.indices_tensor.ElementSize();
    in[axis] = ResolveIndex(index_at, d.indices_tensor.data_type, AxisSize(d));
    std::memcpy(bindings.outputs[0] + out_offset * element_size,
                bindings.inputs[0] + d.input_tensor.ElementOffset(in) * element_size, element_size);
  });
}

}  // namespace

std::vector<Mutant> GatherMutants() {
  return {
      {"gather-negative-index-not-wrapped",
       "GATHER clamps a negative index to 0 instead of counting it from the end", Validate,
       Only<GatherDesc, NegativeIndexNotWrapped>},
      {"gather-uint32-all-ones-as-minus-one",
       "GATHER reads UINT32 indices as INT32, so 0xFFFFFFFF is -1 (the last element)", Validate,
       Only<GatherDesc, Uint32AllOnesAsMinusOne>},
      {"gather-index-64-high-bits-dropped",
       "GATHER keeps only the low 32 bits of INT64 / UINT64 indices, read as UINT32", Validate,
       Only<GatherDesc, Index64HighBitsDropped>},
      {"gather-index-dimensions-ignored",
       "GATHER ignores IndexDimensions and gathers as if it were 1", Validate,
       Only<GatherDesc, IndexDimensionsIgnored>},
  };
}

}  // namespace dmlconf::mutants
