// One benchmark problem: an operator descriptor, the buffers of one call, and
// what the report needs to know about it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dmlconf/op_desc.h"

namespace dmlconf::bench {

// Which targets of the report a shape is held to.
enum class ShapeKind {
  kLongRuns,         // long contiguous runs: <= 1.1x memcpy's time (1.15 whole-row GATHER)
  kElementGranular,  // runs of one element: per-operator limits (tools/bench_report.py)
  kSmall,            // a few KiB: per-call overhead under 500 ns
};
const char* ShapeKindLabel(ShapeKind kind);

struct Shape {
  OperatorType op;
  std::string name;  // "long_runs_mid_axis"
  ShapeKind kind;
  std::vector<DataType> types;
  OperatorDesc (*make)(DataType type);
  // 256 MiB of output for every element type, eight times the 32 MiB L3:
  // what runs at memory bandwidth rather than in cache. The naive kernel
  // skips these (seconds per call); bench_report.py --quick skips them all.
  bool beyond_cache = false;
};

// The shapes the suite measures, in registration order.
const std::vector<Shape>& AllShapes();

// Buffers for one call of `desc`: inputs filled with a byte pattern, GATHER
// indices random but in range (fixed seed), REVERSE_SUBSEQUENCES lengths
// equal to the axis size (a full reverse, so that peers compute the same).
class Problem {
 public:
  explicit Problem(OperatorDesc desc);
  Problem(const Problem&) = delete;
  Problem& operator=(const Problem&) = delete;

  const OperatorDesc& desc() const { return desc_; }
  const Bindings& bindings() const { return bindings_; }
  uint64_t output_bytes() const { return output_bytes_; }

 private:
  OperatorDesc desc_;
  std::vector<std::vector<std::byte>> inputs_;
  std::vector<std::vector<std::byte>> outputs_;
  Bindings bindings_;
  uint64_t output_bytes_ = 0;
};

// The depth/space family (dmlconf/depth_space.h) as a transpose: the packed input read
// with dims `in_dims` (six of them: N, depth split in three or spatial axes
// split in two), then axes permuted so that output dim i is input dim
// perm[i]; the result, packed, is the output. Peers express it each in their
// own words (Eigen shuffle, oneDNN reorder of permuted strides).
struct PermutedView {
  std::array<int64_t, 6> in_dims;
  std::array<int, 6> perm;
};
std::optional<PermutedView> DepthSpaceView(const OperatorDesc& desc);

// "f32", "u8": the short type name used in benchmark names.
std::string ShortTypeName(DataType type);

}  // namespace dmlconf::bench
