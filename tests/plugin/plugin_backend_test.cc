// The C ABI adapter: loading, the table's claims, the spec's JOIN example
// through the sample plug-in, and clear errors for plug-ins that are broken.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>

#include "dmlconf/validator/external_backends.h"
#include "testing/guarded_buffer.h"

namespace dmlconf {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using testing::GuardedBuffer;

std::string BadPlugin(const std::string& lie) {
  return std::string(DMLCONF_BAD_PLUGIN_DIR) + "/libdmlconf_bad_plugin_" + lie + ".so";
}

std::string LoadError(const std::string& path) {
  try {
    LoadPluginBackend(path);
  } catch (const BackendError& e) {
    return e.what();
  }
  return "(loaded)";
}

// The seed page's JOIN example 1: {1,1,2,3} and {1,1,2,4} along axis 3.
JoinDesc SpecJoinExample() {
  JoinDesc desc;
  desc.input_tensors = {TensorDesc::Packed(DataType::kFloat32, {1, 1, 2, 3}),
                        TensorDesc::Packed(DataType::kFloat32, {1, 1, 2, 4})};
  desc.output_tensor = TensorDesc::Packed(DataType::kFloat32, {1, 1, 2, 7});
  desc.axis = 3;
  return desc;
}

std::vector<float> RunJoin(Backend& backend, const JoinDesc& desc,
                           const std::vector<std::vector<float>>& inputs, GuardedBuffer& output) {
  Bindings bindings;
  for (const std::vector<float>& input : inputs)
    bindings.inputs.push_back(reinterpret_cast<const std::byte*>(input.data()));
  bindings.outputs.push_back(output.data());
  const ExecuteResult result = backend.Execute(desc, FeatureLevel::k1_0, bindings);
  EXPECT_TRUE(result.ok()) << result.message;
  std::vector<float> values(output.size() / sizeof(float));
  std::memcpy(values.data(), output.data(), output.size());
  return values;
}

TEST(PluginBackend, SampleRunsTheSpecJoinExample) {
  std::unique_ptr<Backend> backend = LoadPluginBackend(DMLCONF_SAMPLE_PLUGIN);
  const JoinDesc desc = SpecJoinExample();
  ASSERT_TRUE(backend->Create(desc, FeatureLevel::k1_0).accepted());
  GuardedBuffer output(desc.output_tensor.TotalBytes());
  const std::vector<float> values =
      RunJoin(*backend, desc, {{1, 2, 3, 4, 5, 6}, {7, 8, 9, 10, 11, 12, 13, 14}}, output);
  EXPECT_THAT(values, ::testing::ElementsAre(1, 2, 3, 7, 8, 9, 10, 4, 5, 6, 11, 12, 13, 14));
  EXPECT_TRUE(output.GuardsIntact());
}

TEST(PluginBackend, NameLevelAndReasonCodesComeFromTheTable) {
  std::unique_ptr<Backend> sample = LoadPluginBackend(DMLCONF_SAMPLE_PLUGIN);
  // The table's `name` is the backend's identity (issue 19), as describe's is for serve:.
  EXPECT_EQ(sample->Name(), "sample-c");
  EXPECT_EQ(sample->MaxFeatureLevel(), FeatureLevel::k6_4);
  EXPECT_TRUE(sample->ReportsReasonCodes());
  EXPECT_FALSE(LoadPluginBackend(BadPlugin("writes_nothing"))->ReportsReasonCodes());
}

TEST(PluginBackend, RejectionCarriesThePluginsReasonCode) {
  std::unique_ptr<Backend> backend = LoadPluginBackend(DMLCONF_SAMPLE_PLUGIN);
  JoinDesc desc = SpecJoinExample();
  desc.axis = 4;
  const CreateAnswer v = backend->Create(desc, FeatureLevel::k1_0);
  EXPECT_EQ(v.kind, CreateAnswer::Kind::kRejected);
  EXPECT_EQ(v.reason, Reason::AXIS_OUT_OF_RANGE) << v.message;
}

TEST(PluginBackend, OtherOperatorsAreUnsupportedWithAReason) {
  std::unique_ptr<Backend> backend = LoadPluginBackend(DMLCONF_SAMPLE_PLUGIN);
  GatherDesc gather;
  gather.input_tensor = TensorDesc::Packed(DataType::kFloat32, {1, 1, 2, 2});
  gather.indices_tensor = TensorDesc::Packed(DataType::kUint32, {1, 1, 1, 1});
  gather.output_tensor = TensorDesc::Packed(DataType::kFloat32, {1, 1, 1, 2});
  gather.axis = 2;
  const CreateAnswer a = backend->Create(gather, FeatureLevel::k6_4);
  EXPECT_EQ(a.kind, CreateAnswer::Kind::kUnsupported);
  EXPECT_THAT(a.message, HasSubstr("SPLIT and JOIN"));
}

TEST(PluginBackend, MissingFileNamesThePathAndDlerror) {
  const std::string path = "/nonexistent/libnothing.so";
  EXPECT_THAT(LoadError(path), AllOf(HasSubstr(path), HasSubstr("No such file")));
}

TEST(PluginBackend, MissingEntryPointIsNamed) {
  const std::string path = BadPlugin("no_entry");
  EXPECT_THAT(LoadError(path), AllOf(HasSubstr(path), HasSubstr("dmlconf_backend_entry"),
                                     HasSubstr("undefined symbol")));
}

TEST(PluginBackend, WrongAbiVersionIsNamed) {
  const std::string path = BadPlugin("abi_version");
  EXPECT_THAT(LoadError(path), AllOf(HasSubstr(path), HasSubstr("ABI version 2.0"),
                                     HasSubstr("speaks version 1.0 to 1.1")));
}

// Issue 31: ABI 1.1's execute() may answer unsupported (support that depends on the
// data); a 1.0 plug-in still loads, and to it 2 stays an error code.
TEST(PluginBackend, ExecuteMayAnswerUnsupportedFromAbi1_1) {
  const JoinDesc desc = SpecJoinExample();
  const std::vector<float> a(6, 1.0f), b(8, 2.0f);
  GuardedBuffer output(desc.output_tensor.TotalBytes());
  Bindings bindings;
  bindings.inputs = {reinterpret_cast<const std::byte*>(a.data()),
                     reinterpret_cast<const std::byte*>(b.data())};
  bindings.outputs = {output.data()};
  const ExecuteResult now =
      LoadPluginBackend(BadPlugin("unsupported_at_execute"))->Execute(desc, FeatureLevel::k1_0, bindings);
  EXPECT_EQ(now.kind, ExecuteResult::Kind::kUnsupported);
  EXPECT_EQ(now.message, "inputs past 2^20 elements are not implemented");
  const ExecuteResult old =
      LoadPluginBackend(BadPlugin("old_abi_returns_2"))->Execute(desc, FeatureLevel::k1_0, bindings);
  EXPECT_EQ(old.kind, ExecuteResult::Kind::kFailed);
  EXPECT_THAT(old.message, HasSubstr("returned 2"));
}

// The adapter hands the plug-in the caller's buffers, so the evidence of a
// lie (broken guards, a poisoned output) is there for the runner to see.
TEST(PluginBackend, LyingPluginsLeaveTheirEvidenceInTheBuffers) {
  const JoinDesc desc = SpecJoinExample();
  const std::vector<std::vector<float>> inputs = {std::vector<float>(6, 1.0f),
                                                  std::vector<float>(8, 2.0f)};
  for (const char* lie : {"writes_past_end", "writes_before_start"}) {
    GuardedBuffer output(desc.output_tensor.TotalBytes());
    RunJoin(*LoadPluginBackend(BadPlugin(lie)), desc, inputs, output);
    EXPECT_FALSE(output.GuardsIntact()) << lie;
  }
  GuardedBuffer output(desc.output_tensor.TotalBytes());
  RunJoin(*LoadPluginBackend(BadPlugin("writes_nothing")), desc, inputs, output);
  for (std::byte b : output.bytes()) ASSERT_EQ(b, testing::kPoisonByte);
}

}  // namespace
}  // namespace dmlconf
