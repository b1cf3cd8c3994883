// The two in-tree backends: shared validation, then naive or blocked kernels.
#include "dmlconf/backend.h"
#include "dmlconf/blocked.h"
#include "dmlconf/naive.h"

namespace dmlconf {

namespace {
using Kernel = void (*)(const OperatorDesc&, const Bindings&);

class InProcessBackend final : public Backend {
 public:
  InProcessBackend(std::string name, Kernel kernel) : name_(std::move(name)), kernel_(kernel) {}
  std::string Name() const override { return name_; }
  FeatureLevel MaxFeatureLevel() const override { return kHighestFeatureLevel; }
  CreateAnswer Create(const OperatorDesc& desc, FeatureLevel level) override {
    return CreateAnswer::From(Validate(desc, level));
  }
  ExecuteResult Execute(const OperatorDesc& desc, FeatureLevel, const Bindings& bindings) override {
    kernel_(desc, bindings);
    return ExecuteResult::Done();
  }

 private:
  std::string name_;
  Kernel kernel_;
};
}  // namespace

std::unique_ptr<Backend> MakeReferenceBackend() {
  return std::make_unique<InProcessBackend>("reference", &naive::Execute);
}
std::unique_ptr<Backend> MakeBlockedBackend() {
  return std::make_unique<InProcessBackend>("blocked", &blocked::Execute);
}

}  // namespace dmlconf
