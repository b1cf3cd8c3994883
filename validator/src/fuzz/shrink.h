// Shrinking a failing case through its tape: the case is redrawn from fewer and
// smaller answers (tape.h; the builders make 0 the simplest answer: fewer inputs, lower
// rank, smaller sizes, packed strides, position codes without special values), and a
// redrawn case is kept when it still fails the same way. Answers are compared shortlex
// (shorter, then smaller), and only a smaller tape is ever kept, so it ends.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <vector>

#include "fuzz/drawing.h"

namespace dmlconf::fuzz {

struct ShrinkLimits {
  int max_tries = 400;  // cases judged
  std::chrono::milliseconds time{60'000};
};

struct Shrunk {
  std::vector<uint32_t> tape;
  FuzzCase best;
  int tries = 0;  // cases judged while shrinking
};

// `tape` drew `start`, which fails. `draw` redraws a case from a tape (nullopt: none);
// `fails` judges a redrawn case: whether it still fails the same way.
Shrunk Shrink(std::vector<uint32_t> tape, FuzzCase start,
              const std::function<std::optional<FuzzCase>(Tape&)>& draw,
              const std::function<bool(const FuzzCase&)>& fails, const ShrinkLimits& limits);

// Shorter first, then lexicographically smaller.
bool ShortlexLess(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b);

}  // namespace dmlconf::fuzz
