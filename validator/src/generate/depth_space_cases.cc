#include "depth_space_cases.h"

#include "drawn.h"

namespace dmlconf::generate {

namespace {

bool ToSpace(const DepthSpaceMember& m) { return m.direction == DepthSpaceDirection::kToSpace; }

// The member with a packed input of `sizes` and the output its direction gives.
OperatorDesc Make(const DepthSpaceMember& m, DataType type, const std::vector<uint32_t>& in,
                  uint32_t b, DepthSpaceOrder layout) {
  const std::vector<uint32_t> out =
      ToSpace(m) ? std::vector<uint32_t>{in[0], in[1] / (b * b), in[2] * b, in[3] * b}
                 : std::vector<uint32_t>{in[0], in[1] * b * b, in[2] / b, in[3] / b};
  return m.make(TensorDesc::Packed(type, in), TensorDesc::Packed(type, out), b, layout);
}

std::string LayoutTag(DepthSpaceOrder order) {
  return order == DepthSpaceOrder::kDepthColumnRow ? "dcr" : "crd";
}

GenCase Positive(const DepthSpaceMember& m, OperatorDesc d, const std::string& point) {
  const DataType type = InputSlots(d)[0].desc->data_type;
  GenCase c;
  c.level = LowestLevel(m.op, type, 4, DataType::kUint32);
  c.name = CellName(m.op, c.level, type, 4) + "/" + point;
  c.desc = std::move(d);
  return c;
}

// Block sizes 1..4 in every layout, non-square spatial sizes and several
// channels per block.
void AddBlocks(CaseSink& sink, const DepthSpaceMember& m) {
  uint32_t n = 0;
  for (DepthSpaceOrder layout : m.layouts) {
    for (uint32_t block = 1; block <= 4; ++block) {
      for (uint32_t shape = 0; shape < 2; ++shape) {
        const std::vector<uint32_t> input =
            ToSpace(m) ? std::vector<uint32_t>{1 + shape, block * block * (shape == 0 ? 1 : 2),
                                               2 + shape, 3 - shape}
                       : std::vector<uint32_t>{1 + shape, 1 + shape, block * (1 + shape),
                                               block * (3 - shape)};
        const DataType type = block == 4 ? DataType::kFloat32 : kAllDataTypes[n % kDataTypeCount];
        ++n;
        sink.AddComputed("corner", Positive(m, Make(m, type, input, block, layout),
                                            LayoutTag(layout) + "-b" + std::to_string(block) + "-" +
                                                SizesTag(input)));
      }
    }
  }
}

// Large: N = 70000. To space, with H = W = 1 and C' = 1 every output element
// (n, 0, bh, bw) reads input channel bh*B + bw of the same n in either layout;
// COLUMN_ROW_DEPTH with C' = 2 reads channel c'*B*B + bh*B + bw. To depth, with
// C = 1 and H = W = B, output channel bh*B + bw of each n reads input (n, 0, bh,
// bw) in either layout, and COLUMN_ROW_DEPTH with C = 2 reads (n, c, bh, bw).
// Either way the output in row-major order is the input in row-major order: iota
// in, iota out. (DEPTH_COLUMN_ROW with more channels is not an iota: the corner
// cases cover it.)
void AddLarge(CaseSink& sink, const DepthSpaceMember& m) {
  const std::string way = ToSpace(m) ? "depth-to-space" : "space-to-depth";
  const std::string shape = ToSpace(m) ? "H = W = 1" : "H = W = B";
  const std::string channel = ToSpace(m) ? "C'" : "C";
  for (DepthSpaceOrder layout : m.layouts) {
    const bool dcr = layout == DepthSpaceOrder::kDepthColumnRow;
    const std::vector<uint32_t> input = ToSpace(m)
                                            ? std::vector<uint32_t>{70000, dcr ? 4u : 8u, 1, 1}
                                            : std::vector<uint32_t>{70000, dcr ? 1u : 2u, 2, 2};
    GenCase c = Positive(m, Make(m, DataType::kUint32, input, 2, layout),
                         dcr ? "dcr-large-n70000" : "crd-large-n70000-c2");
    c.description =
        dcr ? channel + " = 1, " + shape + ": " + way + " keeps row-major order, iota in, iota out"
            : channel + " = 2, " + shape +
                  ", COLUMN_ROW_DEPTH: row-major order kept, iota in, iota out";
    c.inputs = {{{}, Iota{0, 1}}};
    c.expected = {{{}, Iota{0, 1}}};
    sink.AddChecked("large", std::move(c));
  }
}

// Size 1 in every position of {N, C, H, W} the operator allows (to depth, H or
// W of 1 only with block size 1).
void AddUnitDims(CaseSink& sink, const DepthSpaceMember& m) {
  const std::vector<std::vector<uint32_t>> inputs =
      ToSpace(m) ? std::vector<std::vector<uint32_t>>{{1, 4, 1, 1},
                                                      {3, 4, 1, 2},
                                                      {2, 8, 3, 1},
                                                      {1, 1, 2, 3}}
                 : std::vector<std::vector<uint32_t>>{
                       {1, 1, 2, 2}, {3, 1, 2, 4}, {2, 3, 1, 4}, {2, 3, 4, 1}};
  for (DepthSpaceOrder layout : m.layouts) {
    for (const std::vector<uint32_t>& input : inputs) {
      const bool unit_block = ToSpace(m) ? input[1] == 1 : input[2] == 1 || input[3] == 1;
      sink.AddComputed("corner",
                       Positive(m, Make(m, DataType::kInt16, input, unit_block ? 1 : 2, layout),
                                LayoutTag(layout) + "-unit-dims-" + SizesTag(input)));
    }
  }
}

void AddInvalid(CaseSink& sink, const DepthSpaceMember& m) {
  const FeatureLevel top = TopRow(m.op).level;
  constexpr DataType f32 = DataType::kFloat32;
  constexpr DepthSpaceOrder dcr = DepthSpaceOrder::kDepthColumnRow;
  const std::vector<uint32_t> in =
      ToSpace(m) ? std::vector<uint32_t>{1, 8, 2, 3} : std::vector<uint32_t>{1, 2, 4, 6};
  const std::vector<uint32_t> out =
      ToSpace(m) ? std::vector<uint32_t>{1, 2, 4, 6} : std::vector<uint32_t>{1, 8, 2, 3};
  const auto reject = [&](const std::vector<uint32_t>& input, const std::vector<uint32_t>& output,
                          uint32_t block, DepthSpaceOrder layout, Reason reason,
                          const std::string& what, const std::string& description = "") {
    sink.Add("invalid", RejectCase(m.make(TensorDesc::Packed(f32, input),
                                          TensorDesc::Packed(f32, output), block, layout),
                                   top, reason, what, description));
  };
  reject(in, out, 0, dcr, Reason::DEPTH_SPACE_BLOCK_SIZE_ZERO, "block-size-zero");
  if (m.layouts.size() > 1)
    reject(in, out, 2, DepthSpaceOrder(2), Reason::DEPTH_SPACE_ORDER_INVALID, "order-2");
  if (ToSpace(m)) {
    reject({1, 6, 2, 3}, {1, 1, 4, 6}, 2, dcr, Reason::DEPTH_TO_SPACE_CHANNELS_NOT_DIVISIBLE,
           "c6-block2");
    reject(in, {1, 2, 6, 4}, 2, dcr, Reason::DEPTH_SPACE_OUTPUT_SIZES_MISMATCH,
           "output-h-w-swapped");
  } else {
    reject({1, 2, 4, 5}, {1, 8, 2, 2}, 2, dcr, Reason::SPACE_TO_DEPTH_SPATIAL_NOT_DIVISIBLE,
           "w5-block2");
    reject({1, 2, 3, 6}, {1, 8, 1, 3}, 2, dcr, Reason::SPACE_TO_DEPTH_SPATIAL_NOT_DIVISIBLE,
           "h3-block2");
    reject(in, {1, 8, 3, 2}, 2, dcr, Reason::DEPTH_SPACE_OUTPUT_SIZES_MISMATCH,
           "output-h-w-swapped");
    // The space-to-depth pages state the depth-to-space formula (erratum S1).
    const std::string name(OperatorName(m.op));
    reject(in, {1, 2, 8, 12}, 2, dcr, Reason::DEPTH_SPACE_OUTPUT_SIZES_MISMATCH,
           "erratum-s1-d2s-formula",
           "the DEPTH_TO_SPACE" + name.substr(14) + " size formula that the " + name +
               " page states (erratum S1)");
  }
  reject(in, in, 2, dcr, Reason::DEPTH_SPACE_OUTPUT_SIZES_MISMATCH, "output-is-input");
}

}  // namespace

namespace {

// Other ranks than 4 only feed rank-gating cases: drop or prepend leading dimensions.
OperatorDesc FitRank(OperatorDesc d, uint32_t rank) {
  for (const auto& slots : {InputSlots(d), OutputSlots(d)})
    for (const TensorSlot& slot : slots) {
      auto* t = const_cast<TensorDesc*>(slot.desc);  // the descriptor is ours
      while (t->sizes.size() > rank) t->sizes.erase(t->sizes.begin());
      while (t->sizes.size() < rank) t->sizes.insert(t->sizes.begin(), 1);
    }
  return d;
}

}  // namespace

OperatorDesc DepthSpaceCell(const DepthSpaceMember& m, const CellSpec& cell) {
  const uint32_t block = 1 + (cell.variant + 1) % 3;
  const uint32_t w = 3 - cell.variant % 2;
  const std::vector<uint32_t> input = ToSpace(m)
                                          ? std::vector<uint32_t>{1, block * block * 2, 2, w}
                                          : std::vector<uint32_t>{1, 2, block * 2, block * w};
  return FitRank(Make(m, cell.type, input, block, DepthSpaceOrder(cell.variant % 2)), cell.rank);
}

OperatorDesc DepthSpaceDrawn(const DepthSpaceMember& m, const CellSpec& cell, Choices& choices) {
  // Blocks past 4 are legal and rare in practice: now and then up to 9.
  const uint32_t block = 1 + (choices.Seldom() ? choices.Below(9) : choices.Below(4));
  const DepthSpaceOrder layout = m.layouts[choices.Below(uint32_t(m.layouts.size()))];
  // The depth side's channels per block, and the space side's blocks down and across.
  const uint32_t n = choices.Size(), c = choices.Size(), h = choices.Size(), w = choices.Size();
  const std::vector<uint32_t> input = ToSpace(m)
                                          ? std::vector<uint32_t>{n, c * block * block, h, w}
                                          : std::vector<uint32_t>{n, c, h * block, w * block};
  return FitRank(Make(m, cell.type, input, block, layout), cell.rank);
}

void AddDepthSpaceCases(CaseSink& sink, const DepthSpaceMember& member) {
  for (auto add : {AddUnitDims, AddBlocks, AddLarge, AddInvalid}) add(sink, member);
}

}  // namespace dmlconf::generate
