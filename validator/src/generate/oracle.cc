#include "oracle.h"

#include <array>
#include <cassert>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <unsupported/Eigen/CXX11/Tensor>

#include "dmlconf/tensor_layout.h"

namespace dmlconf::generate {

namespace {

// Every tensor is viewed at rank 8, padded with leading 1s: one Eigen type per
// element width, whatever the operator's rank.
constexpr int kRank = 8;
using Dims = Eigen::array<Eigen::Index, kRank>;
template <class T>
using Tensor8 = Eigen::Tensor<T, kRank, Eigen::RowMajor>;

Dims Padded(const std::vector<uint32_t>& sizes) {
  Dims dims;
  dims.fill(1);
  const size_t pad = kRank - sizes.size();
  for (size_t d = 0; d < sizes.size(); ++d) dims[pad + d] = sizes[d];
  return dims;
}

int PaddedAxis(const TensorDesc& desc, uint32_t axis) {
  return int(kRank - desc.DimensionCount() + axis);
}

template <class T>
Tensor8<T> ToTensor(const TensorDesc& desc, const Values& values) {
  Tensor8<T> tensor(Padded(desc.sizes));
  assert(uint64_t(tensor.size()) == values.size());
  for (size_t i = 0; i < values.size(); ++i) tensor.data()[i] = T(values[i]);
  return tensor;
}

template <class T, class Expr>
Values ToValues(const Expr& expr) {
  const Tensor8<T> tensor = expr;
  return Values(tensor.data(), tensor.data() + tensor.size());
}

template <class T>
std::vector<Values> Split(const SplitDesc& desc, const std::vector<Values>& in) {
  const Tensor8<T> input = ToTensor<T>(desc.input_tensor, in[0]);
  const int axis = PaddedAxis(desc.input_tensor, desc.axis);
  std::vector<Values> out;
  Eigen::Index offset = 0;
  for (const TensorDesc& o : desc.output_tensors) {
    Dims offsets;
    offsets.fill(0);
    offsets[axis] = offset;
    const Dims extents = Padded(o.sizes);
    out.push_back(ToValues<T>(input.slice(offsets, extents)));
    offset += extents[axis];
  }
  return out;
}

template <class T>
std::vector<Values> Join(const JoinDesc& desc, const std::vector<Values>& in) {
  const int axis = PaddedAxis(desc.output_tensor, desc.axis);
  Tensor8<T> joined = ToTensor<T>(desc.input_tensors[0], in[0]);
  for (size_t i = 1; i < in.size(); ++i) {
    const Tensor8<T> next = joined.concatenate(ToTensor<T>(desc.input_tensors[i], in[i]), axis);
    joined = next;
  }
  return {Values(joined.data(), joined.data() + joined.size())};
}

// DEPTH_TO_SPACE1 / SPACE_TO_DEPTH1 as one reshape into eight named axes, one
// shuffle, one reshape back. `split` are the rank-8 sizes the input is read as,
// `order` the shuffle, and the output's own sizes finish the job.
template <class T>
Values ReshapeShuffle(const Values& in, const Dims& split, const Eigen::array<int, kRank>& order,
                      const TensorDesc& output) {
  Tensor8<T> source(split);
  for (size_t i = 0; i < in.size(); ++i) source.data()[i] = T(in[i]);
  const Tensor8<T> shuffled = source.shuffle(order);
  return ToValues<T>(shuffled.reshape(Padded(output.sizes)));
}

template <class T>
std::vector<Values> DepthToSpace(const DepthToSpace1Desc& desc, const std::vector<Values>& in) {
  const auto& s = desc.input_tensor.sizes;  // {N, C, H, W}
  const Eigen::Index b = desc.block_size, c2 = s[1] / (b * b);
  // Rank-8 axes numbered 0..7; 0 and 1 are padding.
  if (desc.order == DepthSpaceOrder::kDepthColumnRow) {
    // C read as (bh, bw, c'): axes N=2 bh=3 bw=4 c'=5 H=6 W=7.
    return {ReshapeShuffle<T>(in[0], {1, 1, s[0], b, b, c2, s[2], s[3]}, {0, 1, 2, 5, 6, 3, 7, 4},
                              desc.output_tensor)};
  }
  // C read as (c', bh, bw): axes N=2 c'=3 bh=4 bw=5 H=6 W=7.
  return {ReshapeShuffle<T>(in[0], {1, 1, s[0], c2, b, b, s[2], s[3]}, {0, 1, 2, 3, 6, 4, 7, 5},
                            desc.output_tensor)};
}

template <class T>
std::vector<Values> SpaceToDepth(const SpaceToDepth1Desc& desc, const std::vector<Values>& in) {
  const auto& s = desc.input_tensor.sizes;  // {N, C, H, W}
  const Eigen::Index b = desc.block_size;
  // H read as (H', bh), W as (W', bw): axes N=2 C=3 H'=4 bh=5 W'=6 bw=7.
  const Dims split = {1, 1, s[0], s[1], s[2] / b, b, s[3] / b, b};
  if (desc.order == DepthSpaceOrder::kDepthColumnRow)  // out C = (bh, bw, c)
    return {ReshapeShuffle<T>(in[0], split, {0, 1, 2, 5, 7, 3, 4, 6}, desc.output_tensor)};
  // out C = (c, bh, bw)
  return {ReshapeShuffle<T>(in[0], split, {0, 1, 2, 3, 5, 7, 4, 6}, desc.output_tensor)};
}

template <class T>
std::vector<Values> Reverse(const ReverseSubsequencesDesc& desc, const std::vector<Values>& in) {
  const Tensor8<T> input = ToTensor<T>(desc.input_tensor, in[0]);
  Tensor8<T> output = input;
  const int axis = PaddedAxis(desc.input_tensor, desc.axis);
  const Eigen::Index axis_size = input.dimension(axis);
  Eigen::array<bool, kRank> flip;
  flip.fill(false);
  flip[axis] = true;
  const TensorDesc& lengths = desc.sequence_lengths_tensor;
  const size_t pad = kRank - lengths.DimensionCount();
  size_t line = 0;
  ForEachCoordinate(lengths.sizes, [&](std::span<const uint32_t> coords) {
    const uint64_t length = uint64_t(IndexValue(lengths.data_type, in[1][line++]));
    Dims offsets, extents;
    offsets.fill(0);
    extents.fill(1);
    for (size_t d = 0; d < coords.size(); ++d) offsets[pad + d] = coords[d];
    extents[axis] = Eigen::Index(std::min<uint64_t>(length, uint64_t(axis_size)));
    if (extents[axis] > 0) output.slice(offsets, extents) = input.slice(offsets, extents).reverse(flip);
  });
  return {Values(output.data(), output.data() + output.size())};
}

// Contract point G4: the seed calls the leading D-K dimensions of IndicesTensor
// padding and only ever shows them as 1s; with one larger than 1 the result is
// implementation-defined (refuse, or read coordinate 0 there, or something
// else), so no value can be expected. Gather below reads the index elements as
// one flat list of the K trailing coordinates, which is only right under this
// assumption: a case that breaks it is `refuse_or_run` without `expected`, and
// asking the oracle for its outputs is a generator bug, not a guess to make.
void RequireUnitLeadingIndexDims(const GatherDesc& desc) {
  const std::vector<uint32_t>& sizes = desc.indices_tensor.sizes;
  for (size_t d = 0; d + desc.index_dimensions < sizes.size(); ++d)
    if (sizes[d] != 1)
      throw std::invalid_argument(
          "oracle: GATHER IndicesTensor.Sizes " + FormatSizes(sizes) + " with IndexDimensions " +
          std::to_string(desc.index_dimensions) + " has leading dimension " + std::to_string(d) +
          " of size " + std::to_string(sizes[d]) +
          "; DirectML leaves that implementation-defined (contract point G4), so there is no "
          "expected output");
}

template <class T>
std::optional<std::vector<Values>> Gather(const GatherDesc& desc, const std::vector<Values>& in) {
  RequireUnitLeadingIndexDims(desc);
  // The input read as {outer, Axis, inner}, the output as {outer, index, inner}:
  // output chip j along the middle is input chip indices[j].
  const auto& s = desc.input_tensor.sizes;
  const auto product = [](auto first, auto last) {
    return std::accumulate(first, last, Eigen::Index{1}, std::multiplies<>());
  };
  const Eigen::Index outer = product(s.begin(), s.begin() + desc.axis);
  const Eigen::Index axis_size = s[desc.axis];
  const Eigen::Index inner = product(s.begin() + desc.axis + 1, s.end());
  const Eigen::Index count = Eigen::Index(in[1].size());
  Eigen::Tensor<T, 3, Eigen::RowMajor> input(outer, axis_size, inner);
  for (size_t i = 0; i < in[0].size(); ++i) input.data()[i] = T(in[0][i]);
  Eigen::Tensor<T, 3, Eigen::RowMajor> output(outer, count, inner);
  for (Eigen::Index j = 0; j < count; ++j) {
    int64_t index = IndexValue(desc.indices_tensor.data_type, in[1][size_t(j)]);
    if (index < 0) index += axis_size;
    if (index < 0 || index >= axis_size) return std::nullopt;
    output.template chip<1>(j) = input.template chip<1>(Eigen::Index(index));
  }
  return std::vector<Values>{Values(output.data(), output.data() + output.size())};
}

template <class T>
std::optional<std::vector<Values>> Compute(const OperatorDesc& desc,
                                           const std::vector<Values>& in) {
  switch (TypeOf(desc)) {
    case OperatorType::kSplit: return Split<T>(std::get<SplitDesc>(desc), in);
    case OperatorType::kJoin: return Join<T>(std::get<JoinDesc>(desc), in);
    case OperatorType::kGather: return Gather<T>(std::get<GatherDesc>(desc), in);
    case OperatorType::kDepthToSpace1:
      return DepthToSpace<T>(std::get<DepthToSpace1Desc>(desc), in);
    case OperatorType::kSpaceToDepth1:
      return SpaceToDepth<T>(std::get<SpaceToDepth1Desc>(desc), in);
    case OperatorType::kReverseSubsequences:
      return Reverse<T>(std::get<ReverseSubsequencesDesc>(desc), in);
  }
  return std::nullopt;
}

}  // namespace

int64_t IndexValue(DataType type, ElementBits bits) {
  const unsigned width = unsigned(ElementSize(type)) * 8;
  if (width == 64) {
    if (IsSignedInteger(type)) return int64_t(bits);
    // A UINT64 above INT64_MAX is beyond any axis (sizes are 32-bit); it must
    // not wrap to a negative index that counts from the end.
    return bits > uint64_t(INT64_MAX) ? INT64_MAX : int64_t(bits);
  }
  const ElementBits mask = (ElementBits{1} << width) - 1;
  bits &= mask;
  if (IsSignedInteger(type) && (bits >> (width - 1)) != 0) return int64_t(bits | ~mask);
  return int64_t(bits);
}

std::optional<std::vector<Values>> OracleOutputs(const OperatorDesc& desc,
                                                 const std::vector<Values>& inputs) {
  switch (InputSlots(desc).front().desc->ElementSize()) {
    case 1: return Compute<uint8_t>(desc, inputs);
    case 2: return Compute<uint16_t>(desc, inputs);
    case 4: return Compute<uint32_t>(desc, inputs);
    default: return Compute<uint64_t>(desc, inputs);
  }
}

}  // namespace dmlconf::generate
