// JOIN: the cases it shares with SPLIT (join_split_cases.h).
#include "join_split_cases.h"

namespace dmlconf::generate {

OperatorDesc JoinCell(const CellSpec& cell) { return PiecesCell(PiecesMemberOf<JoinDesc>(), cell); }

void AddJoinCases(CaseSink& sink) { AddPiecesCases(sink, PiecesMemberOf<JoinDesc>()); }

}  // namespace dmlconf::generate
