// SLICE1: Eigen's strided slice of the input, reversed first along the dimensions whose
// stride is negative (so the slice starts at the window's last element and steps up).
#include <cstdlib>

#include "oracle/oracle_tensor.h"

namespace dmlconf::generate::oracle {

template <class T>
Outputs OracleSlice1(const Slice1Desc& desc, const std::vector<Values>& in) {
  const Tensor8<T> input = ToTensor<T>(desc.input_tensor, in[0]);
  const size_t pad = kRank - desc.input_window_sizes.size();
  Dims start, stop, step;
  Eigen::array<bool, kRank> reversed;
  for (int d = 0; d < kRank; ++d) start[d] = 0, stop[d] = 1, step[d] = 1, reversed[d] = false;
  for (size_t d = 0; d < desc.input_window_sizes.size(); ++d) {
    const Eigen::Index n = input.dimension(Eigen::Index(pad + d));
    const Eigen::Index magnitude = std::llabs(int64_t(desc.input_window_strides[d]));
    const Eigen::Index first = desc.input_window_offsets[d];
    const Eigen::Index last = first + Eigen::Index(desc.input_window_sizes[d]) - 1;
    const Eigen::Index out = desc.output_tensor.sizes[d];
    reversed[pad + d] = desc.input_window_strides[d] < 0;
    // In the reversed input, the window's last element is at n - 1 - last.
    start[pad + d] = reversed[pad + d] ? n - 1 - last : first;
    stop[pad + d] = start[pad + d] + (out - 1) * magnitude + 1;
    step[pad + d] = magnitude;
  }
  return std::vector<Values>{ToValues<T>(input.reverse(reversed).stridedSlice(start, stop, step))};
}

DMLCONF_ORACLE_WIDTHS(Slice1, Slice1Desc)

}  // namespace dmlconf::generate::oracle
