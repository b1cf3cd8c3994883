// GATHER_ELEMENTS: the output element at c is the input element at c with its
// Axis coordinate replaced by the index at c.
#include "oracle/oracle_tensor.h"

namespace dmlconf::generate::oracle {

template <class T>
Outputs OracleGatherElements(const GatherElementsDesc& desc, const std::vector<Values>& in) {
  const Tensor8<T> input = ToTensor<T>(desc.input_tensor, in[0]);
  const Tensor8<uint64_t> indices = ToTensor<uint64_t>(desc.indices_tensor, in[1]);
  const int axis = PaddedAxis(desc.input_tensor, desc.axis);
  const Eigen::Index axis_size = input.dimension(axis);
  Tensor8<T> output(indices.dimensions());
  Dims at;
  for (Eigen::Index flat = 0; flat < output.size(); ++flat) {
    Eigen::Index rest = flat;
    for (int d = kRank - 1; d >= 0; --d) {
      at[d] = rest % output.dimension(d);
      rest /= output.dimension(d);
    }
    int64_t index = IndexValue(desc.indices_tensor.data_type, indices(at));
    if (index < 0) index += axis_size;
    if (index < 0 || index >= axis_size) return std::nullopt;  // left open by the page
    Dims from = at;
    from[axis] = Eigen::Index(index);
    output(at) = input(from);
  }
  return std::vector<Values>{Values(output.data(), output.data() + output.size())};
}

DMLCONF_ORACLE_WIDTHS(GatherElements, GatherElementsDesc)

}  // namespace dmlconf::generate::oracle
