// SCATTER_ND: GATHER_ND's matrices the other way round (oracle/nd.h): the output starts
// as the input [P, Q, R], and update row (p, j) of [P, J, R] lands on output row q of
// batch p, the row tuple (p, j) selects. Where updates with different bits collide the
// page names no winner: the output element is contested (OracleOneOf), and
// OracleOutputs holds the last update there.
#include <map>

#include "oracle/nd.h"

namespace dmlconf::generate::oracle {

namespace {

// The updates landing on each output element (flat row-major position), in the
// updates' row-major order; nothing when a tuple has a coordinate out of range.
std::optional<std::map<uint64_t, Values>> Landings(const ScatterNdDesc& desc,
                                                   const std::vector<Values>& in) {
  const NdMatrix m = NdMatrixOf(desc);
  std::map<uint64_t, Values> landings;
  for (Eigen::Index p = 0; p < m.p; ++p)
    for (Eigen::Index j = 0; j < m.j; ++j) {
      const std::optional<Eigen::Index> row = NdRow(m, desc.indices_tensor.data_type, in[1], p, j);
      if (!row) return std::nullopt;  // left open by the page (O1)
      for (Eigen::Index r = 0; r < m.r; ++r)
        landings[uint64_t((p * m.q + *row) * m.r + r)].push_back(
            in[2][size_t((p * m.j + j) * m.r + r)]);
    }
  return landings;
}

}  // namespace

template <class T>
Outputs OracleScatterNd(const ScatterNdDesc& desc, const std::vector<Values>& in) {
  const std::optional<std::map<uint64_t, Values>> landings = Landings(desc, in);
  if (!landings) return std::nullopt;
  const NdMatrix m = NdMatrixOf(desc);
  Eigen::Tensor<T, 3, Eigen::RowMajor> output(m.p, m.q, m.r);
  for (size_t i = 0; i < in[0].size(); ++i) output.data()[i] = T(in[0][i]);
  for (const auto& [target, values] : *landings) output.data()[target] = T(values.back());
  return std::vector<Values>{Values(output.data(), output.data() + output.size())};
}

std::vector<OneOf> OracleOneOf(const ScatterNdDesc& desc, const std::vector<Values>& in) {
  const std::optional<std::map<uint64_t, Values>> landings = Landings(desc, in);
  return landings ? Contested(*landings) : std::vector<OneOf>{};
}

DMLCONF_ORACLE_WIDTHS(ScatterNd, ScatterNdDesc)

}  // namespace dmlconf::generate::oracle
