// The choices one fuzzed case is drawn from (generate/drawn.h's Choices), recorded as
// they are made: drawn fresh from a seed, or replayed from a recorded list that a
// shrinker edited. The same list always draws the same case.
#pragma once

#include <cstdint>
#include <vector>

#include "drawn.h"

namespace dmlconf::fuzz {

// No drawn tensor holds more elements than this: large enough for an axis past
// 65 535 elements, small enough for a case a second.
inline constexpr uint64_t kMaxDrawnElements = uint64_t(1) << 17;

class Tape : public generate::Choices {
 public:
  // Fresh choices, a splitmix64 stream from `seed`.
  static Tape FromSeed(uint64_t seed);
  // `recorded` again: an answer above its bound becomes the largest allowed, and past
  // the list's end every answer is 0, so any list replays to some case.
  static Tape Replay(std::vector<uint32_t> recorded);

  uint32_t Below(uint32_t n) override;
  uint32_t Count(uint32_t n) override;
  // 1 (answer 0), a small prime or small number, a middling one, or one of a few large
  // ones (65 535, 65 536, 70 001 ...), as long as the product of the sizes drawn so far
  // stays within kMaxDrawnElements.
  uint32_t Size() override;

  // Every answer given so far, in order: replaying them draws the same case.
  const std::vector<uint32_t>& made() const { return made_; }
  // Where among them the counts are (Count's answers).
  const std::vector<size_t>& counts() const { return counts_; }

 private:
  Tape() = default;
  bool replay_ = false;
  uint64_t state_ = 0;
  std::vector<uint32_t> recorded_;
  std::vector<uint32_t> made_;
  std::vector<size_t> counts_;
  uint64_t product_ = 1;  // of the sizes handed out
};

// Seeds of the attempts at case `iteration` of a run with `seed`: independent
// streams, so a run's case i does not depend on how many cases came before.
uint64_t CaseSeed(uint64_t seed, uint64_t iteration, uint32_t attempt);

}  // namespace dmlconf::fuzz
