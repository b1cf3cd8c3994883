// PADDING1: the pad family's oracle (oracle/pad.h); the padding element is the value's
// own bits, its type's width of them (contract point V2).
#include "oracle/pad.h"

namespace dmlconf::generate::oracle {

template <class T>
Outputs OraclePadding1(const Padding1Desc& desc, const std::vector<Values>& in) {
  const ElementBits element = desc.padding_value & ElementMask(desc.output_tensor.data_type);
  return std::vector<Values>{OraclePad<T>(desc.input_tensor, in[0], desc.padding_mode,
                                          desc.start_padding, desc.end_padding, element)};
}

DMLCONF_ORACLE_WIDTHS(Padding1, Padding1Desc)

}  // namespace dmlconf::generate::oracle
