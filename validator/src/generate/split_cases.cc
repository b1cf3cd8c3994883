// SPLIT: the cases it shares with JOIN (join_split_cases.h).
#include "join_split_cases.h"

namespace dmlconf::generate {

OperatorDesc SplitCell(const CellSpec& cell) {
  return PiecesCell(PiecesMemberOf<SplitDesc>(), cell);
}

void AddSplitCases(CaseSink& sink) { AddPiecesCases(sink, PiecesMemberOf<SplitDesc>()); }

}  // namespace dmlconf::generate
