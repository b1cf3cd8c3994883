// The pad family's oracle (PADDING, PADDING1). CONSTANT is Eigen's pad() with the
// padding element. The other modes are built one dimension at a time: each output slab
// along the dimension is a chip of the previous stage, whose position is found by
// walking outward from the input's edge and turning at its ends, a walk rather than the
// modular formulas of dmlconf/pad.h.
#pragma once

#include <vector>

#include "oracle/oracle_tensor.h"

namespace dmlconf::generate::oracle {

// The positions read along a dimension of size n framed by `start` and `end`, for each
// of its start + n + end output positions.
std::vector<Eigen::Index> WalkedPositions(PaddingMode mode, Eigen::Index n, uint32_t start,
                                          uint32_t end);

template <class T>
Values OraclePad(const TensorDesc& input_desc, const Values& in, PaddingMode mode,
                 const std::vector<uint32_t>& start, const std::vector<uint32_t>& end,
                 ElementBits element) {
  const Tensor8<T> input = ToTensor<T>(input_desc, in);
  const size_t pad = kRank - start.size();
  if (mode == PaddingMode::kConstant) {
    Eigen::array<std::pair<Eigen::Index, Eigen::Index>, kRank> frame;
    frame.fill({0, 0});
    for (size_t d = 0; d < start.size(); ++d) frame[pad + d] = {start[d], end[d]};
    return ToValues<T>(input.pad(frame, T(element)));
  }
  Tensor8<T> stage = input;
  for (size_t d = 0; d < start.size(); ++d) {
    const int axis = int(pad + d);
    const std::vector<Eigen::Index> from =
        WalkedPositions(mode, stage.dimension(axis), start[d], end[d]);
    Dims sizes = stage.dimensions();
    sizes[axis] = Eigen::Index(from.size());
    Tensor8<T> next(sizes);
    for (size_t j = 0; j < from.size(); ++j)
      next.chip(Eigen::Index(j), axis) = stage.chip(from[j], axis);
    stage = std::move(next);
  }
  return Values(stage.data(), stage.data() + stage.size());
}

}  // namespace dmlconf::generate::oracle
