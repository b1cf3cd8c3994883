#include "op_builders.h"

namespace dmlconf::generate {

OperatorDesc CellDescriptor(OperatorType op, const CellSpec& cell) {
  switch (op) {
#define DMLCONF_OPERATOR(Type, NAME, Desc) \
  case OperatorType::k##Type:              \
    return Type##Cell(cell);
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
  }
  return {};
}

GenCase RejectCase(OperatorDesc desc, FeatureLevel level, Reason reason, const std::string& what,
                   const std::string& description) {
  GenCase c;
  c.name = Slug(TypeOf(desc)) + "/" + LevelTag(level) + "/reject/" + what;
  c.level = level;
  c.desc = std::move(desc);
  c.expect = Expect::kReject;
  c.reason = reason;
  c.description = description;
  return c;
}

std::vector<uint32_t> UnevenPieces(uint32_t total, uint32_t pieces, uint32_t variant) {
  std::vector<uint32_t> sizes(pieces, 1);
  sizes[variant % pieces] += total - pieces;
  return sizes;
}

}  // namespace dmlconf::generate
