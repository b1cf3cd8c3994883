#include "oracle/pad.h"

namespace dmlconf::generate::oracle {

namespace {

// The k-th position (k = 1, 2, ...) read outward from position 0 of a dimension of size
// n, walking into the input and turning at its ends: REFLECTION turns on the end
// element (1, 2, ..., n-1, n-2, ...), SYMMETRIC repeats it (0, 1, ..., n-1, n-1, ...),
// WRAP leaves at one end and comes back at the other (n-1, n-2, ..., 0, n-1, ...).
std::vector<Eigen::Index> WalkOutward(PaddingMode mode, Eigen::Index n, uint32_t steps) {
  std::vector<Eigen::Index> walked;
  Eigen::Index at = 0, heading = 1;
  for (uint32_t k = 1; k <= steps; ++k) {
    switch (mode) {
      case PaddingMode::kEdge: break;
      case PaddingMode::kReflection:
        if (n == 1) break;  // nowhere to go
        if (at + heading < 0 || at + heading >= n) heading = -heading;
        at += heading;
        break;
      case PaddingMode::kSymmetric:
        if (k == 1) break;  // the edge element itself first
        if (at + heading < 0 || at + heading >= n)
          heading = -heading;  // the end element again
        else
          at += heading;
        break;
      case PaddingMode::kWrap: at = at == 0 ? n - 1 : at - 1; break;
      case PaddingMode::kConstant: break;
    }
    walked.push_back(at);
  }
  return walked;
}

}  // namespace

std::vector<Eigen::Index> WalkedPositions(PaddingMode mode, Eigen::Index n, uint32_t start,
                                          uint32_t end) {
  const std::vector<Eigen::Index> before = WalkOutward(mode, n, start);
  const std::vector<Eigen::Index> after = WalkOutward(mode, n, end);  // of the input reversed
  std::vector<Eigen::Index> positions(before.rbegin(), before.rend());
  for (Eigen::Index i = 0; i < n; ++i) positions.push_back(i);
  for (Eigen::Index k : after) positions.push_back(n - 1 - k);
  return positions;
}

}  // namespace dmlconf::generate::oracle
