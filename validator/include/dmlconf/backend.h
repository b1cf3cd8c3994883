// What the validator runs cases against. The in-tree reference and blocked
// implementations sit behind it, and so do the adapters for backends written
// by others (a C ABI plug-in, a process exchanging files).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "dmlconf/feature_level.h"
#include "dmlconf/op_desc.h"
#include "dmlconf/validate.h"

namespace dmlconf {

struct ExecuteResult {
  bool ok = true;
  std::string message;  // why it failed, when !ok
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string Name() const = 0;
  // The highest feature level the backend claims. Cases above it are skipped;
  // a case at or below it that the backend refuses fails.
  virtual FeatureLevel MaxFeatureLevel() const = 0;
  // Would the backend create this operator at `level`? OK, or the refusal.
  // A backend that cannot name a reason code returns any non-OK reason; the
  // validator then compares only "accepted" against "rejected"
  // (see ReportsReasonCodes).
  virtual Validation Create(const OperatorDesc& desc, FeatureLevel level) = 0;
  virtual bool ReportsReasonCodes() const { return true; }
  // Empty, or why the backend does not implement what `desc` asks for at all
  // ("implements SPLIT and JOIN only"). The runner asks before Create and
  // skips such a case with this reason, whatever the case expects: "not
  // implemented" is the TOSA "unsupported", neither a pass nor a failure.
  virtual std::string Unsupported(const OperatorDesc& /*desc*/, FeatureLevel /*level*/) {
    return {};
  }
  // Runs a descriptor that Create accepted, reading and writing `bindings`.
  virtual ExecuteResult Execute(const OperatorDesc& desc, FeatureLevel level,
                                const Bindings& bindings) = 0;
};

// The in-tree implementations: shared Validate(), then the naive or blocked
// kernels.
std::unique_ptr<Backend> MakeReferenceBackend();
std::unique_ptr<Backend> MakeBlockedBackend();

}  // namespace dmlconf
