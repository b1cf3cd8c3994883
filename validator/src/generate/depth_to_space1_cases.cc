// DEPTH_TO_SPACE1: the family's cases (depth_space_cases.h), in both Orders.
#include "depth_space_cases.h"

namespace dmlconf::generate {

OperatorDesc DepthToSpace1Cell(const CellSpec& cell) {
  return DepthSpaceCell(MemberOf<DepthToSpace1Desc>(), cell);
}

void AddDepthToSpace1Cases(CaseSink& sink) {
  AddDepthSpaceCases(sink, MemberOf<DepthToSpace1Desc>());
}

}  // namespace dmlconf::generate
