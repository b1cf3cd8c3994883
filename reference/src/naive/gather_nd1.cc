// GATHER_ND1: output[b, j, r] = input[b, indices[b, j, ...], r], written once for the ND
// family (naive/nd.h). An out-of-range tuple coordinate reads the clamped position.
#include "dmlconf/naive.h"
#include "naive/nd.h"

namespace dmlconf::naive {

void GatherNd1(const GatherNd1Desc& desc, const Bindings& bindings) {
  GatherTuples(desc, bindings);
}

}  // namespace dmlconf::naive
