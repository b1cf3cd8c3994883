// Registers, for every shape and element type of AllShapes(), the same
// problem run by each implementation, named
//   <Operator>/<shape>/<type>/<impl>/threads:<n>
// where impl is memcpy (the yardstick: one copy of the output's bytes),
// naive, blocked, eigen or onednn. Siblings share a name prefix so that
// tools/bench_report.py can put each time next to its memcpy.
#include <benchmark/benchmark.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <memory>
#include <string_view>

#include "alloc_counter.h"
#include "dmlconf/blocked.h"
#include "dmlconf/depth_space.h"
#include "dmlconf/naive.h"
#include "dmlconf/validate.h"
#include "peers.h"
#include "shape_list.h"

namespace dmlconf::bench {
namespace {

enum class Impl { kMemcpy, kNaive, kBlocked, kEigen, kOneDnn };

const char* ImplName(Impl impl) {
  switch (impl) {
    case Impl::kMemcpy: return "memcpy";
    case Impl::kNaive: return "naive";
    case Impl::kBlocked: return "blocked";
    case Impl::kEigen: return "eigen";
    case Impl::kOneDnn: return "onednn";
  }
  return "?";
}

const char* OperatorLabel(OperatorType op) {
  switch (op) {
#define DMLCONF_OPERATOR(Type, NAME, Desc) \
  case OperatorType::k##Type:              \
    return #Type;
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
  }
  return "?";
}

int AllThreads() { return std::max(omp_get_num_procs(), 1); }

using Variant = ShapeVariant;

// Siblings run one after another, so one cached problem (tens of MiB) is
// enough; building it per repetition would dominate a five-minute run.
const Problem& CachedProblem(const Variant& v) {
  static std::string key;
  static std::unique_ptr<Problem> problem;
  if (key != v.prefix) {
    problem.reset();
    problem = std::make_unique<Problem>(v.shape->make(v.type));
    key = v.prefix;
  }
  return *problem;
}

// The yardstick's own buffers, grown to the largest output seen.
struct MemcpyBuffers {
  std::vector<std::byte> source, destination;
};
MemcpyBuffers& MemcpyBuffersFor(uint64_t bytes) {
  static MemcpyBuffers buffers;
  if (buffers.source.size() < bytes) {
    buffers.source.assign(bytes, std::byte{0x5A});
    buffers.destination.assign(bytes, std::byte{0});
  }
  return buffers;
}

// memcpy split over a team, the fair yardstick for a threaded kernel.
void ParallelMemcpy(std::byte* destination, const std::byte* source, uint64_t bytes, int threads) {
  if (threads <= 1) {
    std::memcpy(destination, source, bytes);
    return;
  }
#pragma omp parallel num_threads(threads)
  {
    const uint64_t team = uint64_t(omp_get_num_threads());
    const uint64_t me = uint64_t(omp_get_thread_num());
    const uint64_t begin = bytes * me / team, end = bytes * (me + 1) / team;
    std::memcpy(destination + begin, source + begin, end - begin);
  }
}

std::function<void()> MakeCall(const Problem& problem, Impl impl, int threads) {
  switch (impl) {
    case Impl::kMemcpy: {
      MemcpyBuffers& buffers = MemcpyBuffersFor(problem.output_bytes());
      const uint64_t bytes = problem.output_bytes();
      return [&buffers, bytes, threads] {
        ParallelMemcpy(buffers.destination.data(), buffers.source.data(), bytes, threads);
      };
    }
    case Impl::kNaive: return [&problem] { naive::Execute(problem.desc(), problem.bindings()); };
    case Impl::kBlocked:
      return [&problem] { blocked::Execute(problem.desc(), problem.bindings()); };
    case Impl::kEigen: return MakeEigenPeer(problem);
    case Impl::kOneDnn: return MakeOneDnnPeer(problem);
  }
  return {};
}

// Seconds per call of each prefix's memcpy, by thread count, for the
// vs_memcpy counter (the report recomputes ratios from medians).
std::map<std::string, double>& MemcpySeconds() {
  static std::map<std::string, double> seconds;
  return seconds;
}

// DMLCONF_BENCH_VERIFY=1: after timing, check that the implementation's
// output equals the naive kernel's, so a fast peer is not fast by being wrong.
bool Verifying() {
  static const bool verifying = std::getenv("DMLCONF_BENCH_VERIFY") != nullptr;
  return verifying;
}

bool MatchesNaive(const Problem& problem) {
  std::vector<std::vector<std::byte>> produced;
  const auto slots = OutputSlots(problem.desc());
  for (size_t i = 0; i < slots.size(); ++i) {
    const std::byte* data = problem.bindings().outputs[i];
    produced.emplace_back(data, data + slots[i].desc->TotalBytes());
  }
  naive::Execute(problem.desc(), problem.bindings());
  for (size_t i = 0; i < slots.size(); ++i)
    if (std::memcmp(produced[i].data(), problem.bindings().outputs[i], produced[i].size()) != 0)
      return false;
  return true;
}

void SetThreads(int threads) {
  blocked::SetThreadCount(threads);
  omp_set_num_threads(threads);  // oneDNN's team
}

void RunBenchmark(benchmark::State& state, const Variant& v, Impl impl, int threads) {
  const Problem& problem = CachedProblem(v);
  if (const Validation valid = Validate(problem.desc(), kHighestFeatureLevel); !valid.ok()) {
    state.SkipWithError(valid.ToString().c_str());
    return;
  }
  SetThreads(threads);
  const std::function<void()> call = MakeCall(problem, impl, threads);
  if (!call) {
    state.SkipWithError("no formulation of this problem");
    SetThreads(AllThreads());
    return;
  }
  // A warm-up call (team start, first touch), then one call whose
  // allocations are counted alone. The naive kernel on tens of MiB is too slow
  // to spend two extra calls on; its loop is counted instead.
  uint64_t max_alloc_bytes = 0;
  if (impl != Impl::kNaive) {
    call();
    const AllocationTotals before = AllocationsSoFar();
    call();
    max_alloc_bytes = AllocationsSoFar().bytes - before.bytes;
  }
  const AllocationTotals before = AllocationsSoFar();
  const auto start = std::chrono::steady_clock::now();
  for (auto _ : state) call();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const AllocationTotals after = AllocationsSoFar();
  SetThreads(AllThreads());

  const double iterations = double(state.iterations());
  const double per_call = seconds / iterations;
  const std::string yardstick = v.prefix + "/threads:" + std::to_string(threads);
  if (impl == Impl::kMemcpy) MemcpySeconds()[yardstick] = per_call;
  if (auto it = MemcpySeconds().find(yardstick); it != MemcpySeconds().end())
    state.counters["vs_memcpy"] = per_call / it->second;
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(problem.output_bytes()));
  state.counters["output_bytes"] = double(problem.output_bytes());
  if (CountingAllocations()) {
    const double loop_bytes = double(after.bytes - before.bytes) / iterations;
    state.counters["alloc_bytes_per_call"] = std::max(double(max_alloc_bytes), loop_bytes);
    state.counters["allocs_per_call"] = double(after.count - before.count) / iterations;
  }
  state.SetLabel(ShapeKindLabel(v.shape->kind));
  if (Verifying() && impl != Impl::kMemcpy && !MatchesNaive(problem))
    state.SkipWithError("output differs from the naive kernel's");
}

// oneDNN's 2-byte types are floats its reorders convert through, which
// rewrites NaN payloads: not a copy, so only concat (a plain copy) gets one.
bool OneDnnCovers(OperatorType op, DataType type) {
  if (!HaveOneDnn() || ElementSize(type) == 8) return false;
  if (op == OperatorType::kJoin) return true;
  if (ElementSize(type) == 2) return false;
  return op == OperatorType::kSplit || IsDepthSpace(op);
}

void Register(const Variant& v, Impl impl, int threads) {
  const std::string name = v.prefix + "/" + ImplName(impl) + "/threads:" + std::to_string(threads);
  auto* b = benchmark::RegisterBenchmark(
      name.c_str(), [v, impl, threads](benchmark::State& s) { RunBenchmark(s, v, impl, threads); });
  b->UseRealTime()->Unit(benchmark::kMicrosecond);
  // One call per repetition: the naive kernel on a large shape takes ~0.1 s.
  // Everything else follows --benchmark_min_time.
  if (impl == Impl::kNaive && v.shape->kind != ShapeKind::kSmall) b->Iterations(1);
}

// memcpy first: the others' vs_memcpy counters read its time.
void RegisterVariant(const Variant& v) {
  const bool large = v.shape->kind != ShapeKind::kSmall;
  const bool onednn = OneDnnCovers(v.shape->op, v.type);
  std::vector<int> thread_counts = {1};
  if (large && AllThreads() > 1) thread_counts.push_back(AllThreads());
  for (int threads : thread_counts) Register(v, Impl::kMemcpy, threads);
  for (int threads : thread_counts) Register(v, Impl::kBlocked, threads);
  if (!v.shape->beyond_cache) Register(v, Impl::kNaive, 1);
  // Eigen's gather is a chip per index: along the innermost axis of 256 MiB
  // each chip walks every row, minutes per call.
  const bool eigen_hopeless = v.shape->beyond_cache && v.shape->op == OperatorType::kGather &&
                              v.shape->kind == ShapeKind::kElementGranular;
  if (!eigen_hopeless) Register(v, Impl::kEigen, 1);
  if (onednn)
    for (int threads : thread_counts) Register(v, Impl::kOneDnn, threads);
}

std::vector<Variant> AllVariants() {
  std::vector<Variant> variants;
  for (const Shape& shape : AllShapes())
    for (DataType type : shape.types)
      variants.push_back(
          {&shape, type,
           std::string(OperatorLabel(shape.op)) + "/" + shape.name + "/" + ShortTypeName(type)});
  return variants;
}

void RegisterAll() {
  for (const Variant& v : AllVariants()) RegisterVariant(v);
}

}  // namespace
}  // namespace dmlconf::bench

int main(int argc, char** argv) {
  if (argc == 2 && std::string_view(argv[1]) == "--dmlconf_shapes_json") {
    dmlconf::bench::PrintShapesJson(std::cout, dmlconf::bench::AllVariants());
    return 0;
  }
  // DMLCONF_SIMD_TARGET=AVX2 (say): the blocked kernels' SIMD loops pinned
  // to one compiled target, to compare targets in one binary.
  if (const char* target = std::getenv("DMLCONF_SIMD_TARGET");
      target && *target && !dmlconf::blocked::ForceSimdTargetForTesting(target)) {
    std::cerr << "DMLCONF_SIMD_TARGET=" << target << ": not one of this CPU's targets\n";
    return 1;
  }
  dmlconf::bench::RegisterAll();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::AddCustomContext("simd_target", dmlconf::blocked::SimdTarget());
  benchmark::AddCustomContext("onednn", dmlconf::bench::HaveOneDnn() ? "yes" : "no");
  benchmark::AddCustomContext("counting_allocations",
                              dmlconf::bench::CountingAllocations() ? "yes" : "no");
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
