// fuzz/guidance.h: a draw is kept only when the backend's feedback file grew after it,
// and a neighbour is a kept tape with 1 to 3 answers redrawn between 0 and twice the
// old answer plus one, for about half the draws, the same for the same (seed, case).
#include "fuzz/guidance.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace dmlconf::fuzz {
namespace {

// A feedback file's path in a folder of the test's own under $TMPDIR, removed again.
class Feedback {
 public:
  Feedback() {
    const char* tmp = std::getenv("TMPDIR");
    folder_ = std::filesystem::path(tmp ? tmp : "/tmp") / ("guidance-" + std::to_string(getpid()));
    std::filesystem::create_directories(folder_);
  }
  ~Feedback() { std::filesystem::remove_all(folder_); }
  std::filesystem::path path() const { return folder_ / "feedback"; }
  void Append(const std::string& line) const {
    std::ofstream(path(), std::ios::app) << line << "\n";
  }

 private:
  std::filesystem::path folder_;
};

const std::vector<uint32_t> kTape = {5, 0, 17, 2, 9};

TEST(Guidance, KeepsOnlyADrawAfterWhichTheFeedbackGrew) {
  Feedback feedback;
  Guidance guidance(feedback.path());
  EXPECT_FALSE(guidance.AfterCase(OperatorType::kGather, kTape));  // no file yet
  feedback.Append("1dfe8ad8467a");
  EXPECT_TRUE(guidance.AfterCase(OperatorType::kGather, kTape));
  EXPECT_FALSE(guidance.AfterCase(OperatorType::kGather, {1, 2}));  // nothing new since
  EXPECT_EQ(guidance.kept(), 1u);
}

TEST(Guidance, WhatAnEarlierCampaignWroteIsNotNews) {
  Feedback feedback;
  feedback.Append("b819628be9b4");
  Guidance guidance(feedback.path());
  EXPECT_FALSE(guidance.AfterCase(OperatorType::kJoin, kTape));
}

TEST(Guidance, NeighboursAreNearAKeptTapeOfTheSameOperator) {
  Feedback feedback;
  Guidance guidance(feedback.path());
  EXPECT_FALSE(guidance.Neighbour(OperatorType::kGather, 7, 0).has_value());  // none kept
  feedback.Append("6e39639c63dc");
  ASSERT_TRUE(guidance.AfterCase(OperatorType::kGather, kTape));
  EXPECT_FALSE(guidance.Neighbour(OperatorType::kJoin, 7, 0).has_value());  // another operator
  int near = 0;
  for (uint64_t i = 0; i < 400; ++i) {
    const auto tape = guidance.Neighbour(OperatorType::kGather, 7, i);
    EXPECT_EQ(tape, guidance.Neighbour(OperatorType::kGather, 7, i)) << "case " << i;
    if (!tape) continue;
    ++near;
    ASSERT_EQ(tape->size(), kTape.size());
    int changed = 0;
    for (size_t k = 0; k < kTape.size(); ++k) {
      EXPECT_LE((*tape)[k], 2 * kTape[k] + 1) << "case " << i << ", answer " << k;
      changed += (*tape)[k] != kTape[k];
    }
    EXPECT_LE(changed, 3) << "case " << i;
  }
  // Half the draws, within what 400 fair coin flips give (mean 200, sd 10).
  EXPECT_GT(near, 150);
  EXPECT_LT(near, 250);
}

}  // namespace
}  // namespace dmlconf::fuzz
