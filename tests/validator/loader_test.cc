// The case loader: what a valid file becomes, and that every malformed one
// gives a single line naming the file, the line and the field.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

#include "dmlconf/validator/case.h"

namespace dmlconf::validator {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

// Line numbers in the comments are the ones the tests below expect.
constexpr const char* kValid = R"(cases:
  - name: t/split
    operator: SPLIT
    feature_level: 1_0
    descriptor:
      Axis: 0
      InputTensor: {DataType: UINT8, Sizes: [4]}
      OutputTensors:
        - {DataType: UINT8, Sizes: [1]}
        - {DataType: UINT8, Sizes: [3]}
    inputs:
      InputTensor: [1, 2, 3, 4]
    expected:
      OutputTensors:
        - [1]
        - [2, 3, 4]
)";
//  line 7: InputTensor descriptor, line 12: input data, line 15/16: expected

class LoaderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("dmlconf_loader_test_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::filesystem::path Write(const std::string& name, const std::string& text) {
    const auto path = dir_ / name;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << text;
    return path;
  }
  // kValid with one substring replaced.
  static std::string Edit(const std::string& from, const std::string& to) {
    std::string text = kValid;
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
  }
  std::string ErrorOf(const std::string& text) {
    const auto path = Write("t.yaml", text);
    try {
      LoadCaseFile(path);
    } catch (const CaseFileError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.find('\n'), std::string::npos) << "one line: " << what;
      EXPECT_EQ(what.rfind(path.string() + ":", 0), 0u) << what;
      return what;
    }
    ADD_FAILURE() << "loaded without an error";
    return {};
  }
  // "FILE:LINE:" as the error starts.
  std::string At(int line) { return (dir_ / "t.yaml").string() + ":" + std::to_string(line) + ":"; }

  std::filesystem::path dir_;
};

std::vector<uint8_t> Bytes(const std::vector<std::byte>& bytes) {
  std::vector<uint8_t> out;
  for (std::byte b : bytes) out.push_back(uint8_t(b));
  return out;
}

TEST_F(LoaderTest, ValidFileBecomesOneCase) {
  const auto path = Write("t.yaml", kValid);
  const std::vector<Case> cases = LoadCaseFile(path);
  ASSERT_EQ(cases.size(), 1u);
  const Case& c = cases[0];
  EXPECT_EQ(c.name, "t/split");
  EXPECT_EQ(c.file, path.string());
  EXPECT_EQ(c.line, 2);
  EXPECT_EQ(c.op(), OperatorType::kSplit);
  EXPECT_EQ(c.expect, Expectation::kMatch);
  const auto& d = std::get<SplitDesc>(c.descriptor);
  EXPECT_EQ(d.input_tensor, TensorDesc::Packed(DataType::kUint8, {4}));
  ASSERT_EQ(d.output_tensors.size(), 2u);
  EXPECT_EQ(d.output_tensors[1].sizes, std::vector<uint32_t>{3});
  ASSERT_EQ(c.inputs.size(), 1u);
  EXPECT_EQ(Bytes(c.inputs[0]), (std::vector<uint8_t>{1, 2, 3, 4}));
  ASSERT_EQ(c.expected.size(), 2u);
  EXPECT_EQ(Bytes(c.expected[1]), (std::vector<uint8_t>{2, 3, 4}));
}

TEST_F(LoaderTest, NestedListsFlattenAndFillRulesExpand) {
  const std::string text = Edit("[1, 2, 3, 4]", "[[1, 2], [3, 4]]");
  EXPECT_EQ(Bytes(LoadCaseFile(Write("a.yaml", text))[0].inputs[0]),
            (std::vector<uint8_t>{1, 2, 3, 4}));
  const std::string fill = Edit("[1, 2, 3, 4]", "{fill: iota, start: 1}");
  EXPECT_EQ(Bytes(LoadCaseFile(Write("b.yaml", fill))[0].inputs[0]),
            (std::vector<uint8_t>{1, 2, 3, 4}));
}

TEST_F(LoaderTest, JsonLoadsToo) {
  const auto path = Write("t.json", R"({"cases": [{"name": "j", "operator": "JOIN",
    "descriptor": {"Axis": 0, "InputTensors": [{"DataType": "INT16", "Sizes": [1]}],
                   "OutputTensor": {"DataType": "INT16", "Sizes": [1]}},
    "inputs": {"InputTensors": [[-2]]}, "expected": {"OutputTensor": ["0xfffe"]}}]})");
  const std::vector<Case> cases = LoadCaseFile(path);
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(Bytes(cases[0].inputs[0]), (std::vector<uint8_t>{0xfe, 0xff}));
  EXPECT_EQ(cases[0].expected[0], cases[0].inputs[0]);
}

TEST_F(LoaderTest, MalformedYamlNamesTheLine) {
  const std::string error = ErrorOf(Edit("Sizes: [4]}", "Sizes: [4}"));
  EXPECT_THAT(error, AllOf(HasSubstr(At(7)), HasSubstr(": yaml: ")));
}

TEST_F(LoaderTest, UnknownKeyIsATypo) {
  const std::string error = ErrorOf(Edit("UINT8, Sizes: [4]", "UINT8, Siezs: [4]"));
  EXPECT_THAT(error, AllOf(HasSubstr(At(7)), HasSubstr("cases[0].descriptor.InputTensor.Siezs"),
                           HasSubstr("unknown field 'Siezs'")));
}

TEST_F(LoaderTest, MissingRequiredKey) {
  const std::string error = ErrorOf(Edit("      Axis: 0\n", ""));
  EXPECT_THAT(error, AllOf(HasSubstr(At(6)), HasSubstr("cases[0].descriptor"),
                           HasSubstr("missing required field 'Axis'")));
}

TEST_F(LoaderTest, WrongCountSaysBothNumbers) {
  const std::string error = ErrorOf(Edit("[1, 2, 3, 4]", "[1, 2, 3]"));
  EXPECT_THAT(error, AllOf(HasSubstr(At(12)), HasSubstr("cases[0].inputs.InputTensor"),
                           HasSubstr("3 elements"), HasSubstr("need 4")));
}

TEST_F(LoaderTest, BadValueNamesTheElement) {
  const std::string error = ErrorOf(Edit("[2, 3, 4]", "[2, 300, 4]"));
  EXPECT_THAT(error, AllOf(HasSubstr(At(16)), HasSubstr("cases[0].expected.OutputTensors[1][1]"),
                           HasSubstr("300")));
}

// `text` with one substring replaced.
std::string Replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}
const std::string kOneOfCase = "    expect: one_of\n    expected:";

// Contract point W1: an element of `expected` may be {one_of: [...]} in a one_of case.
TEST_F(LoaderTest, OneOfElementsAreReadInPlace) {
  const auto path = Write("t.yaml", Replaced(Edit("    expected:", kOneOfCase), "[2, 3, 4]",
                                             "[2, {one_of: [3, 0x07]}, 4]"));
  const std::vector<Case> cases = LoadCaseFile(path);
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(cases[0].expect, Expectation::kOneOf);
  ASSERT_EQ(cases[0].one_of.size(), 1u);
  EXPECT_EQ(cases[0].one_of[0].output, 1u);   // OutputTensors[1]
  EXPECT_EQ(cases[0].one_of[0].element, 1u);  // its second element
  EXPECT_EQ(cases[0].one_of[0].values, (std::vector<ElementBits>{3, 7}));
  EXPECT_EQ(Bytes(cases[0].expected[1]), (std::vector<uint8_t>{2, 3, 4}));  // the first value
}

TEST_F(LoaderTest, OneOfElementsBelongInOneOfCasesOnly) {
  // In a match case's expected outputs, and in inputs.
  EXPECT_THAT(ErrorOf(Edit("[2, 3, 4]", "[2, {one_of: [3, 5]}, 4]")),
              AllOf(HasSubstr(At(16)), HasSubstr("one_of or refuse_or_run case only")));
  EXPECT_THAT(ErrorOf(Edit("[1, 2, 3, 4]", "[1, {one_of: [2, 5]}, 3, 4]")),
              HasSubstr("one_of or refuse_or_run case only"));
  // Fewer than two values, or a value twice.
  const std::string one_of_case = Edit("    expected:", kOneOfCase);
  EXPECT_THAT(ErrorOf(Replaced(one_of_case, "[2, 3, 4]", "[2, {one_of: [3]}, 4]")),
              HasSubstr("two at least"));
  EXPECT_THAT(ErrorOf(Replaced(one_of_case, "[2, 3, 4]", "[2, {one_of: [3, 0x03]}, 4]")),
              HasSubstr("a value listed twice"));
  // A one_of case with no such element.
  EXPECT_THAT(ErrorOf(one_of_case), HasSubstr("without one it is a match case"));
}

TEST_F(LoaderTest, HugeTensorIsRefusedBeforeAllocating) {
  // 2 GiB of UINT8 input: refused before its data is even read.
  const std::string text = Edit("UINT8, Sizes: [4]", "UINT8, Sizes: [65536, 32768]");
  const std::string error = ErrorOf(text);
  EXPECT_THAT(error,
              AllOf(HasSubstr(At(6)), HasSubstr("cases[0].descriptor"), HasSubstr("64 MiB")));
}

TEST_F(LoaderTest, SizesMustBeUint32) {
  EXPECT_THAT(ErrorOf(Edit("Sizes: [4]", "Sizes: [-4]")),
              AllOf(HasSubstr(At(7)), HasSubstr("InputTensor.Sizes[0]")));
  EXPECT_THAT(ErrorOf(Edit("Sizes: [4]", "Sizes: [4294967296]")),
              AllOf(HasSubstr(At(7)), HasSubstr("UINT32_MAX")));
  EXPECT_THAT(ErrorOf(Edit("Sizes: [4]", "Sizes: [2.5]")), HasSubstr("not a non-negative integer"));
  EXPECT_THAT(ErrorOf(Edit("Sizes: [4]", "Sizes: 4")), HasSubstr("expected a sequence"));
}

TEST_F(LoaderTest, CountFieldMustAgreeWithTheList) {
  const std::string error = ErrorOf(Edit("      Axis: 0\n", "      Axis: 0\n      OutputCount: 3\n"));
  EXPECT_THAT(error, AllOf(HasSubstr(At(7)), HasSubstr("cases[0].descriptor.OutputCount"),
                           HasSubstr("lists 2")));
}

TEST_F(LoaderTest, ReasonBelongsToRejectCasesOnly) {
  EXPECT_THAT(ErrorOf(Edit("    feature_level: 1_0\n", "    feature_level: 1_0\n    reason: RANK_MISMATCH\n")),
              AllOf(HasSubstr(At(5)), HasSubstr("cases[0].reason"), HasSubstr("only a reject case")));
  EXPECT_THAT(ErrorOf(Edit("    feature_level: 1_0\n", "    feature_level: 1_0\n    expect: reject\n")),
              AllOf(HasSubstr(At(2)), HasSubstr("missing required field 'reason'")));
  EXPECT_THAT(ErrorOf(Edit("    feature_level: 1_0\n",
                           "    feature_level: 1_0\n    expect: reject\n    reason: NO_SUCH_RULE\n")),
              AllOf(HasSubstr(At(6)), HasSubstr("unknown reason code 'NO_SUCH_RULE'")));
}

TEST_F(LoaderTest, RejectCaseKeepsAnInvalidDescriptorWithoutData) {
  const auto path = Write("t.yaml", R"(cases:
  - name: t/rank9
    operator: SPLIT
    feature_level: 4_1
    expect: reject
    reason: TENSOR_RANK_INVALID
    descriptor:
      Axis: 0
      InputTensor: {DataType: FLOAT32, Sizes: [1, 1, 1, 1, 1, 1, 1, 1, 0], Strides: [1]}
      OutputTensors: []
)");
  const std::vector<Case> cases = LoadCaseFile(path);
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(cases[0].expect, Expectation::kReject);
  EXPECT_EQ(std::get<SplitDesc>(cases[0].descriptor).input_tensor.sizes.size(), 9u);
  EXPECT_TRUE(cases[0].inputs.empty());
}

TEST_F(LoaderTest, BroadcastElementsMustAgree) {
  const std::string text = Edit("UINT8, Sizes: [4]}", "UINT8, Sizes: [4], Strides: [0]}");
  EXPECT_THAT(ErrorOf(text), AllOf(HasSubstr(At(12)), HasSubstr("shares its memory location")));
  std::string agree = text;
  agree.replace(agree.find("[1, 2, 3, 4]"), 12, "[7, 7, 7, 7]");
  EXPECT_NO_THROW(LoadCaseFile(Write("ok.yaml", agree)));
}

TEST_F(LoaderTest, DuplicateNamesInOneFileAndAcrossFiles) {
  std::string twice = kValid;
  twice += std::string(kValid).substr(std::string("cases:\n").size());
  EXPECT_THAT(ErrorOf(twice), AllOf(HasSubstr(At(17)), HasSubstr("cases[1].name"),
                                    HasSubstr("duplicate case name 't/split'")));
  const auto a = Write("a/one.yaml", kValid);
  const auto b = Write("b/two.yaml", kValid);
  try {
    LoadCases(std::vector<std::filesystem::path>{a, b});
    ADD_FAILURE() << "no error";
  } catch (const CaseFileError& e) {
    EXPECT_THAT(e.what(), AllOf(HasSubstr(b.string() + ":2:"), HasSubstr(a.string() + ":2")));
  }
}

// Issue 19: an expected-failure entry splits BACKEND:GLOB at the last ':', so a
// case name holding one could never be listed on its own.
TEST_F(LoaderTest, ACaseNameMayNotHoldAColon) {
  EXPECT_THAT(ErrorOf(Edit("name: t/split", "name: t/split:2")),
              AllOf(HasSubstr(At(2)), HasSubstr("cases[0].name"), HasSubstr("holds ':'")));
}

TEST_F(LoaderTest, DirectoryLoadsRecursivelyInSortedOrder) {
  Write("d/z.yaml", Edit("t/split", "z"));
  Write("d/a/b.yml", Edit("t/split", "b"));
  Write("d/a.json", R"({"cases": []})");
  Write("d/notes.txt", "not a case file");
  const std::vector<Case> cases = LoadCases(dir_ / "d");
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[0].name, "b");
  EXPECT_EQ(cases[1].name, "z");
}

// ---- issue 12, item 4: nothing dropped without a word ----------------------

TEST_F(LoaderTest, DuplicateKeyIsAnErrorAtTheSecond) {
  // yaml-cpp keeps one of two equal keys; the pre-pass names the second.
  const std::string text = Edit("    feature_level: 1_0\n",
                                "    feature_level: 1_0\n    expect: reject\n    expect: match\n");
  EXPECT_THAT(ErrorOf(text), AllOf(HasSubstr(At(6)), HasSubstr(": yaml: duplicate key 'expect'"),
                                   HasSubstr("first at line 5, column 5")));
  // In a flow mapping too, and in JSON.
  EXPECT_THAT(ErrorOf(Edit("UINT8, Sizes: [4]}", "UINT8, Sizes: [4], Sizes: [5]}")),
              AllOf(HasSubstr(At(7)), HasSubstr("duplicate key 'Sizes'")));
}

TEST_F(LoaderTest, SecondCasesKeyIsAnError) {
  const std::string text = std::string(kValid) + "cases:\n" +
                           Edit("t/split", "t/second").substr(std::string("cases:\n").size());
  EXPECT_THAT(ErrorOf(text), AllOf(HasSubstr(At(17) + "1: yaml: duplicate key 'cases'"),
                                   HasSubstr("first at line 1, column 1")));
}

TEST_F(LoaderTest, SecondDocumentIsAnError) {
  const std::string text = std::string(kValid) + "---\n" + Edit("t/split", "t/second");
  EXPECT_THAT(ErrorOf(text), AllOf(HasSubstr(": yaml: a second YAML document")));
  // Nothing after the marker is still a second document (which drops nothing,
  // but a case file holds one document; said the same way).
  EXPECT_THAT(ErrorOf(std::string(kValid) + "---\n"), HasSubstr("a second YAML document"));
  EXPECT_NO_THROW(LoadCaseFile(Write("one.yaml", "---\n" + std::string(kValid) + "...\n")));
}

TEST_F(LoaderTest, KeysMustBeScalars) {
  EXPECT_THAT(ErrorOf("? [a, b]\n: 1\n"),
              AllOf(HasSubstr(At(1)), HasSubstr("yaml: a mapping key must be a scalar")));
}

TEST_F(LoaderTest, SymlinkedFolderIsFollowed) {
  Write("d/real/a.yaml", Edit("t/split", "in/real"));
  Write("elsewhere/b.yaml", Edit("t/split", "in/linked"));
  std::filesystem::create_directory_symlink("../elsewhere", dir_ / "d" / "linked");
  const std::vector<Case> cases = LoadCases(dir_ / "d");
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[0].name, "in/linked");
  EXPECT_EQ(cases[1].name, "in/real");
}

TEST_F(LoaderTest, SymlinkLoopIsAnErrorNamingTheLink) {
  Write("d/sub/a.yaml", kValid);
  std::filesystem::create_directory_symlink("..", dir_ / "d" / "sub" / "back");
  try {
    LoadCases(dir_ / "d");
    ADD_FAILURE() << "no error";
  } catch (const CaseFileError& e) {
    EXPECT_THAT(e.what(), HasSubstr((dir_ / "d" / "sub" / "back").string() +
                                    ":0:0: folder: is a symbolic link loop"));
  }
}

TEST_F(LoaderTest, SymlinkedFileIsReadAndABrokenOneIsAnError) {
  Write("elsewhere/b.yaml", kValid);
  std::filesystem::create_directories(dir_ / "d");
  std::filesystem::create_symlink("../elsewhere/b.yaml", dir_ / "d" / "b.yaml");
  EXPECT_EQ(LoadCases(dir_ / "d").size(), 1u);
  std::filesystem::create_symlink("nothing.yaml", dir_ / "d" / "c.yaml");
  try {
    LoadCases(dir_ / "d");
    ADD_FAILURE() << "no error";
  } catch (const CaseFileError& e) {
    EXPECT_THAT(e.what(), HasSubstr("c.yaml:0:0: file: is a symbolic link to nothing"));
  }
}

// ---- items 5 and 7: small files, bounded memory; only regular files -----------

TEST_F(LoaderTest, AliasBombIsRefusedAtTheAliasThatPassesTheLimit) {
  // Nine levels of nine aliases: 9^9 nodes if expanded, under 1 KB of text.
  std::string text = "cases:\n  - name: bomb\n    l0: &l0 [x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i < 9; ++i) {
    text += "    l" + std::to_string(i) + ": &l" + std::to_string(i) + " [";
    for (int k = 0; k < 9; ++k) text += (k ? ", *l" : "*l") + std::to_string(i - 1);
    text += "]\n";
  }
  ASSERT_LT(text.size(), 1024u);
  // Level 5 (line 8) stands for 9^6 = 531441 nodes, past 2^18.
  EXPECT_THAT(ErrorOf(text), AllOf(HasSubstr(At(8)), HasSubstr("grows past 262144 nodes")));
}

TEST_F(LoaderTest, AliasInsideItsOwnNodeIsAnError) {
  EXPECT_THAT(ErrorOf("cases: &a [*a]\n"), AllOf(HasSubstr(At(1)), HasSubstr("a cycle")));
}

TEST_F(LoaderTest, HugeInlineListIsCountedBeforeItIsBuilt) {
  std::string list = "[0";
  for (int i = 1; i < 300000; ++i) list += ",0";
  const std::string text = Edit("UINT8, Sizes: [4]}", "UINT8, Sizes: [300000]}");
  const std::string error = ErrorOf(
      std::string(text).replace(text.find("[1, 2, 3, 4]"), 12, list + "]"));
  EXPECT_THAT(error, AllOf(HasSubstr(At(12)), HasSubstr("yaml: the document grows past")));
}

TEST_F(LoaderTest, DeepNestingIsRefusedBeforeYamlCppScansIt) {
  EXPECT_THAT(ErrorOf(std::string(100000, '[') + std::string(100000, ']')),
              HasSubstr(At(1) + "65: yaml: nested deeper than 64 levels"));
  // Closers in strings and comments do not hide openers.
  std::string hidden = "a: \"]]]]]]]]\"\n# ]]]]]]]]]]\nb: ";
  for (int i = 0; i < 70; ++i) hidden += "['x]', ";
  EXPECT_THAT(ErrorOf(hidden), HasSubstr(At(3) + std::to_string(4 + 64 * 7) +
                                         ": yaml: nested deeper than 64 levels"));
  // A quote the check takes for a string's start hides no opener either.
  EXPECT_THAT(ErrorOf("[a\n'" + std::string(100, '[')),
              HasSubstr(At(2) + "65: yaml: nested deeper"));
  // Brackets in a string cost nothing once closed in it (roles in external vectors).
  std::string roles = "cases: [";
  for (int i = 0; i < 100; ++i) roles += "\"InputTensors[" + std::to_string(i) + "]\", ";
  EXPECT_THAT(ErrorOf(roles + "]\n"), HasSubstr("cases[0]: expected a mapping"));
  // Apostrophes inside words start no string, so the depth stays right.
  std::string words = "description: it's the file's text\nlists: [";
  for (int i = 0; i < 200; ++i) words += "[1, 2], ";
  EXPECT_THAT(ErrorOf(words + "]\n"), HasSubstr(At(1) + "1: description: unknown field"));
}

TEST_F(LoaderTest, OnlyRegularFilesAreRead) {
  const auto fifo = dir_ / "fifo.yaml";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  try {
    LoadCaseFile(fifo);  // would block forever if opened for a plain read
    ADD_FAILURE() << "no error";
  } catch (const CaseFileError& e) {
    EXPECT_EQ(std::string(e.what()), fifo.string() + ":0:0: file: is a FIFO, not a regular file");
  }
  try {
    LoadCases(dir_);  // found by walking a folder: not skipped either
    ADD_FAILURE() << "no error";
  } catch (const CaseFileError& e) {
    EXPECT_THAT(e.what(), HasSubstr("is a FIFO"));
  }
  try {
    LoadCaseFile("/dev/zero");
    ADD_FAILURE() << "no error";
  } catch (const CaseFileError& e) {
    EXPECT_EQ(std::string(e.what()),
              "/dev/zero:0:0: file: is a character device, not a regular file");
  }
}

TEST_F(LoaderTest, FileLargerThanTheLimitIsNotRead) {
  const auto path = Write("big.yaml", "");
  std::filesystem::resize_file(path, (uint64_t(4) << 20) + 1);  // sparse: costs no disk
  try {
    LoadCaseFile(path);
    ADD_FAILURE() << "no error";
  } catch (const CaseFileError& e) {
    EXPECT_THAT(e.what(), HasSubstr(":0:0: file: is 4194305 bytes, more than the 4 MiB"));
  }
}

TEST_F(LoaderTest, TheCasesOfOneFileShareOneMemoryBudget) {
  // Each case needs 6 * 2^22 bytes (buffers and two logical copies, in and
  // out); the third passes 64 MiB.
  const std::string one = Edit("UINT8, Sizes: [4]}", "UINT8, Sizes: [4194304]}");
  std::string body = one.substr(std::string("cases:\n").size());
  body.replace(body.find("[1]"), 3, "[2097152]");
  body.replace(body.find("[3]"), 3, "[2097152]");
  body.replace(body.find("[1, 2, 3, 4]"), 12, "{fill: constant, value: 0}");
  body.replace(body.find("- [1]"), 5, "- {fill: constant, value: 0}");
  body.replace(body.find("- [2, 3, 4]"), 11, "- {fill: constant, value: 0}");
  std::string text = "cases:\n";
  for (int i = 0; i < 6; ++i)
    text += std::string(body).replace(body.find("t/split"), 7, "t/" + std::to_string(i));
  // Each case is 15 lines; the third's descriptor node starts on its line 5.
  EXPECT_THAT(ErrorOf(text), AllOf(HasSubstr(At(2 + 2 * 15 + 4)), HasSubstr("cases[2].descriptor"),
                                   HasSubstr("more than the 64 MiB"), HasSubstr("split the file")));
}

// ---- item 9: numbers read alike in every float type --------------------------

TEST_F(LoaderTest, NumberSpellingErrorsNameTheElement) {
  const std::string f16 = Edit("UINT8, Sizes: [4]}", "FLOAT16, Sizes: [4]}");
  EXPECT_THAT(ErrorOf(Edit("UINT8, Sizes: [4]}", "FLOAT16, Sizes: [4]}").replace(
                  f16.find("[1, 2, 3, 4]"), 12, "[1, 1e40, 3, 4]")),
              AllOf(HasSubstr(At(12)), HasSubstr("cases[0].inputs.InputTensor[1]"),
                    HasSubstr("'1e40' is out of range for FLOAT16")));
  EXPECT_THAT(ErrorOf(Edit("UINT8, Sizes: [4]}", "FLOAT32, Sizes: [4]}").replace(
                  f16.find("[1, 2, 3, 4]"), 12, "[1, -.nan, 3, 4]")),
              AllOf(HasSubstr("cases[0].inputs.InputTensor[1]"), HasSubstr("0xffc00000")));
}

TEST_F(LoaderTest, AHugeScalarInAnErrorIsCut) {
  const std::string error =
      ErrorOf(Edit("operator: SPLIT", "operator: " + std::string(100000, 'K')));
  EXPECT_LT(error.size(), 3000u);
  EXPECT_THAT(error, AllOf(HasSubstr(At(3) + "15: cases[0].operator: unknown operator 'KKKK"),
                           HasSubstr("more bytes cut)")));
}

// ---- item 10: every error names a field -------------------------------------

TEST_F(LoaderTest, TopLevelErrorsNameAField) {
  EXPECT_EQ(ErrorOf(""), At(1) + "1: document: holds no cases (a case file is a mapping with one "
                                 "key, 'cases')");
  EXPECT_THAT(ErrorOf("- a\n"), HasSubstr(At(1) + "1: document: a case file is a mapping"));
  EXPECT_THAT(ErrorOf("case: []\n"), HasSubstr(At(1) + "1: case: unknown field 'case'"));
  EXPECT_THAT(ErrorOf("format: 1\n"), HasSubstr(At(1) + "9: format: unknown format '1'"));
}

}  // namespace
}  // namespace dmlconf::validator
