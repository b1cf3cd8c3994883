// DEPTH_TO_SPACE (feature level 1_0): the family's cases (depth_space_cases.h), in
// DEPTH_COLUMN_ROW's layout.
#include "depth_space_cases.h"

namespace dmlconf::generate {

OperatorDesc DepthToSpaceCell(const CellSpec& cell) {
  return DepthSpaceCell(MemberOf<DepthToSpaceDesc>(), cell);
}

void AddDepthToSpaceCases(CaseSink& sink) {
  AddDepthSpaceCases(sink, MemberOf<DepthToSpaceDesc>());
}

}  // namespace dmlconf::generate
