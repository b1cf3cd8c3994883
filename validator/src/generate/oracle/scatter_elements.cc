// SCATTER_ELEMENTS: the output is the input with each update written at the
// update's coordinates, its Axis coordinate replaced by its index. Where updates
// with different bits collide the pages name no winner: the output element is
// contested (OracleOneOf), and OracleOutputs holds the last update there.
#include <map>

#include "oracle/oracle_tensor.h"

namespace dmlconf::generate::oracle {

namespace {

// The updates landing on each output element (flat row-major position), in the
// updates' row-major order; nothing when an index is out of range.
std::optional<std::map<uint64_t, Values>> Landings(const ScatterElementsDesc& desc,
                                                   const std::vector<Values>& in) {
  const Dims out_dims = Padded(desc.output_tensor.sizes);
  const Dims upd_dims = Padded(desc.updates_tensor.sizes);
  const int axis = PaddedAxis(desc.output_tensor, desc.axis);
  std::map<uint64_t, Values> landings;
  Dims at;
  for (uint64_t flat = 0; flat < in[2].size(); ++flat) {
    uint64_t rest = flat;
    for (int d = kRank - 1; d >= 0; --d) {
      at[d] = Eigen::Index(rest % uint64_t(upd_dims[d]));
      rest /= uint64_t(upd_dims[d]);
    }
    int64_t index = IndexValue(desc.indices_tensor.data_type, in[1][flat]);
    if (index < 0) index += out_dims[axis];
    if (index < 0 || index >= out_dims[axis]) return std::nullopt;  // left open by the page
    at[axis] = Eigen::Index(index);
    uint64_t target = 0;
    for (int d = 0; d < kRank; ++d) target = target * uint64_t(out_dims[d]) + uint64_t(at[d]);
    landings[target].push_back(in[2][flat]);
  }
  return landings;
}

}  // namespace

template <class T>
Outputs OracleScatterElements(const ScatterElementsDesc& desc, const std::vector<Values>& in) {
  const std::optional<std::map<uint64_t, Values>> landings = Landings(desc, in);
  if (!landings) return std::nullopt;
  Tensor8<T> output = ToTensor<T>(desc.input_tensor, in[0]);
  for (const auto& [target, values] : *landings) output.data()[target] = T(values.back());
  return std::vector<Values>{Values(output.data(), output.data() + output.size())};
}

std::vector<OneOf> OracleOneOf(const ScatterElementsDesc& desc, const std::vector<Values>& in) {
  const std::optional<std::map<uint64_t, Values>> landings = Landings(desc, in);
  return landings ? Contested(*landings) : std::vector<OneOf>{};
}

DMLCONF_ORACLE_WIDTHS(ScatterElements, ScatterElementsDesc)

}  // namespace dmlconf::generate::oracle
