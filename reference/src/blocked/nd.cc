#include "blocked/nd.h"

#include <algorithm>

#include "blocked/copy_runs.h"
#include "blocked/elements.h"
#include "blocked/simd.h"
#include "blocked/threading.h"

namespace dmlconf::blocked {

namespace {

// The tuple items [begin, end) in row-major order: each one's coordinates, kept as an
// odometer, give its walked and indices offsets and its batch offset in the
// positioned tensor.
template <class Fn>
void ForEachTuple(const NdPlan& plan, uint64_t begin, uint64_t end, const Fn& fn) {
  std::array<uint32_t, kMaxDimensions> at{};
  uint64_t rest = begin;
  for (int d = plan.tuple_rank; d-- > 0;) {
    at[d] = uint32_t(rest % plan.dims[d].size);
    rest /= plan.dims[d].size;
  }
  for (uint64_t item = begin; item < end; ++item) {
    int64_t walked = 0, indices = 0, batch = 0;
    for (int d = 0; d < plan.tuple_rank; ++d) {
      const NdPlan::TupleDim& dim = plan.dims[d];
      walked += int64_t(at[d]) * dim.walked;
      indices += int64_t(at[d]) * dim.indices;
      // Contract point M2: a batch past the positioned tensor's reads its last.
      if (dim.positioned_size > 0)
        batch += int64_t(std::min(at[d], dim.positioned_size - 1)) * dim.positioned;
    }
    fn(walked, indices, batch);
    for (int d = plan.tuple_rank; d-- > 0;) {
      if (++at[d] < plan.dims[d].size) break;
      at[d] = 0;
    }
  }
}

// A run of a large output bypasses the cache: a row scattered at random would
// otherwise be read in before it is overwritten.
void CopyRunMaybeStreamed(bool stream, std::byte* dst, const std::byte* src, size_t bytes) {
  if (stream)
    simd::StreamRun(dst, src, bytes);
  else
    CopyRun(dst, src, bytes);
}

template <class T>
void MoveBlock(const NdPlan& plan, std::byte* dst, const std::byte* src) {
  if (plan.block_elements == 1)
    CopyElement<T>(dst, src);
  else if (plan.block_is_run)
    CopyRun(dst, src, plan.block_elements * sizeof(T));
  else
    RunCopySerial(plan.block, dst, src);
}

// The positioned tensor's offset of a tuple whose index elements start at `tuple`,
// every coordinate clamped into range (GATHER_ND's reads).
template <class I>
int64_t ClampedAt(const NdPlan& plan, const std::byte* tuple, int64_t batch) {
  int64_t at = batch;
  for (uint32_t k = 0; k < plan.tuple; ++k) {
    const int64_t last = int64_t(plan.select_size[k]) - 1;
    const int64_t position = std::clamp<int64_t>(
        IndexPosition<I>(tuple + int64_t(k) * plan.index_stride, plan.select_size[k]), 0, last);
    at += position * plan.select_stride[k];
  }
  return at;
}

template <class T, class I>
void GatherRange(const NdPlan& plan, const Bindings& bindings, uint64_t begin, uint64_t end) {
  std::byte* const out = bindings.outputs[0];
  const std::byte* const in = bindings.inputs[0];
  const std::byte* const idx = bindings.inputs[1];
  ForEachTuple(plan, begin, end, [&](int64_t walked, int64_t indices, int64_t batch) {
    MoveBlock<T>(plan, out + walked, in + ClampedAt<I>(plan, idx + indices, batch));
  });
}

// Tuples resolved per chunk; rows up to kMaxPrefetchBytes are prefetched about
// kBytesAhead ahead (so many rows) into L2, as GATHER's slabs are (gather.cc). 8 KiB
// ahead: 1.36-1.56x memcpy for rows of 4 KiB against 1.39-1.72x at 32 KiB and
// 1.60-2.00x with none, in alternated quiet runs (report_notes.md, "The rows and the
// windows").
constexpr uint64_t kTupleChunk = 256;
constexpr uint64_t kMaxPrefetchBytes = 16 * 1024;
constexpr uint64_t kBytesAhead = 8 * 1024;
// Streamed, the rows go four side by side (simd::StreamRunsSideBySide): 1.48-1.63x
// memcpy one by one for rows of 4 KiB, 1.12-1.17x four at a time (eight: 1.11-1.26x);
// the first line of each row two groups ahead is asked for, so that its page is
// walked early (1 KiB rows 2.06-2.53x without, 1.84-2.06x with) (report_notes.md,
// "Rows side by side").
constexpr size_t kRowsSideBySide = 4;
constexpr uint64_t kGroupsAhead = 2;

// Whether GATHER_ND's rows path applies: blocks that are one run, short enough to prefetch.
bool GathersRows(const NdPlan& plan) {
  return plan.block_is_run && plan.block_elements > 1 &&
         plan.block_elements * plan.element_size <= kMaxPrefetchBytes;
}

// The next kRowsSideBySide of `left` resolved rows, streamed side by side; meanwhile
// the first line of each row kGroupsAhead groups on is asked for.
void StreamRowGroup(std::byte* out, const std::byte* in, const int64_t* walked, const int64_t* at,
                    uint64_t left, size_t bytes) {
  std::byte* to[kRowsSideBySide];
  const std::byte* from[kRowsSideBySide];
  for (size_t j = 0; j < kRowsSideBySide; ++j) {
    to[j] = out + walked[j], from[j] = in + at[j];
    if (j + kGroupsAhead * kRowsSideBySide < left)
      simd::PrefetchToL2(in + at[j + kGroupsAhead * kRowsSideBySide], simd::kLineBytes);
  }
  simd::StreamRunsSideBySide(to, from, kRowsSideBySide, bytes);
}

// Rows picked at random start where no hardware prefetcher looks: a chunk of tuples
// is resolved first, then the rows are streamed a group side by side, or (not
// streamed, or the chunk's last few) each copied while one `ahead` of it is prefetched.
template <class I>
void GatherRowsRange(const NdPlan& plan, const Bindings& bindings, uint64_t begin, uint64_t end) {
  const std::byte* const in = bindings.inputs[0];
  const size_t bytes = plan.block_elements * plan.element_size;
  const uint64_t ahead = std::max<uint64_t>(1, kBytesAhead / bytes);
  int64_t walked[kTupleChunk], at[kTupleChunk];
  for (uint64_t first = begin; first < end; first += kTupleChunk) {
    const uint64_t n = std::min(kTupleChunk, end - first);
    uint64_t k = 0;
    ForEachTuple(plan, first, first + n, [&](int64_t w, int64_t indices, int64_t batch) {
      walked[k] = w;
      at[k++] = ClampedAt<I>(plan, bindings.inputs[1] + indices, batch);
    });
    for (k = 0; k < n; ++k) {
      if (plan.stream && k + kRowsSideBySide <= n) {
        StreamRowGroup(bindings.outputs[0], in, walked + k, at + k, n - k, bytes);
        k += kRowsSideBySide - 1;
        continue;
      }
      const std::byte* next = k + ahead < n ? in + at[k + ahead] : nullptr;
      std::byte* const to = bindings.outputs[0] + walked[k];
      if (plan.stream) {
        simd::StreamRunPrefetching(to, in + at[k], bytes, next, next ? bytes : 0);
        continue;
      }
      if (next) simd::PrefetchToL2(next, bytes);
      CopyRun(to, in + at[k], bytes);
    }
  }
  if (plan.stream) simd::StreamFence();
}

// SCATTER_ND: every tuple in row-major order writes elements [first, last) of its block
// (all of it, or a share of one run), so where tuples collide the last one wins, as in
// the naive kernel. A tuple with a coordinate out of range is dropped (O1).
template <class T, class I>
void ScatterRange(const NdPlan& plan, const Bindings& bindings, uint64_t first, uint64_t last) {
  std::byte* const out = bindings.outputs[0];
  const std::byte* const upd = bindings.inputs[2];
  const std::byte* const idx = bindings.inputs[1];
  const bool whole = first == 0 && last == plan.block_elements;
  ForEachTuple(plan, 0, plan.tuples, [&](int64_t walked, int64_t indices, int64_t batch) {
    int64_t at = batch;
    for (uint32_t k = 0; k < plan.tuple; ++k) {
      const int64_t position =
          IndexPosition<I>(idx + indices + int64_t(k) * plan.index_stride, plan.select_size[k]);
      if (position < 0 || position >= int64_t(plan.select_size[k])) return;
      at += position * plan.select_stride[k];
    }
    if (whole && !(plan.stream && plan.block_is_run && plan.block_elements > 1))
      MoveBlock<T>(plan, out + at, upd + walked);
    else
      CopyRunMaybeStreamed(plan.stream, out + at + int64_t(first * sizeof(T)),
                           upd + walked + int64_t(first * sizeof(T)), (last - first) * sizeof(T));
  });
  if (plan.stream) simd::StreamFence();
}

}  // namespace

NdPlan PlanNd(const TensorDesc& walked, const TensorDesc& positioned, const TensorDesc& indices,
              NdCounts counts, bool walked_written) {
  const NdShape s = NdShapeOf(positioned.sizes, indices.sizes, counts);
  const ByteStrides w = ByteStridesOf(walked), p = ByteStridesOf(positioned),
                    x = ByteStridesOf(indices);
  NdPlan plan;
  plan.element_size = walked.ElementSize();
  plan.index_type = indices.data_type;
  const uint32_t j_first = s.rank - s.block_dims - s.index_dims;
  for (uint32_t k = 0; k < s.index_dims; ++k) {
    NdPlan::TupleDim& dim = plan.dims[plan.tuple_rank++];
    dim.size = walked.sizes[j_first + k];
    dim.walked = w[j_first + k];
    dim.indices = x[s.indices_lead + k];
    if (k < s.batch) {
      dim.positioned = p[s.input_lead + k];
      dim.positioned_size = positioned.sizes[s.input_lead + k];
    }
    plan.tuples *= dim.size;
  }
  plan.tuple = s.tuple;
  plan.index_stride = x[s.rank - 1];
  for (uint32_t k = 0; k < s.tuple; ++k) {
    plan.select_stride[k] = p[s.input_lead + s.batch + k];
    plan.select_size[k] = positioned.sizes[s.input_lead + s.batch + k];
  }
  LoopNest nest;
  for (uint32_t k = 0; k < s.block_dims; ++k) {
    const uint32_t d = s.rank - s.block_dims + k;
    if (walked_written)
      nest.Push(walked.sizes[d], w[d], p[d]);
    else
      nest.Push(walked.sizes[d], p[d], w[d]);
    plan.block_elements *= walked.sizes[d];
  }
  plan.block = PlanCopy(nest, plan.element_size);
  plan.block_is_run = plan.block.inner == CopyPlan::Inner::kRun && plan.block.outer.Count() == 1;
  const TensorDesc& written = walked_written ? walked : positioned;
  plan.stream = simd::Streams(written.ElementCount() * plan.element_size);
  return plan;
}

void GatherTuples(const NdPlan& plan, const Bindings& bindings) {
  const uint64_t bytes = plan.tuples * (plan.block_elements * plan.element_size +
                                        plan.tuple * ElementSize(plan.index_type));
  WithElementAndIndexTypes(plan.element_size, plan.index_type, [&]<class T, class I>() {
    ForEachRange(plan.tuples, ThreadsFor(plan.tuples, bytes), [&](uint64_t begin, uint64_t end) {
      if (GathersRows(plan))
        GatherRowsRange<I>(plan, bindings, begin, end);
      else
        GatherRange<T, I>(plan, bindings, begin, end);
    });
  });
}

void ScatterTuples(const NdPlan& plan, const Bindings& bindings) {
  // Tuples may name one block, so threads never share out the tuples: they share out
  // the elements of a block held as one run, each thread walking every tuple in order.
  const uint64_t items = plan.block_is_run ? plan.block_elements : 1;
  const uint64_t bytes = plan.tuples * (2 * plan.block_elements * plan.element_size +
                                        plan.tuple * ElementSize(plan.index_type));
  WithElementAndIndexTypes(plan.element_size, plan.index_type, [&]<class T, class I>() {
    ForEachRange(items, ThreadsFor(items, bytes), [&](uint64_t begin, uint64_t end) {
      if (plan.block_is_run)
        ScatterRange<T, I>(plan, bindings, begin, end);
      else
        ScatterRange<T, I>(plan, bindings, 0, plan.block_elements);
    });
  });
}

}  // namespace dmlconf::blocked
