// GATHER_ND1: each tuple's input row, as matrices (oracle/nd.h).
#include "oracle/nd.h"

namespace dmlconf::generate::oracle {

template <class T>
Outputs OracleGatherNd1(const GatherNd1Desc& desc, const std::vector<Values>& in) {
  return OracleGatherTuples<T>(desc, in);
}

DMLCONF_ORACLE_WIDTHS(GatherNd1, GatherNd1Desc)

}  // namespace dmlconf::generate::oracle
