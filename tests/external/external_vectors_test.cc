// The dmlconf-oracle-v1 loader on small inline documents: roles become
// descriptor slots, hex becomes bytes, outcomes map one to one. The expected
// values are read off the documents by hand.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <variant>

#include "dmlconf/validator/case.h"
#include "dmlconf/validator/external_vectors.h"

namespace dmlconf::validator {
namespace {

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<std::byte> Bytes(std::initializer_list<int> values) {
  std::vector<std::byte> bytes;
  for (int v : values) bytes.push_back(std::byte(v));
  return bytes;
}

std::vector<ExternalVector> Parse(const std::string& json) {
  return ParseExternalVectors(YAML::Load(json), "inline.json");
}

std::string Document(const std::string& cases) {
  return R"({"format": "dmlconf-oracle-v1", "op": "ANY", "cases": [)" + cases + "]}";
}

// JOIN of FLOAT16 {1,2} and {1,1}: 1.0 = 0x3c00, 2.0 = 0x4000, 3.0 = 0x4200.
const char* const kJoin = R"({
  "id": "wpt/concat/two", "op": "JOIN",
  "source": {"origin": "wpt-webnn", "file": "concat.js", "test": "two halves", "license": "BSD-3-Clause"},
  "attributes": {"Axis": 1, "InputCount": 2},
  "inputs": [
    {"role": "InputTensors[1]", "dtype": "FLOAT16", "shape": [1, 1], "data": [3], "hex": "0042"},
    {"role": "InputTensors[0]", "dtype": "FLOAT16", "shape": [1, 2], "data": [1, 2], "hex": "003c0040"}],
  "expected_outputs": [
    {"role": "OutputTensor", "dtype": "FLOAT16", "shape": [1, 3], "data": [1, 2, 3], "hex": "003C00400042"}],
  "expected_outcome": "match",
  "min_feature_level": {"as_given": "4_1", "if_padded_to_4d": "1_0"},
  "notes": "hand-written"})";

TEST(ExternalVectors, MatchCaseBecomesDescriptorSlotsAndBytes) {
  const std::vector<ExternalVector> cases = Parse(Document(kJoin));
  ASSERT_EQ(cases.size(), 1u);
  const ExternalVector& c = cases[0];
  EXPECT_EQ(c.name, "external/wpt/concat/two");
  EXPECT_EQ(c.feature_level, FeatureLevel::k4_1);
  EXPECT_EQ(c.outcome, ExternalOutcome::kMatch);
  EXPECT_EQ(c.description, "hand-written");
  EXPECT_EQ(c.source, "wpt-webnn concat.js: two halves (BSD-3-Clause)");
  EXPECT_TRUE(c.then.empty());
  ASSERT_TRUE(std::holds_alternative<JoinDesc>(c.desc));
  const JoinDesc& join = std::get<JoinDesc>(c.desc);
  EXPECT_EQ(join.axis, 1u);
  ASSERT_EQ(join.input_tensors.size(), 2u);
  // Roles, not list order, place the tensors.
  EXPECT_EQ(join.input_tensors[0], TensorDesc::Packed(DataType::kFloat16, {1, 2}));
  EXPECT_EQ(join.input_tensors[1], TensorDesc::Packed(DataType::kFloat16, {1, 1}));
  EXPECT_EQ(join.output_tensor, TensorDesc::Packed(DataType::kFloat16, {1, 3}));
  EXPECT_THAT(c.inputs, ElementsAre(Bytes({0x00, 0x3c, 0x00, 0x40}), Bytes({0x00, 0x42})));
  EXPECT_THAT(c.expected, ElementsAre(Bytes({0x00, 0x3c, 0x00, 0x40, 0x00, 0x42})));
}

// Seed 002 example 3 as printed (erratum G1), with and without a reason code.
std::string GatherReject(const std::string& id, const std::string& extra) {
  return R"({"id": ")" + id + R"(", "op": "GATHER", "attributes": {"Axis": 1, "IndexDimensions": 2},
  "inputs": [
    {"role": "InputTensor", "dtype": "FLOAT32", "shape": [3, 2], "hex": "0000803f000000400000404000008040000a0a400000c040"},
    {"role": "IndicesTensor", "dtype": "UINT32", "shape": [1, 2], "hex": "0100000000000000"}],
  "expected_outputs": [{"role": "OutputTensor", "dtype": "FLOAT32", "shape": [3, 2], "hex": "000000000000000000000000000000000000000000000000"}],
  "expected_outcome": "reject", )" + extra + R"(
  "min_feature_level": {"as_given": "3_0"}})";
}

TEST(ExternalVectors, RejectCaseKeepsItsReasonOrNone) {
  const std::vector<ExternalVector> cases = Parse(Document(
      GatherReject("with", R"("reason": "GATHER_OUTPUT_RANK_OVERFLOW",)") + "," +
      GatherReject("without", "")));
  ASSERT_EQ(cases.size(), 2u);
  for (const ExternalVector& c : cases) {
    EXPECT_EQ(c.outcome, ExternalOutcome::kReject);
    EXPECT_EQ(c.feature_level, FeatureLevel::k3_0);
    EXPECT_TRUE(c.expected.empty());
    ASSERT_TRUE(std::holds_alternative<GatherDesc>(c.desc));
    EXPECT_EQ(std::get<GatherDesc>(c.desc).index_dimensions, 2u);
    EXPECT_EQ(std::get<GatherDesc>(c.desc).indices_tensor,
              TensorDesc::Packed(DataType::kUint32, {1, 2}));
    ASSERT_EQ(c.inputs.size(), 2u);
    EXPECT_EQ(c.inputs[1], Bytes({1, 0, 0, 0, 0, 0, 0, 0}));
  }
  EXPECT_EQ(cases[0].reason, Reason::GATHER_OUTPUT_RANK_OVERFLOW);
  EXPECT_EQ(cases[1].reason, std::nullopt);
}

TEST(ExternalVectors, UnspecifiedValuesKeepInputsOnly) {
  const std::vector<ExternalVector> cases = Parse(Document(R"({
    "id": "wpt/gather/oob", "op": "GATHER", "attributes": {"Axis": 0, "IndexDimensions": 0},
    "inputs": [
      {"role": "InputTensor", "dtype": "INT32", "shape": [2], "hex": "0700000008000000"},
      {"role": "IndicesTensor", "dtype": "INT32", "shape": [1], "hex": "09000000"}],
    "expected_outputs": [{"role": "OutputTensor", "dtype": "INT32", "shape": [1], "hex": "08000000"}],
    "expected_outcome": "runs_values_unspecified",
    "min_feature_level": {"as_given": "3_0"}})"));
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(cases[0].outcome, ExternalOutcome::kRunsValuesUnspecified);
  EXPECT_THAT(cases[0].inputs, ElementsAre(Bytes({7, 0, 0, 0, 8, 0, 0, 0}), Bytes({9, 0, 0, 0})));
  EXPECT_TRUE(cases[0].expected.empty());
}

std::string ReverseSteps(const std::string& id, const std::string& steps) {
  return R"({"id": ")" + id + R"(", "op": "REVERSE_SUBSEQUENCES", "attributes": {},
  "inputs": [{"role": "InputTensor", "dtype": "UINT8", "shape": [1, 4], "hex": "01020304"}],
  "steps": [)" + steps + R"(],
  "expected_outputs": [{"role": "OutputTensor", "dtype": "UINT8", "shape": [1, 4], "hex": "04030201"}],
  "expected_outcome": "match", "min_feature_level": {"as_given": "4_1"}})";
}

const char* const kStepAxis1 = R"({"attributes": {"Axis": 1}, "SequenceLengthsTensor":
  {"role": "SequenceLengthsTensor", "dtype": "UINT32", "shape": [1, 1], "hex": "04000000"}})";
const char* const kStepAxis0 = R"({"attributes": {"Axis": 0}, "SequenceLengthsTensor":
  {"role": "SequenceLengthsTensor", "dtype": "UINT32", "shape": [1, 4], "hex": "01000000010000000100000001000000"}})";

TEST(ExternalVectors, OneStepChainIsAnOrdinaryCase) {
  const std::vector<ExternalVector> cases = Parse(Document(ReverseSteps("one", kStepAxis1)));
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_TRUE(cases[0].then.empty());
  ASSERT_TRUE(std::holds_alternative<ReverseSubsequencesDesc>(cases[0].desc));
  const auto& reverse = std::get<ReverseSubsequencesDesc>(cases[0].desc);
  EXPECT_EQ(reverse.axis, 1u);
  EXPECT_EQ(reverse.sequence_lengths_tensor, TensorDesc::Packed(DataType::kUint32, {1, 1}));
  EXPECT_THAT(cases[0].inputs, ElementsAre(Bytes({1, 2, 3, 4}), Bytes({4, 0, 0, 0})));
  EXPECT_THAT(cases[0].expected, ElementsAre(Bytes({4, 3, 2, 1})));
}

TEST(ExternalVectors, LongerChainBecomesChainedCalls) {
  const std::vector<ExternalVector> cases =
      Parse(Document(ReverseSteps("two", std::string(kStepAxis0) + "," + kStepAxis1)));
  ASSERT_EQ(cases.size(), 1u);
  const ExternalVector& c = cases[0];
  EXPECT_EQ(c.name, "external/two");
  // The first step is the case's own call: axis 0 with its lengths.
  ASSERT_TRUE(std::holds_alternative<ReverseSubsequencesDesc>(c.desc));
  EXPECT_EQ(std::get<ReverseSubsequencesDesc>(c.desc).axis, 0u);
  EXPECT_THAT(c.inputs, ElementsAre(Bytes({1, 2, 3, 4}),
                                    Bytes({1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0})));
  // The second reads the first's output and brings only its lengths.
  ASSERT_EQ(c.then.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<ReverseSubsequencesDesc>(c.then[0].descriptor));
  const auto& second = std::get<ReverseSubsequencesDesc>(c.then[0].descriptor);
  EXPECT_EQ(second.axis, 1u);
  EXPECT_EQ(second.sequence_lengths_tensor, TensorDesc::Packed(DataType::kUint32, {1, 1}));
  EXPECT_THAT(c.then[0].inputs, ElementsAre(Bytes({4, 0, 0, 0})));
  EXPECT_THAT(c.expected, ElementsAre(Bytes({4, 3, 2, 1})));
}

TEST(ExternalVectors, AChainMustKeepTheShape) {
  std::string doc = ReverseSteps("grows", kStepAxis1);
  const std::string output = R"("shape": [1, 4], "hex": "04030201")";
  doc.replace(doc.find(output), output.size(), R"("shape": [1, 2], "hex": "0403")");
  try {
    Parse(Document(doc));
    ADD_FAILURE() << "a chain whose output has other sizes than its input loaded";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("must have the same sizes"));
  }
}

TEST(ExternalVectors, MalformedDocumentsNameTheProblem) {
  const std::string join = kJoin;
  auto error_of = [](const std::string& json) {
    try {
      Parse(json);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  auto replaced = [&](const std::string& from, const std::string& to,
                      const std::string& from2 = "", const std::string& to2 = "") {
    std::string text = join;
    text.replace(text.find(from), from.size(), to);
    if (!from2.empty()) text.replace(text.find(from2), from2.size(), to2);
    return Document(text);
  };
  EXPECT_THAT(error_of(replaced("\"0042\"", "\"042\"")), HasSubstr("odd number"));
  EXPECT_THAT(error_of(replaced("\"0042\"", "\"00420000\"")), HasSubstr("4 bytes"));
  EXPECT_THAT(error_of(replaced("\"0042\"", "\"004g\"")), HasSubstr("not a hex digit"));
  EXPECT_THAT(error_of(replaced("InputTensors[1]", "IndicesTensor", "\"InputCount\": 2",
                                "\"InputCount\": 1")),
              HasSubstr("3 tensors given, the descriptor has 2"));
  EXPECT_THAT(error_of(replaced("\"OutputTensor\"", "\"OutputTensors[0]\"")),
              HasSubstr("no tensor with role OutputTensor"));
  EXPECT_THAT(error_of(replaced("\"InputCount\": 2", "\"InputCount\": 3")), HasSubstr("InputCount"));
  EXPECT_THAT(error_of(replaced("FLOAT16\", \"shape\": [1, 1]", "FLOAT17\", \"shape\": [1, 1]")),
              HasSubstr("FLOAT17"));
  EXPECT_THAT(error_of(replaced("\"match\"", "\"maybe\"")), HasSubstr("maybe"));
  EXPECT_THAT(error_of(replaced("\"Axis\": 1", "\"Axis\": \"one\"")),
              HasSubstr("attribute 'Axis' is not a 32-bit unsigned integer: 'one'"));
  EXPECT_THAT(error_of(replaced("\"shape\": [1, 1]", "\"shape\": [1, -1]")),
              HasSubstr("InputTensors[1]: shape[1] is not a 32-bit unsigned integer: '-1'"));
  EXPECT_THAT(error_of(replaced("\"shape\": [1, 1]", "\"shape\": \"1x1\"")),
              HasSubstr("shape is not a list of sizes"));
  // 2^32-1 squared elements of 2 bytes: the byte count must not wrap around.
  EXPECT_THAT(error_of(replaced("\"shape\": [1, 1]", "\"shape\": [4294967295, 4294967295]")),
              HasSubstr("shape describes more than 2^64 bytes"));
  EXPECT_THAT(error_of(R"({"format": "other", "cases": []})"), HasSubstr("not a dmlconf-oracle-v1"));
  EXPECT_THAT(error_of(replaced("\"op\": \"JOIN\"", "\"op\": \"CONCAT\"")), HasSubstr("CONCAT"));
  EXPECT_THAT(error_of(replaced("wpt/concat/two", "x", "\"0042\"", "\"042\"")),
              HasSubstr(": case x, InputTensors[1]: hex has an odd number"));
  EXPECT_THAT(error_of(replaced("wpt/concat/two", "x", "\"0042\"", "\"042\"")),
              ::testing::StartsWith("inline.json:1:"));
}

TEST(ExternalVectors, LoadExternalVectorFileGivesRunnerCases) {
  const std::vector<Case> cases = LoadExternalVectorFile(
      "inline.json",
      YAML::Load(Document(std::string(kJoin) + "," + GatherReject("rej", "") + "," +
                          ReverseSteps("two", std::string(kStepAxis0) + "," + kStepAxis1))));
  ASSERT_EQ(cases.size(), 3u);
  EXPECT_EQ(cases[0].name, "external/wpt/concat/two");
  EXPECT_EQ(cases[0].file, "inline.json");
  EXPECT_EQ(cases[0].line, 1);  // the inline document's cases all start on its first line
  EXPECT_EQ(cases[0].expect, Expectation::kMatch);
  EXPECT_EQ(cases[0].feature_level, FeatureLevel::k4_1);
  EXPECT_EQ(cases[0].op(), OperatorType::kJoin);
  EXPECT_THAT(cases[0].expected, ElementsAre(Bytes({0x00, 0x3c, 0x00, 0x40, 0x00, 0x42})));
  EXPECT_EQ(cases[1].expect, Expectation::kReject);
  EXPECT_EQ(cases[1].reason, std::nullopt);
  EXPECT_TRUE(cases[1].inputs.empty());
  EXPECT_EQ(cases[2].name, "external/two");
  EXPECT_EQ(cases[2].then.size(), 1u);
  EXPECT_THROW(LoadExternalVectorFile("bad.json", YAML::Load(R"({"format": "x"})")), CaseFileError);
}

// Vector files go through the case loader's reading: the same limits and no
// silent loss (issue 12, items 4, 5 and 7).
class ExternalVectorFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("dmlconf_external_files_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path Write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
    return dir_ / name;
  }
  std::string ErrorOf(const std::filesystem::path& path) {
    try {
      LoadCases(path);
    } catch (const CaseFileError& e) {
      return e.what();
    }
    return "no error";
  }
  std::filesystem::path dir_;
};

TEST_F(ExternalVectorFiles, DuplicateKeysAndSecondDocumentsAreErrors) {
  // kJoin with "op" given twice: the second would silently win.
  std::string twice = kJoin;
  twice.replace(twice.find("\"op\": \"JOIN\""), 12, "\"op\": \"JOIN\", \"op\": \"SPLIT\"");
  EXPECT_THAT(ErrorOf(Write("twice.json", Document(twice))),
              HasSubstr("twice.json:2:41: yaml: duplicate key 'op' (first at line 2, column 27)"));
  EXPECT_THAT(ErrorOf(Write("two_docs.json", Document(kJoin) + "\n---\n" + Document(kJoin))),
              HasSubstr("yaml: a second YAML document"));
  EXPECT_EQ(LoadCases(Write("one.json", Document(kJoin))).size(), 1u);
}

TEST_F(ExternalVectorFiles, FifosAndAliasBombsAreRefused) {
  ASSERT_EQ(mkfifo((dir_ / "vectors.json").c_str(), 0600), 0);
  EXPECT_THAT(ErrorOf(dir_), HasSubstr("vectors.json:0:0: file: is a FIFO, not a regular file"));
  std::filesystem::remove(dir_ / "vectors.json");
  // JSON is read as YAML, so a .json file can hold aliases: counted like any other.
  std::string bomb = "{\"format\": \"dmlconf-oracle-v1\", \"l0\": &l0 [1, 1, 1, 1, 1, 1, 1, 1, 1]";
  for (int i = 1; i < 9; ++i) {
    bomb += ", \"l" + std::to_string(i) + "\": &l" + std::to_string(i) + " [";
    for (int k = 0; k < 9; ++k) bomb += (k ? ", *l" : "*l") + std::to_string(i - 1);
    bomb += "]";
  }
  EXPECT_THAT(ErrorOf(Write("bomb.json", bomb + "}")), HasSubstr("yaml: the document grows past"));
}

TEST_F(ExternalVectorFiles, AHugeValueInAnErrorIsCut) {
  std::string join = kJoin;
  join.replace(join.find("\"JOIN\""), 6, "\"" + std::string(100000, 'J') + "\"");
  const std::string error = ErrorOf(Write("huge.json", Document(join)));
  EXPECT_LT(error.size(), 3000u);
  EXPECT_THAT(error, AllOf(HasSubstr("unknown op 'JJJJ"), HasSubstr("more bytes cut)")));
}

TEST_F(ExternalVectorFiles, AChainSharesItsTensorsAcrossSteps) {
  // Many steps over one input: each later step's inputs hold only its own
  // sequence lengths, not a copy of the chain's input.
  std::string steps;
  for (int k = 0; k < 40; ++k)
    steps += std::string(k ? "," : "") + (k % 2 ? kStepAxis1 : kStepAxis0);
  const std::vector<Case> cases =
      LoadCases(Write("chain.json", Document(ReverseSteps("long", steps))));
  ASSERT_EQ(cases.size(), 1u);
  ASSERT_EQ(cases[0].then.size(), 39u);
  for (const auto& step : cases[0].then) EXPECT_EQ(step.inputs.size(), 1u);
}

}  // namespace
}  // namespace dmlconf::validator
