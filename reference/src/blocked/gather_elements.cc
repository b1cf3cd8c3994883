// GATHER_ELEMENTS: output[..., j, ...] = input[..., indices[..., j, ...], ...].
//
// One loop nest over the output's shape walks output, indices and input, the
// input with stride 0 along Axis; each step resolves its index and copies one
// element from there. Normalization leaves the output's runs innermost, so the
// writes and the index reads stream; the reads land where the indices say.
// Out-of-range indices read the clamped position, as the naive kernel does.
#include <algorithm>

#include "blocked/copy_runs.h"
#include "blocked/elements.h"
#include "blocked/threading.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

namespace {

template <class T, class I>
void GatherRange(const ElementsPlan& plan, const Bindings& bindings, uint64_t begin, uint64_t end) {
  std::byte* const out = bindings.outputs[0];
  const std::byte* const idx = bindings.inputs[1];
  const std::byte* const in = bindings.inputs[0];
  const int64_t last = int64_t(plan.axis_size) - 1;
  const LoopDim inner = plan.nest.rank > 0 ? plan.nest.dims[plan.nest.rank - 1] : LoopDim{};
  Cursor cursor(plan.nest, begin);
  for (uint64_t at = begin; at < end;) {
    const uint64_t n = std::min(cursor.LeftInRow(), end - at);
    std::byte* o = out + cursor.offset(0);
    const std::byte* x = idx + cursor.offset(1);
    const std::byte* i = in + cursor.offset(2);
    for (uint64_t k = 0; k < n; ++k) {
      const int64_t position = std::clamp<int64_t>(IndexPosition<I>(x, plan.axis_size), 0, last);
      CopyElement<T>(o, i + position * plan.axis_stride);
      o += inner.stride[0];
      x += inner.stride[1];
      i += inner.stride[2];
    }
    cursor.Advance(n);
    at += n;
  }
}

}  // namespace

void GatherElements(const GatherElementsDesc& desc, const Bindings& bindings) {
  const ElementsPlan plan =
      PlanElements(desc.output_tensor, desc.indices_tensor, desc.input_tensor, 2, desc.axis);
  const uint64_t items = plan.nest.Count();
  const uint64_t bytes = items * (plan.element_size + ElementSize(plan.index_type));
  WithElementAndIndexTypes(plan.element_size, plan.index_type, [&]<class T, class I>() {
    ForEachRange(items, ThreadsFor(items, bytes), [&](uint64_t begin, uint64_t end) {
      GatherRange<T, I>(plan, bindings, begin, end);
    });
  });
}

}  // namespace dmlconf::blocked
