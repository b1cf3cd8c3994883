// GATHER's rules that more than one part of dmlconf applies, each written once here:
// validation (reference/src/validate/gather.cc), the generator's builders and oracle
// (validator/src/generate), the fuzzer (validator/src/fuzz/drawing.cc) and the DirectML
// host (validator/src/backends/directml/descriptor.cpp). Header-only C++17 over any
// container of sizes: the host is a separate C++17 mingw build that includes it too.
#pragma once

#include <cstddef>

namespace dmlconf::gather_rules {

// Seed 002 (OutputTensor): "the original rank of InputTensor", its rank before
// leading-1 padding; at least 1 for a tensor of rank 1 or more.
template <class Sizes>
size_t OriginalRank(const Sizes& input_sizes) {
  const size_t rank = input_sizes.size();
  size_t original = rank;
  while (original > 1 && input_sizes[rank - original] == 1) --original;
  return original;
}

// Seed 002: "the number of relevant dimensions in the output can be computed by the
// original rank of InputTensor + IndexDimensions - 1. This value must be less than or
// equal to OutputTensor's DimensionCount" (which is the input's rank).
template <class Sizes>
bool OriginalRankFits(const Sizes& input_sizes, size_t index_dimensions) {
  return OriginalRank(input_sizes) + index_dimensions <= input_sizes.size() + 1;
}

// Contract point G4: the seed calls the leading D-K dimensions of IndicesTensor padding
// and only ever shows them as 1s; with one larger than 1 the result is
// implementation-defined (refuse, read coordinate 0 there, or something else), so no
// case may rest on it and no output can be expected.
template <class Sizes>
bool LeadingIndexDimensionAboveOne(const Sizes& index_sizes, size_t index_dimensions) {
  for (size_t d = 0; d + index_dimensions < index_sizes.size(); ++d)
    if (index_sizes[d] != 1) return true;
  return false;
}

}  // namespace dmlconf::gather_rules
