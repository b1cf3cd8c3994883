// Warm spare copies of this host for the cases that must run in a process of their own
// (a GATHER that corrupts DirectML's memory: descriptor.cpp). A fresh Wine process
// with its own devices takes seconds to start; a spare has started while earlier
// cases ran, so an isolated case costs about what a normal one does. Each spare runs
// one case and is retired; its replacement is launched by the next Refill, after the
// case, so that a Wine start does not take the CPU the case itself needs. A spare
// that died while waiting is dropped, never handed out.
#pragma once

#include <chrono>
#include <deque>
#include <memory>
#include <string>

#include "isolated_child.h"

class SparePool {
 public:
  // `capacity` spares are kept once the first is asked for: a run without isolated
  // cases starts none. 0 starts every isolated case cold.
  explicit SparePool(int capacity) : capacity_(capacity) {}
  SparePool(const SparePool&) = delete;
  SparePool& operator=(const SparePool&) = delete;
  ~SparePool();  // spares that never ran a case are ended at once

  // A child that answered its `describe`, for one case; null with the reason when none
  // could be started. The first call launches the whole pool and takes its oldest.
  std::unique_ptr<IsolatedChild> Take(std::string* error);

  // Launches what the pool lacks, once a spare has been asked for: the host calls it
  // at each create, so the replacement of a spare taken by the last case starts after
  // that case is done, while ordinary cases run.
  void Refill();

 private:
  struct Spare {
    std::unique_ptr<IsolatedChild> child;
    std::chrono::steady_clock::time_point launched;
  };
  void Fill();
  static bool Launch(Spare* spare, std::string* error);

  const int capacity_;
  bool asked_for_ = false;    // a run without isolated cases launches no spare
  std::deque<Spare> spares_;  // oldest first: the most likely to be warm
};
