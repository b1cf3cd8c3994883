// REVERSE_SUBSEQUENCES: each line's first L elements reversed, L clamped to the axis.
#include <algorithm>

#include "dmlconf/tensor_layout.h"
#include "oracle/oracle_tensor.h"

namespace dmlconf::generate::oracle {

template <class T>
Outputs OracleReverseSubsequences(const ReverseSubsequencesDesc& desc,
                                  const std::vector<Values>& in) {
  const Tensor8<T> input = ToTensor<T>(desc.input_tensor, in[0]);
  Tensor8<T> output = input;
  const int axis = PaddedAxis(desc.input_tensor, desc.axis);
  const Eigen::Index axis_size = input.dimension(axis);
  Eigen::array<bool, kRank> flip;
  flip.fill(false);
  flip[axis] = true;
  const TensorDesc& lengths = desc.sequence_lengths_tensor;
  const size_t pad = kRank - lengths.DimensionCount();
  size_t line = 0;
  ForEachCoordinate(lengths.sizes, [&](std::span<const uint32_t> coords) {
    const uint64_t length = uint64_t(IndexValue(lengths.data_type, in[1][line++]));
    Dims offsets, extents;
    offsets.fill(0);
    extents.fill(1);
    for (size_t d = 0; d < coords.size(); ++d) offsets[pad + d] = coords[d];
    extents[axis] = Eigen::Index(std::min<uint64_t>(length, uint64_t(axis_size)));
    if (extents[axis] > 0)
      output.slice(offsets, extents) = input.slice(offsets, extents).reverse(flip);
  });
  return std::vector<Values>{Values(output.data(), output.data() + output.size())};
}

DMLCONF_ORACLE_WIDTHS(ReverseSubsequences, ReverseSubsequencesDesc)

}  // namespace dmlconf::generate::oracle
