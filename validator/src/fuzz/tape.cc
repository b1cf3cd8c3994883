#include "fuzz/tape.h"

#include <algorithm>
#include <iterator>

#include "values.h"  // SplitMix64

namespace dmlconf::fuzz {

Tape Tape::FromSeed(uint64_t seed) {
  Tape tape;
  tape.state_ = seed;
  return tape;
}

Tape Tape::Replay(std::vector<uint32_t> recorded) {
  Tape tape;
  tape.replay_ = true;
  tape.recorded_ = std::move(recorded);
  return tape;
}

uint32_t Tape::Below(uint32_t n) {
  uint32_t answer = 0;
  if (!replay_) {
    state_ += 0x9e3779b97f4a7c15ull;
    answer = uint32_t(generate::SplitMix64(state_) % n);
  } else if (made_.size() < recorded_.size()) {
    answer = std::min(recorded_[made_.size()], n - 1);
  }
  made_.push_back(answer);
  return answer;
}

uint32_t Tape::Count(uint32_t n) {
  counts_.push_back(made_.size());
  return Below(n);
}

namespace {

// Ascending within each group, so that a smaller answer is a smaller size.
constexpr uint32_t kSmall[] = {2, 3, 4, 5, 7, 8, 11, 13};
constexpr uint32_t kLarge[] = {17, 31, 64, 127, 256, 257, 1021, 4099, 65535, 65536, 65537, 70001};

}  // namespace

uint32_t Tape::Size() {
  // Of 64 answers: 19 a 1, 32 a small size, 11 a middling one, 2 a large one.
  const uint32_t kind = Below(64);
  uint32_t size = 1;
  if (kind >= 62)
    size = kLarge[Below(uint32_t(std::size(kLarge)))];
  else if (kind >= 51)
    size = 2 + Below(30);
  else if (kind >= 19)
    size = kSmall[Below(uint32_t(std::size(kSmall)))];
  // What the sizes before this one leave: a size past it shrinks to fit.
  const uint64_t room = std::max<uint64_t>(1, kMaxDrawnElements / product_);
  size = uint32_t(std::min<uint64_t>(size, room));
  product_ *= size;
  return size;
}

uint64_t CaseSeed(uint64_t seed, uint64_t iteration, uint32_t attempt) {
  return generate::SplitMix64(generate::SplitMix64(seed) ^
                              generate::SplitMix64(iteration * 64 + attempt + 1));
}

}  // namespace dmlconf::fuzz
