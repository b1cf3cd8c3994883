// The DirectML host's check of the operator schema against DirectML.h, compiled on
// Linux with DirectX-Headers' Windows-type stubs (schema_check.cmake). With
// DMLCONF_DROP_ORDER, DEPTH_TO_SPACE1's schema leaves out Order, as a forgetful
// entry would: that must not compile.
#include <wsl/winadapter.h>

#include <DirectML.h>

#include "dmlconf/op_schema.inc"

#ifdef DMLCONF_DROP_ORDER
#undef DMLCONF_FIELDS_DepthToSpace1
#define DMLCONF_FIELDS_DepthToSpace1(FIELD)  \
  FIELD(Input, input_tensor, InputTensor)    \
  FIELD(Output, output_tensor, OutputTensor) \
  FIELD(BlockSize, block_size, BlockSize)
#endif

#include "backends/directml/schema_check.h"

int main() { return 0; }
