// The external WebNN vectors (DMLCONF_WEBNN_DIR, an optional extra: README.md,
// "The external opinion"), read where they lie through the case loader and
// judged by the runner, against both in-tree backends: an outside opinion on
// the kernels and on what validation accepts. Skips, naming the folder, when
// it is absent.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>

#include "dmlconf/backend.h"
#include "run/judge.h"

namespace dmlconf::validator {
namespace {

namespace fs = std::filesystem;

fs::path VectorDir() { return fs::path(DMLCONF_WEBNN_DIR); }

TEST(WptWebnn, TheFolderLoadsAsTheAnnouncedVectors) {
  if (!fs::is_directory(VectorDir()))
    GTEST_SKIP() << "no WebNN vectors at " << VectorDir()
                 << " (DMLCONF_WEBNN_DIR, an optional extra)";
  // The folder walk leaves out reverse_transcribed.json, the converter's raw
  // input, which declares no format.
  const std::vector<Case> cases = LoadCases(VectorDir());
  ASSERT_EQ(cases.size(), 111u);  // the README's count
  std::map<std::string, int> chains, per_op;
  for (const Case& c : cases) {
    ++per_op[std::string(OperatorName(c.op()))];
    if (!c.then.empty()) ++chains[c.name];
  }
  EXPECT_EQ(per_op["GATHER"], 42);
  EXPECT_EQ(per_op["JOIN"], 45);
  EXPECT_EQ(per_op["SPLIT"], 20);
  EXPECT_EQ(per_op["REVERSE_SUBSEQUENCES"], 4);
  EXPECT_EQ(chains.size(), 3u);  // reverses over two axes
}

class WptWebnnOn : public ::testing::TestWithParam<const char*> {};

TEST_P(WptWebnnOn, EveryVectorPasses) {
  if (!fs::is_directory(VectorDir()))
    GTEST_SKIP() << "no WebNN vectors at " << VectorDir()
                 << " (DMLCONF_WEBNN_DIR, an optional extra)";
  const std::vector<Case> cases = LoadCases(VectorDir());
  std::unique_ptr<Backend> backend =
      std::string(GetParam()) == "blocked" ? MakeBlockedBackend() : MakeReferenceBackend();
  for (const Case& c : cases) {
    const CaseResult r = JudgeCase(c, *backend, kHighestFeatureLevel);
    EXPECT_EQ(r.verdict, Verdict::kPassed) << c.name << ": " << r.message;
  }
}

INSTANTIATE_TEST_SUITE_P(InTree, WptWebnnOn, ::testing::Values("reference", "blocked"),
                         [](const auto& p) { return std::string(p.param); });

}  // namespace
}  // namespace dmlconf::validator
