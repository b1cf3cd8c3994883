// REVERSE_SUBSEQUENCES mutants: the sequence lengths read wrongly.
#include <algorithm>
#include <cstring>

#include "mutants/mutant.h"

namespace dmlconf::mutants {

namespace {

uint32_t AxisSize(const OperatorDesc& desc) {
  const ReverseSubsequencesDesc& d = std::get<ReverseSubsequencesDesc>(desc);
  return d.input_tensor.sizes[d.axis];
}

// The reference kernel without min(length, axis size): position i reads
// L - 1 - i. Where that lies past the line's end, a bounds-checked backend
// leaves the element where it is, so a line of 4 with length 6 swaps only its
// middle pair.
void LongLengthsNotClamped(const OperatorDesc& desc, const Bindings& bindings) {
  const ReverseSubsequencesDesc& d = std::get<ReverseSubsequencesDesc>(desc);
  const TensorDesc& lengths = d.sequence_lengths_tensor;
  const size_t size = d.output_tensor.ElementSize();
  std::vector<uint32_t> coords;
  ForEachElement(d.output_tensor, [&](std::span<const uint32_t> out, uint64_t out_offset) {
    coords.assign(out.begin(), out.end());
    coords[d.axis] = 0;
    const ElementBits length = LoadElement(
        bindings.inputs[kIndexInput] + lengths.ElementOffset(coords) * lengths.ElementSize(),
        lengths.ElementSize());
    const uint64_t i = out[d.axis];
    const uint64_t from = i < length ? length - 1 - i : i;
    coords[d.axis] = uint32_t(from < d.input_tensor.sizes[d.axis] ? from : i);
    std::memcpy(bindings.outputs[0] + out_offset * size,
                bindings.inputs[0] + d.input_tensor.ElementOffset(coords) * size, size);
  });
}

// Length 0 taken as "the whole line", as some APIs spell it.
void LengthZeroAsFull(const OperatorDesc& desc, const Bindings& bindings) {
  const ElementBits full = AxisSize(desc);
  ExecuteWithInputRewritten(desc, bindings, kIndexInput,
                            [&](ElementBits length) { return length == 0 ? full : length; });
}

// Every line reversed with the first line's length (one length broadcast).
void FirstLineLengthForAll(const OperatorDesc& desc, const Bindings& bindings) {
  const TensorDesc& lengths = std::get<ReverseSubsequencesDesc>(desc).sequence_lengths_tensor;
  const ElementBits first =
      LoadElement(bindings.inputs[kIndexInput], lengths.ElementSize());  // coordinates 0
  ExecuteWithInputRewritten(desc, bindings, kIndexInput, [&](ElementBits) { return first; });
}

// UINT64 lengths narrowed to 32 bits: 2^32 + 1 reads as 1 instead of clamping
// to the axis size.
void Uint64LengthsLow32Bits(const OperatorDesc& desc, const Bindings& bindings) {
  ExecuteWithInputRewritten(desc, bindings, kIndexInput,
                            [](ElementBits length) -> ElementBits { return length & 0xFFFFFFFFu; });
}

}  // namespace

std::vector<Mutant> ReverseSubsequencesMutants() {
  return {
      {"reverse-long-lengths-not-clamped",
       "REVERSE_SUBSEQUENCES does not clamp a length to the axis size (reads past the line are "
       "skipped)",
       Validate, Only<ReverseSubsequencesDesc, LongLengthsNotClamped>},
      {"reverse-length-zero-as-full",
       "REVERSE_SUBSEQUENCES reverses the whole line when its length is 0", Validate,
       Only<ReverseSubsequencesDesc, LengthZeroAsFull>},
      {"reverse-first-line-length-for-all",
       "REVERSE_SUBSEQUENCES uses the first line's length for every line", Validate,
       Only<ReverseSubsequencesDesc, FirstLineLengthForAll>},
      {"reverse-uint64-lengths-low-32-bits",
       "REVERSE_SUBSEQUENCES keeps only the low 32 bits of UINT64 lengths", Validate,
       Only<ReverseSubsequencesDesc, Uint64LengthsLow32Bits>},
  };
}

}  // namespace dmlconf::mutants
