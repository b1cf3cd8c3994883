// Eigen Tensor peers. Row-major maps over the problem's own buffers; element
// types are unsigned integers of the element size, since a copy does not care.
#include <cstdint>
#include <unsupported/Eigen/CXX11/Tensor>

#include "peers.h"

namespace dmlconf::bench {
namespace {

using Eigen::Index;
template <class T, int R>
using Map = Eigen::TensorMap<Eigen::Tensor<T, R, Eigen::RowMajor, Index>>;
template <class T, int R>
using ConstMap = Eigen::TensorMap<const Eigen::Tensor<T, R, Eigen::RowMajor, Index>>;
template <int R>
using Dims = Eigen::array<Index, R>;

template <int R>
Dims<R> ToDims(const std::vector<uint32_t>& sizes) {
  Dims<R> dims;
  for (int i = 0; i < R; ++i) dims[i] = sizes[i];
  return dims;
}

template <class T>
const T* In(const Bindings& b, size_t i) {
  return reinterpret_cast<const T*>(b.inputs[i]);
}
template <class T>
T* Out(const Bindings& b, size_t i) {
  return reinterpret_cast<T*>(b.outputs[i]);
}

template <class T>
PeerCall Split(const SplitDesc& d, const Bindings& b) {
  if (d.input_tensor.DimensionCount() != 3) return {};
  return [d, b] {
    ConstMap<T, 3> in(In<T>(b, 0), ToDims<3>(d.input_tensor.sizes));
    Dims<3> offset = {0, 0, 0};
    for (size_t i = 0; i < d.output_tensors.size(); ++i) {
      const Dims<3> extent = ToDims<3>(d.output_tensors[i].sizes);
      Map<T, 3>(Out<T>(b, i), extent) = in.slice(offset, extent);
      offset[d.axis] += extent[d.axis];
    }
  };
}

template <class T>
PeerCall Join(const JoinDesc& d, const Bindings& b) {
  if (d.output_tensor.DimensionCount() != 3) return {};
  auto in = [d, b](size_t i) {
    return ConstMap<T, 3>(In<T>(b, i), ToDims<3>(d.input_tensors[i].sizes));
  };
  // Const maps: on a non-const operand Eigen picks its writable concatenation.
  if (d.input_tensors.size() == 2)
    return [d, b, in] {
      const auto first = in(0), second = in(1);
      Map<T, 3>(Out<T>(b, 0), ToDims<3>(d.output_tensor.sizes)) =
          first.concatenate(second, Index(d.axis));
    };
  if (d.input_tensors.size() == 3)
    return [d, b, in] {
      const auto first = in(0), second = in(1), third = in(2);
      Map<T, 3>(Out<T>(b, 0), ToDims<3>(d.output_tensor.sizes)) =
          first.concatenate(second, Index(d.axis)).concatenate(third, Index(d.axis));
    };
  return {};
}

// One chip per index: Eigen has no gather, and this is how one writes it.
template <class T>
PeerCall Gather(const GatherDesc& d, const Bindings& b) {
  if (d.input_tensor.DimensionCount() != 2 || d.index_dimensions != 1) return {};
  return [d, b] {
    ConstMap<T, 2> in(In<T>(b, 0), ToDims<2>(d.input_tensor.sizes));
    Map<T, 2> out(Out<T>(b, 0), ToDims<2>(d.output_tensor.sizes));
    const auto* indices = reinterpret_cast<const uint32_t*>(b.inputs[1]);
    const Index count = d.output_tensor.sizes[d.axis];
    for (Index j = 0; j < count; ++j) out.chip(j, d.axis) = in.chip(indices[j], d.axis);
  };
}

// Reverse of the whole axis: equal to REVERSE_SUBSEQUENCES when every length
// is the axis size, as the benchmark problems have it.
template <class T>
PeerCall Reverse(const ReverseSubsequencesDesc& d, const Bindings& b) {
  if (d.input_tensor.DimensionCount() != 2) return {};
  return [d, b] {
    const Dims<2> dims = ToDims<2>(d.input_tensor.sizes);
    const Eigen::array<bool, 2> reverse = {d.axis == 0, d.axis == 1};
    Map<T, 2>(Out<T>(b, 0), dims) = ConstMap<T, 2>(In<T>(b, 0), dims).reverse(reverse);
  };
}

template <class T>
PeerCall Shuffle(const PermutedView& view, const Bindings& b) {
  Dims<6> in_dims, shuffle, out_dims;
  for (int i = 0; i < 6; ++i) {
    in_dims[i] = view.in_dims[i];
    shuffle[i] = view.perm[i];
  }
  for (int i = 0; i < 6; ++i) out_dims[i] = in_dims[shuffle[i]];
  return [b, in_dims, shuffle, out_dims] {
    Map<T, 6>(Out<T>(b, 0), out_dims) = ConstMap<T, 6>(In<T>(b, 0), in_dims).shuffle(shuffle);
  };
}

template <class T>
PeerCall MakeTyped(const OperatorDesc& desc, const Bindings& b) {
  if (auto view = DepthSpaceView(desc)) return Shuffle<T>(*view, b);
  return std::visit(
      [&](const auto& d) -> PeerCall {
        using D = std::decay_t<decltype(d)>;
        if constexpr (std::is_same_v<D, SplitDesc>) return Split<T>(d, b);
        if constexpr (std::is_same_v<D, JoinDesc>) return Join<T>(d, b);
        if constexpr (std::is_same_v<D, GatherDesc>) return Gather<T>(d, b);
        if constexpr (std::is_same_v<D, ReverseSubsequencesDesc>) return Reverse<T>(d, b);
        return {};
      },
      desc);
}

}  // namespace

PeerCall MakeEigenPeer(const Problem& problem) {
  const auto& slots = OutputSlots(problem.desc());
  switch (slots.front().desc->ElementSize()) {
    case 1: return MakeTyped<uint8_t>(problem.desc(), problem.bindings());
    case 2: return MakeTyped<uint16_t>(problem.desc(), problem.bindings());
    case 4: return MakeTyped<uint32_t>(problem.desc(), problem.bindings());
    case 8: return MakeTyped<uint64_t>(problem.desc(), problem.bindings());
  }
  return {};
}

}  // namespace dmlconf::bench
