// GATHER_ND: each tuple's input row, as matrices (oracle/nd.h).
#include "oracle/nd.h"

namespace dmlconf::generate::oracle {

template <class T>
Outputs OracleGatherNd(const GatherNdDesc& desc, const std::vector<Values>& in) {
  return OracleGatherTuples<T>(desc, in);
}

DMLCONF_ORACLE_WIDTHS(GatherNd, GatherNdDesc)

}  // namespace dmlconf::generate::oracle
