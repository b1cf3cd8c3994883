// JOIN and SPLIT mutants: strides ignored on one side, and Axis off by one.
#include <cstring>

#include "mutants/mutant.h"

namespace dmlconf::mutants {

namespace {

// A tensor as a backend that ignores Strides sees it: packed row-major.
void DropStrides(TensorDesc& tensor) {
  tensor.strides.reset();
  tensor.total_tensor_size_in_bytes.reset();
}

void JoinInputStridesIgnored(const OperatorDesc& desc, const Bindings& bindings) {
  JoinDesc mutated = std::get<JoinDesc>(desc);
  for (TensorDesc& input : mutated.input_tensors) DropStrides(input);
  ExecuteAsIf(mutated, desc, bindings);
}

void JoinOutputStridesIgnored(const OperatorDesc& desc, const Bindings& bindings) {
  JoinDesc mutated = std::get<JoinDesc>(desc);
  DropStrides(mutated.output_tensor);
  ExecuteAsIf(mutated, desc, bindings);
}

void SplitInputStridesIgnored(const OperatorDesc& desc, const Bindings& bindings) {
  SplitDesc mutated = std::get<SplitDesc>(desc);
  DropStrides(mutated.input_tensor);
  ExecuteAsIf(mutated, desc, bindings);
}

void SplitOutputStridesIgnored(const OperatorDesc& desc, const Bindings& bindings) {
  SplitDesc mutated = std::get<SplitDesc>(desc);
  for (TensorDesc& output : mutated.output_tensors) DropStrides(output);
  ExecuteAsIf(mutated, desc, bindings);
}

// Axis read as counting from 1: Axis 2 moves along dimension 1, Axis 0 along
// the last one (index -1).
uint32_t AxisOffByOne(uint32_t axis, uint32_t rank) { return axis == 0 ? rank - 1 : axis - 1; }

// Moves each piece to or from its slab of `big`, the slabs laid along `axis`.
// With the wrong axis the later slabs start past big's end; a bounds-checked
// backend skips those elements, leaving them unwritten.
void CopySlabs(const std::vector<TensorDesc>& pieces, const std::vector<const std::byte*>& from,
               const std::vector<std::byte*>& to, const TensorDesc& big, uint32_t axis,
               bool split) {
  const size_t size = big.ElementSize();
  uint32_t slab_start = 0;
  std::vector<uint32_t> big_coords;
  for (size_t i = 0; i < pieces.size(); slab_start += pieces[i++].sizes[axis]) {
    ForEachElement(pieces[i], [&](std::span<const uint32_t> coords, uint64_t piece_offset) {
      big_coords.assign(coords.begin(), coords.end());
      big_coords[axis] += slab_start;
      if (big_coords[axis] >= big.sizes[axis]) return;
      const uint64_t big_offset = big.ElementOffset(big_coords);
      if (split)
        std::memcpy(to[i] + piece_offset * size, from[0] + big_offset * size, size);
      else
        std::memcpy(to[0] + big_offset * size, from[i] + piece_offset * size, size);
    });
  }
}

void JoinAxisOffByOne(const OperatorDesc& desc, const Bindings& bindings) {
  const JoinDesc& join = std::get<JoinDesc>(desc);
  const uint32_t axis = AxisOffByOne(join.axis, join.output_tensor.DimensionCount());
  CopySlabs(join.input_tensors, bindings.inputs, bindings.outputs, join.output_tensor, axis, false);
}

void SplitAxisOffByOne(const OperatorDesc& desc, const Bindings& bindings) {
  const SplitDesc& split = std::get<SplitDesc>(desc);
  const uint32_t axis = AxisOffByOne(split.axis, split.input_tensor.DimensionCount());
  CopySlabs(split.output_tensors, bindings.inputs, bindings.outputs, split.input_tensor, axis,
            true);
}

}  // namespace

std::vector<Mutant> JoinSplitMutants() {
  return {
      {"join-input-strides-ignored", "JOIN reads every input as packed, ignoring its Strides",
       Validate, Only<JoinDesc, JoinInputStridesIgnored>},
      {"join-output-strides-ignored", "JOIN writes its output packed, ignoring its Strides",
       Validate, Only<JoinDesc, JoinOutputStridesIgnored>},
      {"split-input-strides-ignored", "SPLIT reads its input as packed, ignoring its Strides",
       Validate, Only<SplitDesc, SplitInputStridesIgnored>},
      {"split-output-strides-ignored", "SPLIT writes every output packed, ignoring its Strides",
       Validate, Only<SplitDesc, SplitOutputStridesIgnored>},
      {"join-axis-off-by-one", "JOIN reads Axis as counting from 1 (joins along Axis - 1)",
       Validate, Only<JoinDesc, JoinAxisOffByOne>},
      {"split-axis-off-by-one", "SPLIT reads Axis as counting from 1 (splits along Axis - 1)",
       Validate, Only<SplitDesc, SplitAxisOffByOne>},
  };
}

}  // namespace dmlconf::mutants
