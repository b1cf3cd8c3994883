// SCATTER_ELEMENTS: output = input, then output[..., indices[..., j, ...], ...] =
// updates[..., j, ...] for every update, in row-major order within each line.
//
// The copy is the shared strided copy. The updates walk one loop nest over the
// indices' shape in the updates' memory order (updates, indices, and the output
// with stride 0 along Axis), every loop counting up, so along each line the
// updates come in order and where they collide the last one wins, as in the naive
// kernel. Threads share out the coordinates outside Axis (in the nest's order),
// each item holding whole lines, so no two threads write one element. Out-of-range
// updates are dropped, as the naive kernel does.
#include <algorithm>

#include "blocked/copy_runs.h"
#include "blocked/elements.h"
#include "blocked/strided_copy.h"
#include "blocked/threading.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

namespace {

// Items [begin, end) of the nest, each `block` consecutive steps in the updates' order.
template <class T, class I>
void ScatterItems(const ElementsPlan& plan, const Bindings& bindings, uint64_t block,
                  uint64_t begin, uint64_t end) {
  std::byte* const out = bindings.outputs[0];
  const std::byte* const idx = bindings.inputs[1];
  const std::byte* const upd = bindings.inputs[2];
  const LoopDim inner = plan.nest.rank > 0 ? plan.nest.dims[plan.nest.rank - 1] : LoopDim{};
  Cursor cursor(plan.nest, begin * block);
  for (uint64_t left = (end - begin) * block; left > 0;) {
    const uint64_t n = std::min(cursor.LeftInRow(), left);
    const std::byte* u = upd + cursor.offset(0);
    const std::byte* x = idx + cursor.offset(1);
    std::byte* const o = out + cursor.offset(2);
    for (uint64_t k = 0; k < n; ++k) {
      const int64_t position = IndexPosition<I>(x, plan.axis_size);
      if (position >= 0 && position < int64_t(plan.axis_size))
        CopyElement<T>(o + int64_t(k) * inner.stride[2] + position * plan.axis_stride, u);
      u += inner.stride[0];
      x += inner.stride[1];
    }
    cursor.Advance(n);
    left -= n;
  }
}

// Consecutive steps that must stay on one thread: from Axis (the dimension where the
// output's stride is 0) inward, where each line along Axis lies whole. Outside it the
// coordinates differ off Axis, so their updates never land on one element.
uint64_t StepsPerItem(const LoopNest& nest) {
  int axis = nest.rank;
  for (int d = 0; d < nest.rank; ++d)
    if (nest.dims[d].stride[2] == 0) axis = d;
  uint64_t steps = 1;
  for (int d = axis; d < nest.rank; ++d) steps *= nest.dims[d].size;
  return steps;
}

}  // namespace

void ScatterElements(const ScatterElementsDesc& desc, const Bindings& bindings) {
  RunCopy(PlanTensorCopy(desc.output_tensor, desc.input_tensor), bindings.outputs[0],
          bindings.inputs[0]);
  const ElementsPlan plan =
      PlanElements(desc.updates_tensor, desc.indices_tensor, desc.output_tensor, 2, desc.axis);
  const uint64_t block = StepsPerItem(plan.nest);
  const uint64_t items = plan.nest.Count() / block;
  const uint64_t bytes = plan.nest.Count() * (2 * plan.element_size + ElementSize(plan.index_type));
  WithElementAndIndexTypes(plan.element_size, plan.index_type, [&]<class T, class I>() {
    ForEachRange(items, ThreadsFor(items, bytes), [&](uint64_t begin, uint64_t end) {
      ScatterItems<T, I>(plan, bindings, block, begin, end);
    });
  });
}

}  // namespace dmlconf::blocked
