// The process adapter: the Python sample end to end, and programs that lie,
// hang or crash.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <fstream>

#include "dmlconf/validator/external_backends.h"
#include "plugin/generated_cases.h"
#include "testing/guarded_buffer.h"

namespace dmlconf {
namespace {

using ::testing::HasSubstr;
using testing::GuardedBuffer;

const std::string kSample = std::string(DMLCONF_PYTHON) + " -S " + DMLCONF_SOURCE_DIR +
                            "/tools/sample_backend/join_backend.py";

// The scripts below, removed when the test program ends: no test leaves one in $TMPDIR.
struct ScriptFiles {
  std::vector<std::string> paths;
  ~ScriptFiles() {
    for (const std::string& path : paths) std::remove(path.c_str());
  }
};
ScriptFiles script_files;

// A shell program answering describe like the sample, then running `body`
// with the request directory in $1.
std::string Script(const std::string& name, const std::string& body) {
  const std::string path = ::testing::TempDir() + "/dmlconf_exec_" + name + ".sh";
  script_files.paths.push_back(path);
  std::ofstream(path) << "d=$1\n"
                         "if grep -q '\"describe\"' \"$d/request.json\"; then\n"
                         "  echo '{\"status\":\"ok\",\"max_feature_level\":\"6_4\"}' >\"$d/result.json\"\n"
                         "  exit 0\nfi\n"
                         "if grep -q '\"create\"' \"$d/request.json\"; then\n"
                         "  echo '{\"status\":\"ok\"}' >\"$d/result.json\"; exit 0\nfi\n"
                      << body << "\n";
  return "/bin/sh " + path;
}

JoinDesc SpecJoinExample() {  // the seed page's JOIN example 1
  JoinDesc desc;
  desc.input_tensors = {TensorDesc::Packed(DataType::kFloat32, {1, 1, 2, 3}),
                        TensorDesc::Packed(DataType::kFloat32, {1, 1, 2, 4})};
  desc.output_tensor = TensorDesc::Packed(DataType::kFloat32, {1, 1, 2, 7});
  desc.axis = 3;
  return desc;
}

struct JoinRun {
  std::vector<float> a{1, 2, 3, 4, 5, 6}, b{7, 8, 9, 10, 11, 12, 13, 14};
  GuardedBuffer output{7 * 2 * sizeof(float)};
  ExecuteResult Run(Backend& backend) {
    Bindings bindings{{reinterpret_cast<const std::byte*>(a.data()),
                       reinterpret_cast<const std::byte*>(b.data())},
                      {output.data()}};
    return backend.Execute(SpecJoinExample(), FeatureLevel::k1_0, bindings);
  }
  std::vector<float> Values() const {
    std::vector<float> values(14);
    std::memcpy(values.data(), output.data(), output.size());
    return values;
  }
};

TEST(ExecBackend, PythonSampleRunsTheSpecJoinExample) {
  std::unique_ptr<Backend> backend = MakeExecBackend(kSample);
  EXPECT_EQ(backend->MaxFeatureLevel(), FeatureLevel::k6_4);
  EXPECT_TRUE(backend->ReportsReasonCodes());
  ASSERT_TRUE(backend->Create(SpecJoinExample(), FeatureLevel::k1_0).accepted());
  JoinRun run;
  const ExecuteResult result = run.Run(*backend);
  ASSERT_TRUE(result.ok()) << result.message;
  EXPECT_THAT(run.Values(), ::testing::ElementsAre(1, 2, 3, 7, 8, 9, 10, 4, 5, 6, 11, 12, 13, 14));
  EXPECT_TRUE(run.output.GuardsIntact());
}

TEST(ExecBackend, PythonSampleRejectsWithReasonAndSkipsOtherOperators) {
  std::unique_ptr<Backend> backend = MakeExecBackend(kSample);
  JoinDesc bad = SpecJoinExample();
  bad.output_tensor.sizes[3] = 8;
  EXPECT_EQ(backend->Create(bad, FeatureLevel::k1_0).reason, Reason::JOIN_AXIS_SIZES_MISMATCH);
  SplitDesc split;
  split.input_tensor = TensorDesc::Packed(DataType::kFloat32, {1, 1, 2, 2});
  split.output_tensors = {split.input_tensor};
  const CreateAnswer a = backend->Create(split, FeatureLevel::k1_0);
  EXPECT_EQ(a.kind, CreateAnswer::Kind::kUnsupported);
  EXPECT_THAT(a.message, HasSubstr("JOIN only"));
}

// Two processes per case: every eighth case here, all of them in the CTest run.
TEST(ExecBackend, PythonSamplePassesGeneratedJoinCases) {
  plugin_testing::ExpectPassesEveryCase(*MakeExecBackend(kSample), OperatorType::kJoin, 8);
}

TEST(ExecBackend, OutputOfTheWrongSizeIsCaught) {
  std::unique_ptr<Backend> backend = MakeExecBackend(
      Script("short", "head -c 8 /dev/zero >\"$d/output_0.bin\"\n"
                      "echo '{\"status\":\"ok\"}' >\"$d/result.json\""));
  JoinRun run;
  const ExecuteResult result = run.Run(*backend);
  EXPECT_FALSE(result.ok());
  EXPECT_THAT(result.message, HasSubstr("8 bytes; it must hold exactly 56 bytes"));
}

TEST(ExecBackend, MissingOutputIsCaught) {
  std::unique_ptr<Backend> backend = MakeExecBackend(
      Script("deletes", "rm \"$d/output_0.bin\"; echo '{\"status\":\"ok\"}' >\"$d/result.json\""));
  JoinRun run;
  EXPECT_THAT(run.Run(*backend).message, HasSubstr("no file"));
}

// Claims success, changes nothing: the runner then sees its own poison.
TEST(ExecBackend, SuccessWithoutWritingLeavesThePoison) {
  std::unique_ptr<Backend> backend =
      MakeExecBackend(Script("idle", "echo '{\"status\":\"ok\"}' >\"$d/result.json\""));
  JoinRun run;
  ASSERT_TRUE(run.Run(*backend).ok());
  for (std::byte b : run.output.bytes()) ASSERT_EQ(b, testing::kPoisonByte);
}

TEST(ExecBackend, TimeoutKillsTheProgramAndIsAnError) {
  std::unique_ptr<Backend> backend =
      MakeExecBackend(Script("hangs", "sleep 600"), std::chrono::milliseconds(300));
  JoinRun run;
  const auto start = std::chrono::steady_clock::now();
  try {
    run.Run(*backend);
    ADD_FAILURE() << "no BackendError";
  } catch (const BackendError& e) {
    EXPECT_THAT(e.what(), HasSubstr("timed out after 300 ms"));
  }
  // Killed, not waited for: the program would sleep 600 s. The bound is loose enough that
  // no loaded machine misses it (no absolute limit under a minute in a test).
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(120));
}

TEST(ExecBackend, CrashAndMissingResultAreErrorsWithTheProgramsOutput) {
  std::unique_ptr<Backend> crash =
      MakeExecBackend(Script("crashes", "echo 'segfault here' >&2; exit 3"));
  JoinRun run;
  EXPECT_THROW(
      {
        try {
          run.Run(*crash);
        } catch (const BackendError& e) {
          EXPECT_THAT(e.what(), HasSubstr("exited with status 3"));
          EXPECT_THAT(e.what(), HasSubstr("segfault here"));
          throw;
        }
      },
      BackendError);
  std::unique_ptr<Backend> silent = MakeExecBackend(Script("silent", "true"));
  EXPECT_THROW(run.Run(*silent), BackendError);
}

TEST(ExecBackend, ProgramThatCannotDescribeItselfIsRefusedAtOnce) {
  EXPECT_THROW(MakeExecBackend("/bin/true"), BackendError);
}

}  // namespace
}  // namespace dmlconf
