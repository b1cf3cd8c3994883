// Naive and blocked on the same problem, judged over whole output buffers: stride
// gaps and slack included (all poisoned alike beforehand), guard bytes checked.
// Shared by the property suite and the hand-picked long-line and threading tests.
#pragma once

#include <gtest/gtest.h>

#include <vector>

#include "dmlconf/op_desc.h"
#include "testing/test_tensor.h"

namespace dmlconf::testing {

using Kernel = void (*)(const OperatorDesc&, const Bindings&);

// Runs `kernel` on `inputs` into fresh poisoned, guarded outputs.
std::vector<TestTensor> RunKernel(Kernel kernel, const OperatorDesc& desc,
                                  const std::vector<TestTensor>& inputs);

// Blocked's output buffer against naive's: guards intact, then every byte equal; a
// failure names the first differing element by its coordinates.
::testing::AssertionResult SameBuffers(const TensorSlot& slot, const TestTensor& naive,
                                       const TestTensor& blocked);

// Naive, then blocked (under whatever threading or streaming setting the caller has
// made: it does not touch naive), on the same inputs; every output compared.
::testing::AssertionResult BlockedSameAsNaive(const OperatorDesc& desc,
                                              const std::vector<TestTensor>& inputs);

// `count` blocked threads, each given work however small the problem (the parallel
// threshold at 1), for this object's life; then every core and the default threshold.
class ThreadsForTesting {
 public:
  explicit ThreadsForTesting(int count);
  ~ThreadsForTesting();
  ThreadsForTesting(const ThreadsForTesting&) = delete;
  ThreadsForTesting& operator=(const ThreadsForTesting&) = delete;
};

}  // namespace dmlconf::testing
