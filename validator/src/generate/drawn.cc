#include "drawn.h"

#include <algorithm>

#include "depth_space_cases.h"
#include "join_split_cases.h"

namespace dmlconf::generate {

namespace {

// SPLIT's and JOIN's kind: a whole tensor and a list of its pieces.
template <class Desc>
inline constexpr bool kIsPieces =
    HasFieldKind<Desc>(FieldKind::kInputList) || HasFieldKind<Desc>(FieldKind::kOutputList);

// At most this many pieces: DirectML names no limit, and more only repeats the same
// arithmetic.
constexpr uint32_t kMaxPieces = 8;

// A family's builder, else the operator's own (`own`, a generic lambda: a family
// member's own builder is then never instantiated, so it need not exist).
template <class Desc, class Own>
OperatorDesc DrawnOf(const CellSpec& cell, Choices& choices, Own own) {
  if constexpr (kIsDepthSpace<Desc>)
    return DepthSpaceDrawn(MemberOf<Desc>(), cell, choices);
  else if constexpr (kIsPieces<Desc>)
    return PiecesDrawn(PiecesMemberOf<Desc>(), cell, choices);
  else
    return own(cell, choices);
}

}  // namespace

std::vector<uint32_t> DrawnPieces(uint32_t total, Choices& choices) {
  const uint32_t count = 1 + choices.Count(std::min(total, kMaxPieces));
  std::vector<uint32_t> pieces(count, 1);
  uint32_t rest = total - count;
  for (uint32_t i = 0; i + 1 < count; ++i) {
    const uint32_t extra = choices.Below(rest + 1);
    pieces[i] += extra;
    rest -= extra;
  }
  pieces.back() += rest;
  return pieces;
}

OperatorDesc DrawnDescriptor(OperatorType op, const CellSpec& cell, Choices& choices) {
  switch (op) {
#define DMLCONF_OPERATOR(Type, NAME, Desc) \
  case OperatorType::k##Type:              \
    return DrawnOf<Desc>(cell, choices,    \
                         [](const auto& c, auto& from) { return Type##Drawn(c, from); });
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
  }
  return {};
}

}  // namespace dmlconf::generate
