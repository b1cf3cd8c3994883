// A copy between two strided views of one shape: the building block of SPLIT,
// JOIN, DEPTH_TO_SPACE1, SPACE_TO_DEPTH1 and GATHER's inner slabs. Planned once
// (normalize, pick the inner loop), then run at any base pointers.
#pragma once

#include <cstddef>
#include <cstdint>

#include <optional>
#include <span>

#include "blocked/normalize.h"

namespace dmlconf::blocked {

struct CopyPlan {
  enum class Inner { kRun, kStrided, kTiled };
  Inner inner = Inner::kRun;
  size_t element_size = 0;
  LoopNest outer;  // tensor 0: destination, tensor 1: source
  // The innermost dimension: the smallest destination stride.
  LoopDim cols;
  // kTiled only: the dimension with the smallest source stride.
  LoopDim rows;

  uint64_t ElementCount() const { return outer.Count() * cols.size * rows.size; }
};

// `nest` holds the shape with destination strides as tensor 0 and source
// strides as tensor 1, in bytes. Destination elements must not alias each
// other (validation's TENSOR_OUTPUT_ALIASED), which is what lets
// normalization reorder the loops.
CopyPlan PlanCopy(LoopNest nest, size_t element_size);

// The copy of the whole of `src` into `dst`, two tensors of one shape (the scatters'
// first step: output = input).
CopyPlan PlanTensorCopy(const TensorDesc& dst, const TensorDesc& src);

// Bytes of the tensor's block from `axis` inward if it is packed (size-1
// dimensions' strides do not matter), else 0.
uint64_t PackedBytesFrom(const TensorDesc& tensor, const ByteStrides& strides, uint32_t axis);

// Copies on the calling thread.
void RunCopySerial(const CopyPlan& plan, std::byte* dst, const std::byte* src);
// Copies with threads when the problem is large enough (ThreadsFor).
void RunCopy(const CopyPlan& plan, std::byte* dst, const std::byte* src);

// SPLIT and JOIN where they are one (de)interleave: k = 2..4 parts of equal
// size along the axis, each part's share of one outer step (its rows from
// the axis inward) one contiguous unit of 1, 2, 4 or 8 bytes, in the whole
// tensor k units side by side. Two scalar element copies per byte pair
// become a SIMD shuffle (report_notes.md, "SPLIT and JOIN as shuffles").
struct PartsPlan {
  int k = 0;
  size_t unit = 0;
  // Outer steps; tensor 0 is the written side (the parts for SPLIT, the
  // whole for JOIN), tensor 1 the read one. The parts share their strides.
  LoopNest outer;
  // The innermost outer dimension, removed from `outer`: its steps are
  // consecutive units in the parts and consecutive k-unit groups in the whole,
  // so one SIMD call walks all of them.
  LoopDim line;
};

// The plan for `whole` split into (joined from) `parts` along `axis`
// (`whole_written` for JOIN), or none when the parts do not have that shape
// (one copy per part then).
std::optional<PartsPlan> PlanParts(const TensorDesc& whole, std::span<const TensorDesc> parts,
                                   uint32_t axis, bool whole_written);

// Runs a plan, with threads and streamed stores when large.
void RunDeinterleaveParts(const PartsPlan& plan, std::byte* const* dsts, const std::byte* src);
void RunInterleaveParts(const PartsPlan& plan, std::byte* dst, const std::byte* const* srcs);

}  // namespace dmlconf::blocked
