// Strides for a tensor's sizes: padded rows, permuted dimensions, broadcast and
// overlapping rows. The generator's fixed layouts and the fuzzer's drawn ones
// (validator/src/fuzz/layouts.cc) both lay their strides out through these.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace dmlconf::generate {

// Row-major strides with pads[d] unused elements after each step of dimension d's
// extent (a stride past UINT32_MAX stays there): padded rows. The fuzzer draws `pads`.
std::vector<uint32_t> StridesWithPadding(const std::vector<uint32_t>& sizes,
                                         const std::vector<uint32_t>& pads);
// Dense strides laying the dimensions out in `order`, outermost first: a permutation.
std::vector<uint32_t> StridesInOrder(const std::vector<uint32_t>& sizes,
                                     const std::vector<size_t>& order);
// Strides with `pad` unused elements after every row of the last dimension.
std::vector<uint32_t> PaddedStrides(const std::vector<uint32_t>& sizes, uint32_t pad);
// Dense strides in reversed dimension order (column-major): a permutation.
std::vector<uint32_t> PermutedStrides(const std::vector<uint32_t>& sizes);
// Zero strides on every dimension but the last non-1 one: a broadcast input.
std::vector<uint32_t> BroadcastStrides(const std::vector<uint32_t>& sizes);
// Packed strides, except that the innermost two dimensions of size > 1 overlap by
// one element: each row's last element is the next row's first. Throws
// std::logic_error when there are no two such dimensions.
std::vector<uint32_t> OverlappingStrides(const std::vector<uint32_t>& sizes);

}  // namespace dmlconf::generate
