// SPLIT: each output is a slice of the input along Axis.
#include "oracle/oracle_tensor.h"

namespace dmlconf::generate::oracle {

template <class T>
Outputs OracleSplit(const SplitDesc& desc, const std::vector<Values>& in) {
  const Tensor8<T> input = ToTensor<T>(desc.input_tensor, in[0]);
  const int axis = PaddedAxis(desc.input_tensor, desc.axis);
  std::vector<Values> out;
  Eigen::Index offset = 0;
  for (const TensorDesc& o : desc.output_tensors) {
    Dims offsets;
    offsets.fill(0);
    offsets[axis] = offset;
    const Dims extents = Padded(o.sizes);
    out.push_back(ToValues<T>(input.slice(offsets, extents)));
    offset += extents[axis];
  }
  return out;
}

DMLCONF_ORACLE_WIDTHS(Split, SplitDesc)

}  // namespace dmlconf::generate::oracle
