// Coverage guidance for a library whose code is closed: the backend says, through a
// feedback file, when a case reached something no earlier case had (for DirectML, a
// compute shader no earlier create compiled: tools/directml/shader_census.py
// --feedback). The tape of such a draw is kept, and half the later draws of its
// operator start from a kept tape with a few answers redrawn near their old values:
// the neighbourhood of what was new.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <vector>

#include "dmlconf/op_desc.h"

namespace dmlconf::fuzz {

class Guidance {
 public:
  // `feedback`: a file the backend appends a line to for each case that reached
  // something new; missing until the first such case.
  explicit Guidance(std::filesystem::path feedback);

  // After each judged case: whether the feedback file grew since the last call, in
  // which case `tape` is kept for `op`.
  bool AfterCase(OperatorType op, const std::vector<uint32_t>& tape);

  // For case `iteration`: a tape near one kept for `op`, or none (nothing kept yet, or
  // this draw is a fresh one). The same (seed, iteration) and kept tapes give the same.
  std::optional<std::vector<uint32_t>> Neighbour(OperatorType op, uint64_t seed,
                                                 uint64_t iteration) const;

  uint64_t kept() const { return kept_; }

 private:
  std::filesystem::path feedback_;
  uintmax_t seen_bytes_ = 0;
  std::map<OperatorType, std::vector<std::vector<uint32_t>>> tapes_;
  uint64_t kept_ = 0;
};

}  // namespace dmlconf::fuzz
