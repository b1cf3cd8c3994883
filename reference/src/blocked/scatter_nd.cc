// SCATTER_ND: output = input (the shared strided copy), then each index tuple moves one
// block of the updates to the output (blocked/nd.h).
#include "blocked/nd.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

void ScatterNd(const ScatterNdDesc& desc, const Bindings& bindings) {
  RunCopy(PlanTensorCopy(desc.output_tensor, desc.input_tensor), bindings.outputs[0],
          bindings.inputs[0]);
  ScatterTuples(PlanNd(desc.updates_tensor, desc.output_tensor, desc.indices_tensor,
                       NdCountsOf(desc), /*walked_written=*/false),
                bindings);
}

}  // namespace dmlconf::blocked
