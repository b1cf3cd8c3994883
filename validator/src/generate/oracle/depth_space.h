// The depth/space family's oracle: one reshape into eight named axes, one
// shuffle, one reshape back, for either direction and either channel layout.
#pragma once

#include "dmlconf/depth_space.h"
#include "oracle/oracle_tensor.h"

namespace dmlconf::generate::oracle {

// `split` are the rank-8 sizes the input is read as, `order` the shuffle, and the
// output's own sizes finish the job.
template <class T>
Values ReshapeShuffle(const Values& in, const Dims& split, const Eigen::array<int, kRank>& order,
                      const TensorDesc& output) {
  Tensor8<T> source(split);
  for (size_t i = 0; i < in.size(); ++i) source.data()[i] = T(in[i]);
  const Tensor8<T> shuffled = source.shuffle(order);
  return ToValues<T>(shuffled.reshape(Padded(output.sizes)));
}

template <class T>
Values DepthToSpace(const TensorDesc& input, const TensorDesc& output, Eigen::Index b,
                    DepthSpaceOrder layout, const Values& in) {
  const auto& s = input.sizes;  // {N, C, H, W}
  const Eigen::Index c2 = s[1] / (b * b);
  // Rank-8 axes numbered 0..7; 0 and 1 are padding.
  if (layout == DepthSpaceOrder::kDepthColumnRow) {
    // C read as (bh, bw, c'): axes N=2 bh=3 bw=4 c'=5 H=6 W=7.
    return ReshapeShuffle<T>(in, {1, 1, s[0], b, b, c2, s[2], s[3]}, {0, 1, 2, 5, 6, 3, 7, 4},
                             output);
  }
  // C read as (c', bh, bw): axes N=2 c'=3 bh=4 bw=5 H=6 W=7.
  return ReshapeShuffle<T>(in, {1, 1, s[0], c2, b, b, s[2], s[3]}, {0, 1, 2, 3, 6, 4, 7, 5},
                           output);
}

template <class T>
Values SpaceToDepth(const TensorDesc& input, const TensorDesc& output, Eigen::Index b,
                    DepthSpaceOrder layout, const Values& in) {
  const auto& s = input.sizes;  // {N, C, H, W}
  // H read as (H', bh), W as (W', bw): axes N=2 C=3 H'=4 bh=5 W'=6 bw=7.
  const Dims split = {1, 1, s[0], s[1], s[2] / b, b, s[3] / b, b};
  if (layout == DepthSpaceOrder::kDepthColumnRow)  // out C = (bh, bw, c)
    return ReshapeShuffle<T>(in, split, {0, 1, 2, 5, 7, 3, 4, 6}, output);
  // out C = (c, bh, bw)
  return ReshapeShuffle<T>(in, split, {0, 1, 2, 3, 5, 7, 4, 6}, output);
}

// Any member of the family, in its direction and layout.
template <class T, class Desc>
Outputs DepthSpace(const Desc& desc, const std::vector<Values>& in) {
  const auto move =
      kDirection<Desc> == DepthSpaceDirection::kToSpace ? DepthToSpace<T> : SpaceToDepth<T>;
  return std::vector<Values>{
      move(desc.input_tensor, desc.output_tensor, desc.block_size, LayoutOf(desc), in[0])};
}

// A member's oracle/<operator>.cc: DMLCONF_DEPTH_SPACE_ORACLE(DepthToSpace1).
#define DMLCONF_DEPTH_SPACE_ORACLE(Type)                                        \
  template <class T>                                                            \
  Outputs Oracle##Type(const Type##Desc& desc, const std::vector<Values>& in) { \
    return DepthSpace<T>(desc, in);                                             \
  }                                                                             \
  DMLCONF_ORACLE_WIDTHS(Type, Type##Desc)

}  // namespace dmlconf::generate::oracle
