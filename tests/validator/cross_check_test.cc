// The cross-check backend against secondaries that lie: it must fail every
// call where the two implementations leave different bytes, unspecified
// cases included, and say where.
#include "backends/cross_check_backend.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "runner_fixtures.h"

namespace dmlconf::validator {
namespace {

using namespace fakes;
using ::testing::AllOf;
using ::testing::HasSubstr;

CaseResult CrossCheck(const Case& c, Lie secondary_lie) {
  const std::unique_ptr<Backend> backend =
      MakeCrossCheckBackend(MakeReferenceBackend(), std::make_unique<LyingBackend>(secondary_lie));
  return JudgeCase(c, *backend, kHighestFeatureLevel);
}

// GATHER of {10,20,30} with index 7: out of range, so the values are
// unspecified and the runner alone compares nothing.
Case OutOfRangeGather() {
  Case c;
  c.name = "t/gather-oob";
  c.feature_level = FeatureLevel::k3_0;  // the lowest level for rank 1 (and UINT8)
  const TensorDesc data = TensorDesc::Packed(DataType::kUint8, {3});
  c.descriptor = GatherDesc{data, TensorDesc::Packed(DataType::kUint32, {1}),
                            TensorDesc::Packed(DataType::kUint8, {1}), 0, 1};
  c.expect = Expectation::kUnspecified;
  c.inputs = {U8({10, 20, 30}), U8({7, 0, 0, 0})};
  return c;
}

TEST(CrossCheck, AgreeingImplementationsPass) {
  for (const Case& c : {SplitCase(), RejectCase(), OutOfRangeGather()}) {
    const std::unique_ptr<Backend> both =
        MakeCrossCheckBackend(MakeReferenceBackend(), MakeBlockedBackend());
    const CaseResult r = JudgeCase(c, *both, kHighestFeatureLevel);
    EXPECT_EQ(r.verdict, Verdict::kPassed) << c.name << ": " << r.message;
    EXPECT_EQ(r.backend, "cross-check");
  }
}

TEST(CrossCheck, ADifferentElementFailsWithCoordinatesAndBothNames) {
  const CaseResult r = CrossCheck(SplitCase(), Lie::kFlipOutputBit);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_THAT(r.message, AllOf(HasSubstr("liar and reference disagree"),
                               HasSubstr("OutputTensors[1]"), HasSubstr("coordinates {1}"),
                               HasSubstr("expected 3 (bits 0x03), actual 2")));
}

TEST(CrossCheck, UnspecifiedValuesMustStillAgree) {
  Case c = OutOfRangeGather();
  std::get<GatherDesc>(c.descriptor).output_tensor.sizes = {2};
  std::get<GatherDesc>(c.descriptor).indices_tensor.sizes = {2};
  c.inputs[1] = U8({1, 0, 0, 0, 9, 0, 0, 0});  // element 1, which the liar flips, is out of range
  // Alone, a backend that writes another value there passes...
  LyingBackend alone(Lie::kFlipOutputBit);
  const CaseResult single = JudgeCase(c, alone, kHighestFeatureLevel);
  EXPECT_EQ(single.verdict, Verdict::kPassed) << single.message;
  // ...but not when checked against the other implementation.
  const CaseResult r = CrossCheck(c, Lie::kFlipOutputBit);
  EXPECT_EQ(r.verdict, Verdict::kFailed) << r.message;
  EXPECT_THAT(r.message, HasSubstr("coordinates {1}"));
}

TEST(CrossCheck, TheSecondaryWritingOutsideItsBufferFails) {
  const CaseResult r = CrossCheck(SplitCase(), Lie::kWritePastOutput);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_THAT(r.message, AllOf(HasSubstr("liar wrote outside its output buffer"),
                               HasSubstr("OutputTensors[1]")));
}

TEST(CrossCheck, TheSecondaryWritingPaddingFails) {
  const CaseResult r = CrossCheck(SplitCase(), Lie::kWriteOutputGap);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_THAT(r.message, HasSubstr("belongs to no element"));
}

TEST(CrossCheck, DisagreeingOnADescriptorIsAnError) {
  const CaseResult accepts = CrossCheck(RejectCase(), Lie::kAcceptEverything);
  EXPECT_EQ(accepts.verdict, Verdict::kError);
  EXPECT_THAT(accepts.message, AllOf(HasSubstr("reference refuses it with SPLIT_AXIS_SIZES_MISMATCH"),
                                     HasSubstr("but liar accepts it")));
  const CaseResult refuses = CrossCheck(SplitCase(), Lie::kRefuseEverything);
  EXPECT_EQ(refuses.verdict, Verdict::kError);
  EXPECT_THAT(refuses.message, HasSubstr("reference accepts it, but liar refuses it with RANK_MISMATCH"));
}

TEST(CrossCheck, ASecondaryThatFailsIsNamed) {
  const CaseResult r = CrossCheck(SplitCase(), Lie::kThrow);
  EXPECT_EQ(r.verdict, Verdict::kError);
  EXPECT_THAT(r.message, HasSubstr("out of cheese"));
}

}  // namespace
}  // namespace dmlconf::validator
