// What the persistent protocol costs dmlconf per request (issue 9: under 1 ms
// for small cases): Create then Execute of a small JOIN through the serve:
// client against benchmarks/echo_backend.c, which does no work, beside the same
// calls on the in-process reference, in the same binary and run. And the same JOIN
// through the C sample plug-in, out of process (plugin:, dmlconf-plugin-host) and in
// it (plugin-in-process:): what a plug-in's request costs beyond the plug-in's work
// (issue 31).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "dmlconf/backend.h"
#include "dmlconf/validator/external_backends.h"

namespace {

using namespace dmlconf;

// JOIN of {1,1,2,3} and {1,1,2,4} FLOAT32 along axis 3: the spec's own example.
JoinDesc SmallJoin() {
  JoinDesc d;
  d.input_tensors = {TensorDesc::Packed(DataType::kFloat32, {1, 1, 2, 3}),
                     TensorDesc::Packed(DataType::kFloat32, {1, 1, 2, 4})};
  d.output_tensor = TensorDesc::Packed(DataType::kFloat32, {1, 1, 2, 7});
  d.axis = 3;
  return d;
}

void CreateAndExecute(benchmark::State& state, Backend& backend) {
  const OperatorDesc desc = SmallJoin();
  std::vector<std::byte> a(24), b(32), out(56);
  const Bindings bindings{{a.data(), b.data()}, {out.data()}};
  for (auto _ : state) {
    const CreateAnswer created = backend.Create(desc, FeatureLevel::k6_4);
    const ExecuteResult run = backend.Execute(desc, FeatureLevel::k6_4, bindings);
    if (!created.accepted() || !run.ok()) state.SkipWithError("the backend refused the JOIN");
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["requests"] = benchmark::Counter(2, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_InProcessReference(benchmark::State& state) {
  const std::unique_ptr<Backend> reference = MakeReferenceBackend();
  CreateAndExecute(state, *reference);
}

void BM_ServeEcho(benchmark::State& state) {
  const std::unique_ptr<Backend> echo = MakeServeBackend(DMLCONF_ECHO_BACKEND);
  CreateAndExecute(state, *echo);
}

void BM_PluginInProcess(benchmark::State& state) {
  const std::unique_ptr<Backend> plugin = LoadPluginBackend(DMLCONF_SAMPLE_PLUGIN);
  CreateAndExecute(state, *plugin);
}

void BM_PluginHost(benchmark::State& state) {
  setenv("DMLCONF_PLUGIN_HOST", DMLCONF_PLUGIN_HOST_PATH, 0);  // this build's, unless given
  const std::unique_ptr<Backend> plugin =
      MakeExternalBackend(std::string("plugin:") + DMLCONF_SAMPLE_PLUGIN, {});
  CreateAndExecute(state, *plugin);
}

BENCHMARK(BM_InProcessReference)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ServeEcho)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PluginInProcess)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PluginHost)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
