// The registered shape variants, printable as JSON for out-of-process peers.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "problem.h"

namespace dmlconf::bench {

struct ShapeVariant {
  const Shape* shape;
  DataType type;
  std::string prefix;  // "Split/long_runs_mid_axis/f32"
};

void PrintShapesJson(std::ostream& out, const std::vector<ShapeVariant>& variants);

}  // namespace dmlconf::bench
