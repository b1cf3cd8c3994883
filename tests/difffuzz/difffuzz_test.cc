// dmlconf fuzz's parts (validator/src/fuzz): what it draws, that the reference agrees
// with the oracle on it, shrinking, signatures, findings files and the loop itself with
// a backend that has a planted mistake.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>

#include "descriptor_edit.h"
#include "dmlconf/nd.h"
#include "dmlconf/support.h"
#include "fuzz/campaign.h"
#include "fuzz/drawing.h"
#include "fuzz/findings.h"
#include "fuzz/shrink.h"
#include "oracle.h"
#include "platform/compare.h"
#include "run/judge.h"

namespace dmlconf::fuzz {
namespace {

using generate::Expect;

std::optional<FuzzCase> DrawAt(OperatorType op, uint64_t seed, uint64_t i,
                               DrawContext context = {}) {
  for (uint32_t attempt = 0; attempt < 16; ++attempt) {
    Tape tape = Tape::FromSeed(CaseSeed(seed, i, attempt));
    if (std::optional<FuzzCase> c = DrawCase(op, context, tape)) return c;
  }
  return std::nullopt;
}

// For the tests that look at the drawn descriptors alone: no valid case's data, most of
// a drawing's time (DrawContext::data).
constexpr DrawContext kDescriptorsOnly{kHighestFeatureLevel, true, false};

// A folder of the test's own under $TMPDIR, removed again.
class ScratchDir {
 public:
  ScratchDir() {
    const char* tmp = std::getenv("TMPDIR");
    path_ = std::filesystem::path(tmp ? tmp : "/tmp") /
            ("difffuzz-" + std::to_string(getpid()) + "-" + std::to_string(next_++));
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() { std::filesystem::remove_all(path_); }
  const std::filesystem::path& path() const { return path_; }

 private:
  static inline int next_ = 0;
  std::filesystem::path path_;
};

TEST(Drawing, SameTapeSameCase) {
  for (OperatorType op : kAllOperatorTypes) {
    for (uint64_t i = 0; i < 40; ++i) {
      Tape first = Tape::FromSeed(CaseSeed(3, i, 0));
      Tape again = Tape::FromSeed(CaseSeed(3, i, 0));
      const std::optional<FuzzCase> a = DrawCase(op, {}, first), b = DrawCase(op, {}, again);
      ASSERT_EQ(a.has_value(), b.has_value());
      if (!a) continue;
      Tape replay = Tape::Replay(first.made());
      const std::optional<FuzzCase> c = DrawCase(op, {}, replay);
      ASSERT_TRUE(c);
      for (const FuzzCase* other : {&*b, &*c}) {
        EXPECT_EQ(other->gen.name, a->gen.name);
        EXPECT_EQ(other->gen.desc, a->gen.desc);
        const validator::Case x = RunnerCase(a->gen), y = RunnerCase(other->gen);
        EXPECT_EQ(x.inputs, y.inputs);
        EXPECT_EQ(x.expected, y.expected);
      }
    }
  }
}

// The naive reference (dmlconf::naive) and the generator's Eigen oracle share no code:
// on every drawn case the runner must pass the reference, must-reject cases included.
TEST(Drawing, ReferenceAgreesWithTheOracleOnDrawnCases) {
  const std::unique_ptr<Backend> reference = MakeReferenceBackend();
  std::map<Expect, int> seen;
  for (OperatorType op : kAllOperatorTypes) {
    for (uint64_t i = 0; i < 120; ++i) {
      const std::optional<FuzzCase> c = DrawAt(op, 17, i);
      ASSERT_TRUE(c) << OperatorName(op) << " case " << i;
      ++seen[c->gen.expect];
      const CaseResult r =
          validator::JudgeCase(RunnerCase(c->gen), *reference, kHighestFeatureLevel);
      EXPECT_EQ(r.verdict, Verdict::kPassed) << c->gen.name << ": " << r.message;
    }
  }
  for (Expect e : {Expect::kMatch, Expect::kReject, Expect::kUnspecified, Expect::kRefuseOrRun})
    EXPECT_GT(seen[e], 0) << "no case expecting " << int(e);
}

// Every rule of `dmlconf reasons` is broken by some drawing, at the top level or at 1_0,
// but A1's (an aliased output: implementation-defined, never a must-reject case) and the
// retired multiple-of-4 one (no longer raised: reference/src/validate/tensor_rules.cc).
// Some rules are rare (BlockSize 0 is one edit of one field of four operators), so the
// operators take turns until every rule has been seen (some 2,000 turns, 1 Dec 2026), drawn
// without the valid cases' data: with it, the turns took 75 s, without 0.6 s.
TEST(Drawing, BrokenCasesCoverEveryRule) {
  std::set<Reason> wanted;
  for (Reason reason : AllReasons())
    if (reason != Reason::OK && reason != Reason::TENSOR_OUTPUT_ALIASED &&
        reason != Reason::TENSOR_TOTAL_SIZE_NOT_MULTIPLE_OF_4)
      wanted.insert(reason);
  std::set<Reason> broken;
  for (uint64_t i = 0; i < 5000 && broken != wanted; ++i)
    for (FeatureLevel level : {kHighestFeatureLevel, FeatureLevel::k1_0})
      for (OperatorType op : kAllOperatorTypes) {
        const std::optional<FuzzCase> c = DrawAt(op, 5, i, {level, true, false});
        if (!c || c->gen.expect != Expect::kReject) continue;
        broken.insert(c->gen.reason);
        // Exactly that rule: the reference's validation says so at the case's level.
        EXPECT_EQ(Validate(c->gen.desc, c->gen.level).reason, c->gen.reason) << c->gen.name;
      }
  for (Reason reason : wanted)
    EXPECT_TRUE(broken.contains(reason)) << "never broken: " << ReasonName(reason);
}

// No must-reject case of GATHER's output rules rests on a leading index dimension above 1
// (G4): DirectML batches such dimensions against the output's, so the sizes it expects
// are others. Neither the valid drawing nor the edit (a size, IndexDimensions) may make one.
TEST(Drawing, NoOutputRuleBrokenOnLeadingIndexDimensions) {
  int checked = 0;
  for (uint64_t i = 0; i < 3000; ++i) {
    const std::optional<FuzzCase> c = DrawAt(OperatorType::kGather, 5, i, kDescriptorsOnly);
    if (!c || c->gen.expect != Expect::kReject) continue;
    if (c->gen.reason != Reason::GATHER_OUTPUT_SIZES_MISMATCH &&
        c->gen.reason != Reason::GATHER_OUTPUT_RANK_OVERFLOW)
      continue;
    ++checked;
    const GatherDesc& gather = std::get<GatherDesc>(c->gen.desc);
    const std::vector<uint32_t>& sizes = gather.indices_tensor.sizes;
    for (size_t d = 0; d + gather.index_dimensions < sizes.size(); ++d)
      EXPECT_EQ(sizes[d], 1u) << c->gen.name;
  }
  EXPECT_GT(checked, 20);
}

// No must-reject case of the ND operators rests on contract point M3 (a tuple longer than
// InputDimensionCount, a batch leaving it no room: implementation-defined, and DirectML
// dies on SCATTER_ND's, E10) or on SCATTER_ND indices of another rank (erratum N4): the
// fuzzer's first SCATTER_ND campaign drew both as must-reject cases.
TEST(Drawing, NoNdRejectionRestsOnM3OrN4) {
  int checked = 0;
  for (OperatorType op :
       {OperatorType::kGatherNd, OperatorType::kGatherNd1, OperatorType::kScatterNd})
    for (uint64_t i = 0; i < 3000; ++i) {
      const std::optional<FuzzCase> c = DrawAt(op, 33, i, kDescriptorsOnly);
      if (!c || c->gen.expect != Expect::kReject) continue;
      ++checked;
      const std::vector<TensorSlot> inputs = InputSlots(c->gen.desc);
      const uint32_t rank = inputs[0].desc->DimensionCount();
      const std::vector<uint32_t>& indices = inputs[1].desc->sizes;
      const NdCounts counts = NdCountsIn(c->gen.desc);
      if (c->gen.reason == Reason::ND_INDEX_TUPLE_TOO_LONG) {
        EXPECT_GT(indices.back(), rank) << c->gen.name;
      }
      if (c->gen.reason == Reason::ND_BATCH_DIMENSION_COUNT_OUT_OF_RANGE) {
        EXPECT_GE(counts.batch, rank) << c->gen.name;
      }
      if (c->gen.reason == Reason::RANK_MISMATCH && op == OperatorType::kScatterNd) {
        size_t others_off = 0;
        std::vector<TensorSlot> slots = OutputSlots(c->gen.desc);
        slots.insert(slots.end(), inputs.begin(), inputs.end());
        for (const TensorSlot& slot : slots)
          if (slot.kind != FieldKind::kIndices && slot.desc->DimensionCount() != rank) ++others_off;
        EXPECT_GT(others_off, 0u) << c->gen.name;
      }
    }
  EXPECT_GT(checked, 100);
}

TEST(Drawing, ValuesProfileDrawsNoBrokenCase) {
  for (OperatorType op : kAllOperatorTypes)
    for (uint64_t i = 0; i < 100; ++i) {
      const std::optional<FuzzCase> c = DrawAt(op, 9, i, {kHighestFeatureLevel, false});
      ASSERT_TRUE(c);
      EXPECT_NE(c->gen.expect, Expect::kReject) << c->gen.name;
    }
}

// The traits in a case's name are facts about the case, checked here from its
// descriptor and data (an expected-failure entry relies on them).
void ExpectTraitsHold(const FuzzCase& c) {
  const validator::Case rc = RunnerCase(c.gen);
  const auto has = [&](const std::string& t) { return c.traits.contains(t); };
  bool past = false, out_of_range = false, high = false, broadcast = false, aliased = false;
  const std::vector<TensorSlot> inputs = InputSlots(rc.descriptor);
  const uint32_t axis = generate::Axis(rc.descriptor);
  for (size_t i = 0; i < inputs.size() && !rc.inputs.empty(); ++i) {
    const TensorDesc& t = *inputs[i].desc;
    for (size_t d = 0; t.strides && d < t.sizes.size(); ++d)
      broadcast |= t.sizes[d] > 1 && (*t.strides)[d] == 0;
    if (!HoldsIndices(inputs[i])) continue;
    // The ND operators measure each tuple coordinate against the dimension it selects.
    const std::vector<uint32_t> selected = NdSelectedSizesOf(rc.descriptor);
    for (size_t e = 0; e < t.ElementCount(); ++e) {
      const int64_t size = selected.empty() ? int64_t(inputs[0].desc->sizes[axis])
                                            : int64_t(selected[e % selected.size()]);
      const ElementBits bits =
          LoadElement(rc.inputs[i].data() + e * t.ElementSize(), t.ElementSize());
      const int64_t v = generate::IndexValue(t.data_type, bits);
      high |= t.ElementSize() == 8 && (bits >> 32) != 0;
      if (inputs[i].kind == FieldKind::kLengths)
        past |= v > size;
      else
        out_of_range |= v >= size || v < -size;
    }
  }
  bool no_index_dimensions = false;
  if (const auto* gather = std::get_if<GatherDesc>(&rc.descriptor))
    no_index_dimensions = gather->index_dimensions == 0;
  EXPECT_EQ(has("index-dims-0"), no_index_dimensions) << c.gen.name;
  // No data, and a broken descriptor's layout may not fit its TotalTensorSizeInBytes.
  if (rc.expect == validator::Expectation::kReject) return;
  for (const TensorSlot& slot : OutputSlots(rc.descriptor))
    if (slot.desc->strides) {
      const std::vector<bool> own = validator::OwnLocationElements(*slot.desc);
      aliased |= std::count(own.begin(), own.end(), false) > 0;
    }
  EXPECT_EQ(has("len-past-axis"), past) << c.gen.name;
  EXPECT_EQ(has("idx-out-of-range"), out_of_range) << c.gen.name;
  EXPECT_EQ(has("idx-high-bits") || has("len-high-bits"), high) << c.gen.name;
  EXPECT_EQ(has("in-broadcast"), broadcast) << c.gen.name;
  EXPECT_EQ(has("out-aliased"), aliased) << c.gen.name;
  // The oracle leaves an out-of-range GATHER open; A1 and T1 make refuse_or_run.
  if (out_of_range) {
    EXPECT_TRUE(rc.expected.empty()) << c.gen.name;
  }
  if (aliased) {
    EXPECT_EQ(rc.expect, validator::Expectation::kRefuseOrRun) << c.gen.name;
  }
}

TEST(Drawing, TraitsAreFacts) {
  std::set<std::string> seen;
  for (OperatorType op : kAllOperatorTypes)
    for (uint64_t i = 0; i < 300; ++i) {
      const std::optional<FuzzCase> c = DrawAt(op, 23, i);
      ASSERT_TRUE(c);
      ExpectTraitsHold(*c);
      seen.insert(c->traits.begin(), c->traits.end());
    }
  for (const char* trait :
       {"in-padded", "in-permuted", "in-broadcast", "in-overlap", "out-padded", "out-permuted",
        "out-aliased", "total-plus", "special", "idx-negative", "idx-out-of-range", "idx-high-bits",
        "len-past-axis", "len-high-bits", "axis-in-leading-ones", "index-dims-0"})
    EXPECT_TRUE(seen.contains(trait)) << "never drawn: " << trait;
}

// The sizes mix 1s, small primes and, now and then, more than 65 535 elements along one
// dimension; no tensor is larger than the drawing allows. (With the data, this test took
// 28 s and NoNdRejectionRestsOnM3OrN4 15 s; without, milliseconds.)
TEST(Drawing, SizesMixOnesPrimesAndLargeOnes) {
  std::set<uint32_t> sizes;
  uint64_t largest = 0;
  for (uint64_t i = 0; i < 3000; ++i) {
    const std::optional<FuzzCase> c =
        DrawAt(OperatorType::kReverseSubsequences, 41, i, kDescriptorsOnly);
    ASSERT_TRUE(c);
    if (c->gen.expect == Expect::kReject) continue;  // past 2^32 elements on purpose, some
    for (const TensorSlot& slot : InputSlots(c->gen.desc)) {
      sizes.insert(slot.desc->sizes.begin(), slot.desc->sizes.end());
      largest = std::max(largest, slot.desc->ElementCount());
    }
  }
  for (uint32_t size : {1u, 2u, 3u, 5u, 7u, 11u, 13u}) EXPECT_TRUE(sizes.contains(size)) << size;
  EXPECT_GT(*sizes.rbegin(), 65535u);
  EXPECT_LE(largest, 2 * kMaxDrawnElements);
}

// A predicate that holds for any JOIN of two or more inputs shrinks to the simplest one:
// two inputs, rank 1, packed, no special values, the smallest sizes.
TEST(Shrink, GoesToTheSimplestCaseThatStillFails) {
  const auto two_inputs = [](const FuzzCase& c) {
    return c.gen.expect != Expect::kReject && InputSlots(c.gen.desc).size() >= 2;
  };
  int shrunk = 0;
  for (uint64_t i = 0; i < 200 && shrunk < 5; ++i) {
    Tape tape = Tape::FromSeed(CaseSeed(8, i, 0));
    std::optional<FuzzCase> c = DrawCase(OperatorType::kJoin, {}, tape);
    if (!c || !two_inputs(*c)) continue;
    ++shrunk;
    const Shrunk s =
        Shrink(tape.made(), *c, [](Tape& t) { return DrawCase(OperatorType::kJoin, {}, t); },
               two_inputs, {1000, std::chrono::milliseconds(30'000)});
    const OperatorDesc& d = s.best.gen.desc;
    SCOPED_TRACE(s.best.gen.name);
    EXPECT_TRUE(ShortlexLess(s.tape, tape.made()));
    EXPECT_EQ(InputSlots(d).size(), 2u);
    for (const auto& slots : {InputSlots(d), OutputSlots(d)})
      for (const TensorSlot& slot : slots) {
        EXPECT_EQ(slot.desc->DimensionCount(), 1u);
        EXPECT_FALSE(slot.desc->strides);
        EXPECT_FALSE(slot.desc->total_tensor_size_in_bytes);
        EXPECT_EQ(slot.desc->guaranteed_base_offset_alignment, 0u);
      }
    EXPECT_EQ(OutputSlots(d)[0].desc->sizes, std::vector<uint32_t>{2});
    EXPECT_FALSE(s.best.traits.contains("special"));
  }
  EXPECT_EQ(shrunk, 5);
}

TEST(Shrink, NeverLeavesTheFailure) {
  // Fails only while an input is broadcast: the shrunk case still has one.
  const auto broadcast = [](const FuzzCase& c) { return c.traits.contains("in-broadcast"); };
  for (uint64_t i = 0; i < 400; ++i) {
    Tape tape = Tape::FromSeed(CaseSeed(12, i, 0));
    std::optional<FuzzCase> c = DrawCase(OperatorType::kSplit, {}, tape);
    if (!c || !broadcast(*c)) continue;
    const Shrunk s =
        Shrink(tape.made(), *c, [](Tape& t) { return DrawCase(OperatorType::kSplit, {}, t); },
               broadcast, {300, std::chrono::milliseconds(30'000)});
    EXPECT_TRUE(broadcast(s.best));
    EXPECT_LE(s.tries, 300);
    return;
  }
  FAIL() << "no SPLIT with a broadcast input drawn";
}

// Issue 31: a bug that touches one of a SPLIT's outputs. The shrunk case keeps that
// output as drawn, at its place along Axis, and merges the others into at most one
// packed output on each side; the sizes still add up and the expected outputs follow.
TEST(Shrink, MergesTheOutputsTheFailureDoesNotNeed) {
  for (uint64_t i = 0; i < 2000; ++i) {
    Tape tape = Tape::FromSeed(CaseSeed(14, i, 0));
    const std::optional<FuzzCase> c = DrawCase(OperatorType::kSplit, {}, tape);
    if (!c || c->gen.expect != Expect::kMatch) continue;
    const SplitDesc& drawn = std::get<SplitDesc>(c->gen.desc);
    if (drawn.output_tensors.size() < 5) continue;
    const size_t buggy = 2;
    uint32_t start = 0;  // where the buggy output begins along Axis
    for (size_t k = 0; k < buggy; ++k) start += drawn.output_tensors[k].sizes[drawn.axis];
    const TensorDesc touched = drawn.output_tensors[buggy];
    const auto fails = [&](const FuzzCase& candidate) {
      const auto& d = std::get<SplitDesc>(candidate.gen.desc);
      uint32_t at = 0;
      for (const TensorDesc& out : d.output_tensors) {
        if (at == start && out == touched) return true;
        at += out.sizes[d.axis];
      }
      return false;
    };
    const Shrunk s = Shrink(tape.made(), *c, [](Tape&) { return std::optional<FuzzCase>(); }, fails,
                            {300, std::chrono::milliseconds(30'000)});
    const SplitDesc& d = std::get<SplitDesc>(s.best.gen.desc);
    EXPECT_TRUE(fails(s.best));
    EXPECT_EQ(d.output_tensors.size(), 3u);  // merged, the buggy one, merged
    EXPECT_EQ(d.output_tensors[1], touched);
    uint32_t total = 0;
    for (const TensorDesc& out : d.output_tensors) total += out.sizes[d.axis];
    EXPECT_EQ(total, d.input_tensor.sizes[d.axis]);
    EXPECT_EQ(s.best.gen.expected.size(), d.output_tensors.size());
    EXPECT_EQ(generate::Expand(d.output_tensors[1], s.best.gen.expected[1]).size(),
              touched.ElementCount());
    return;
  }
  FAIL() << "no valid SPLIT with five outputs drawn";
}

validator::Case OneCase(OperatorType op, Expect expect) {
  for (uint64_t i = 0;; ++i)
    if (const std::optional<FuzzCase> c = DrawAt(op, 31, i); c && c->gen.expect == expect)
      return RunnerCase(c->gen);
}

TEST(Signature, NamesTheRuleOrTheDataTypes) {
  const validator::Case reject = OneCase(OperatorType::kSplit, Expect::kReject);
  CaseResult r;
  r.kind = Kind::kAcceptedInvalid;
  EXPECT_EQ(SignatureOf(reject, r).Text(),
            "SPLIT/accepted_invalid/" + std::string(ReasonName(*reject.reason)));
  validator::Case gather = OneCase(OperatorType::kGather, Expect::kMatch);
  auto& d = std::get<GatherDesc>(gather.descriptor);
  d.input_tensor.data_type = d.output_tensor.data_type = DataType::kUint16;
  d.indices_tensor.data_type = DataType::kInt64;
  r.kind = Kind::kWrongValues;
  EXPECT_EQ(SignatureOf(gather, r).Text(), "GATHER/wrong_values/int16/idx-int64");
  d.input_tensor.data_type = DataType::kFloat16;
  EXPECT_EQ(SignatureOf(gather, r).klass, "float16/idx-int64");
}

FindingsReport SampleReport(uint64_t seed, uint64_t count, const std::string& case_text) {
  FindingsReport report;
  report.tool_version = "test";
  FuzzRunInfo run;
  run.seed = seed;
  run.backend = "lib";
  run.feature_level = "6_4";
  run.cases = 100;
  report.runs = {run};
  report.counts["JOIN"]["4_1"]["passed"] = 90;
  report.counts["JOIN"]["4_1"]["failed"] = 10;
  Finding f;
  f.signature = {"JOIN", "wrong_values", "float32"};
  f.count = count;
  f.seed = seed;
  f.iteration = 7;
  f.case_name = "join/fl4_1/float32/r2/fuzz/plain/s1-i7";
  f.message = "wrong output values";
  f.descriptor = "{}";
  f.case_text = case_text;
  f.case_file = "out/x.yaml";
  f.shrunk_name = "join/fl4_1/float32/r1/fuzz/plain/s1-i7";
  Finding known = f;
  known.signature.klass = "int8";
  known.known = true;
  known.xfail_entry = "list:3: *";
  known.case_text.clear();
  report.findings = {f, known};
  return report;
}

TEST(Findings, JsonRoundTrip) {
  ScratchDir dir;
  const FindingsReport report = SampleReport(4, 10, "cases: []\n");
  WriteFindings(report, dir.path());
  EXPECT_TRUE(IsFindingsFile(dir.path() / "findings.json"));
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "findings.md"));
  const FindingsReport back = ReadFindings(dir.path() / "findings.json");
  ASSERT_EQ(back.findings.size(), 2u);
  EXPECT_EQ(back.findings[0].signature, report.findings[0].signature);
  EXPECT_EQ(back.findings[0].case_text, "cases: []\n");
  EXPECT_TRUE(back.findings[1].known);
  EXPECT_EQ(back.counts, report.counts);
  EXPECT_EQ(back.runs[0].seed, 4u);
  EXPECT_EQ(back.NewCount(), 1u);
}

TEST(Findings, ReadNamesTheFileOfWhatIsNot) {
  ScratchDir dir;
  const std::filesystem::path file = dir.path() / "report.json";
  std::ofstream(file) << "{\"format\": \"dmlconf-report-v1\"}";
  EXPECT_FALSE(IsFindingsFile(file));
  try {
    ReadFindings(file);
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(file.string()), std::string::npos) << e.what();
  }
}

TEST(Findings, MergeKeepsEachSignatureOnceWithTheSmallestCase) {
  const FindingsReport a = SampleReport(1, 10, "a longer shrunk case\n"),
                       b = SampleReport(2, 5, "shorter\n");
  const FindingsReport merged = MergeFindings({a, b});
  ASSERT_EQ(merged.runs.size(), 2u);
  ASSERT_EQ(merged.findings.size(), 2u);  // JOIN/wrong_values/float32 new, int8 known
  EXPECT_FALSE(merged.findings[0].known);
  EXPECT_EQ(merged.findings[0].count, 15u);
  EXPECT_EQ(merged.findings[0].case_text, "shorter\n");
  EXPECT_EQ(merged.findings[0].seed, 2u);
  EXPECT_EQ(merged.findings[1].count, 15u);
  EXPECT_EQ(merged.counts.at("JOIN").at("4_1").at("failed"), 20u);
}

// Issue 32: the same run given twice doubled every count; large counts wrapped.
TEST(Findings, MergeRefusesTheSameRunTwiceAndCountsThatWouldWrap) {
  FindingsReport a = SampleReport(1, 10, "x\n"), b = SampleReport(1, 10, "x\n");
  a.runs[0].run_id = "0123456789abcdef";
  b.runs[0].run_id = "fedcba9876543210";
  EXPECT_EQ(MergeFindings({a, b}).findings[0].count, 20u);  // one seed, two runs
  try {
    MergeFindings({a, a});
    FAIL() << "the same run merged twice";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("is given twice"), std::string::npos) << e.what();
  }
  // Files older than run_id: what ran and when tell the runs apart.
  a.runs[0].run_id = b.runs[0].run_id = "";
  b.runs[0].started_at = "2026-01-01T00:00:00Z";
  EXPECT_NO_THROW(MergeFindings({a, b}));
  EXPECT_THROW(MergeFindings({a, a}), std::runtime_error);
  b.runs[0].run_id = "fedcba9876543210";
  b.findings[0].count = UINT64_MAX;
  EXPECT_THROW(MergeFindings({a, b}), std::runtime_error);
  b.findings[0].count = 1;
  b.counts["JOIN"]["4_1"]["passed"] = UINT64_MAX - 89;
  EXPECT_THROW(MergeFindings({a, b}), std::runtime_error);
  b.counts["JOIN"]["4_1"]["passed"] = UINT64_MAX - 90;
  EXPECT_EQ(MergeFindings({a, b}).counts.at("JOIN").at("4_1").at("passed"), UINT64_MAX);
}

// A count the file holds as -1 read as 2^64 - 1 before; it is refused, naming the file.
TEST(Findings, ReadRefusesACountThatIsNotOne) {
  ScratchDir dir;
  WriteFindings(SampleReport(4, 10, "cases: []\n"), dir.path());
  const std::filesystem::path file = dir.path() / "findings.json";
  std::ifstream in(file);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const char* bad : {"-1", "1e30", "2.5"}) {
    std::string edited = text;
    const size_t at = edited.find("\"count\": 10");
    ASSERT_NE(at, std::string::npos);
    edited.replace(at, std::strlen("\"count\": 10"), std::string("\"count\": ") + bad);
    std::ofstream(file) << edited;
    try {
      ReadFindings(file);
      FAIL() << bad << " read as a count";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("not a count"), std::string::npos) << e.what();
    }
  }
}

// The reference with a planted mistake: every 4-byte JOIN output's first element is
// written as 0.
class PlantedMistake : public Backend {
 public:
  std::string Name() const override { return "planted"; }
  FeatureLevel MaxFeatureLevel() const override { return kHighestFeatureLevel; }
  CreateAnswer Create(const OperatorDesc& desc, FeatureLevel level) override {
    return reference_->Create(desc, level);
  }
  ExecuteResult Execute(const OperatorDesc& desc, FeatureLevel level,
                        const Bindings& bindings) override {
    const ExecuteResult r = reference_->Execute(desc, level, bindings);
    const TensorDesc& out = *OutputSlots(desc)[0].desc;
    if (std::holds_alternative<JoinDesc>(desc) && out.ElementSize() == 4)
      std::memset(bindings.outputs[0], 0, 4);
    return r;
  }

 private:
  std::unique_ptr<Backend> reference_ = MakeReferenceBackend();
};

FuzzOptions PlantedOptions(const std::filesystem::path& out) {
  FuzzOptions options;
  options.seed = 77;
  options.count = 160;
  options.operators = {OperatorType::kJoin, OperatorType::kSplit};
  options.out_dir = out;
  options.shrink = {150, std::chrono::milliseconds(30'000)};
  return options;
}

TEST(Campaign, FindsShrinksAndWritesANewFinding) {
  ScratchDir dir;
  PlantedMistake backend;
  const FuzzOutcome outcome = Fuzz(backend, PlantedOptions(dir.path()));
  EXPECT_EQ(outcome.cases, 160u);
  ASSERT_GT(outcome.report.NewCount(), 0u);
  for (const Finding& f : outcome.report.findings) {
    EXPECT_EQ(f.signature.op, "JOIN");
    EXPECT_EQ(f.signature.kind, "wrong_values");
    EXPECT_TRUE(f.signature.klass == "int32" || f.signature.klass == "float32")
        << f.signature.Text();
    ASSERT_TRUE(std::filesystem::exists(f.case_file));
    // The written case fails the planted mistake and passes the reference.
    const std::vector<validator::Case> cases = validator::LoadCaseFile(f.case_file);
    ASSERT_EQ(cases.size(), 1u);
    EXPECT_EQ(validator::JudgeCase(cases[0], backend, kHighestFeatureLevel).verdict,
              Verdict::kFailed);
    EXPECT_EQ(validator::JudgeCase(cases[0], *MakeReferenceBackend(), kHighestFeatureLevel).verdict,
              Verdict::kPassed);
    EXPECT_NE(f.reproducer.find(" run " + f.case_file + " --case="), std::string::npos)
        << f.reproducer;
    // The file, meant to be committed, names `dmlconf`, not this build's binary, and
    // itself by its name, not by the folder it was written to.
    const std::string file_name = std::filesystem::path(f.case_file).filename().string();
    EXPECT_NE(f.case_text.find("\n# Reproduce (in the folder holding this file): dmlconf run " +
                               file_name + " --case="),
              std::string::npos)
        << f.case_text;
    EXPECT_EQ(f.case_text.find(dir.path().string()), std::string::npos) << f.case_text;
  }
  // Issue 31: the mistake is blind to the type of its 4-byte elements, so the int32 and
  // float32 cases it fails are one finding, the other class listed as merged.
  ASSERT_EQ(outcome.report.findings.size(), 1u) << FindingsSummary(outcome.report);
  const Finding& only = outcome.report.findings[0];
  EXPECT_EQ(only.merged.size(), 1u) << FindingsSummary(outcome.report);
  uint64_t failed = 0;
  for (const auto& [level, verdicts] : outcome.report.counts.at("JOIN"))
    failed += verdicts.contains("failed") ? verdicts.at("failed") : 0;
  uint64_t counted = 0;
  for (const Finding& f : outcome.report.findings) counted += f.count;
  EXPECT_EQ(counted, failed);
}

// A backend whose name holds ESC and CR and whose JOIN mistake shows on every other
// call: the findings are replayed and marked flaky, and the case files hold only
// printable text (issue 32: the probe's files carried the backend's raw ESC and CR).
class FlakyMistake : public PlantedMistake {
 public:
  std::string Name() const override { return "fl\x1b[31maky\r"; }
  ExecuteResult Execute(const OperatorDesc& desc, FeatureLevel level,
                        const Bindings& bindings) override {
    if (++calls_ % 2 == 0) return reference_->Execute(desc, level, bindings);
    return PlantedMistake::Execute(desc, level, bindings);
  }

 private:
  uint64_t calls_ = 0;
  std::unique_ptr<Backend> reference_ = MakeReferenceBackend();
};

TEST(Campaign, ReplaysANewFindingAndMarksAFlakyOne) {
  ScratchDir steady_dir, flaky_dir;
  PlantedMistake steady;
  FuzzOptions options = PlantedOptions(steady_dir.path());
  options.max_new = 1;
  const FuzzOutcome sure = Fuzz(steady, options);
  ASSERT_EQ(sure.report.NewCount(), 1u);
  EXPECT_EQ(sure.report.findings[0].replays, 10u);
  EXPECT_EQ(sure.report.findings[0].reproduced, 10u);
  EXPECT_FALSE(sure.report.findings[0].Flaky());

  FlakyMistake flaky;
  options.out_dir = flaky_dir.path();
  const FuzzOutcome shaky = Fuzz(flaky, options);
  ASSERT_EQ(shaky.report.NewCount(), 1u);
  const Finding& f = shaky.report.findings[0];
  EXPECT_EQ(f.replays, 10u);
  EXPECT_LT(f.reproduced, 10u);
  EXPECT_TRUE(f.Flaky());
  EXPECT_NE(FindingsSummary(shaky.report).find("FLAKY: failed again in "), std::string::npos);
  std::ifstream in(f.case_file, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("Judged again: FLAKY"), std::string::npos) << text;
  EXPECT_NE(text.find("fl\\x1B[31maky\\x0D"), std::string::npos) << text;
  for (char ch : text)
    EXPECT_TRUE(ch == '\n' || (static_cast<unsigned char>(ch) >= 0x20 && ch != 0x7f))
        << "byte " << int(static_cast<unsigned char>(ch)) << " in " << f.case_file;
}

TEST(Campaign, SameSeedSameFindings) {
  ScratchDir one, two;
  PlantedMistake backend;
  const FuzzOutcome a = Fuzz(backend, PlantedOptions(one.path()));
  const FuzzOutcome b = Fuzz(backend, PlantedOptions(two.path()));
  ASSERT_EQ(a.report.findings.size(), b.report.findings.size());
  for (size_t i = 0; i < a.report.findings.size(); ++i) {
    EXPECT_EQ(a.report.findings[i].iteration, b.report.findings[i].iteration);
    EXPECT_EQ(a.report.findings[i].count, b.report.findings[i].count);
    EXPECT_EQ(a.report.findings[i].shrunk_name, b.report.findings[i].shrunk_name);
  }
  EXPECT_EQ(a.report.counts, b.report.counts);
}

TEST(Campaign, ListedFailuresAreKnownAndNotShrunk) {
  ScratchDir dir;
  PlantedMistake backend;
  FuzzOptions options = PlantedOptions(dir.path());
  options.xfail.Add("planted", "join/*");
  const FuzzOutcome outcome = Fuzz(backend, options);
  ASSERT_FALSE(outcome.report.findings.empty());
  EXPECT_EQ(outcome.report.NewCount(), 0u);
  for (const Finding& f : outcome.report.findings) EXPECT_TRUE(f.case_file.empty());
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(Campaign, StopsAtMaxNew) {
  ScratchDir dir;
  PlantedMistake backend;
  FuzzOptions options = PlantedOptions(dir.path());
  options.count = 0;
  options.max_new = 1;
  const FuzzOutcome outcome = Fuzz(backend, options);
  EXPECT_TRUE(outcome.stopped_at_max_new);
  EXPECT_EQ(outcome.report.NewCount(), 1u);
}

}  // namespace
}  // namespace dmlconf::fuzz
