// GATHER: output chip j along the gathered axes is input chip indices[j].
#include <numeric>
#include <stdexcept>
#include <string>
#include "dmlconf/gather_rules.h"
#include "oracle/oracle_tensor.h"

namespace dmlconf::generate::oracle {

// Contract point G4 (dmlconf/gather_rules.h): Gather below reads the index elements as
// one flat list of the K trailing coordinates, which is only right when every leading
// D-K dimension of IndicesTensor is 1: a case that breaks it is `refuse_or_run` without
// `expected`, and asking the oracle for its outputs is a generator bug, not a guess to
// make.
namespace {

void RequireUnitLeadingIndexDims(const GatherDesc& desc) {
  const std::vector<uint32_t>& sizes = desc.indices_tensor.sizes;
  if (gather_rules::LeadingIndexDimensionAboveOne(sizes, desc.index_dimensions))
    throw std::invalid_argument(
        "oracle: GATHER IndicesTensor.Sizes " + FormatSizes(sizes) + " with IndexDimensions " +
        std::to_string(desc.index_dimensions) +
        " has a leading (non-index) dimension above 1; DirectML leaves that "
        "implementation-defined (contract point G4), so there is no expected output");
}

}  // namespace

template <class T>
Outputs OracleGather(const GatherDesc& desc, const std::vector<Values>& in) {
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

DMLCONF_ORACLE_WIDTHS(Gather, GatherDesc)

}  // namespace dmlconf::generate::oracle
