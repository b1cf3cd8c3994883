// GATHER_ND1: each index tuple moves one block of the input to the output (blocked/nd.h).
#include "blocked/nd.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

void GatherNd1(const GatherNd1Desc& desc, const Bindings& bindings) {
  GatherTuples(PlanNd(desc.output_tensor, desc.input_tensor, desc.indices_tensor, NdCountsOf(desc),
                      /*walked_written=*/true),
               bindings);
}

}  // namespace dmlconf::blocked
