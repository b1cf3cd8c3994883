// The helpers mutants share: walking a tensor's elements, rewriting an input,
// and running the honest kernels on a misread descriptor without leaving the
// buffers dmlconf bound.
#include <algorithm>
#include <cstring>

#include "mutants/mutant.h"

namespace dmlconf::mutants {

void ForEachElement(const TensorDesc& desc,
                    const std::function<void(std::span<const uint32_t>, uint64_t)>& fn) {
  const std::vector<uint32_t> strides = desc.EffectiveStrides();
  ForEachCoordinate(desc.sizes, [&](std::span<const uint32_t> coords) {
    uint64_t offset = 0;
    for (size_t d = 0; d < coords.size(); ++d) offset += uint64_t(coords[d]) * strides[d];
    fn(coords, offset);
  });
}

void TransformElements(const TensorDesc& desc, std::byte* buffer,
                       const std::function<ElementBits(ElementBits)>& fn) {
  const size_t size = desc.ElementSize();
  const std::vector<std::byte> original(buffer, buffer + desc.TotalBytes());
  ForEachElement(desc, [&](std::span<const uint32_t>, uint64_t offset) {
    StoreElement(buffer + offset * size, size, fn(LoadElement(&original[offset * size], size)));
  });
}

void ExecuteWithInputRewritten(const OperatorDesc& desc, const Bindings& bindings, size_t index,
                               const std::function<ElementBits(ElementBits)>& fn) {
  const TensorDesc& tensor = *InputSlots(desc).at(index).desc;
  std::vector<std::byte> copy(bindings.inputs[index], bindings.inputs[index] + tensor.TotalBytes());
  TransformElements(tensor, copy.data(), fn);
  Bindings rewritten = bindings;
  rewritten.inputs[index] = copy.data();
  naive::Execute(desc, rewritten);
}

namespace {

// A copy of `bytes` bytes at `from`, zero-padded to what `mutated` addresses.
std::vector<std::byte> Scratch(const std::byte* from, uint64_t bytes, const TensorDesc& mutated) {
  std::vector<std::byte> scratch(std::max(bytes, mutated.MinimumTotalBytes()));
  std::memcpy(scratch.data(), from, bytes);
  return scratch;
}

}  // namespace

void ExecuteAsIf(const OperatorDesc& mutated, const OperatorDesc& original,
                 const Bindings& bindings) {
  const std::vector<TensorSlot> inputs = InputSlots(original);
  const std::vector<TensorSlot> outputs = OutputSlots(original);
  const std::vector<TensorSlot> mutated_inputs = InputSlots(mutated);
  const std::vector<TensorSlot> mutated_outputs = OutputSlots(mutated);
  std::vector<std::vector<std::byte>> in_copies, out_copies;
  Bindings scratch;
  for (size_t i = 0; i < inputs.size(); ++i) {
    in_copies.push_back(
        Scratch(bindings.inputs[i], inputs[i].desc->TotalBytes(), *mutated_inputs[i].desc));
    scratch.inputs.push_back(in_copies.back().data());
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    out_copies.push_back(
        Scratch(bindings.outputs[i], outputs[i].desc->TotalBytes(), *mutated_outputs[i].desc));
    scratch.outputs.push_back(out_copies.back().data());
  }
  naive::Execute(mutated, scratch);
  for (size_t i = 0; i < outputs.size(); ++i)
    std::memcpy(bindings.outputs[i], out_copies[i].data(), outputs[i].desc->TotalBytes());
}

}  // namespace dmlconf::mutants
