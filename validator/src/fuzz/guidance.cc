#include "fuzz/guidance.h"

#include <system_error>
#include <utility>

#include "fuzz/tape.h"
#include "values.h"  // SplitMix64

namespace dmlconf::fuzz {

namespace {

// The attempt number Neighbour's choices are drawn under: past the campaign's own
// attempts at a case, so guided and fresh draws never share a stream.
constexpr uint32_t kGuidanceStream = 63;
// Answers redrawn per neighbour: 1 to kMaxEdits.
constexpr uint64_t kMaxEdits = 3;

// A splitmix64 stream for one case's neighbour.
class Stream {
 public:
  explicit Stream(uint64_t seed) : state_(seed) {}
  uint64_t Next() { return state_ = generate::SplitMix64(state_); }
  uint64_t Below(uint64_t n) { return Next() % n; }

 private:
  uint64_t state_;
};

}  // namespace

Guidance::Guidance(std::filesystem::path feedback) : feedback_(std::move(feedback)) {
  std::error_code ec;
  const uintmax_t size = std::filesystem::file_size(feedback_, ec);
  seen_bytes_ = ec ? 0 : size;  // what an earlier campaign wrote is not this one's news
}

bool Guidance::AfterCase(OperatorType op, const std::vector<uint32_t>& tape) {
  std::error_code ec;
  const uintmax_t size = std::filesystem::file_size(feedback_, ec);
  if (ec || size <= seen_bytes_) return false;
  seen_bytes_ = size;
  tapes_[op].push_back(tape);
  ++kept_;
  return true;
}

std::optional<std::vector<uint32_t>> Guidance::Neighbour(OperatorType op, uint64_t seed,
                                                         uint64_t iteration) const {
  const auto kept = tapes_.find(op);
  if (kept == tapes_.end() || kept->second.empty()) return std::nullopt;
  Stream stream(CaseSeed(seed, iteration, kGuidanceStream));
  if (stream.Below(2) == 0) return std::nullopt;  // half the draws stay fresh
  const std::vector<uint32_t>& original = kept->second[stream.Below(kept->second.size())];
  std::vector<uint32_t> tape = original;
  if (tape.empty()) return tape;
  // Near the old answer: from 0 to twice it plus one, so a bound's edge and small
  // counts are both reached; Tape::Replay clamps what lies past the bound.
  for (uint64_t edits = 1 + stream.Below(kMaxEdits); edits > 0; --edits) {
    const size_t at = stream.Below(tape.size());
    tape[at] = uint32_t(stream.Below(uint64_t(original[at]) * 2 + 2));
  }
  return tape;
}

}  // namespace dmlconf::fuzz
