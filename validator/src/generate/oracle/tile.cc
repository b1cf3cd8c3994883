// TILE: Eigen's broadcast of the input, Repeats times along each dimension.
#include "oracle/oracle_tensor.h"

namespace dmlconf::generate::oracle {

template <class T>
Outputs OracleTile(const TileDesc& desc, const std::vector<Values>& in) {
  const Tensor8<T> input = ToTensor<T>(desc.input_tensor, in[0]);
  return std::vector<Values>{ToValues<T>(input.broadcast(Padded(desc.repeats)))};
}

DMLCONF_ORACLE_WIDTHS(Tile, TileDesc)

}  // namespace dmlconf::generate::oracle
