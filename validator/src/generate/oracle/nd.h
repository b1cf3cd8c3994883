// The ND operators' oracle, written as matrix rows rather than coordinates: the input
// viewed as [P, Q, R] (P the batch elements, Q the positions the T tuple coordinates
// select, in row-major order, R the block after them), the indices as [P, J, T] and the
// gathered tensor (GATHER_ND's output, SCATTER_ND's updates) as [P, J, R]. Tuple (p, j)
// names row q of input batch p.
#pragma once

#include <stdexcept>

#include "dmlconf/nd.h"
#include "oracle/oracle_tensor.h"

namespace dmlconf::generate::oracle {

struct NdMatrix {
  Eigen::Index p = 1, q = 1, r = 1, j = 1, t = 0;
  std::vector<int64_t> selected;  // S_0 .. S_{T-1}
};

// Throws std::invalid_argument where the output is implementation-defined (contract
// points M1, M2).
template <class Desc>
NdMatrix NdMatrixOf(const Desc& desc) {
  const NdCounts c = NdCountsOf(desc);
  const std::vector<uint32_t>& in = desc.input_tensor.sizes;
  const std::vector<uint32_t>& idx = desc.indices_tensor.sizes;
  const size_t rank = in.size();
  if (NdLeadingAboveOne(in, idx, c) || NdBatchSizesDiffer(in, idx, c))
    throw std::invalid_argument("oracle: an ND descriptor of contract point M1 or M2");
  NdMatrix m;
  m.t = idx.back();
  size_t d = rank - c.input;
  for (uint32_t k = 0; k < c.batch; ++k) m.p *= in[d++];
  for (Eigen::Index k = 0; k < m.t; ++k) {
    m.selected.push_back(in[d]);
    m.q *= in[d++];
  }
  for (; d < rank; ++d) m.r *= in[d];
  for (size_t k = rank - c.indices + c.batch; k + 1 < rank; ++k) m.j *= idx[k];
  return m;
}

// The input row tuple (p, j) selects; nothing when a coordinate is out of range.
inline std::optional<Eigen::Index> NdRow(const NdMatrix& m, DataType index_type,
                                         const Values& indices, Eigen::Index p, Eigen::Index j) {
  Eigen::Index row = 0;
  for (Eigen::Index k = 0; k < m.t; ++k) {
    int64_t index = IndexValue(index_type, indices[size_t((p * m.j + j) * m.t + k)]);
    if (index < 0) index += m.selected[size_t(k)];
    if (index < 0 || index >= m.selected[size_t(k)]) return std::nullopt;
    row = row * m.selected[size_t(k)] + index;
  }
  return row;
}

template <class T, class Desc>
Outputs OracleGatherTuples(const Desc& desc, const std::vector<Values>& in) {
  const NdMatrix m = NdMatrixOf(desc);
  Eigen::Tensor<T, 3, Eigen::RowMajor> input(m.p, m.q, m.r);
  for (size_t i = 0; i < in[0].size(); ++i) input.data()[i] = T(in[0][i]);
  Eigen::Tensor<T, 3, Eigen::RowMajor> output(m.p, m.j, m.r);
  for (Eigen::Index p = 0; p < m.p; ++p)
    for (Eigen::Index j = 0; j < m.j; ++j) {
      const std::optional<Eigen::Index> row = NdRow(m, desc.indices_tensor.data_type, in[1], p, j);
      if (!row) return std::nullopt;  // left open by the page (O1)
      output.chip(p, 0).chip(j, 0) = input.chip(p, 0).chip(*row, 0);
    }
  return std::vector<Values>{Values(output.data(), output.data() + output.size())};
}

}  // namespace dmlconf::generate::oracle
