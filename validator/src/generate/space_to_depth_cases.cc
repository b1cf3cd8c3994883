// SPACE_TO_DEPTH (feature level 1_0): the family's cases (depth_space_cases.h), in
// DEPTH_COLUMN_ROW's layout.
#include "depth_space_cases.h"

namespace dmlconf::generate {

OperatorDesc SpaceToDepthCell(const CellSpec& cell) {
  return DepthSpaceCell(MemberOf<SpaceToDepthDesc>(), cell);
}

void AddSpaceToDepthCases(CaseSink& sink) {
  AddDepthSpaceCases(sink, MemberOf<SpaceToDepthDesc>());
}

}  // namespace dmlconf::generate
