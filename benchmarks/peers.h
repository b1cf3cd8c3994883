// Other libraries doing the same data movement on the same buffers, so the
// report can say whether the blocked kernels beat them. A peer is a callable
// built once per problem (descriptors, primitives) and timed per call; an
// empty one means the library has no formulation for that shape.
#pragma once

#include <functional>

#include "problem.h"

namespace dmlconf::bench {

using PeerCall = std::function<void()>;

// Eigen Tensor, single-threaded (DefaultDevice): concatenate for JOIN,
// slicing for SPLIT, chip loops for GATHER, reshape + shuffle for
// DEPTH_TO_SPACE1 / SPACE_TO_DEPTH1, reverse for full-length
// REVERSE_SUBSEQUENCES.
PeerCall MakeEigenPeer(const Problem& problem);

// oneDNN (when the build found it): concat for JOIN, reorders of sub-memory
// for SPLIT and of permuted strides for DEPTH_TO_SPACE1 / SPACE_TO_DEPTH1.
// Its threads are OpenMP's; the caller sets omp_set_num_threads.
bool HaveOneDnn();
PeerCall MakeOneDnnPeer(const Problem& problem);

}  // namespace dmlconf::bench
