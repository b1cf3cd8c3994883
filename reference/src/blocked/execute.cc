// Dispatch on the descriptor's alternative; the overload set comes from the
// one operator list, so adding an operator adds its case here.
#include <variant>

#include "dmlconf/blocked.h"

namespace dmlconf::blocked {

namespace {
#define DMLCONF_OPERATOR(Type, NAME, Desc) \
  void Run(const Desc& desc, const Bindings& bindings) { Type(desc, bindings); }
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
}  // namespace

void Execute(const OperatorDesc& desc, const Bindings& bindings) {
  std::visit([&](const auto& op) { Run(op, bindings); }, desc);
}

}  // namespace dmlconf::blocked
