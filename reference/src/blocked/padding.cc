// PADDING: the pad family's kernel (blocked/pad.cc).
#include "blocked/pad.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

void Padding(const PaddingDesc& desc, const Bindings& bindings) { Pad(ProblemOf(desc), bindings); }

}  // namespace dmlconf::blocked
