// Names a parameterized test after its Param's Name(), so output reads
// KFromZeroToRank/NaiveGatherIndexDimensions.matches_chip_reference/rank2_axis1_k0.
#pragma once

#include <gtest/gtest.h>

#include <string>

namespace dmlconf::testing {

struct ParamName {
  template <class Param>
  std::string operator()(const ::testing::TestParamInfo<Param>& param_info) const {
    return param_info.param.Name();
  }
};

}  // namespace dmlconf::testing
