#include "backends/cross_check_backend.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "dmlconf/tensor_layout.h"
#include "platform/compare.h"
#include "platform/guarded_buffer.h"

namespace dmlconf::validator {
namespace {

std::string Describe(const CreateAnswer& a) {
  switch (a.kind) {
    case CreateAnswer::Kind::kAccepted: return "accepts it";
    case CreateAnswer::Kind::kUnsupported: return "does not implement it: " + a.message;
    case CreateAnswer::Kind::kRejected: break;
  }
  return "refuses it with " + std::string(a.reason ? ReasonName(*a.reason) : "no reason code") +
         ": " + a.message;
}

class CrossCheckBackend final : public Backend {
 public:
  CrossCheckBackend(std::unique_ptr<Backend> primary, std::unique_ptr<Backend> secondary)
      : primary_(std::move(primary)), secondary_(std::move(secondary)) {}

  std::string Name() const override { return "cross-check"; }
  FeatureLevel MaxFeatureLevel() const override {
    return std::min(primary_->MaxFeatureLevel(), secondary_->MaxFeatureLevel());
  }

  CreateAnswer Create(const OperatorDesc& desc, FeatureLevel level) override {
    const CreateAnswer a = primary_->Create(desc, level);
    const CreateAnswer b = secondary_->Create(desc, level);
    if (a.kind != b.kind || a.reason != b.reason)
      throw std::runtime_error(primary_->Name() + " " + Describe(a) + ", but " +
                               secondary_->Name() + " " + Describe(b));
    return a;
  }

  ExecuteResult Execute(const OperatorDesc& desc, FeatureLevel level,
                        const Bindings& bindings) override {
    const std::vector<TensorSlot> outs = OutputSlots(desc);
    // The secondary writes into copies of the output buffers as the runner
    // prepared them (poisoned), so untouched bytes compare equal too.
    std::vector<GuardedBuffer> copies;
    Bindings second{bindings.inputs, {}};
    for (size_t i = 0; i < outs.size(); ++i) {
      GuardedBuffer& copy = copies.emplace_back(outs[i].desc->TotalBytes(), uint32_t(200 + i));
      std::memcpy(copy.data(), bindings.outputs[i], copy.size());
      copy.Snapshot();
      second.outputs.push_back(copy.data());
    }
    if (ExecuteResult r = secondary_->Execute(desc, level, second); !r.ok())
      return ExecuteResult::Failed(secondary_->Name() + " failed: " + r.message);
    if (ExecuteResult r = primary_->Execute(desc, level, bindings); !r.ok())
      return ExecuteResult::Failed(primary_->Name() + " failed: " + r.message);
    for (size_t i = 0; i < outs.size(); ++i)
      if (auto diff = Compare(*outs[i].desc, outs[i].role, bindings.outputs[i], copies[i]))
        return ExecuteResult::Failed(*diff);
    return ExecuteResult::Done();
  }

 private:
  // Empty when the secondary's buffer equals the primary's in every byte and
  // its guards are intact; else what differs, with coordinates where the
  // difference is in an element.
  std::optional<std::string> Compare(const TensorDesc& desc, const std::string& role,
                                     const std::byte* primary, const GuardedBuffer& secondary) {
    if (auto at = secondary.FirstGuardChange())
      return secondary_->Name() +
             " wrote outside its output buffer: " + DescribeOffset(*at, secondary.size(), role) +
             " changed";
    const std::string who = secondary_->Name() + " and " + primary_->Name() + " disagree: ";
    const std::vector<std::byte> expected = ReadLogical(desc, primary);
    const std::vector<std::byte> actual = ReadLogical(desc, secondary.data());
    if (auto diff = CompareLogical(role, desc, expected, actual))
      return who + *diff + " (expected: " + primary_->Name() + ", actual: " + secondary_->Name() +
             ")";
    if (std::memcmp(primary, secondary.data(), secondary.size()) != 0)
      return who + "the elements agree, but a byte of " + role +
             " that belongs to no element differs (one of them wrote padding)";
    return std::nullopt;
  }

  std::unique_ptr<Backend> primary_, secondary_;
};

}  // namespace

std::unique_ptr<Backend> MakeCrossCheckBackend(std::unique_ptr<Backend> primary,
                                               std::unique_ptr<Backend> secondary) {
  return std::make_unique<CrossCheckBackend>(std::move(primary), std::move(secondary));
}

}  // namespace dmlconf::validator
