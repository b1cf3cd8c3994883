// GATHER_ELEMENTS: output[..., j, ...] = input[..., indices[..., j, ...], ...].
//
// One loop nest over the output's shape walks output, indices and input, the
// input with stride 0 along Axis; each step resolves its index and copies one
// element from there. Normalization leaves the output's runs innermost, so the
// writes and the index reads stream; the reads land where the indices say.
// Out-of-range indices read the clamped position, as the naive kernel does.
// Along an outer Axis of a large input the nest comes cut into strips, each gathered
// from its input rows packed together (elements.cc, StripAcrossAxis), a row at a time
// by the SIMD loop (simd::GatherColumn) where it takes them.
// Where each run's 32-bit indices pick from one packed input line (Axis packed and
// innermost in all three), a run goes to the SIMD loop (simd::GatherLine), through
// the bounce buffer and streamed out when the output is large, while the next run's
// input line is brought into L2, a cache line at a time over this run's elements.
#include <algorithm>
#include <type_traits>

#include "blocked/copy_runs.h"
#include "blocked/elements.h"
#include "blocked/simd.h"
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

// Items [begin, end) of a nest cut into strips (ElementsPlan::strip): each strip's
// input rows packed, then its output rows gathered from there.
template <class T, class I>
void GatherStrips(const ElementsPlan& plan, const Bindings& bindings, uint64_t begin,
                  uint64_t end) {
  std::byte* const slab = SlabScratch();
  const int64_t slab_row = int64_t(plan.strip * sizeof(T));
  const int64_t last = int64_t(plan.axis_size) - 1;
  const LoopDim& inner = plan.nest.dims[plan.nest.rank - 1];
  const bool in_columns = StripRowsInLanes(plan);
  ForEachStripRow(plan, bindings.outputs[0], bindings.inputs[1], bindings.inputs[0], slab, begin,
                  end, [&](std::byte* o, const std::byte* x) {
                    if (in_columns)
                      return simd::GatherColumn(sizeof(T), std::is_signed_v<I>, o, slab,
                                                size_t(slab_row), plan.axis_size, x, plan.strip);
                    for (uint64_t k = 0; k < plan.strip; ++k) {
                      const std::byte* at = x + int64_t(k) * inner.stride[1];
                      const int64_t position =
                          std::clamp<int64_t>(IndexPosition<I>(at, plan.axis_size), 0, last);
                      CopyElement<T>(o + int64_t(k) * inner.stride[0],
                                     slab + position * slab_row + int64_t(k * sizeof(T)));
                    }
                  });
}

// Whether every run of the nest is packed output and packed 32-bit indices picking
// from one input line (stride 0 along the run) that simd::GatherLine takes.
bool GathersLines(const ElementsPlan& plan) {
  if (plan.nest.rank == 0 || ElementSize(plan.index_type) != 4) return false;
  const LoopDim& inner = plan.nest.dims[plan.nest.rank - 1];
  const int64_t es = int64_t(plan.element_size);
  return inner.stride[0] == es && inner.stride[1] == 4 && inner.stride[2] == 0 &&
         plan.axis_stride == es && simd::GathersLine(plan.element_size, plan.axis_size);
}

// The share of the next line (`next`, `bytes` long) due over elements
// [first, first + count) of a line of n: cut at cache lines, so the shares of a
// line's pieces meet and cover it.
simd::NextLine ShareOf(const std::byte* next, size_t bytes, uint64_t first, uint64_t count,
                       uint64_t n) {
  if (next == nullptr) return {};
  const auto cut = [&](uint64_t k) {
    return k == n ? bytes : size_t(k * bytes / n) / simd::kLineBytes * simd::kLineBytes;
  };
  return {next + cut(first), cut(first + count) - cut(first)};
}

void GatherLines(const ElementsPlan& plan, const Bindings& bindings, bool stream, uint64_t begin,
                 uint64_t end) {
  const bool signed_indices = plan.index_type == DataType::kInt32;
  const size_t line_bytes = size_t(plan.axis_size) * plan.element_size;
  Cursor cursor(plan.nest, begin);
  for (uint64_t at = begin; at < end;) {
    const uint64_t n = std::min(cursor.LeftInRow(), end - at);
    const std::byte* const indices = bindings.inputs[1] + cursor.offset(1);
    const std::byte* const line = bindings.inputs[0] + cursor.offset(2);
    const std::byte* next = nullptr;
    if (stream && at + n < end) {  // a small problem's next line is in cache already
      Cursor after = cursor;
      after.Advance(n);
      next = bindings.inputs[0] + after.offset(2);
    }
    WriteLine(stream, bindings.outputs[0] + cursor.offset(0), plan.element_size, n, 1,
              [&](std::byte* out, uint64_t first, uint64_t count) {
                simd::GatherLine(plan.element_size, signed_indices, out, line, plan.axis_size,
                                 indices + first * 4, count,
                                 ShareOf(next, line_bytes, first, count, n));
              });
    cursor.Advance(n);
    at += n;
  }
  if (stream) simd::StreamFence();
}

}  // namespace

void GatherElements(const GatherElementsDesc& desc, const Bindings& bindings) {
  const ElementsPlan plan =
      PlanElements(desc.output_tensor, desc.indices_tensor, desc.input_tensor, 2, desc.axis);
  const uint64_t items = plan.nest.Count();
  const uint64_t bytes = items * (plan.element_size + ElementSize(plan.index_type));
  if (GathersLines(plan)) {
    const bool stream = simd::Streams(items * plan.element_size);
    return ForEachRange(items, ThreadsFor(items, bytes), [&](uint64_t begin, uint64_t end) {
      GatherLines(plan, bindings, stream, begin, end);
    });
  }
  WithElementAndIndexTypes(plan.element_size, plan.index_type, [&]<class T, class I>() {
    if (plan.strip) {
      const uint64_t strips = items / (plan.nest.dims[plan.nest.rank - 2].size * plan.strip);
      return ForEachRange(strips, ThreadsFor(strips, bytes), [&](uint64_t begin, uint64_t end) {
        GatherStrips<T, I>(plan, bindings, begin, end);
      });
    }
    ForEachRange(items, ThreadsFor(items, bytes), [&](uint64_t begin, uint64_t end) {
      GatherRange<T, I>(plan, bindings, begin, end);
    });
  });
}

}  // namespace dmlconf::blocked
