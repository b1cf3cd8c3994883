// The pad family in the naive reference: PADDING and PADDING1 are one kernel,
// given the padding element already in the output's type. Per output element,
// reference/OPERATORS.md's formula: i = o - StartPadding; inside the input, the
// input's element; outside, the padding element (CONSTANT) or the input at
// PaddingSource(i) per dimension.
#pragma once

#include <cassert>
#include <vector>

#include "dmlconf/pad.h"
#include "dmlconf/tensor_layout.h"
#include "naive/element.h"

namespace dmlconf::naive {

inline void Pad(const PaddingProblem& p, const Bindings& bindings) {
  assert(bindings.inputs.size() == 1 && bindings.outputs.size() == 1);
  const ElementLayout input(p.input);
  const ElementLayout output(p.output);
  const size_t element_size = output.element_size();
  std::vector<uint32_t> from(p.input.sizes.size());
  ForEachCoordinate(p.output.sizes, [&](std::span<const uint32_t> o) {
    bool inside = true;
    for (size_t d = 0; d < from.size(); ++d) {
      const int64_t i = int64_t(o[d]) - int64_t(p.start_padding[d]);
      inside = inside && i >= 0 && i < int64_t(p.input.sizes[d]);
      from[d] = PaddingSource(p.mode, i, p.input.sizes[d]);
    }
    std::byte* to = output.At(bindings.outputs[0], o);
    if (!inside && p.mode == PaddingMode::kConstant)
      StoreElement(to, element_size, p.padding_element);
    else
      CopyElement(input.At(bindings.inputs[0], from), to, element_size);
  });
}

}  // namespace dmlconf::naive
