#include "strides.h"

#include <algorithm>
#include <stdexcept>

#include "dmlconf/tensor_layout.h"

namespace dmlconf::generate {

std::vector<uint32_t> StridesWithPadding(const std::vector<uint32_t>& sizes,
                                         const std::vector<uint32_t>& pads) {
  std::vector<uint32_t> strides(sizes.size());
  uint64_t stride = 1;
  for (size_t d = sizes.size(); d-- > 0;) {
    strides[d] = uint32_t(std::min<uint64_t>(stride, UINT32_MAX));
    stride *= uint64_t(sizes[d]) + pads[d];
  }
  return strides;
}

std::vector<uint32_t> StridesInOrder(const std::vector<uint32_t>& sizes,
                                     const std::vector<size_t>& order) {
  std::vector<uint32_t> strides(sizes.size());
  uint64_t stride = 1;
  for (size_t k = order.size(); k-- > 0;) {
    strides[order[k]] = uint32_t(stride);
    stride *= sizes[order[k]];
  }
  return strides;
}

std::vector<uint32_t> PaddedStrides(const std::vector<uint32_t>& sizes, uint32_t pad) {
  std::vector<uint32_t> pads(sizes.size(), 0);
  if (!pads.empty()) pads.back() = pad;
  return StridesWithPadding(sizes, pads);
}

std::vector<uint32_t> PermutedStrides(const std::vector<uint32_t>& sizes) {
  std::vector<size_t> order(sizes.size());
  for (size_t d = 0; d < order.size(); ++d) order[d] = order.size() - 1 - d;
  return StridesInOrder(sizes, order);
}

std::vector<uint32_t> BroadcastStrides(const std::vector<uint32_t>& sizes) {
  std::vector<uint32_t> strides(sizes.size(), 0);
  for (size_t d = sizes.size(); d-- > 0;) {
    if (sizes[d] > 1) {
      strides[d] = 1;
      break;
    }
  }
  return strides;
}

std::vector<uint32_t> OverlappingStrides(const std::vector<uint32_t>& sizes) {
  std::vector<uint32_t> strides = PackedStrides(sizes);
  std::vector<size_t> wide;
  for (size_t d = sizes.size(); d-- > 0 && wide.size() < 2;)
    if (sizes[d] > 1) wide.push_back(d);
  if (wide.size() < 2) throw std::logic_error("generator: no two dimensions to overlap");
  strides[wide[1]] = sizes[wide[0]] * strides[wide[0]] - strides[wide[0]];
  return strides;
}

}  // namespace dmlconf::generate
