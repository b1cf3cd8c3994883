// The pad family, blocked: output row by output row along the innermost
// dimension. A row's outer coordinates pick one input row through PaddingSource
// (in CONSTANT mode an outer coordinate in the padding makes the whole row the
// padding element). The row is then three runs: the StartPadding elements, the
// input row (a memcpy when both rows are contiguous), the EndPadding elements.
// The two ends are the padding element, or in the other modes the input row's
// elements at byte offsets computed once per call, since every row folds alike.
// A large output is streamed: a row alone through the L1 bounce buffer (WriteLine),
// as the other long-run kernels write theirs, and a packed output's rows as one
// sequence of runs, the input rows streamed straight from the input (StreamWriter).
#include "blocked/pad.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <vector>

#include "blocked/copy_runs.h"
#include "blocked/normalize.h"
#include "blocked/simd.h"
#include "blocked/threading.h"

namespace dmlconf::blocked {

namespace {

struct PadPlan {
  const PaddingProblem& p;
  size_t element_size;
  int outer_rank;  // the dimensions around the rows
  ByteStrides in_stride, out_stride;
  uint64_t before, middle, after;    // the row's three runs, in elements
  std::vector<int64_t> end_offsets;  // the ends' input offsets: `before` ones, then `after`
  std::vector<uint64_t> row_counts;  // rows per step of each outer dimension
  bool stream = false;               // rows streamed
  bool fused = false;                // streamed rows back to back: the output is packed
};

// Whether consecutive rows of the output follow each other in memory.
bool RowsAdjacent(const TensorDesc& output, const ByteStrides& strides) {
  int64_t bytes = int64_t(output.ElementSize());
  for (size_t d = output.sizes.size(); d-- > 0;) {
    if (output.sizes[d] != 1 && strides[d] != bytes) return false;
    bytes *= output.sizes[d];
  }
  return true;
}

PadPlan MakePlan(const PaddingProblem& p) {
  const int rank = int(p.output.sizes.size());
  PadPlan plan{p,
               p.output.ElementSize(),
               rank - 1,
               ByteStridesOf(p.input),
               ByteStridesOf(p.output),
               p.start_padding[rank - 1],
               p.input.sizes[rank - 1],
               0,
               {},
               {}};
  plan.after = p.output.sizes[rank - 1] - plan.before - plan.middle;
  if (p.mode != PaddingMode::kConstant) {
    const int64_t first = -int64_t(plan.before);
    for (uint64_t k = 0; k < plan.before + plan.after; ++k) {
      const int64_t i =
          k < plan.before ? first + int64_t(k) : int64_t(plan.middle + k - plan.before);
      plan.end_offsets.push_back(int64_t(PaddingSource(p.mode, i, uint32_t(plan.middle))) *
                                 plan.in_stride[rank - 1]);
    }
  }
  plan.row_counts.assign(size_t(plan.outer_rank) + 1, 1);
  for (int d = plan.outer_rank - 1; d >= 0; --d)
    plan.row_counts[d] = plan.row_counts[d + 1] * p.output.sizes[d];
  plan.stream = plan.out_stride[rank - 1] == int64_t(plan.element_size) &&
                simd::Streams(p.output.ElementCount() * plan.element_size);
  plan.fused = plan.stream && RowsAdjacent(p.output, plan.out_stride);
  return plan;
}

template <class T>
void Fill(std::byte* dst, int64_t stride, ElementBits element, uint64_t n) {
  const T value = T(element);
  if (stride == int64_t(sizeof(T))) {  // a constant stride the compiler vectorizes
    for (uint64_t k = 0; k < n; ++k) std::memcpy(dst + k * sizeof(T), &value, sizeof(T));
    return;
  }
  for (uint64_t k = 0; k < n; ++k) std::memcpy(dst + int64_t(k) * stride, &value, sizeof(T));
}

// The input row a row of output coordinates `outer` reads, or nullptr when it
// is all padding (CONSTANT mode).
const std::byte* InputRow(const PadPlan& plan, const uint32_t* outer, const std::byte* in) {
  for (int d = 0; d < plan.outer_rank; ++d) {
    const int64_t i = int64_t(outer[d]) - int64_t(plan.p.start_padding[d]);
    const uint32_t n = plan.p.input.sizes[d];
    if ((i < 0 || i >= int64_t(n)) && plan.p.mode == PaddingMode::kConstant) return nullptr;
    in += int64_t(PaddingSource(plan.p.mode, i, n)) * plan.in_stride[d];
  }
  return in;
}

// Elements [first, first + count) of a row into `out` (its element `first`),
// which is contiguous when the row streams: the row's three runs, each cut to
// that piece.
template <class T>
void PadPiece(const PadPlan& plan, std::byte* out, const std::byte* in, uint64_t first,
              uint64_t count) {
  const int64_t os = plan.stream ? int64_t(sizeof(T)) : plan.out_stride[plan.outer_rank];
  const int64_t is = plan.in_stride[plan.outer_rank];
  const ElementBits element = plan.p.padding_element;
  const uint64_t last = first + count;
  const uint64_t runs[4] = {0, plan.before, plan.before + plan.middle,
                            plan.before + plan.middle + plan.after};
  for (int r = 0; r < 3; ++r) {
    const uint64_t from = std::max(first, runs[r]), to = std::min(last, runs[r + 1]);
    if (from >= to) continue;
    std::byte* dst = out + int64_t(from - first) * os;
    const uint64_t n = to - from;
    if (in == nullptr || (r != 1 && plan.p.mode == PaddingMode::kConstant))
      Fill<T>(dst, os, element, n);
    else if (r == 1)
      CopyStridedOf<T>(dst, os, in + int64_t(from - plan.before) * is, is, n);
    else  // the ends' offsets: `before` of them, then `after`
      GatherElementsOf<T>(dst, os, in,
                          plan.end_offsets.data() + (r == 0 ? from : from - plan.middle), n);
  }
}

template <class T>
void PadRow(const PadPlan& plan, std::byte* out, const std::byte* in) {
  const uint64_t n = plan.before + plan.middle + plan.after;
  WriteLine(plan.stream, out, sizeof(T), n, 1,
            [&](std::byte* piece, uint64_t first, uint64_t count) {
              PadPiece<T>(plan, piece, in, first, count);
            });
}

// Calls row(out, in) for rows [begin, end): each row's output and the input row it reads
// (InputRow), the outer coordinates stepped, not divided.
template <class Fn>
void ForEachRow(const PadPlan& plan, const Bindings& bindings, uint64_t begin, uint64_t end,
                const Fn& row) {
  std::array<uint32_t, kMaxDimensions> outer{};
  for (int d = 0; d < plan.outer_rank; ++d)
    outer[d] = uint32_t(begin / plan.row_counts[d + 1] % plan.p.output.sizes[d]);
  for (uint64_t r = begin; r < end; ++r) {
    std::byte* out = bindings.outputs[0];
    for (int d = 0; d < plan.outer_rank; ++d) out += int64_t(outer[d]) * plan.out_stride[d];
    row(out, InputRow(plan, outer.data(), bindings.inputs[0]));
    for (int d = plan.outer_rank - 1; d >= 0; --d) {  // the next row's coordinates
      if (++outer[d] < plan.p.output.sizes[d]) break;
      outer[d] = 0;
    }
  }
}

// Rows [begin, end) of a packed output, streamed as one sequence of runs (StreamWriter):
// a contiguous input row straight from the input, the ends (and rows of another kind,
// a piece at a time) produced into a small scratch first.
template <class T>
void PadRowsFused(const PadPlan& plan, const Bindings& bindings, uint64_t begin, uint64_t end) {
  constexpr size_t kScratchBytes = 1024;
  alignas(64) std::byte scratch[kScratchBytes];
  constexpr uint64_t kPer = kScratchBytes / sizeof(T);
  const bool contiguous = plan.in_stride[plan.outer_rank] == int64_t(sizeof(T));
  // CONSTANT's padding is the same bytes in every row: produced once.
  const bool constant = plan.p.mode == PaddingMode::kConstant;
  alignas(64) std::byte padding[kScratchBytes];
  if (constant) Fill<T>(padding, sizeof(T), plan.p.padding_element, kPer);
  std::optional<StreamWriter> writer;
  ForEachRow(plan, bindings, begin, end, [&](std::byte* out, const std::byte* in) {
    if (!writer) writer.emplace(out);
    // `padding_only`: elements [first, first + count) are all the padding element.
    const auto produce = [&](uint64_t first, uint64_t count, bool padding_only) {
      for (uint64_t done = 0; done < count; done += kPer) {
        const uint64_t m = std::min(kPer, count - done);
        if (constant && padding_only) {
          writer->Append(padding, m * sizeof(T));
          continue;
        }
        PadPiece<T>(plan, scratch, in, first + done, m);
        writer->Append(scratch, m * sizeof(T));
      }
    };
    const uint64_t n = plan.before + plan.middle + plan.after;
    if (in == nullptr) return produce(0, n, true);
    if (!contiguous) return produce(0, n, false);
    produce(0, plan.before, true);
    writer->Append(in, plan.middle * sizeof(T));
    produce(plan.before + plan.middle, plan.after, true);
  });
  if (writer) writer->Finish();
}

template <class T>
void PadRows(const PadPlan& plan, const Bindings& bindings, uint64_t begin, uint64_t end) {
  if (plan.fused)
    PadRowsFused<T>(plan, bindings, begin, end);
  else
    ForEachRow(plan, bindings, begin, end,
               [&](std::byte* out, const std::byte* in) { PadRow<T>(plan, out, in); });
  if (plan.stream) simd::StreamFence();
}

}  // namespace

void Pad(const PaddingProblem& problem, const Bindings& bindings) {
  const PadPlan plan = MakePlan(problem);
  const uint64_t rows = plan.row_counts[0];
  const uint64_t bytes = problem.output.ElementCount() * plan.element_size;
  WithElementType(plan.element_size, [&]<class T>() {
    ForEachRange(rows, ThreadsFor(rows, bytes),
                 [&](uint64_t begin, uint64_t end) { PadRows<T>(plan, bindings, begin, end); });
  });
}

}  // namespace dmlconf::blocked
