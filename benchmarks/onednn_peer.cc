// oneDNN peers, compiled in only where the build found libdnnl: primitives
// are created once per problem, outside the timed calls, as an application
// would cache them.
#include "peers.h"

#if DMLCONF_BENCH_HAVE_ONEDNN
#include <dnnl.hpp>
#include <unordered_map>
#endif

namespace dmlconf::bench {

#if !DMLCONF_BENCH_HAVE_ONEDNN

bool HaveOneDnn() { return false; }
PeerCall MakeOneDnnPeer(const Problem&) { return {}; }

#else

namespace {

using dnnl::memory;
using Args = std::unordered_map<int, memory>;

struct Context {
  dnnl::engine engine{dnnl::engine::kind::cpu, 0};
  dnnl::stream stream{engine};
};
Context& Cpu() {
  static Context context;
  return context;
}

// Copies keep bits whatever the type; oneDNN only needs one of the size. Its
// reorders convert f16 through f32 (NaN payloads change), so f16 is used for
// concat only.
std::optional<memory::data_type> TypeOfSize(size_t size) {
  switch (size) {
    case 1: return memory::data_type::u8;
    case 2: return memory::data_type::f16;
    case 4: return memory::data_type::f32;
  }
  return std::nullopt;  // no 8-byte type on the CPU engine
}

memory::dims ToDims(const std::vector<uint32_t>& sizes) {
  return memory::dims(sizes.begin(), sizes.end());
}
memory::desc Plain(const TensorDesc& t, memory::data_type type) {
  return memory::desc(ToDims(t.sizes), type, ToDims(PackedStrides(t.sizes)));
}
memory Bind(const memory::desc& md, const std::byte* data) {
  return memory(md, Cpu().engine, const_cast<std::byte*>(data));  // read only by oneDNN
}

PeerCall Run(dnnl::primitive primitive, Args args) {
  return [primitive, args] {
    primitive.execute(Cpu().stream, args);
    Cpu().stream.wait();
  };
}

PeerCall Join(const JoinDesc& d, const Bindings& b, memory::data_type type) {
  std::vector<memory::desc> sources;
  Args args;
  for (size_t i = 0; i < d.input_tensors.size(); ++i) {
    sources.push_back(Plain(d.input_tensors[i], type));
    args.emplace(DNNL_ARG_MULTIPLE_SRC + int(i), Bind(sources.back(), b.inputs[i]));
  }
  const memory::desc destination = Plain(d.output_tensor, type);
  args.emplace(DNNL_ARG_DST, Bind(destination, b.outputs[0]));
  dnnl::concat::primitive_desc pd(destination, int(d.axis), sources, Cpu().engine);
  return Run(dnnl::concat(pd), std::move(args));
}

// One reorder per output, each from a sub-memory view of the input.
PeerCall Split(const SplitDesc& d, const Bindings& b, memory::data_type type) {
  const memory::desc input = Plain(d.input_tensor, type);
  std::vector<PeerCall> parts;
  memory::dims offsets(d.input_tensor.sizes.size(), 0);
  for (size_t i = 0; i < d.output_tensors.size(); ++i) {
    const memory::dims extent = ToDims(d.output_tensors[i].sizes);
    const memory::desc source = input.submemory_desc(extent, offsets);
    const memory::desc destination = Plain(d.output_tensors[i], type);
    dnnl::reorder::primitive_desc pd(Cpu().engine, source, Cpu().engine, destination);
    parts.push_back(Run(dnnl::reorder(pd), {{DNNL_ARG_FROM, Bind(source, b.inputs[0])},
                                            {DNNL_ARG_TO, Bind(destination, b.outputs[0 + i])}}));
    offsets[d.axis] += extent[d.axis];
  }
  return [parts] {
    for (const PeerCall& part : parts) part();
  };
}

// The input viewed in the output's dim order through permuted strides.
PeerCall Transpose(const PermutedView& view, const Bindings& b, memory::data_type type) {
  memory::dims in_strides(6, 1), dims(6), strides(6);
  for (int i = 4; i >= 0; --i) in_strides[i] = in_strides[i + 1] * view.in_dims[i + 1];
  for (int i = 0; i < 6; ++i) {
    dims[i] = view.in_dims[view.perm[i]];
    strides[i] = in_strides[view.perm[i]];
  }
  const memory::desc source(dims, type, strides);
  const memory::desc destination(dims, type, memory::format_tag::abcdef);
  dnnl::reorder::primitive_desc pd(Cpu().engine, source, Cpu().engine, destination);
  return Run(dnnl::reorder(pd), {{DNNL_ARG_FROM, Bind(source, b.inputs[0])},
                                 {DNNL_ARG_TO, Bind(destination, b.outputs[0])}});
}

}  // namespace

bool HaveOneDnn() { return true; }

PeerCall MakeOneDnnPeer(const Problem& problem) {
  const auto type = TypeOfSize(OutputSlots(problem.desc()).front().desc->ElementSize());
  if (!type) return {};
  const Bindings& b = problem.bindings();
  const bool bit_exact_reorder = *type != memory::data_type::f16;
  try {
    if (auto view = DepthSpaceView(problem.desc()); view && bit_exact_reorder)
      return Transpose(*view, b, *type);
    if (const auto* d = std::get_if<JoinDesc>(&problem.desc())) return Join(*d, b, *type);
    if (const auto* d = std::get_if<SplitDesc>(&problem.desc()); d && bit_exact_reorder)
      return Split(*d, b, *type);
  } catch (const dnnl::error&) {
    // No implementation for this type or layout: the report shows no figure.
  }
  return {};
}

#endif

}  // namespace dmlconf::bench
