// Seeded random operator problems for the naive-vs-blocked property suite:
// ranks 1..8, sizes including 1, padded, permuted and zero (broadcast)
// strides, every element size, and index / length values in and out of range.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "dmlconf/op_desc.h"

namespace dmlconf::testing {

// Elements per tensor the generator aims below: big enough for every layout
// and tail, small enough for thousands of problems under ASan.
inline constexpr uint64_t kMaxProblemElements = 3000;

class ProblemRng {
 public:
  explicit ProblemRng(uint64_t seed) : engine_(seed) {}
  // Uniform in [lo, hi].
  int64_t Int(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(engine_);
  }
  bool Chance(double p) { return std::bernoulli_distribution(p)(engine_); }
  template <class T>
  const T& Pick(const std::vector<T>& options) {
    return options[size_t(Int(0, int64_t(options.size()) - 1))];
  }
  std::mt19937_64& engine() { return engine_; }

 private:
  std::mt19937_64 engine_;
};

// One random valid problem of the given operator, with its index or length
// values (for GATHER / REVERSE_SUBSEQUENCES; empty otherwise) as 64-bit
// patterns to be stored at the index type's width in every slot.
struct Problem {
  OperatorDesc desc;
  std::vector<uint64_t> index_values;
};

Problem RandomProblem(OperatorType type, ProblemRng& rng);

// One line per tensor and field, for failure messages.
std::string Describe(const OperatorDesc& desc);

}  // namespace dmlconf::testing
