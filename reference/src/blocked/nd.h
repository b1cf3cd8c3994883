// What the ND operators' blocked kernels share: each index tuple moves one block (the
// input's meaningful dimensions after batch and tuple) between the "walked" tensor,
// indexed by (b, j, r) (GATHER_ND's output, SCATTER_ND's updates), and the
// "positioned" one, whose coordinates the batch and the tuple name (GATHER_ND's input,
// SCATTER_ND's output). The tuples are the work items: each resolves its T index
// elements once and moves its block as one run (memcpy) when both sides hold it
// packed, as one element when it is one, else as a planned strided copy.
// Runs of a large output are streamed (simd::StreamRun), and GATHER_ND resolves its
// tuples a chunk at a time so that the rows they name can be prefetched ahead.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "blocked/strided_copy.h"
#include "dmlconf/nd.h"
#include "dmlconf/op_desc.h"
#include "dmlconf/tensor_desc.h"

namespace dmlconf::blocked {

struct NdPlan {
  // The tuples' coordinates (b, j), outermost first: size, walked and indices strides,
  // and for a batch dimension the positioned tensor's stride and size (0 otherwise).
  struct TupleDim {
    uint32_t size = 1;
    int64_t walked = 0;
    int64_t indices = 0;
    int64_t positioned = 0;
    uint32_t positioned_size = 0;
  };
  int tuple_rank = 0;
  std::array<TupleDim, kMaxDimensions> dims{};
  uint64_t tuples = 1;
  // The tuple's T coordinates: the indices' stride between them, and the positioned
  // tensor's stride and size along the dimension each selects.
  uint32_t tuple = 0;
  int64_t index_stride = 0;
  std::array<int64_t, kMaxDimensions> select_stride{};
  std::array<uint32_t, kMaxDimensions> select_size{};
  // The block: tensor 0 the written side, tensor 1 the read one.
  CopyPlan block;
  uint64_t block_elements = 1;
  bool block_is_run = false;  // one contiguous run on both sides
  bool stream = false;        // the written tensor is large enough to bypass the cache
  size_t element_size = 0;
  DataType index_type = DataType::kUint32;
};

// `walked_written`: GATHER_ND writes the walked tensor, SCATTER_ND the positioned one.
NdPlan PlanNd(const TensorDesc& walked, const TensorDesc& positioned, const TensorDesc& indices,
              NdCounts counts, bool walked_written);

// GATHER_ND and GATHER_ND1 on a plan whose walked tensor is the output (bindings.outputs[0])
// and positioned one the input (bindings.inputs[0]); out-of-range coordinates read the
// clamped position, as the naive kernel does.
void GatherTuples(const NdPlan& plan, const Bindings& bindings);

// SCATTER_ND on a plan whose walked tensor is the updates (bindings.inputs[2]) and
// positioned one the output (bindings.outputs[0]), which already holds the input;
// tuples with a coordinate out of range are dropped, as the naive kernel does.
void ScatterTuples(const NdPlan& plan, const Bindings& bindings);

}  // namespace dmlconf::blocked
