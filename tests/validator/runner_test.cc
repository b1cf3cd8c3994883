// The runner against backends that lie in one way each: every lie must give
// the right verdict and a message that says what happened.
#include "run/call.h"
#include "run/isolate.h"
#include "run/judge.h"
#include "run/run_cases.h"
#include "run/spread_order.h"
#include "runner_fixtures.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <unistd.h>
#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

namespace dmlconf::validator {
namespace {

using namespace fakes;

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

CaseResult Judge(const Case& c, Lie lie, FeatureLevel level = kHighestFeatureLevel) {
  LyingBackend backend(lie);
  return JudgeCase(c, backend, level);
}

TEST(Runner, HonestBackendPasses) {
  const CaseResult r = Judge(SplitCase(), Lie::kNone);
  EXPECT_EQ(r.verdict, Verdict::kPassed) << r.message;
  const CaseResult reject = Judge(RejectCase(), Lie::kNone);
  EXPECT_EQ(reject.verdict, Verdict::kPassed) << reject.message;
  EXPECT_EQ(r.op, "SPLIT");
  EXPECT_EQ(r.data_types, (std::vector<std::string>{"UINT8", "UINT8", "UINT8"}));
  // The binary running now, by its absolute path, whatever the build folder is called.
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  EXPECT_EQ(r.reproducer,
            self + " run cases/t.yaml --case=t/split --backend liar --feature-level 6_4");
}

TEST(Runner, WritingPastTheOutputFails) {
  const CaseResult r = Judge(SplitCase(), Lie::kWritePastOutput);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_THAT(r.message, AllOf(HasSubstr("outside its output buffer"),
                               HasSubstr("guard byte 0 after"), HasSubstr("OutputTensors[1]")));
}

TEST(Runner, WritingTheInputFails) {
  const CaseResult r = Judge(SplitCase(), Lie::kWriteInput);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_THAT(r.message, AllOf(HasSubstr("wrote its input"), HasSubstr("byte 0 of InputTensor")));
}

// Contract point P1: DirectML may write any byte of an output inside its
// TotalTensorSizeInBytes, so padding writes are counted, not failed...
TEST(Runner, WritingOutputPaddingIsCountedNotFailed) {
  const CaseResult r = Judge(SplitCase(), Lie::kWriteOutputGap);
  EXPECT_EQ(r.verdict, Verdict::kPassed) << r.message;
  EXPECT_EQ(r.padding_bytes_written, 1u);
  EXPECT_THAT(r.message, AllOf(HasSubstr("byte 1 of OutputTensors[1]"), HasSubstr("P1")));
  EXPECT_EQ(Judge(SplitCase(), Lie::kNone).padding_bytes_written, 0u);
}

// ...unless the run promises more.
TEST(Runner, StrictPaddingFailsOutputPaddingWrites) {
  LyingBackend backend(Lie::kWriteOutputGap);
  const CaseResult r = JudgeCase(SplitCase(), backend, kHighestFeatureLevel, true);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_THAT(r.message,
              AllOf(HasSubstr("byte 1 of OutputTensors[1]"), HasSubstr("--strict-padding")));
  LyingBackend honest(Lie::kNone);
  EXPECT_EQ(JudgeCase(SplitCase(), honest, kHighestFeatureLevel, true).verdict, Verdict::kPassed);
}

TEST(Runner, AcceptingAnInvalidDescriptorFails) {
  const CaseResult r = Judge(RejectCase(), Lie::kAcceptEverything);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_THAT(r.message, AllOf(HasSubstr("accepted an invalid descriptor"),
                               HasSubstr("SPLIT_AXIS_SIZES_MISMATCH")));
}

// Issue 31: GATHER_OUTPUT_RANK_OVERFLOW names two rules. A GATHER that breaks only seed
// 002's (input {3,1,2,2,3}, Axis 0, IndexDimensions 5: original rank 5 + 5 - 1 = 9 > 5,
// though the surplus leading sizes are all 1) is told that rule, not the other.
TEST(Runner, AcceptingQuotesTheRuleActuallyBroken) {
  Case c = RejectCase();
  c.name = "t/gather-original-rank";
  GatherDesc d;
  d.input_tensor = TensorDesc::Packed(DataType::kFloat32, {3, 1, 2, 2, 3});
  d.indices_tensor = TensorDesc::Packed(DataType::kInt32, {1, 1, 1, 1, 2});
  d.output_tensor = TensorDesc::Packed(DataType::kFloat32, {2, 1, 2, 2, 3});
  d.axis = 0;
  d.index_dimensions = 5;
  c.descriptor = d;
  c.reason = Reason::GATHER_OUTPUT_RANK_OVERFLOW;
  ASSERT_EQ(Validate(c.descriptor, c.feature_level).reason, *c.reason);
  const CaseResult r = Judge(c, Lie::kAcceptEverything);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_THAT(r.message, AllOf(HasSubstr("expects GATHER_OUTPUT_RANK_OVERFLOW (GATHER: "),
                               HasSubstr("original rank 5"),
                               Not(HasSubstr("surplus leading entries must be 1"))));
}

// A descriptor only an older level's support table forbids (FLOAT64 JOIN at
// 1_0) may be accepted by a backend whose own level allows it: feature levels
// are supersets. One that no level allows must still be refused.
TEST(Runner, OlderLevelsRejectionsBindOnlyBackendsOfThatLevel) {
  Case c = SplitCase("t/float64-rank1-at-1_0");
  SplitDesc& d = std::get<SplitDesc>(c.descriptor);
  d.input_tensor.data_type = DataType::kFloat64;
  for (TensorDesc& out : d.output_tensors) out.data_type = DataType::kFloat64;
  c.expect = Expectation::kReject;
  c.feature_level = FeatureLevel::k1_0;
  c.reason = Validate(c.descriptor, FeatureLevel::k1_0).reason;
  c.inputs.clear();
  c.expected.clear();
  ASSERT_FALSE(Validate(c.descriptor, FeatureLevel::k1_0).ok());
  ASSERT_TRUE(Validate(c.descriptor, FeatureLevel::k6_4).ok());
  const CaseResult modern = Judge(c, Lie::kAcceptEverything);
  EXPECT_EQ(modern.verdict, Verdict::kPassed) << modern.message;
  EXPECT_THAT(modern.message, HasSubstr("valid at the backend's declared level 6_4"));
  LyingBackend old(Lie::kAcceptEverything, FeatureLevel::k1_0);
  EXPECT_EQ(JudgeCase(c, old, kHighestFeatureLevel).verdict, Verdict::kFailed);
  // RejectCase's own descriptor is invalid at every level: accepting it fails.
  EXPECT_EQ(Judge(RejectCase(), Lie::kAcceptEverything).verdict, Verdict::kFailed);
}

TEST(Runner, RefusingAValidDescriptorFails) {
  const CaseResult r = Judge(SplitCase(), Lie::kRefuseEverything);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_THAT(r.message,
              HasSubstr("refused a valid descriptor at feature level 6_4: RANK_MISMATCH: no"));
}

// Issue 31: a backend's message that is its code, or starts with it, is not doubled.
TEST(Runner, RefusalTextNamesTheCodeOnce) {
  const Reason code = Reason::RANK_MISMATCH;
  EXPECT_EQ(RefusalText(CreateAnswer::Rejected(code, "RANK_MISMATCH")), "RANK_MISMATCH");
  EXPECT_EQ(RefusalText(CreateAnswer::Rejected(code, "")), "RANK_MISMATCH");
  EXPECT_EQ(RefusalText(CreateAnswer::Rejected(code, "RANK_MISMATCH: ranks 1 and 2")),
            "RANK_MISMATCH: ranks 1 and 2");
  EXPECT_EQ(RefusalText(CreateAnswer::Rejected(code, "ranks 1 and 2")),
            "RANK_MISMATCH: ranks 1 and 2");
  EXPECT_EQ(RefusalText(CreateAnswer::Rejected(std::nullopt, "no")), "no reason code: no");
}

TEST(Runner, WrongReasonCodeNamesBoth) {
  const CaseResult r = Judge(RejectCase(), Lie::kWrongReason);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_THAT(r.message, AllOf(HasSubstr("refused with RANK_MISMATCH"),
                               HasSubstr("expects SPLIT_AXIS_SIZES_MISMATCH")));
}

TEST(Runner, WrongBitsNameCoordinatesAndBits) {
  const CaseResult r = Judge(SplitCase(), Lie::kFlipOutputBit);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  // Element 1 of OutputTensors[1] is 3 (0x03); with bit 0 flipped it reads 2.
  EXPECT_THAT(r.message,
              AllOf(HasSubstr("t/split"), HasSubstr("OutputTensors[1]"),
                    HasSubstr("1 of 3 elements differ"), HasSubstr("coordinates {1}"),
                    HasSubstr("expected 3 (bits 0x03)"), HasSubstr("actual 2 (bits 0x02)")));
}

TEST(Runner, UnspecifiedCaseComparesNoValues) {
  Case c = SplitCase();
  c.expect = Expectation::kUnspecified;
  c.expected.clear();
  EXPECT_EQ(Judge(c, Lie::kFlipOutputBit).verdict, Verdict::kPassed);
  EXPECT_EQ(Judge(c, Lie::kWritePastOutput).verdict, Verdict::kFailed);
}

TEST(Runner, ThrowingBackendIsAnError) {
  const CaseResult r = Judge(SplitCase(), Lie::kThrow);
  EXPECT_EQ(r.verdict, Verdict::kError);
  EXPECT_THAT(r.message, HasSubstr("out of cheese"));
}

TEST(Runner, LevelsAboveTheRunOrTheBackendAreSkipped) {
  Case c = SplitCase();
  c.feature_level = FeatureLevel::k4_1;
  const CaseResult run_low = Judge(c, Lie::kRefuseEverything, FeatureLevel::k3_0);
  EXPECT_EQ(run_low.verdict, Verdict::kSkipped);
  EXPECT_THAT(run_low.message, AllOf(HasSubstr("4_1"), HasSubstr("the run is at 3_0")));
  LyingBackend old(Lie::kRefuseEverything, FeatureLevel::k2_0);
  const CaseResult backend_low = JudgeCase(c, old, kHighestFeatureLevel);
  EXPECT_EQ(backend_low.verdict, Verdict::kSkipped);
  EXPECT_THAT(backend_low.message, HasSubstr("declares 2_0"));
}

// A reverse of both axes of the 2x3 matrix {1,2,3; 4,5,6} as two calls:
// rows first (lengths 2 down axis 0), then columns (lengths 3 along axis 1).
// Reversed twice it reads {6,5,4; 3,2,1}, worked out by hand.
Case ChainedReverseCase() {
  Case c;
  c.name = "t/reverse-chain";
  c.file = "cases/t.yaml";
  c.feature_level = FeatureLevel::k4_0;  // the lowest level for rank 2
  const TensorDesc matrix = TensorDesc::Packed(DataType::kUint8, {2, 3});
  c.descriptor =
      ReverseSubsequencesDesc{matrix, TensorDesc::Packed(DataType::kUint32, {1, 3}), matrix, 0};
  c.inputs = {U8({1, 2, 3, 4, 5, 6}), U8({2, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0})};
  const ReverseSubsequencesDesc columns{matrix, TensorDesc::Packed(DataType::kUint32, {2, 1}),
                                        matrix, 1};
  c.then = {{columns, {U8({3, 0, 0, 0, 3, 0, 0, 0})}}};
  c.expected = {U8({6, 5, 4, 3, 2, 1})};
  return c;
}

TEST(Runner, ChainedCallsFeedEachOtherAndOnlyTheLastIsCompared) {
  const CaseResult r = Judge(ChainedReverseCase(), Lie::kNone);
  EXPECT_EQ(r.verdict, Verdict::kPassed) << r.message;
  // The first call alone gives {4,5,6; 1,2,3}: the second must have run.
  Case one_call = ChainedReverseCase();
  one_call.then.clear();
  const CaseResult partial = Judge(one_call, Lie::kNone);
  EXPECT_EQ(partial.verdict, Verdict::kFailed);
  EXPECT_THAT(partial.message,
              HasSubstr("coordinates {0,0} (element 0): expected 6 (bits 0x06), actual 4"));
}

TEST(Runner, AFailingLaterCallIsNamedInTheChain) {
  const CaseResult r = Judge(ChainedReverseCase(), Lie::kWritePastOutput);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_THAT(r.message, HasSubstr("outside its output buffer"));
  EXPECT_THAT(r.message, Not(HasSubstr("of the chain")));  // the first call already lied
  Case late = ChainedReverseCase();
  std::get<ReverseSubsequencesDesc>(late.then[0].descriptor).axis = 3;  // refused by Create
  const CaseResult refused = Judge(late, Lie::kNone);
  EXPECT_EQ(refused.verdict, Verdict::kFailed);
  EXPECT_THAT(refused.message, HasSubstr("call 2 of the chain: refused a valid descriptor"));
}

TEST(Runner, IsolatedCrashAndHangAreErrorsNamingTheSignal) {
  LyingBackend aborts(Lie::kAbort);
  const CaseResult crash = JudgeCaseIsolated(SplitCase(), aborts, kHighestFeatureLevel, 30);
  EXPECT_EQ(crash.verdict, Verdict::kError);
  EXPECT_THAT(crash.message, HasSubstr("SIGABRT"));
  LyingBackend hangs(Lie::kHang);
  const CaseResult hang = JudgeCaseIsolated(SplitCase(), hangs, kHighestFeatureLevel, 0.2);
  EXPECT_EQ(hang.verdict, Verdict::kError);
  EXPECT_THAT(hang.message, AllOf(HasSubstr("timed out"), HasSubstr("SIGKILL")));
  LyingBackend flips(Lie::kFlipOutputBit);
  const CaseResult wrong = JudgeCaseIsolated(SplitCase(), flips, kHighestFeatureLevel, 30);
  EXPECT_EQ(wrong.verdict, Verdict::kFailed);
  EXPECT_THAT(wrong.message, HasSubstr("coordinates {1}"));
}

// Contract point A1: whether an aliased output is valid is implementation-
// defined, so a refusal passes...
// Issue 29: a backend whose isolated cases cost a slow start (the DirectML host's)
// asks for its cases spread: neighbours run far apart, the results stay in case order.
TEST(SpreadOrder, IsAPermutationThatPutsNeighboursFarApart) {
  for (size_t n = 0; n <= 5000; n += n < 300 ? 1 : 37) {
    const std::vector<size_t> order = SpreadOrder(n);
    std::vector<size_t> runs_at(n, n);
    for (size_t p = 0; p < order.size(); ++p) runs_at.at(order[p]) = p;
    ASSERT_EQ(order.size(), n);
    ASSERT_EQ(std::count(runs_at.begin(), runs_at.end(), n), 0) << "n " << n;
    if (n < 200) continue;
    // Seven cases in a row (the suite's must-reject GATHERs) run at least n/16 apart.
    for (size_t i = 0; i + 7 <= n; i += 5) {
      std::vector<size_t> at(runs_at.begin() + long(i), runs_at.begin() + long(i) + 7);
      std::sort(at.begin(), at.end());
      for (size_t j = 1; j < at.size(); ++j)
        ASSERT_GE((at[j] - at[j - 1]) * 16, n) << "n " << n << ", cases " << i << "..";
    }
  }
}

class SpreadingBackend : public LyingBackend {
 public:
  SpreadingBackend() : LyingBackend(Lie::kNone) {}
  bool SpreadsCases() const override { return true; }
};

TEST(SpreadOrder, RunCasesRunsSpreadAndReportsInCaseOrder) {
  std::vector<Case> cases;
  for (int i = 0; i < 40; ++i) cases.push_back(SplitCase("t/split-" + std::to_string(i)));
  SpreadingBackend spreading;
  LyingBackend plain(Lie::kNone);
  for (Backend* backend : std::vector<Backend*>{&spreading, &plain}) {
    std::vector<uint64_t> ran;
    const std::vector<CaseResult> results =
        RunCases(cases, std::span<Backend* const>(&backend, 1), RunOptions{},
                 [&](const CaseResult& r) { ran.push_back(r.position); });
    ASSERT_EQ(results.size(), cases.size());
    for (size_t i = 0; i < results.size(); ++i) {
      EXPECT_EQ(results[i].position, i);
      EXPECT_EQ(results[i].name, cases[i].name);
      EXPECT_EQ(results[i].verdict, Verdict::kPassed) << results[i].message;
    }
    ASSERT_EQ(ran.size(), cases.size());
    const auto first = std::find(ran.begin(), ran.end(), uint64_t{0});
    const auto second = std::find(ran.begin(), ran.end(), uint64_t{1});
    const long apart = std::labs(long(second - first));
    if (backend == &plain)
      EXPECT_EQ(apart, 1);  // the case order, as before
    else
      EXPECT_GE(apart, 10) << "cases 0 and 1 ran next to each other";
  }
}

TEST(RefuseOrRun, ARefusalPasses) {
  const CaseResult reference = Judge(AliasedSplitCase(), Lie::kNone);  // the reference refuses it
  EXPECT_EQ(reference.verdict, Verdict::kPassed) << reference.message;
  EXPECT_THAT(reference.message,
              AllOf(HasSubstr("refused it"), HasSubstr("implementation-defined")));
  const CaseResult other = Judge(AliasedSplitCase(), Lie::kRefuseEverything);
  EXPECT_EQ(other.verdict, Verdict::kPassed) << other.message;
}

// ...and so does a run that stays in its buffers. Element 0 of the aliased
// output reads 2 where 1 is expected: it passes only because shared
// locations are not compared.
TEST(RefuseOrRun, ARunPassesWithoutComparingSharedLocations) {
  LyingBackend runs(Lie::kNone);
  runs.accept_everything = true;
  const CaseResult r = JudgeCase(AliasedSplitCase(), runs, kHighestFeatureLevel);
  EXPECT_EQ(r.verdict, Verdict::kPassed) << r.message;
  EXPECT_THAT(r.message, HasSubstr("ran it"));
  // The same run judged as a match case does differ there: the test above is not vacuous.
  Case match = AliasedSplitCase();
  match.expect = Expectation::kMatch;
  const CaseResult compared = JudgeCase(match, runs, kHighestFeatureLevel);
  EXPECT_EQ(compared.verdict, Verdict::kFailed);
  EXPECT_THAT(compared.message, AllOf(HasSubstr("OutputTensors[0]"), HasSubstr("coordinates {0}")));
}

TEST(RefuseOrRun, ARunWritingPastTheBufferFails) {
  LyingBackend runs(Lie::kWritePastOutput);
  runs.accept_everything = true;
  const CaseResult r = JudgeCase(AliasedSplitCase(), runs, kHighestFeatureLevel);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_THAT(r.message,
              AllOf(HasSubstr("outside its output buffer"), HasSubstr("OutputTensors[1]")));
}

// Elements with a location of their own are still compared, when `expected`
// is given; without it nothing is.
TEST(RefuseOrRun, AWrongElementWithItsOwnLocationFails) {
  LyingBackend runs(Lie::kFlipOutputBit);  // element 1 of OutputTensors[1], its own byte
  runs.accept_everything = true;
  const CaseResult r = JudgeCase(AliasedSplitCase(), runs, kHighestFeatureLevel);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_THAT(r.message, AllOf(HasSubstr("OutputTensors[1]"), HasSubstr("coordinates {1}"),
                               HasSubstr("expected 4"), Not(HasSubstr("OutputTensors[0]"))));
  Case no_expected = AliasedSplitCase();
  no_expected.expected.clear();
  EXPECT_EQ(JudgeCase(no_expected, runs, kHighestFeatureLevel).verdict, Verdict::kPassed);
}

// Create is asked once per operator call and level (issue 8, point 5: it used
// to be asked at the case's level and again at 6_4): a must-reject case at its
// own level; anything else at the lower of the run's and the backend's level,
// and a match case also at its own level when that is lower (issue 12), with
// no second Execute.
TEST(Runner, CreateIsAskedOncePerCallAtTheDocumentedLevels) {
  using FL = FeatureLevel;
  LyingBackend reference(Lie::kNone, FL::k5_0);
  Case reject = RejectCase();
  reject.feature_level = FL::k4_1;
  for (FL run : {kHighestFeatureLevel, FL::k4_1, FL::k3_0}) {
    SCOPED_TRACE(std::string(FeatureLevelName(run)));
    const FL run_at = std::min(run, FL::k5_0);
    CountingBackend match_counter(reference), reject_counter(reference), chain_counter(reference);
    EXPECT_EQ(JudgeCase(SplitCase(), match_counter, run).verdict, Verdict::kPassed);
    // SplitCase holds from 3_0: run at 3_0, that is its only level.
    const std::vector<FL> split_levels =
        run_at == FL::k3_0 ? std::vector<FL>{FL::k3_0} : std::vector<FL>{run_at, FL::k3_0};
    EXPECT_EQ(match_counter.create_levels, split_levels);
    EXPECT_EQ(match_counter.executes, 1);
    if (run >= FL::k4_1) {
      EXPECT_EQ(JudgeCase(reject, reject_counter, run).verdict, Verdict::kPassed);
      EXPECT_EQ(reject_counter.create_levels, std::vector<FL>{FL::k4_1});
      EXPECT_EQ(reject_counter.executes, 0);
      // Two calls, each at the run's level, then each at the case's 4_0.
      EXPECT_EQ(JudgeCase(ChainedReverseCase(), chain_counter, run).verdict, Verdict::kPassed);
      EXPECT_EQ(chain_counter.create_levels, (std::vector<FL>{run_at, run_at, FL::k4_0, FL::k4_0}));
      EXPECT_EQ(chain_counter.executes, 2);
    }
  }
  // A refuse_or_run case, refused or run, asks once: a refusal anywhere is allowed.
  CountingBackend aliased(reference);
  EXPECT_EQ(JudgeCase(AliasedSplitCase(), aliased, kHighestFeatureLevel).verdict, Verdict::kPassed);
  EXPECT_EQ(aliased.create_levels.size(), 1u);
}

// Issue 12: a backend that runs a case at the run's level but refuses it at
// the case's own level, where the support table admits it, fails, and the
// message names that level. Without the second Create it would pass: JOIN's
// 3_0 ranks applied to SPLIT went unnoticed by the committed suite.
TEST(Runner, ARefusalAtTheCasesOwnLevelFails) {
  LyingBackend narrow_old_tables(Lie::kNone);
  narrow_old_tables.refuse_below = FeatureLevel::k4_1;
  const CaseResult r = JudgeCase(SplitCase(), narrow_old_tables, kHighestFeatureLevel);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_EQ(r.kind, Kind::kRefusedValid);
  EXPECT_THAT(r.message, AllOf(HasSubstr("refused at 3_0, where the support table admits it"),
                               HasSubstr("RANK_NOT_SUPPORTED: too old a level for this")));
  // The reproducer's level still reaches the refusal (the own level is always asked).
  EXPECT_THAT(r.reproducer, HasSubstr("--feature-level 6_4"));
  Case unspecified = SplitCase();
  unspecified.expect = Expectation::kUnspecified;
  unspecified.expected.clear();
  EXPECT_EQ(JudgeCase(unspecified, narrow_old_tables, kHighestFeatureLevel).verdict,
            Verdict::kFailed);
  // Refusing only below the case's level is no failure.
  narrow_old_tables.refuse_below = FeatureLevel::k3_0;
  EXPECT_EQ(JudgeCase(SplitCase(), narrow_old_tables, kHighestFeatureLevel).verdict,
            Verdict::kPassed);
  // A chain names the call refused.
  narrow_old_tables.refuse_below = FeatureLevel::k5_0;
  const CaseResult chain = JudgeCase(ChainedReverseCase(), narrow_old_tables, kHighestFeatureLevel);
  EXPECT_EQ(chain.verdict, Verdict::kFailed);
  EXPECT_THAT(chain.message, HasSubstr("call 1 of the chain: refused at 4_0"));
}

// A wrong value at the run's level is reported as such, before any question
// at the case's own level.
TEST(Runner, AFailureAtTheRunsLevelComesFirst) {
  LyingBackend both(Lie::kFlipOutputBit);
  both.refuse_below = FeatureLevel::k4_1;
  const CaseResult r = JudgeCase(SplitCase(), both, kHighestFeatureLevel);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_EQ(r.kind, Kind::kWrongValues);
}

// Issue 8, point 4: support that depends on the data is declared at execute;
// either answer skips the case with the backend's sentence, whatever the
// case expects.
TEST(Runner, UnsupportedFromCreateOrExecuteSkipsWithTheSentence) {
  for (Lie lie : {Lie::kUnsupportedAtCreate, Lie::kUnsupportedAtExecute}) {
    const CaseResult r = Judge(SplitCase(), lie);
    EXPECT_EQ(r.verdict, Verdict::kSkipped) << r.message;
    EXPECT_THAT(r.message,
                AllOf(HasSubstr("does not implement it"), HasSubstr(kUnsupportedSentence)));
  }
  EXPECT_EQ(Judge(RejectCase(), Lie::kUnsupportedAtCreate).verdict, Verdict::kSkipped);
  EXPECT_EQ(Judge(ChainedReverseCase(), Lie::kUnsupportedAtExecute).verdict, Verdict::kSkipped);
}

// Contract point T1: every buffer is bound at a multiple of max(16, the
// tensors' GuaranteedBaseOffsetAlignment) and deliberately not of twice that,
// so a backend relying on more alignment than promised reads the wrong bytes.
TEST(Runner, BindingsAreAlignedAsPromisedAndNoMore) {
  for (uint32_t alignment : {0u, 4u, 16u, 32u, 64u}) {
    Case c = SplitCase();
    SplitDesc& d = std::get<SplitDesc>(c.descriptor);
    d.input_tensor.guaranteed_base_offset_alignment = alignment;
    for (TensorDesc& t : d.output_tensors) t.guaranteed_base_offset_alignment = alignment;
    LyingBackend runs(Lie::kNone);
    runs.accept_everything = true;  // whatever the reference thinks of the alignment
    CountingBackend counter(runs);
    EXPECT_EQ(JudgeCase(c, counter, kHighestFeatureLevel).verdict, Verdict::kPassed) << alignment;
    ASSERT_EQ(counter.pointers.size(), 3u);
    const uintptr_t promised = std::max<uintptr_t>(16, alignment);
    for (const std::byte* p : counter.pointers) {
      const auto at = reinterpret_cast<uintptr_t>(p);
      EXPECT_EQ(at % promised, 0u) << "alignment " << alignment;
      EXPECT_NE(at % (2 * promised), 0u) << "alignment " << alignment;
    }
  }
}

// A backend that cannot go on stops the run with its one message, isolated
// or not, instead of becoming an error (or, isolated, a SIGABRT) per case.
TEST(Runner, ABackendThatCannotGoOnStopsTheRun) {
  LyingBackend stuck(Lie::kCannotGoOn);
  EXPECT_THROW(JudgeCase(SplitCase(), stuck, kHighestFeatureLevel), RunAborted);
  try {
    JudgeCaseIsolated(SplitCase(), stuck, kHighestFeatureLevel, 30);
    ADD_FAILURE() << "no RunAborted from the isolated case";
  } catch (const RunAborted& e) {
    EXPECT_THAT(e.what(), HasSubstr("/tmp/x disappeared"));
  }
  Backend* list[] = {&stuck};
  RunOptions isolated;
  isolated.isolate = true;
  EXPECT_THROW(RunCases({SplitCase("a"), SplitCase("b")}, list, isolated), RunAborted);
}

std::vector<CaseResult> RunWith(const std::vector<Case>& cases, Lie lie,
                                const RunOptions& options) {
  LyingBackend backend(lie);
  Backend* list[] = {&backend};
  return RunCases(cases, list, options);
}

TEST(RunCases, ExpectedFailuresAndStaleEntries) {
  RunOptions options;
  options.xfail.Add("", "t/sp*");
  const auto failing = RunWith({SplitCase()}, Lie::kFlipOutputBit, options);
  ASSERT_EQ(failing.size(), 1u);
  EXPECT_EQ(failing[0].verdict, Verdict::kExpectedFailure);
  const auto passing = RunWith({SplitCase(), SplitCase("t/spare")}, Lie::kNone, options);
  EXPECT_EQ(passing[0].verdict, Verdict::kUnexpectedPass);
  // A glob entry is not to be removed on one pass: it covers other cases too.
  EXPECT_THAT(passing[0].message,
              AllOf(HasSubstr("'t/sp*'"), HasSubstr("a glob covering 2 results"),
                    Not(HasSubstr("remove that line"))));
  // One that covers this case alone goes like an exact entry.
  EXPECT_THAT(RunWith({SplitCase()}, Lie::kNone, options)[0].message,
              HasSubstr("remove that line"));
  RunOptions exact;
  exact.xfail.Add("liar", "t/split");
  const auto exact_pass = RunWith({SplitCase()}, Lie::kNone, exact);
  EXPECT_THAT(exact_pass[0].message, AllOf(HasSubstr("stale"), HasSubstr("remove that line")));
  RunOptions other_backend;
  other_backend.xfail.Add("blocked", "t/*");
  EXPECT_EQ(RunWith({SplitCase()}, Lie::kFlipOutputBit, other_backend)[0].verdict,
            Verdict::kFailed);
}

TEST(RunCases, XfailFileReadsBackendsGlobsAndComments) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("dmlconf_xfail_" + std::to_string(getpid()) + ".txt");
  std::ofstream(path) << "# known\n\nliar:t/split   # a comment\nblocked:t/reject\n  other/*\n";
  const XfailList list = XfailList::Load(path);
  std::filesystem::remove(path);
  EXPECT_TRUE(list.Matches("liar", "t/split"));
  EXPECT_FALSE(list.Matches("reference", "t/split"));
  EXPECT_FALSE(list.Matches("liar", "t/reject"));
  EXPECT_TRUE(list.Matches("anyone", "other/x"));
  EXPECT_THROW(XfailList::Load("/nonexistent/xfail.txt"), std::runtime_error);
}

TEST(RunCases, FilterExcludeAndShard) {
  const std::vector<Case> cases = {SplitCase("d"), SplitCase("b"), SplitCase("a"), SplitCase("c")};
  RunOptions filtered;
  filtered.filters = {"a", "[cd]"};
  filtered.excludes = {"d"};
  const auto results = RunWith(cases, Lie::kNone, filtered);
  ASSERT_EQ(results.size(), 2u);  // filtered-out cases are not listed
  EXPECT_EQ(results[0].name, "a");
  EXPECT_EQ(results[1].name, "c");

  RunOptions sharded;
  sharded.shard = *ParseShard("1/2");  // sorted a b c d: shard 1 takes b and d
  const auto mine = RunWith(cases, Lie::kNone, sharded);
  ASSERT_EQ(mine.size(), 2u);    // the other shard's cases are not listed
  EXPECT_EQ(mine[0].name, "d");  // load order
  EXPECT_EQ(mine[1].name, "b");
  // Over all shards every case runs exactly once.
  std::multiset<std::string> all;
  for (uint32_t i = 0; i < 3; ++i) {
    RunOptions third;
    third.shard = {i, 3};
    const auto in_third = RunWith(cases, Lie::kNone, third);
    EXPECT_EQ(in_third.size(), cases.size() / 3 + (i < cases.size() % 3 ? 1 : 0));
    for (const CaseResult& r : in_third) all.insert(r.name);
  }
  EXPECT_EQ(all, (std::multiset<std::string>{"a", "b", "c", "d"}));
  EXPECT_FALSE(ParseShard("2/2"));
  EXPECT_FALSE(ParseShard("1"));
  EXPECT_FALSE(ParseShard("0/0"));
}

}  // namespace
}  // namespace dmlconf::validator
