// Every hand-computed kernel test runs both implementations: naive and
// blocked share one signature, so the kernel is the test's parameter and the
// instantiation prefix (Naive/, Blocked/) names which one failed.
#pragma once

#include <gtest/gtest.h>

#include "dmlconf/blocked.h"
#include "dmlconf/naive.h"

// Declares the suite Op##Kernels over Tester::Kernel, with both instances.
#define DMLCONF_BOTH_KERNELS(Op, Tester)                                               \
  class Op##Kernels : public ::testing::TestWithParam<Tester::Kernel> {};              \
  INSTANTIATE_TEST_SUITE_P(Naive, Op##Kernels, ::testing::Values(&::dmlconf::naive::Op)); \
  INSTANTIATE_TEST_SUITE_P(Blocked, Op##Kernels, ::testing::Values(&::dmlconf::blocked::Op))
