// Issue 10: every non-pass carries the kind the runner decided it is, set
// where the verdict is made, in process and in a forked child alike.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <thread>

#include "platform/compare.h"
#include "run/isolate.h"
#include "run/judge.h"
#include "run/run_cases.h"

namespace dmlconf::validator {
namespace {

// What the wrapped reference backend does wrong.
enum class Twist {
  kNone,
  kAcceptAll,
  kRefuseAll,
  kWrongReason,
  kUnsupported,
  kWrongValue,
  kWriteInput,
  kWriteGuard,
  kWritePadding,
  kExecuteFails,
  kThrow,
  kCrash,
  kHang,
};

class TwistedBackend : public Backend {
 public:
  explicit TwistedBackend(Twist twist) : twist_(twist), inner_(MakeReferenceBackend()) {}
  std::string Name() const override { return "twisted"; }
  FeatureLevel MaxFeatureLevel() const override { return inner_->MaxFeatureLevel(); }
  CreateAnswer Create(const OperatorDesc& desc, FeatureLevel level) override {
    switch (twist_) {
      case Twist::kAcceptAll: return CreateAnswer::Accepted();
      case Twist::kRefuseAll: return CreateAnswer::Rejected(std::nullopt, "no");
      case Twist::kUnsupported: return CreateAnswer::Unsupported("not built");
      case Twist::kWrongReason: {
        CreateAnswer a = inner_->Create(desc, level);
        if (!a.accepted()) a.reason = Reason::TENSOR_RANK_INVALID;
        return a;
      }
      default: return inner_->Create(desc, level);
    }
  }
  ExecuteResult Execute(const OperatorDesc& desc, FeatureLevel level, const Bindings& b) override {
    if (twist_ == Twist::kExecuteFails) return ExecuteResult::Failed("device lost");
    if (twist_ == Twist::kThrow) throw std::runtime_error("boom");
    if (twist_ == Twist::kCrash) std::abort();
    if (twist_ == Twist::kHang) std::this_thread::sleep_for(std::chrono::seconds(30));
    ExecuteResult r = inner_->Execute(desc, level, b);
    const TensorDesc& out = *OutputSlots(desc)[0].desc;
    if (twist_ == Twist::kWrongValue) b.outputs[0][0] ^= std::byte{1};
    if (twist_ == Twist::kWriteInput) const_cast<std::byte*>(b.inputs[0])[0] ^= std::byte{1};
    if (twist_ == Twist::kWriteGuard) b.outputs[0][out.TotalBytes()] ^= std::byte{1};
    if (twist_ == Twist::kWritePadding) {
      const std::vector<bool> element = ElementByteMask(out);
      const auto padding = std::find(element.begin(), element.end(), false);
      b.outputs[0][padding - element.begin()] ^= std::byte{1};
    }
    return r;
  }

 private:
  Twist twist_;
  std::unique_ptr<Backend> inner_;
};

const Case& Named(const std::vector<Case>& cases, const std::string& name) {
  for (const Case& c : cases)
    if (c.name == name) return c;
  throw std::runtime_error("no case " + name);
}

class KindTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const std::string dir = std::string(DMLCONF_SOURCE_DIR) + "/cases/";
    cases_ = new std::vector<Case>(LoadCases(std::vector<std::filesystem::path>{
        dir + "spec/join.yaml", dir + "generated/join/invalid.yaml",
        dir + "generated/join/strided.yaml", dir + "generated/tile/invalid.yaml",
        dir + "generated/slice1/invalid.yaml"}));
  }
  static const Case& Match() { return Named(*cases_, "spec/join/example-2-axis-1"); }
  static const Case& Reject() { return Named(*cases_, "join/fl4_1/reject/input0-dim1-differs"); }
  // Its output rows are padded: a byte between them belongs to no element.
  static const Case& Padded() { return Named(*cases_, "join/fl1_0/float32/r4/output-padded-rows"); }

  static CaseResult Judge(const Case& c, Twist twist, bool isolate = false) {
    TwistedBackend backend(twist);
    // A hang waits out its bound, which a hang meets on any machine: 2 s. Anything that
    // answers gets 120 s, which no loaded machine misses (issue 31: no short limit on
    // work that must finish).
    const double seconds = twist == Twist::kHang ? 2 : 120;
    return isolate ? JudgeCaseIsolated(c, backend, kHighestFeatureLevel, seconds)
                   : JudgeCase(c, backend, kHighestFeatureLevel);
  }
  static std::vector<Case>* cases_;
};
std::vector<Case>* KindTest::cases_ = nullptr;

TEST_F(KindTest, PlainPassHasNoKind) {
  const CaseResult r = Judge(Match(), Twist::kNone);
  EXPECT_EQ(r.verdict, Verdict::kPassed);
  EXPECT_EQ(r.kind, Kind::kNone);
}

TEST_F(KindTest, DescriptorAnswersHaveTheirKinds) {
  EXPECT_EQ(Judge(Reject(), Twist::kAcceptAll).kind, Kind::kAcceptedInvalid);
  EXPECT_EQ(Judge(Match(), Twist::kRefuseAll).kind, Kind::kRefusedValid);
  EXPECT_EQ(Judge(Reject(), Twist::kWrongReason).kind, Kind::kWrongReasonCode);
  EXPECT_EQ(Judge(Reject(), Twist::kUnsupported).kind, Kind::kNotImplemented);
  EXPECT_EQ(Judge(Reject(), Twist::kUnsupported).verdict, Verdict::kSkipped);
}

// A type refused only below the backend's level, and at its level only by a table that
// errata SL4 and TL2 dispute, may be accepted; one the top level's table still refuses
// may not.
TEST_F(KindTest, AcceptingADisputedTypeAtAHigherLevelPasses) {
  for (const char* name :
       {"tile/fl3_1/reject/data-type-float64", "slice1/fl3_0/reject/data-type-int64"})
    EXPECT_EQ(Judge(Named(*cases_, name), Twist::kAcceptAll).verdict, Verdict::kPassed) << name;
  EXPECT_EQ(Judge(Named(*cases_, "tile/fl1_0/reject/data-type-int8"), Twist::kAcceptAll).verdict,
            Verdict::kPassed);  // INT8 from 2_1: valid at the top level outright
  EXPECT_EQ(Judge(Named(*cases_, "tile/fl4_1/reject/repeats-0-output-1"), Twist::kAcceptAll).kind,
            Kind::kAcceptedInvalid);
}

// The reason code a must-reject result carries is the case's, for grouping.
TEST_F(KindTest, MustRejectResultsCarryTheExpectedReasonCode) {
  EXPECT_EQ(Judge(Reject(), Twist::kAcceptAll).reason, "JOIN_SIZES_MISMATCH");
  EXPECT_EQ(Judge(Match(), Twist::kNone).reason, "");
}

TEST_F(KindTest, ExecutionProblemsHaveTheirKinds) {
  EXPECT_EQ(Judge(Match(), Twist::kWrongValue).kind, Kind::kWrongValues);
  EXPECT_EQ(Judge(Match(), Twist::kWriteInput).kind, Kind::kStrayWriteInput);
  EXPECT_EQ(Judge(Match(), Twist::kWriteGuard).kind, Kind::kStrayWrite);
  EXPECT_EQ(Judge(Match(), Twist::kExecuteFails).kind, Kind::kBackendError);
  const CaseResult thrown = Judge(Match(), Twist::kThrow);
  EXPECT_EQ(thrown.verdict, Verdict::kError);
  EXPECT_EQ(thrown.kind, Kind::kBackendError);
}

// P1: padding written is information on a pass, not a failure.
TEST_F(KindTest, PaddingWrittenIsAPassWithItsKind) {
  const CaseResult r = Judge(Padded(), Twist::kWritePadding);
  EXPECT_EQ(r.verdict, Verdict::kPassed) << r.message;
  EXPECT_EQ(r.kind, Kind::kPaddingWritten);
}

TEST_F(KindTest, AboveTheRunsLevelIsItsOwnSkipKind) {
  TwistedBackend backend(Twist::kNone);
  const CaseResult r = JudgeCase(Reject(), backend, FeatureLevel::k1_0);
  EXPECT_EQ(r.verdict, Verdict::kSkipped);
  EXPECT_EQ(r.kind, Kind::kAboveLevel);
}

// The kind crosses the pipe from the forked child, and crashes and hangs get
// their own kinds there.
TEST_F(KindTest, IsolationKeepsKindsAndNamesCrashesAndTimeouts) {
  EXPECT_EQ(Judge(Match(), Twist::kWriteInput, true).kind, Kind::kStrayWriteInput);
  EXPECT_EQ(Judge(Padded(), Twist::kWritePadding, true).kind, Kind::kPaddingWritten);
  EXPECT_EQ(Judge(Match(), Twist::kCrash, true).kind, Kind::kCrash);
  EXPECT_EQ(Judge(Match(), Twist::kHang, true).kind, Kind::kTimeout);
}

}  // namespace
}  // namespace dmlconf::validator
