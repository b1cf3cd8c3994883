// GATHER_ND: output[j, r] = input[indices[j, ...], r], written once for the ND
// family (naive/nd.h). An out-of-range tuple coordinate reads the clamped position.
#include "dmlconf/naive.h"
#include "naive/nd.h"

namespace dmlconf::naive {

void GatherNd(const GatherNdDesc& desc, const Bindings& bindings) { GatherTuples(desc, bindings); }

}  // namespace dmlconf::naive
