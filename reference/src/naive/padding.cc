// PADDING: the pad family's kernel (naive/pad.h).
#include "dmlconf/naive.h"
#include "naive/pad.h"

namespace dmlconf::naive {

void Padding(const PaddingDesc& desc, const Bindings& bindings) { Pad(ProblemOf(desc), bindings); }

}  // namespace dmlconf::naive
