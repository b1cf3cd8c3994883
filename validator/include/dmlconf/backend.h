// What the validator runs cases against. The in-tree reference and blocked
// implementations sit behind it, and so do the adapters for backends written
// by others (a C ABI plug-in, a program exchanging files, a long-lived
// program speaking the persistent protocol).
#pragma once

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "dmlconf/feature_level.h"
#include "dmlconf/op_desc.h"
#include "dmlconf/validate.h"

namespace dmlconf {

// The one answer to "would you create this descriptor at this level?".
// Unsupported is the TOSA "unsupported": not implemented here, whatever the
// descriptor's validity; the case is skipped, neither passed nor failed.
struct CreateAnswer {
  enum class Kind : uint8_t { kAccepted, kRejected, kUnsupported };
  Kind kind = Kind::kAccepted;
  // kRejected: the rule broken, when the backend names one (compared with the
  // case's only when the backend ReportsReasonCodes()).
  std::optional<Reason> reason;
  std::string message;  // kRejected / kUnsupported: the backend's own sentence

  static CreateAnswer Accepted() { return {}; }
  static CreateAnswer Rejected(std::optional<Reason> reason, std::string message) {
    return {Kind::kRejected, reason, std::move(message)};
  }
  static CreateAnswer Unsupported(std::string why) {
    return {Kind::kUnsupported, std::nullopt, std::move(why)};
  }
  // The in-tree validation's verdict: accepted, or rejected with its reason.
  static CreateAnswer From(const Validation& v) {
    return v.ok() ? Accepted() : Rejected(v.reason, v.message);
  }
  bool accepted() const { return kind == Kind::kAccepted; }
};

// How an Execute of an accepted descriptor went. kUnsupported is support that
// depends on the data (an index value the backend cannot handle): the case is
// skipped with the sentence, as for Create. The two stray writes are what a
// backend that copies buffers through files of its own (serve:, exec:) saw
// there: a changed byte outside every tensor (a guard byte, a file that grew)
// or inside an input's tensor. They fail the case as the runner's own guards
// would, whatever else the program answered.
struct ExecuteResult {
  enum class Kind : uint8_t { kDone, kFailed, kUnsupported, kStrayWrite, kStrayWriteInput };
  Kind kind = Kind::kDone;
  std::string message;  // why, unless kDone

  static ExecuteResult Done() { return {}; }
  static ExecuteResult Failed(std::string why) { return {Kind::kFailed, std::move(why)}; }
  static ExecuteResult Unsupported(std::string why) { return {Kind::kUnsupported, std::move(why)}; }
  static ExecuteResult StrayWrite(std::string where) {
    return {Kind::kStrayWrite, std::move(where)};
  }
  static ExecuteResult StrayWriteInput(std::string where) {
    return {Kind::kStrayWriteInput, std::move(where)};
  }
  bool ok() const { return kind == Kind::kDone; }
};

// Thrown by a backend that cannot go on at all (its request folder vanished,
// it cannot be restarted): the run stops with this one message instead of
// turning every remaining case into an error.
class RunAborted : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Thrown by a backend in a process of its own when that process died or did
// not answer in time during a request: the case is an `error` of that kind
// (crash, timeout), and the backend restarts its process for the next one.
class BackendProcessLost : public std::runtime_error {
 public:
  enum class How : uint8_t { kCrashed, kTimedOut };
  BackendProcessLost(How lost, const std::string& what) : std::runtime_error(what), how(lost) {}
  How how;
};

class Backend {
 public:
  virtual ~Backend() = default;
  // The backend's identity in every verdict, report, expected-failure entry
  // and baseline: the NAME of --backend NAME=SPEC, else the name the backend
  // declares (describe, a plug-in's table), else the SPEC itself.
  virtual std::string Name() const = 0;
  // What --backend was given to make this backend again, "NAME=SPEC" when a
  // name was given that way: the reproducers' argument.
  virtual std::string Argument() const { return Name(); }
  // Free text the backend declares about itself (describe's `version` and
  // `description`: "1.15.4", the GPU adapter), for the reports; not part of
  // the identity, so a new version still diffs against the old baseline.
  virtual std::string Version() const { return {}; }
  virtual std::string Description() const { return {}; }
  // Where a backend that exchanges files keeps them, when it was asked to keep
  // them after the run (--keep-run-dir); empty otherwise.
  virtual std::string RunFolder() const { return {}; }
  // What the backend's program wrote to its standard error since the last
  // call, at most a few KiB (empty for a backend inside dmlconf): a verdict on
  // a case quotes what was said while it ran.
  virtual std::string TakeStderr() { return {}; }
  // The highest feature level the backend claims. Cases above it are skipped;
  // a case at or below it that the backend refuses fails.
  virtual FeatureLevel MaxFeatureLevel() const = 0;
  // Asked exactly once per operator call of a case (validator/BACKENDS.md
  // says at which level).
  virtual CreateAnswer Create(const OperatorDesc& desc, FeatureLevel level) = 0;
  // Whether a rejection's reason code means anything: when false, only
  // accepted-versus-rejected is compared.
  virtual bool ReportsReasonCodes() const { return true; }
  // True for a backend that runs in a process of its own (serve:, plugin:):
  // --isolate has nothing to add to it.
  virtual bool RunsOutOfProcess() const { return false; }
  // True for a backend for which some cases cost a slow start (describe's
  // `spread_cases`): its cases run in an order that puts neighbours far apart,
  // so that a burst of such cases in the case files does not wait start after
  // start. Results and reports stay in the case order.
  virtual bool SpreadsCases() const { return false; }
  // Runs the descriptor Create accepted just before, reading and writing
  // `bindings`.
  virtual ExecuteResult Execute(const OperatorDesc& desc, FeatureLevel level,
                                const Bindings& bindings) = 0;
};

// The in-tree implementations: shared Validate(), then the naive or blocked
// kernels.
std::unique_ptr<Backend> MakeReferenceBackend();
std::unique_ptr<Backend> MakeBlockedBackend();

}  // namespace dmlconf
