// SLICE: Eigen's strided slice of the input, from Offsets in steps of Strides; a
// stride of 0 (contract point K1) as a slice of one broadcast along its dimension.
#include "oracle/oracle_tensor.h"

namespace dmlconf::generate::oracle {

template <class T>
Outputs OracleSlice(const SliceDesc& desc, const std::vector<Values>& in) {
  const Tensor8<T> input = ToTensor<T>(desc.input_tensor, in[0]);
  const size_t pad = kRank - desc.sizes.size();
  Dims start, stop, step, repeat;
  for (int d = 0; d < kRank; ++d) start[d] = 0, stop[d] = 1, step[d] = 1, repeat[d] = 1;
  for (size_t d = 0; d < desc.sizes.size(); ++d) {
    const Eigen::Index offset = desc.offsets[d], size = desc.sizes[d], stride = desc.strides[d];
    start[pad + d] = offset;
    if (stride == 0) {
      stop[pad + d] = offset + 1;
      repeat[pad + d] = size;
    } else {
      stop[pad + d] = offset + stride * (size - 1) + 1;
      step[pad + d] = stride;
    }
  }
  return std::vector<Values>{ToValues<T>(input.stridedSlice(start, stop, step).broadcast(repeat))};
}

DMLCONF_ORACLE_WIDTHS(Slice, SliceDesc)

}  // namespace dmlconf::generate::oracle
