// What the per-operator oracles (oracle/<operator>.cc) share: every tensor as an
// Eigen tensor of rank 8, padded with leading 1s, of an unsigned type as wide as
// the element, so one Eigen type per width serves every operator and rank.
#pragma once

#include <algorithm>
#include <cassert>
#include <map>
#include <optional>
#include <vector>

#include <unsupported/Eigen/CXX11/Tensor>

#include "oracle.h"

namespace dmlconf::generate::oracle {

constexpr int kRank = 8;
using Dims = Eigen::array<Eigen::Index, kRank>;
template <class T>
using Tensor8 = Eigen::Tensor<T, kRank, Eigen::RowMajor>;
using Outputs = std::optional<std::vector<Values>>;

inline Dims Padded(const std::vector<uint32_t>& sizes) {
  Dims dims;
  dims.fill(1);
  const size_t pad = kRank - sizes.size();
  for (size_t d = 0; d < sizes.size(); ++d) dims[pad + d] = sizes[d];
  return dims;
}

inline int PaddedAxis(const TensorDesc& desc, uint32_t axis) {
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

// One operator's oracle, for each element width: Outputs Oracle<Type><T>(desc, inputs)
// in oracle/<operator>.cc, declared for every operator of ops.inc.
#define DMLCONF_OPERATOR(Type, NAME, Desc) \
  template <class T>                       \
  Outputs Oracle##Type(const Desc& desc, const std::vector<Values>& in);
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR

// The contested elements of an operator with an Updates field (op_schema.inc), in
// oracle/<operator>.cc; declared for every operator, defined only for those.
#define DMLCONF_OPERATOR(Type, NAME, Desc) \
  std::vector<OneOf> OracleOneOf(const Desc& desc, const std::vector<Values>& in);
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR

// A scatter's contested elements from the updates landing on each output element (flat
// row-major position, in the updates' order): those where updates of different bits land.
inline std::vector<OneOf> Contested(const std::map<uint64_t, Values>& landings) {
  std::vector<OneOf> contested;
  for (const auto& [target, values] : landings) {
    Values distinct;
    for (ElementBits bits : values)
      if (std::find(distinct.begin(), distinct.end(), bits) == distinct.end())
        distinct.push_back(bits);
    if (distinct.size() > 1) contested.push_back({0, target, std::move(distinct)});
  }
  return contested;
}

// The four widths an oracle is compiled for, at the end of oracle/<operator>.cc.
#define DMLCONF_ORACLE_WIDTHS(Type, Desc)                                           \
  template Outputs Oracle##Type<uint8_t>(const Desc&, const std::vector<Values>&);  \
  template Outputs Oracle##Type<uint16_t>(const Desc&, const std::vector<Values>&); \
  template Outputs Oracle##Type<uint32_t>(const Desc&, const std::vector<Values>&); \
  template Outputs Oracle##Type<uint64_t>(const Desc&, const std::vector<Values>&);

}  // namespace dmlconf::generate::oracle
