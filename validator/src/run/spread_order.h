// The order a backend that asked for it (Backend::SpreadsCases) runs its cases in:
// neighbours in the case files run far apart. The suite's cases that cost such a
// backend a slow start come in bursts (DirectML's isolated GATHERs: eleven, seven in a
// row); spread, each start overlaps other cases' work instead of waiting on the last.
#pragma once

#include <cstddef>
#include <vector>

namespace dmlconf::validator {

// A permutation of 0..n-1, run position to case index: case i runs at position
// (i * k) mod n, with k near n / golden ratio^2 and coprime to n, so any two cases
// close together in the case order run far apart.
std::vector<size_t> SpreadOrder(size_t n);

}  // namespace dmlconf::validator
