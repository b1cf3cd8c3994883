// REVERSE_SUBSEQUENCES: per line along Axis, with L = min(length, size along
// Axis), position i < L takes the input at L-1-i and positions i >= L copy
// the input at i.
//
// The dimensions other than Axis form a loop nest over (output, input,
// lengths). Two layouts:
// - Axis has the smallest output stride (or is all there is): each line is
//   walked on its own; its reversed head is a run read backwards and its
//   tail a plain run (contiguous when Axis is packed in both tensors).
// - Otherwise the innermost other dimension P is denser than Axis: the
//   lengths along P are cut into runs of equal length (over all of P when
//   they form few runs, else span by span), and for each position along Axis
//   each run is one copy along P, contiguous where P is packed in both
//   tensors (lengths repeated along P, e.g. broadcast with stride 0, give one
//   run as long as P).
#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <cstring>

#include "blocked/copy_runs.h"
#include "blocked/normalize.h"
#include "blocked/simd.h"
#include "blocked/threading.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

namespace {

// Runs of equal lengths along P are kept in a stack array of this many: when
// the lengths over all of P form no more runs than that (uniform lengths, or
// a few bands: the usual case) each run is one copy per position along Axis,
// as long as the whole of P; otherwise P is walked in spans of this many
// columns, which can never hold more runs.
constexpr uint64_t kMaxRuns = 256;
// Positions along Axis per work item: the unit threads share out.
constexpr uint64_t kRowsPerItem = 32;

// UINT32 or UINT64 lengths. Two fixed-size loads: memcpy of a run-time size
// is a call into the C library, a tenth of a small problem's time.
uint64_t LoadLength(const std::byte* p, size_t element_size, uint64_t axis_size) {
  uint64_t value;
  if (element_size == 4) {
    uint32_t narrow;
    std::memcpy(&narrow, p, 4);
    value = narrow;
  } else {
    std::memcpy(&value, p, 8);
  }
  return std::min(value, axis_size);
}

struct ReversePlan {
  LoopNest lines;  // tensor 0: output, 1: input, 2: lengths
  LoopDim along;   // Axis: output and input strides
  size_t element_size = 0;
  size_t length_size = 0;
  bool stream = false;  // the output bypasses the cache (simd::Streams)
};

// Positions [first, first + count) of one line, written from `out` on: those
// below `length` reversed, the rest copied.
void ReverseLinePart(size_t es, std::byte* out, int64_t os, const std::byte* src, int64_t is,
                     uint64_t length, uint64_t first, uint64_t count) {
  const uint64_t end = first + count;
  const uint64_t reversed_end = std::min(end, std::max(length, first));
  if (first < reversed_end)
    CopyStrided(es, out, os, src + int64_t(length - 1 - first) * is, -is, reversed_end - first);
  // Usually nothing is left (full-length reversals): skip the call.
  if (reversed_end == end) return;
  out += int64_t(reversed_end - first) * os;
  CopyStrided(es, out, os, src + int64_t(reversed_end) * is, is, end - reversed_end);
}

void ReverseLines(const ReversePlan& plan, const Bindings& bindings, uint64_t begin, uint64_t end) {
  const size_t es = plan.element_size;
  const uint64_t n = plan.along.size;
  const int64_t os = plan.along.stride[0], is = plan.along.stride[1];
  Cursor line(plan.lines, begin);
  for (uint64_t item = begin; item < end; ++item, line.Next()) {
    const uint64_t length = LoadLength(bindings.inputs[1] + line.offset(2), plan.length_size, n);
    std::byte* dst = bindings.outputs[0] + line.offset(0);
    const std::byte* src = bindings.inputs[0] + line.offset(1);
    if (!plan.stream || os != int64_t(es)) {
      ReverseLinePart(es, dst, os, src, is, length, 0, n);
      continue;
    }
    if (is == int64_t(es)) {  // packed on both sides: straight from registers
      if (length > 0) simd::ReverseRunStreamed(es, dst, src + int64_t(length - 1) * is, length);
      simd::StreamRun(dst + length * es, src + length * es, (n - length) * es);
      continue;
    }
    // Backwards: the line's last piece holds the start of its reversed
    // input, so the input is read in address order from piece to piece, as
    // within one (report_notes.md, "REVERSE_SUBSEQUENCES reading order").
    WriteLine(
        true, dst, es, n, 1,
        [&](std::byte* out, uint64_t first, uint64_t count) {
          ReverseLinePart(es, out, os, src, is, length, first, count);
        },
        PieceOrder::kBackward);
  }
  if (plan.stream) simd::StreamFence();
}

// Columns [j0, j0 + m) of P as runs of equal (clamped) length. False when
// they form more than kMaxRuns runs.
struct Runs {
  uint32_t start[kMaxRuns + 1];
  uint32_t length[kMaxRuns];
  uint64_t count = 0;
};

// Run boundaries compare the lengths' raw bits, so 7 and 9 on an axis of 5
// make two runs of length 5: harmless, and it keeps this a tight loop.
template <class T>
bool CollectRunsOf(const std::byte* lengths, int64_t stride, uint64_t m, uint64_t axis_size,
                   Runs* runs) {
  runs->count = 0;
  T last = 0;
  for (uint64_t j = 0; j < m; ++j) {
    T value;
    std::memcpy(&value, lengths + int64_t(j) * stride, sizeof value);
    if (runs->count > 0 && value == last) continue;
    if (runs->count == kMaxRuns) return false;
    last = value;
    runs->start[runs->count] = uint32_t(j);
    runs->length[runs->count++] = uint32_t(std::min<uint64_t>(value, axis_size));
  }
  runs->start[runs->count] = uint32_t(m);
  return true;
}

bool CollectRuns(const ReversePlan& plan, const LoopDim& p, const std::byte* lengths, uint64_t j0,
                 uint64_t m, Runs* runs) {
  const int64_t stride = p.stride[2];
  lengths += int64_t(j0) * stride;
  const uint64_t n = plan.along.size;
  // Broadcast lengths (stride 0) hold one value for every column: read it once.
  const uint64_t read = stride == 0 ? 1 : m;
  const bool fits = plan.length_size == 4 ? CollectRunsOf<uint32_t>(lengths, stride, read, n, runs)
                                          : CollectRunsOf<uint64_t>(lengths, stride, read, n, runs);
  runs->start[runs->count] = uint32_t(m);
  return fits;
}

// Input positions [k0, k1) along Axis, each run one copy along P. The input
// is walked in ascending order and scattered to the reversed positions (a
// reversal is its own inverse: input k lands at L-1-k), because hardware
// prefetchers follow ascending reads (report_notes.md, "REVERSE_SUBSEQUENCES
// reading order").
void CopyRuns(const ReversePlan& plan, const LoopDim& p, const Runs& runs, std::byte* dst,
              const std::byte* src, uint64_t k0, uint64_t k1) {
  const int64_t es = int64_t(plan.element_size);
  const bool packed = p.stride[0] == es && p.stride[1] == es;
  for (uint64_t k = k0; k < k1; ++k) {
    for (uint64_t r = 0; r < runs.count; ++r) {
      const uint64_t length = runs.length[r];
      const uint64_t to = k < length ? length - 1 - k : k;
      const int64_t j = int64_t(runs.start[r]);
      std::byte* to_row = dst + int64_t(to) * plan.along.stride[0] + j * p.stride[0];
      const std::byte* from_row = src + int64_t(k) * plan.along.stride[1] + j * p.stride[1];
      const uint64_t n = runs.start[r + 1] - runs.start[r];
      if (plan.stream && packed)
        simd::StreamRun(to_row, from_row, n * plan.element_size);
      else
        CopyStrided(plan.element_size, to_row, p.stride[0], from_row, p.stride[1], n);
    }
  }
}

void ReverseAcross(const ReversePlan& plan, const LoopNest& rest, const LoopDim& p,
                   const Bindings& bindings, uint64_t begin, uint64_t end) {
  const uint64_t n = plan.along.size;
  const uint64_t blocks = (n + kRowsPerItem - 1) / kRowsPerItem;
  Runs runs;
  uint64_t seen_line = UINT64_MAX;  // the line whose lengths were last read
  bool whole = false;               // whether `runs` then covered all of its P
  for (uint64_t item = begin; item < end; ++item) {
    const uint64_t index = item / blocks;
    const Cursor line(rest, index);
    const uint64_t k0 = item % blocks * kRowsPerItem, k1 = std::min(n, k0 + kRowsPerItem);
    const std::byte* lengths = bindings.inputs[1] + line.offset(2);
    std::byte* dst = bindings.outputs[0] + line.offset(0);
    const std::byte* src = bindings.inputs[0] + line.offset(1);
    // Consecutive items of one line share what its lengths make: reading them
    // (4 or 8 bytes each) again per item would cost more than 1-byte data.
    if (index != seen_line) {
      seen_line = index;
      whole = CollectRuns(plan, p, lengths, 0, p.size, &runs);
    }
    if (whole) {
      CopyRuns(plan, p, runs, dst, src, k0, k1);
      continue;
    }
    for (uint64_t j0 = 0; j0 < p.size; j0 += kMaxRuns) {
      const uint64_t m = std::min(kMaxRuns, p.size - j0);
      [[maybe_unused]] const bool fits = CollectRuns(plan, p, lengths, j0, m, &runs);
      assert(fits);  // m <= kMaxRuns columns make at most kMaxRuns runs
      CopyRuns(plan, p, runs, dst + int64_t(j0) * p.stride[0], src + int64_t(j0) * p.stride[1], k0,
               k1);
    }
  }
  if (plan.stream) simd::StreamFence();
}

}  // namespace

void ReverseSubsequences(const ReverseSubsequencesDesc& desc, const Bindings& bindings) {
  assert(bindings.inputs.size() == 2 && bindings.outputs.size() == 1);
  const TensorDesc& output = desc.output_tensor;
  assert(desc.axis < output.DimensionCount());
  const ByteStrides o = ByteStridesOf(output);
  const ByteStrides i = ByteStridesOf(desc.input_tensor);
  const ByteStrides l = ByteStridesOf(desc.sequence_lengths_tensor);
  ReversePlan plan;
  plan.element_size = output.ElementSize();
  plan.length_size = desc.sequence_lengths_tensor.ElementSize();
  plan.along = {output.sizes[desc.axis], {o[desc.axis], i[desc.axis], 0}};
  for (uint32_t d = 0; d < output.DimensionCount(); ++d)
    if (d != desc.axis) plan.lines.Push(output.sizes[d], o[d], i[d], l[d]);
  Normalize(plan.lines);
  const uint64_t bytes = output.ElementCount() * plan.element_size;
  plan.stream = simd::Streams(bytes);
  const int last = plan.lines.rank - 1;
  if (last < 0 || std::llabs(plan.along.stride[0]) < std::llabs(plan.lines.dims[last].stride[0])) {
    const uint64_t items = plan.lines.Count();
    ForEachRange(items, ThreadsFor(items, bytes),
                 [&](uint64_t begin, uint64_t end) { ReverseLines(plan, bindings, begin, end); });
    return;
  }
  LoopNest rest = plan.lines;
  const LoopDim p = rest.Remove(last);
  const uint64_t items = rest.Count() * ((plan.along.size + kRowsPerItem - 1) / kRowsPerItem);
  ForEachRange(items, ThreadsFor(items, bytes), [&](uint64_t begin, uint64_t end) {
    ReverseAcross(plan, rest, p, bindings, begin, end);
  });
}

}  // namespace dmlconf::blocked
