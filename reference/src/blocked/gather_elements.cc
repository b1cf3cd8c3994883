// GATHER_ELEMENTS: output[..., j, ...] = input[..., indices[..., j, ...], ...].
//
// One loop nest over the output's shape walks output, indices and input, the
// input with stride 0 along Axis; each step resolves its index and copies one
// element from there. Normalization leaves the output's runs innermost, so the
// writes and the index reads stream; the reads land where the indices say.
// Out-of-range indices read the clamped position, as the naive kernel does.
// Where Axis is the nest's innermost dimension and packed in the output, each
// output row picks from one input row: the row is streamed out for large
// outputs (through the bounce buffer, WriteLine) while the next input row is
// prefetched. (Resolving a row's indices into offsets first and moving the
// elements in GATHER's SIMD gather was slower: report_notes.md, issue 27.)
#include <algorithm>
#include <cstdlib>

#include "blocked/copy_runs.h"
#include "blocked/elements.h"
#include "blocked/simd.h"
#include "blocked/threading.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

namespace {

// Input rows up to this size are prefetched whole while the row before is gathered.
constexpr uint64_t kMaxPrefetchBytes = 16 * 1024;

template <class I>
int64_t ClampedPosition(const std::byte* x, uint32_t size) {
  return std::clamp<int64_t>(IndexPosition<I>(x, size), 0, int64_t(size) - 1);
}

// The rows path applies: Axis innermost in the nest and packed in the output.
bool GathersRows(const ElementsPlan& plan) {
  if (plan.nest.rank == 0) return false;
  const LoopDim& inner = plan.nest.dims[plan.nest.rank - 1];
  return inner.stride[2] == 0 && inner.stride[0] == int64_t(plan.element_size);
}

// n elements of one output row at `dst` from the input row at `row`, the indices at `x`
// (`x_stride` apart); meanwhile `next_bytes` of the next row at `next` are prefetched
// toward L2, a share per piece.
template <class T, class I>
void GatherRow(const ElementsPlan& plan, bool stream, std::byte* dst, const std::byte* x,
               int64_t x_stride, const std::byte* row, uint64_t n, const std::byte* next,
               uint64_t next_bytes) {
  WriteLine(stream, dst, sizeof(T), n, 1, [&](std::byte* out, uint64_t first, uint64_t count) {
    const uint64_t p0 = next_bytes * first / n, p1 = next_bytes * (first + count) / n;
    simd::PrefetchToL2(next + p0, p1 - p0);
    const std::byte* xk = x + int64_t(first) * x_stride;
    for (uint64_t k = 0; k < count; ++k, xk += x_stride)
      CopyElement<T>(out + k * sizeof(T),
                     row + ClampedPosition<I>(xk, plan.axis_size) * plan.axis_stride);
  });
}

template <class T, class I>
void GatherRowsRange(const ElementsPlan& plan, const Bindings& bindings, uint64_t begin,
                     uint64_t end) {
  const bool stream = simd::Streams(plan.nest.Count() * plan.element_size);
  const int64_t x_stride = plan.nest.dims[plan.nest.rank - 1].stride[1];
  const uint64_t row_bytes = uint64_t(plan.axis_size) * uint64_t(std::abs(plan.axis_stride));
  Cursor cursor(plan.nest, begin);
  for (uint64_t at = begin; at < end;) {
    const uint64_t n = std::min(cursor.LeftInRow(), end - at);
    std::byte* o = bindings.outputs[0] + cursor.offset(0);
    const std::byte* x = bindings.inputs[1] + cursor.offset(1);
    const std::byte* row = bindings.inputs[0] + cursor.offset(2);
    cursor.Advance(n);
    at += n;
    const bool ahead = at < end && row_bytes <= kMaxPrefetchBytes && plan.axis_stride > 0;
    GatherRow<T, I>(plan, stream, o, x, x_stride, row, n, bindings.inputs[0] + cursor.offset(2),
                    ahead ? row_bytes : 0);
  }
  if (stream) simd::StreamFence();
}

template <class T, class I>
void GatherRange(const ElementsPlan& plan, const Bindings& bindings, uint64_t begin, uint64_t end) {
  std::byte* const out = bindings.outputs[0];
  const std::byte* const idx = bindings.inputs[1];
  const std::byte* const in = bindings.inputs[0];
  const LoopDim inner = plan.nest.rank > 0 ? plan.nest.dims[plan.nest.rank - 1] : LoopDim{};
  Cursor cursor(plan.nest, begin);
  for (uint64_t at = begin; at < end;) {
    const uint64_t n = std::min(cursor.LeftInRow(), end - at);
    std::byte* o = out + cursor.offset(0);
    const std::byte* x = idx + cursor.offset(1);
    const std::byte* i = in + cursor.offset(2);
    for (uint64_t k = 0; k < n; ++k) {
      CopyElement<T>(o, i + ClampedPosition<I>(x, plan.axis_size) * plan.axis_stride);
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
  const bool rows = GathersRows(plan);
  WithElementAndIndexTypes(plan.element_size, plan.index_type, [&]<class T, class I>() {
    ForEachRange(items, ThreadsFor(items, bytes), [&](uint64_t begin, uint64_t end) {
      if (rows)
        GatherRowsRange<T, I>(plan, bindings, begin, end);
      else
        GatherRange<T, I>(plan, bindings, begin, end);
    });
  });
}

}  // namespace dmlconf::blocked
