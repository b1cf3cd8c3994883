// SPACE_TO_DEPTH1: the family's cases (depth_space_cases.h), in both Orders.
#include "depth_space_cases.h"

namespace dmlconf::generate {

OperatorDesc SpaceToDepth1Cell(const CellSpec& cell) {
  return DepthSpaceCell(MemberOf<SpaceToDepth1Desc>(), cell);
}

void AddSpaceToDepth1Cases(CaseSink& sink) {
  AddDepthSpaceCases(sink, MemberOf<SpaceToDepth1Desc>());
}

}  // namespace dmlconf::generate
