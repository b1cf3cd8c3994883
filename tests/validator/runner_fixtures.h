// Test doubles for the runner: the reference backend with one lie added,
// and small cases whose right answers are worked out by hand.
#pragma once

#include <chrono>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#include "run/isolate.h"
#include "run/judge.h"
#include "run/run_cases.h"

namespace dmlconf::validator::fakes {

enum class Lie {
  kNone,
  kWritePastOutput,       // one byte after the last output's buffer
  kWriteInput,            // flips a bit of the first input
  kWriteOutputGap,        // a byte of a strided output that belongs to no element
  kAcceptEverything,      // Create says OK to anything
  kRefuseEverything,      // Create refuses anything
  kWrongReason,           // refuses invalid descriptors with another code
  kFlipOutputBit,         // element 1 of the last output is off by one bit
  kThrow,                 // Execute throws
  kAbort,                 // Execute aborts the process
  kHang,                  // Execute never returns in time
  kUnsupportedAtCreate,   // Create answers "unsupported" with a sentence
  kUnsupportedAtExecute,  // Create accepts, Execute answers "unsupported" with a sentence
  kCannotGoOn,            // Execute throws RunAborted (its request folder vanished)
};

// The sentence the two unsupported lies give.
inline constexpr const char* kUnsupportedSentence = "index values above 2^24 are not handled";

// The reference backend with one lie added.
class LyingBackend : public Backend {
 public:
  explicit LyingBackend(Lie lie, FeatureLevel max = kHighestFeatureLevel)
      : lie_(lie), max_(max), reference_(MakeReferenceBackend()) {}
  // Also accept every descriptor, then run the reference kernel with the lie:
  // a backend that runs what the reference refuses (an aliased output, A1).
  bool accept_everything = false;
  // Also refuse every descriptor asked below this level: a backend whose older
  // support tables are narrower than DirectML's (JOIN's 3_0 ranks applied to SPLIT).
  FeatureLevel refuse_below = FeatureLevel::k1_0;

  std::string Name() const override { return "liar"; }
  FeatureLevel MaxFeatureLevel() const override { return max_; }
  CreateAnswer Create(const OperatorDesc& desc, FeatureLevel level) override {
    if (lie_ == Lie::kAcceptEverything || accept_everything) return CreateAnswer::Accepted();
    if (lie_ == Lie::kUnsupportedAtCreate) return CreateAnswer::Unsupported(kUnsupportedSentence);
    if (lie_ == Lie::kRefuseEverything) return CreateAnswer::Rejected(Reason::RANK_MISMATCH, "no");
    if (level < refuse_below)
      return CreateAnswer::Rejected(Reason::RANK_NOT_SUPPORTED, "too old a level for this");
    CreateAnswer a = reference_->Create(desc, level);
    if (lie_ == Lie::kWrongReason && !a.accepted()) a.reason = Reason::RANK_MISMATCH;
    return a;
  }
  ExecuteResult Execute(const OperatorDesc& desc, FeatureLevel level,
                        const Bindings& bindings) override {
    if (lie_ == Lie::kThrow) throw std::runtime_error("out of cheese");
    if (lie_ == Lie::kAbort) std::abort();
    if (lie_ == Lie::kHang) std::this_thread::sleep_for(std::chrono::seconds(5));
    if (lie_ == Lie::kUnsupportedAtExecute) return ExecuteResult::Unsupported(kUnsupportedSentence);
    if (lie_ == Lie::kCannotGoOn) throw RunAborted("the request folder /tmp/x disappeared");
    ExecuteResult result = reference_->Execute(desc, level, bindings);
    const std::vector<TensorSlot> outs = OutputSlots(desc);
    std::byte* last = bindings.outputs.back();
    switch (lie_) {
      case Lie::kWritePastOutput: last[outs.back().desc->TotalBytes()] ^= std::byte{1}; break;
      case Lie::kWriteInput: const_cast<std::byte*>(bindings.inputs[0])[0] ^= std::byte{1}; break;
      case Lie::kWriteOutputGap: last[1] ^= std::byte{1}; break;  // stride 2: byte 1 is a gap
      case Lie::kFlipOutputBit: {
        const uint32_t element_1[] = {1};
        last[outs.back().desc->ElementOffset(element_1) * outs.back().desc->ElementSize()] ^=
            std::byte{1};
        break;
      }
      default: break;
    }
    return result;
  }

 private:
  Lie lie_;
  FeatureLevel max_;
  std::unique_ptr<Backend> reference_;
};

inline std::vector<std::byte> U8(std::initializer_list<int> values) {
  std::vector<std::byte> out;
  for (int v : values) out.push_back(std::byte(v));
  return out;
}

// SPLIT {1,2,3,4} along axis 0 into {1} and {2,3,4}; the second output has
// stride 2, so its buffer has gaps at odd bytes.
inline Case SplitCase(std::string name = "t/split") {
  Case c;
  c.name = std::move(name);
  c.file = "cases/t.yaml";
  c.line = 3;
  SplitDesc d;
  d.input_tensor = TensorDesc::Packed(DataType::kUint8, {4});
  d.output_tensors = {TensorDesc::Packed(DataType::kUint8, {1}),
                      TensorDesc::Packed(DataType::kUint8, {3})};
  d.output_tensors[1].strides = std::vector<uint32_t>{2};
  c.descriptor = d;
  c.feature_level = FeatureLevel::k3_0;  // the lowest level for rank 1 (and UINT8)
  c.inputs = {U8({1, 2, 3, 4})};
  c.expected = {U8({1}), U8({2, 3, 4})};
  return c;
}

// Output sizes along the axis sum to 5, the input has 4.
inline Case RejectCase() {
  Case c = SplitCase("t/reject");
  std::get<SplitDesc>(c.descriptor).output_tensors[1].sizes = {4};
  c.expect = Expectation::kReject;
  c.feature_level = kHighestFeatureLevel;  // where rank 1 is allowed: only the sizes are wrong
  c.reason = Reason::SPLIT_AXIS_SIZES_MISMATCH;
  c.inputs.clear();
  c.expected.clear();
  return c;
}

// SPLIT {1,2,3,4} along axis 0 into {1,2} and {3,4}, where OutputTensors[0] has
// stride 0: both its elements share byte 0 (an aliased output, contract point A1),
// while OutputTensors[1]'s elements each have a location of their own. A backend
// that runs it writes 1 then 2 to byte 0, so element 0 reads 2, not the 1 expected:
// only a runner that skips shared locations passes it.
inline Case AliasedSplitCase() {
  Case c = SplitCase("t/aliased");
  SplitDesc& d = std::get<SplitDesc>(c.descriptor);
  d.output_tensors = {TensorDesc::Packed(DataType::kUint8, {2}),
                      TensorDesc::Packed(DataType::kUint8, {2})};
  d.output_tensors[0].strides = std::vector<uint32_t>{0};
  c.expect = Expectation::kRefuseOrRun;
  c.expected = {U8({1, 2}), U8({3, 4})};
  return c;
}

// Counts what the runner asks of the backend it wraps, and at which levels.
class CountingBackend : public Backend {
 public:
  explicit CountingBackend(Backend& inner) : inner_(inner) {}
  std::string Name() const override { return inner_.Name(); }
  FeatureLevel MaxFeatureLevel() const override { return inner_.MaxFeatureLevel(); }
  bool ReportsReasonCodes() const override { return inner_.ReportsReasonCodes(); }
  CreateAnswer Create(const OperatorDesc& desc, FeatureLevel level) override {
    create_levels.push_back(level);
    return inner_.Create(desc, level);
  }
  ExecuteResult Execute(const OperatorDesc& desc, FeatureLevel level,
                        const Bindings& bindings) override {
    ++executes;
    for (const std::byte* p : bindings.inputs) pointers.push_back(p);
    for (const std::byte* p : bindings.outputs) pointers.push_back(p);
    return inner_.Execute(desc, level, bindings);
  }

  std::vector<FeatureLevel> create_levels;  // one entry per Create
  int executes = 0;
  std::vector<const std::byte*> pointers;  // every binding Execute saw

 private:
  Backend& inner_;
};

}  // namespace dmlconf::validator::fakes
