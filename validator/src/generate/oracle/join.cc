// JOIN: the inputs concatenated along Axis.
#include "oracle/oracle_tensor.h"

namespace dmlconf::generate::oracle {

template <class T>
Outputs OracleJoin(const JoinDesc& desc, const std::vector<Values>& in) {
  const int axis = PaddedAxis(desc.output_tensor, desc.axis);
  Tensor8<T> joined = ToTensor<T>(desc.input_tensors[0], in[0]);
  for (size_t i = 1; i < in.size(); ++i) {
    const Tensor8<T> next = joined.concatenate(ToTensor<T>(desc.input_tensors[i], in[i]), axis);
    joined = next;
  }
  return std::vector<Values>{Values(joined.data(), joined.data() + joined.size())};
}

DMLCONF_ORACLE_WIDTHS(Join, JoinDesc)

}  // namespace dmlconf::generate::oracle
