#include "op_builders.h"

namespace dmlconf::generate {

namespace {

constexpr OperatorType kOp = OperatorType::kSpaceToDepth1;

SpaceToDepth1Desc MakeS2D(DataType type, std::vector<uint32_t> input, uint32_t block,
                          DepthSpaceOrder order) {
  SpaceToDepth1Desc d;
  d.block_size = block;
  d.order = order;
  d.input_tensor = TensorDesc::Packed(type, input);
  d.output_tensor = TensorDesc::Packed(
      type, {input[0], input[1] * block * block, input[2] / block, input[3] / block});
  return d;
}

std::string OrderTag(DepthSpaceOrder order) {
  return order == DepthSpaceOrder::kDepthColumnRow ? "dcr" : "crd";
}

GenCase Positive(SpaceToDepth1Desc d, const std::string& point) {
  GenCase c;
  c.level = LowestLevel(kOp, d.input_tensor.data_type, 4, DataType::kUint32);
  c.name = CellName(kOp, c.level, d.input_tensor.data_type, 4) + "/" + point;
  c.desc = std::move(d);
  return c;
}

// Both orders, block sizes 1..4, non-square spatial sizes and several
// channels per block.
void AddBlocks(CaseSink& sink) {
  uint32_t n = 0;
  for (DepthSpaceOrder order : {DepthSpaceOrder::kDepthColumnRow, DepthSpaceOrder::kColumnRowDepth}) {
    for (uint32_t block = 1; block <= 4; ++block) {
      for (uint32_t shape = 0; shape < 2; ++shape) {
        const std::vector<uint32_t> input = {1 + shape, 1 + shape, block * (1 + shape), block * (3 - shape)};
        const DataType type = block == 4 ? DataType::kFloat32 : kAllDataTypes[n % kDataTypeCount];
        ++n;
        sink.AddComputed("corner", Positive(MakeS2D(type, input, block, order),
                                            OrderTag(order) + "-b" + std::to_string(block) + "-" +
                                                SizesTag(input)));
      }
    }
  }
}

// Large: N = 70000 with C = 1 and H = W = B. Output channel bh*B + bw of each
// n reads input (n, 0, bh, bw), in both orders, so the output in row-major
// order is the input in row-major order: iota in, iota out.
// COLUMN_ROW_DEPTH with C = 2 likewise: output channel c*B*B + bh*B + bw
// reads (n, c, bh, bw). (DEPTH_COLUMN_ROW with C > 1 is not an iota.)
void AddLarge(CaseSink& sink) {
  const auto add = [&](uint32_t channels, DepthSpaceOrder order, const std::string& point,
                       const std::string& description) {
    GenCase c = Positive(MakeS2D(DataType::kUint32, {70000, channels, 2, 2}, 2, order), point);
    c.description = description;
    c.inputs = {{{}, Iota{0, 1}}};
    c.expected = {{{}, Iota{0, 1}}};
    sink.AddChecked("large", std::move(c));
  };
  add(1, DepthSpaceOrder::kDepthColumnRow, "dcr-large-n70000",
      "C = 1, H = W = B: space-to-depth keeps row-major order, iota in, iota out");
  add(2, DepthSpaceOrder::kColumnRowDepth, "crd-large-n70000-c2",
      "C = 2, H = W = B, COLUMN_ROW_DEPTH: row-major order kept, iota in, iota out");
}

// Size 1 in every position of {N, C, H, W} the operator allows (H or W of 1
// only with block size 1).
void AddUnitDims(CaseSink& sink) {
  for (DepthSpaceOrder order : {DepthSpaceOrder::kDepthColumnRow, DepthSpaceOrder::kColumnRowDepth}) {
    for (const std::vector<uint32_t>& input :
         {std::vector<uint32_t>{1, 1, 2, 2}, {3, 1, 2, 4}, {2, 3, 1, 4}, {2, 3, 4, 1}}) {
      const uint32_t block = input[2] == 1 || input[3] == 1 ? 1 : 2;
      sink.AddComputed("corner", Positive(MakeS2D(DataType::kInt16, input, block, order),
                                          OrderTag(order) + "-unit-dims-" + SizesTag(input)));
    }
  }
}

void AddInvalid(CaseSink& sink) {
  const FeatureLevel top = TopRow(kOp).level;
  const SpaceToDepth1Desc base = MakeS2D(DataType::kFloat32, {1, 2, 4, 6}, 2, DepthSpaceOrder::kDepthColumnRow);
  SpaceToDepth1Desc d = base;
  d.block_size = 0;
  sink.Add("invalid", RejectCase(d, top, Reason::DEPTH_SPACE_BLOCK_SIZE_ZERO, "block-size-zero"));
  d = base;
  d.order = DepthSpaceOrder(2);
  sink.Add("invalid", RejectCase(d, top, Reason::DEPTH_SPACE_ORDER_INVALID, "order-2"));
  d = base;
  d.input_tensor.sizes = {1, 2, 4, 5};
  d.output_tensor.sizes = {1, 8, 2, 2};
  sink.Add("invalid", RejectCase(d, top, Reason::SPACE_TO_DEPTH_SPATIAL_NOT_DIVISIBLE, "w5-block2"));
  d = base;
  d.input_tensor.sizes = {1, 2, 3, 6};
  d.output_tensor.sizes = {1, 8, 1, 3};
  sink.Add("invalid", RejectCase(d, top, Reason::SPACE_TO_DEPTH_SPATIAL_NOT_DIVISIBLE, "h3-block2"));
  d = base;
  d.output_tensor.sizes = {1, 8, 3, 2};
  sink.Add("invalid", RejectCase(d, top, Reason::DEPTH_SPACE_OUTPUT_SIZES_MISMATCH, "output-h-w-swapped"));
  d = base;
  d.output_tensor.sizes = {1, 2, 8, 12};
  sink.Add("invalid", RejectCase(d, top, Reason::DEPTH_SPACE_OUTPUT_SIZES_MISMATCH, "erratum-s1-d2s-formula",
                                 "the DEPTH_TO_SPACE1 size formula that the SPACE_TO_DEPTH1 page states (erratum S1)"));
  d = base;
  d.output_tensor.sizes = {1, 2, 4, 6};
  sink.Add("invalid", RejectCase(d, top, Reason::DEPTH_SPACE_OUTPUT_SIZES_MISMATCH, "output-is-input"));
}

}  // namespace

OperatorDesc SpaceToDepth1Cell(const CellSpec& cell) {
  const uint32_t block = 1 + (cell.variant + 1) % 3;
  SpaceToDepth1Desc d = MakeS2D(cell.type, {1, 2, block * 2, block * (3 - cell.variant % 2)}, block,
                                DepthSpaceOrder(cell.variant % 2));
  // Other ranks only feed rank-gating cases: drop or prepend leading dimensions.
  for (TensorDesc* t : {&d.input_tensor, &d.output_tensor}) {
    while (t->sizes.size() > cell.rank) t->sizes.erase(t->sizes.begin());
    while (t->sizes.size() < cell.rank) t->sizes.insert(t->sizes.begin(), 1);
  }
  return d;
}

void AddSpaceToDepth1Cases(CaseSink& sink) {
  AddUnitDims(sink);
  AddBlocks(sink);
  AddLarge(sink);
  AddInvalid(sink);
}

}  // namespace dmlconf::generate
