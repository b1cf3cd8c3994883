// Issue 19: a backend's identity (NAME=SPEC), expected-failure entries that can
// name any backend, --operator, and the messages a backend author reads: stray
// writes whatever the backend answered, elements never written, the backend's
// standard error on a failed verdict.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "backends/backend_registry.h"
#include "platform/guarded_buffer.h"
#include "run/isolate.h"
#include "run/judge.h"
#include "run/run_cases.h"
#include "runner_fixtures.h"

namespace dmlconf::validator {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

// An expected-failure file with `text`, removed when the test ends.
class XfailFile {
 public:
  explicit XfailFile(const std::string& text)
      : path_(std::filesystem::temp_directory_path() /
              ("dmlconf_xfail_identity_" + std::to_string(getpid()) + ".txt")) {
    std::ofstream(path_) << text;
  }
  ~XfailFile() { std::filesystem::remove(path_); }
  XfailList Load() const { return XfailList::Load(path_); }
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

TEST(BackendArgument, NameIsAPlainTokenBeforeTheFirstEquals) {
  const BackendArgument named = ParseBackendArgument("mylib=serve:./mylib-backend --x=1");
  EXPECT_EQ(named.name, "mylib");
  EXPECT_EQ(named.spec, "serve:./mylib-backend --x=1");
  // Text before '=' that is no plain token keeps the whole argument a spec.
  for (const char* spec : {"serve:env A=1 prog", "exec:./a b=c", "serve:x@1=2", "=reference"}) {
    const BackendArgument parsed = ParseBackendArgument(spec);
    EXPECT_EQ(parsed.name, "") << spec;
    EXPECT_EQ(parsed.spec, spec);
  }
  EXPECT_EQ(ParseBackendArgument("lib-2.0_x+y=blocked").name, "lib-2.0_x+y");
}

TEST(BackendArgument, TheNameIsTheIdentityAndTheArgumentRemakesIt) {
  const std::unique_ptr<Backend> named = MakeBackend("mine=reference");
  EXPECT_EQ(named->Name(), "mine");
  EXPECT_EQ(named->Argument(), "mine=reference");
  const std::unique_ptr<Backend> plain = MakeBackend("blocked");
  EXPECT_EQ(plain->Name(), "blocked");
  EXPECT_EQ(plain->Argument(), "blocked");
  EXPECT_THROW(MakeBackend("mine=nosuch"), UnknownBackendError);
  EXPECT_TRUE(HonoursTimeout("lib=serve:./x"));
  EXPECT_FALSE(HonoursTimeout("lib=reference"));
}

// The trap: splitting at the first ':' made "serve:/path:GLOB" backend "serve".
TEST(XfailEntries, SplitAtTheLastColon) {
  const XfailFile file(
      "# known\n"
      "serve:/opt/lib --fast:join/*\n"
      "directml@1.13.1:gather/*   # only that version\n"
      "directml:reverse/x\n"
      "weird/na\\#me\n"
      "spec/*\n");
  const XfailList list = file.Load();
  ASSERT_EQ(list.entries().size(), 5u);
  EXPECT_EQ(list.entries()[0].backend, "serve:/opt/lib --fast");
  EXPECT_EQ(list.entries()[0].glob, "join/*");
  EXPECT_EQ(list.entries()[0].line, 2);
  EXPECT_TRUE(list.Matches("serve:/opt/lib --fast", "join/a"));
  EXPECT_FALSE(list.Matches("serve", "join/a"));
  // NAME@VERSION: only a backend of that name that declared that version.
  EXPECT_NE(list.Match("directml", "1.13.1", "gather/a"), nullptr);
  EXPECT_EQ(list.Match("directml", "1.15.4", "gather/a"), nullptr);
  EXPECT_EQ(list.Match("directml", "", "gather/a"), nullptr);
  // NAME alone: every version.
  EXPECT_NE(list.Match("directml", "1.15.4", "reverse/x"), nullptr);
  // An escaped '#' is part of the glob, not a comment.
  EXPECT_TRUE(list.Matches("any", "weird/na#me"));
  EXPECT_TRUE(list.Matches("any", "spec/join"));
  EXPECT_EQ(list.Where(list.entries()[1]), file.path() + ":3");
}

TEST(XfailEntries, AnEntryWithNothingAfterItsColonIsAnErrorAtItsLine) {
  const XfailFile file("ok/*\nlib:\n");
  try {
    file.Load();
    FAIL() << "loaded";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), AllOf(StartsWith(file.path() + ":2: 'lib:'"), HasSubstr("no case glob")));
  }
}

// Coverage counts the (backend, case) pairs an entry covers: zero is a stale or
// mistyped entry (the run warns), and an xpass of a glob says how many it covers.
TEST(XfailEntries, CoverageAndTheXpassThatNamesItsLine) {
  const XfailFile file("liar:t/*\nother:t/a\nliar:t/zzz\n");
  const std::vector<Case> cases = {fakes::SplitCase("t/a"), fakes::SplitCase("t/b")};
  fakes::LyingBackend liar(fakes::Lie::kNone);
  Backend* backends[] = {&liar};
  RunOptions options;
  options.xfail = file.Load();
  EXPECT_EQ(XfailCoverage(options.xfail, SelectCases(cases, options), backends),
            (std::vector<int>{2, 0, 0}));
  const std::vector<CaseResult> results = RunCases(cases, backends, options);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].verdict, Verdict::kUnexpectedPass);
  EXPECT_THAT(
      results[0].message,
      AllOf(HasSubstr(file.path() + ":1 lists it"), HasSubstr("'liar:t/*'"),
            HasSubstr("a glob covering 2 results of this run"), HasSubstr("--write-xfail")));
}

TEST(Operators, SelectOnTheCasesOperatorNotItsName) {
  Case join = fakes::SplitCase("split/looks-like-split");
  JoinDesc d;
  d.input_tensors = {TensorDesc::Packed(DataType::kUint8, {1}),
                     TensorDesc::Packed(DataType::kUint8, {3})};
  d.output_tensor = TensorDesc::Packed(DataType::kUint8, {4});
  join.descriptor = d;
  const std::vector<Case> cases = {fakes::SplitCase("join/named-join"), join};
  RunOptions options;
  options.operators = {OperatorType::kJoin};
  const std::vector<const Case*> selected = SelectCases(cases, options);
  ASSERT_EQ(selected.size(), 1u);
  EXPECT_EQ(selected[0]->name, "split/looks-like-split");
}

// The reference backend with one deed after its Execute, and an answer of its choice.
class Deed : public Backend {
 public:
  enum class What { kNone, kWriteInputGuard, kUnwriteElement1 };
  Deed(What what, ExecuteResult answer, std::string stderr_text = "")
      : what_(what),
        answer_(std::move(answer)),
        said_(std::move(stderr_text)),
        reference_(MakeReferenceBackend()) {}
  std::string Name() const override { return "deed"; }
  FeatureLevel MaxFeatureLevel() const override { return kHighestFeatureLevel; }
  CreateAnswer Create(const OperatorDesc& desc, FeatureLevel level) override {
    return reference_->Create(desc, level);
  }
  ExecuteResult Execute(const OperatorDesc& desc, FeatureLevel level, const Bindings& b) override {
    reference_->Execute(desc, level, b);
    if (what_ == What::kWriteInputGuard)
      const_cast<std::byte*>(b.inputs[0])[InputSlots(desc)[0].desc->TotalBytes() + 3] ^=
          std::byte{1};
    if (what_ == What::kUnwriteElement1) {
      // SplitCase's OutputTensors[1] has stride 2: element 1 is at byte 2. Put back
      // what the runner filled it with (output 1: salt 101).
      b.outputs[1][2] = PatternByte(Pattern::kOutputPoison, 101, 2);
    }
    return answer_;
  }
  std::string TakeStderr() override { return std::exchange(said_, std::string()); }
  void Say(std::string text) { said_ = std::move(text); }

 private:
  What what_;
  ExecuteResult answer_;
  std::string said_;
  std::unique_ptr<Backend> reference_;
};

// A write outside every buffer is `stray_write`, whatever the backend answered.
TEST(StrayWrites, OutsideABufferIsStrayWriteWhateverTheAnswer) {
  Deed guard(Deed::What::kWriteInputGuard, ExecuteResult::Done());
  const CaseResult r = JudgeCase(fakes::SplitCase(), guard, kHighestFeatureLevel);
  EXPECT_EQ(r.kind, Kind::kStrayWrite);
  EXPECT_THAT(r.message, HasSubstr("wrote outside its input buffer: guard byte 3 after the end of "
                                   "InputTensor (its buffer is 4 bytes) changed"));
  Deed failed(Deed::What::kWriteInputGuard, ExecuteResult::Failed("device lost"));
  const CaseResult f = JudgeCase(fakes::SplitCase(), failed, kHighestFeatureLevel);
  EXPECT_EQ(f.verdict, Verdict::kFailed);
  EXPECT_EQ(f.kind, Kind::kStrayWrite);
  EXPECT_THAT(f.message, HasSubstr("(and Execute answered: device lost)"));
  // A backend that saw the stray write in files of its own says so.
  Deed seen(Deed::What::kNone, ExecuteResult::StrayWrite("wrote outside its output buffer: x"));
  EXPECT_EQ(JudgeCase(fakes::SplitCase(), seen, kHighestFeatureLevel).kind, Kind::kStrayWrite);
  Deed input(Deed::What::kNone, ExecuteResult::StrayWriteInput("wrote its input: y"));
  EXPECT_EQ(JudgeCase(fakes::SplitCase(), input, kHighestFeatureLevel).kind,
            Kind::kStrayWriteInput);
}

// An element still holding the poison was never written: its value means nothing.
TEST(Messages, AnElementStillHoldingThePoisonWasNeverWritten) {
  Deed lazy(Deed::What::kUnwriteElement1, ExecuteResult::Done());
  const CaseResult r = JudgeCase(fakes::SplitCase(), lazy, kHighestFeatureLevel);
  EXPECT_EQ(r.kind, Kind::kWrongValues);
  EXPECT_THAT(r.message,
              AllOf(HasSubstr("OutputTensors[1]: 1 of 3 elements differ; first at coordinates {1} "
                              "(element 1): expected 3 (bits 0x03), actual never written (it still "
                              "holds the bits 0x"),
                    Not(HasSubstr("no input element"))));
}

// What the backend wrote to its standard error while the case ran is quoted for a
// failed verdict too, and what it said before the case is not.
TEST(Messages, AFailedVerdictQuotesTheBackendsStandardError) {
  Deed loud(Deed::What::kUnwriteElement1, ExecuteResult::Done(), "said before the case");
  struct Talking : Backend {
    Deed& inner;
    explicit Talking(Deed& d) : inner(d) {}
    std::string Name() const override { return "talking"; }
    FeatureLevel MaxFeatureLevel() const override { return kHighestFeatureLevel; }
    CreateAnswer Create(const OperatorDesc& desc, FeatureLevel level) override {
      return inner.Create(desc, level);
    }
    ExecuteResult Execute(const OperatorDesc& desc, FeatureLevel level,
                          const Bindings& b) override {
      inner.Say("warning: element 1 skipped\nsecond line");
      return inner.Execute(desc, level, b);
    }
    std::string TakeStderr() override { return inner.TakeStderr(); }
  } talking(loud);
  const CaseResult r = JudgeCase(fakes::SplitCase(), talking, kHighestFeatureLevel);
  EXPECT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_THAT(r.message, AllOf(HasSubstr("; its standard error says: warning: element 1 skipped\n"
                                         "second line"),
                               Not(HasSubstr("said before the case"))));
}

// The reproducer reruns the case as this run judged it.
TEST(Reproducers, CarryTheNamedArgumentAndTheProfile) {
  const std::unique_ptr<Backend> named = MakeBackend("mine=reference");
  Backend* backends[] = {named.get()};
  RunOptions options;
  options.reproduce_flags = "--profile values";
  options.strict_padding = true;
  const std::vector<CaseResult> results = RunCases({fakes::SplitCase()}, backends, options);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].backend, "mine");
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  EXPECT_EQ(results[0].reproducer,
            self +
                " run cases/t.yaml --case=t/split --backend mine=reference --feature-level 6_4 "
                "--profile values --strict-padding");
}

}  // namespace
}  // namespace dmlconf::validator
