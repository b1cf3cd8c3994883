#include "fuzz/shrink.h"

#include <set>
#include <variant>

#include "gen_common.h"  // ComputeExpected

namespace dmlconf::fuzz {

namespace {

// A replay reads 0 past the end, so trailing zeros say nothing.
std::vector<uint32_t> Trimmed(std::vector<uint32_t> tape) {
  while (!tape.empty() && tape.back() == 0) tape.pop_back();
  return tape;
}

class Shrinker {
 public:
  Shrinker(std::vector<uint32_t> tape, FuzzCase start,
           const std::function<std::optional<FuzzCase>(Tape&)>& draw,
           const std::function<bool(const FuzzCase&)>& fails, const ShrinkLimits& limits)
      : best_{Trimmed(std::move(tape)), std::move(start), 0},
        draw_(draw),
        fails_(fails),
        limits_(limits),
        deadline_(std::chrono::steady_clock::now() + limits.time) {
    Tape replay = Tape::Replay(best_.tape);
    if (draw_(replay)) counts_ = replay.counts();
  }

  Shrunk Run() {
    for (bool improved = true; improved && !Exhausted();)
      improved = FewerThings() | DeleteSpans() | ZeroEach() | LowerEach();
    MergeOutputs();
    return best_;
  }

 private:
  bool Exhausted() const {
    return best_.tries >= limits_.max_tries || std::chrono::steady_clock::now() >= deadline_;
  }

  // Keeps the candidate when it redraws to a smaller tape whose case still fails.
  bool Try(const std::vector<uint32_t>& candidate) {
    if (Exhausted() || !ShortlexLess(candidate, best_.tape)) return false;
    Tape tape = Tape::Replay(candidate);
    std::optional<FuzzCase> drawn = draw_(tape);
    if (!drawn) return false;
    std::vector<uint32_t> made = Trimmed(tape.made());
    if (!ShortlexLess(made, best_.tape) || !seen_.insert(made).second) return false;
    ++best_.tries;
    if (!fails_(*drawn)) return false;
    best_.tape = std::move(made);
    best_.best = std::move(*drawn);
    counts_ = tape.counts();
    return true;
  }

  // One dimension or piece fewer: a count one lower, and the choices of one of the
  // things it counted (one or two answers, somewhere in what follows) gone with it.
  bool FewerThings() {
    constexpr size_t kReach = 24;  // answers after the count where those choices may lie
    bool improved = false;
    for (size_t m = 0; m < counts_.size() && !Exhausted(); ++m) {
      const size_t at = counts_[m];
      bool fewer = false;
      for (size_t q = at + 1; !fewer && q < std::min(best_.tape.size(), at + 1 + kReach); ++q)
        for (size_t span : {2, 1}) {
          if (at >= best_.tape.size() || best_.tape[at] == 0 || q + span > best_.tape.size()) break;
          std::vector<uint32_t> candidate = best_.tape;
          --candidate[at];
          candidate.erase(candidate.begin() + long(q), candidate.begin() + long(q + span));
          if (Try(candidate)) {
            fewer = improved = true;
            break;
          }
        }
    }
    return improved;
  }

  // Whole stretches of choices out: fewer pieces, dimensions, tensors.
  bool DeleteSpans() {
    bool improved = false;
    for (size_t span : {8, 4, 2, 1}) {
      for (size_t i = 0; i + span <= best_.tape.size() && !Exhausted();) {
        std::vector<uint32_t> candidate = best_.tape;
        candidate.erase(candidate.begin() + long(i), candidate.begin() + long(i + span));
        if (Try(candidate))
          improved = true;
        else
          ++i;
      }
    }
    return improved;
  }

  bool ZeroEach() {
    bool improved = false;
    for (size_t i = 0; i < best_.tape.size() && !Exhausted(); ++i) {
      if (best_.tape[i] == 0) continue;
      std::vector<uint32_t> candidate = best_.tape;
      candidate[i] = 0;
      improved |= Try(candidate);
    }
    return improved;
  }

  // Halving, else one less, while it keeps failing.
  bool LowerEach() {
    bool improved = false;
    for (size_t i = 0; i < best_.tape.size() && !Exhausted(); ++i) {
      while (i < best_.tape.size() && best_.tape[i] > 1 && !Exhausted()) {
        std::vector<uint32_t> candidate = best_.tape;
        candidate[i] /= 2;
        if (!Try(candidate)) {
          candidate[i] = best_.tape[i] - 1;
          if (!Try(candidate)) break;
        }
        improved = true;
      }
    }
    return improved;
  }

  // Issue 31: a SPLIT whose bug touches one output kept every output the tape could not
  // lose without changing which one fails. Neighbouring outputs are merged into one
  // packed output (their sizes along Axis added, so they still add up to the input's),
  // one pair at a time, while the case still fails the same way: what stays is the
  // failing output, as it was drawn, between at most one merged output on each side.
  // The case is no longer the tape's (best_.tape stays the last tape that drew one).
  void MergeOutputs() {
    for (size_t i = 0; !Exhausted();) {
      auto* split = std::get_if<SplitDesc>(&best_.best.gen.desc);
      if (split == nullptr || best_.best.gen.expect != generate::Expect::kMatch ||
          i + 1 >= split->output_tensors.size())
        return;
      FuzzCase merged = best_.best;
      std::vector<TensorDesc>& outputs = std::get<SplitDesc>(merged.gen.desc).output_tensors;
      std::vector<uint32_t> sizes = outputs[i].sizes;
      sizes[split->axis] += outputs[i + 1].sizes[split->axis];
      outputs[i] = TensorDesc::Packed(outputs[i].data_type, std::move(sizes));
      outputs.erase(outputs.begin() + long(i) + 1);
      generate::ComputeExpected(merged.gen);
      ++best_.tries;
      if (fails_(merged))
        best_.best = std::move(merged);  // the same i: merge the next one into it
      else
        ++i;
    }
  }

  Shrunk best_;
  const std::function<std::optional<FuzzCase>(Tape&)>& draw_;
  const std::function<bool(const FuzzCase&)>& fails_;
  ShrinkLimits limits_;
  std::chrono::steady_clock::time_point deadline_;
  std::set<std::vector<uint32_t>> seen_;
  std::vector<size_t> counts_;  // where the best tape's counts are
};

}  // namespace

bool ShortlexLess(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
  if (a.size() != b.size()) return a.size() < b.size();
  return a < b;
}

Shrunk Shrink(std::vector<uint32_t> tape, FuzzCase start,
              const std::function<std::optional<FuzzCase>(Tape&)>& draw,
              const std::function<bool(const FuzzCase&)>& fails, const ShrinkLimits& limits) {
  return Shrinker(std::move(tape), std::move(start), draw, fails, limits).Run();
}

}  // namespace dmlconf::fuzz
