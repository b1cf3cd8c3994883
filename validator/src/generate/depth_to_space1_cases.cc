#include "op_builders.h"

namespace dmlconf::generate {

namespace {

constexpr OperatorType kOp = OperatorType::kDepthToSpace1;

DepthToSpace1Desc MakeD2S(DataType type, std::vector<uint32_t> input, uint32_t block,
                          DepthSpaceOrder order) {
  DepthToSpace1Desc d;
  d.block_size = block;
  d.order = order;
  d.input_tensor = TensorDesc::Packed(type, input);
  d.output_tensor = TensorDesc::Packed(
      type, {input[0], input[1] / (block * block), input[2] * block, input[3] * block});
  return d;
}

std::string OrderTag(DepthSpaceOrder order) {
  return order == DepthSpaceOrder::kDepthColumnRow ? "dcr" : "crd";
}

GenCase Positive(DepthToSpace1Desc d, const std::string& point) {
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
        const uint32_t c2 = shape == 0 ? 1 : 2;
        const std::vector<uint32_t> input = {1 + shape, block * block * c2, 2 + shape, 3 - shape};
        const DataType type = block == 4 ? DataType::kFloat32 : kAllDataTypes[n % kDataTypeCount];
        ++n;
        sink.AddComputed("corner", Positive(MakeD2S(type, input, block, order),
                                            OrderTag(order) + "-b" + std::to_string(block) + "-" +
                                                SizesTag(input)));
      }
    }
  }
}

// Large: N crosses 65 535 with H = W = 1. With C' = 1 every output element
// (n, 0, bh, bw) reads input channel bh*B + bw of the same n in both orders;
// COLUMN_ROW_DEPTH with C' = 2 reads channel c'*B*B + bh*B + bw. Either way
// the output in row-major order is the input in row-major order: iota in,
// iota out. (DEPTH_COLUMN_ROW with C' > 1 is not an iota: the corner cases
// cover it.)
void AddLarge(CaseSink& sink) {
  const auto add = [&](uint32_t channels, DepthSpaceOrder order, const std::string& point,
                       const std::string& description) {
    GenCase c = Positive(MakeD2S(DataType::kUint32, {70000, channels, 1, 1}, 2, order), point);
    c.description = description;
    c.inputs = {{{}, Iota{0, 1}}};
    c.expected = {{{}, Iota{0, 1}}};
    sink.AddChecked("large", std::move(c));
  };
  add(4, DepthSpaceOrder::kDepthColumnRow, "dcr-large-n70000",
      "C' = 1, H = W = 1: depth-to-space keeps row-major order, iota in, iota out");
  add(8, DepthSpaceOrder::kColumnRowDepth, "crd-large-n70000-c2",
      "C' = 2, H = W = 1, COLUMN_ROW_DEPTH: row-major order kept, iota in, iota out");
}

// Size 1 in every position of {N, C, H, W} the operator allows.
void AddUnitDims(CaseSink& sink) {
  for (DepthSpaceOrder order : {DepthSpaceOrder::kDepthColumnRow, DepthSpaceOrder::kColumnRowDepth}) {
    for (const std::vector<uint32_t>& input :
         {std::vector<uint32_t>{1, 4, 1, 1}, {3, 4, 1, 2}, {2, 8, 3, 1}, {1, 1, 2, 3}}) {
      const uint32_t block = input[1] == 1 ? 1 : 2;
      sink.AddComputed("corner", Positive(MakeD2S(DataType::kInt16, input, block, order),
                                          OrderTag(order) + "-unit-dims-" + SizesTag(input)));
    }
  }
}

void AddInvalid(CaseSink& sink) {
  const FeatureLevel top = TopRow(kOp).level;
  const DepthToSpace1Desc base = MakeD2S(DataType::kFloat32, {1, 8, 2, 3}, 2, DepthSpaceOrder::kDepthColumnRow);
  DepthToSpace1Desc d = base;
  d.block_size = 0;
  sink.Add("invalid", RejectCase(d, top, Reason::DEPTH_SPACE_BLOCK_SIZE_ZERO, "block-size-zero"));
  d = base;
  d.order = DepthSpaceOrder(2);
  sink.Add("invalid", RejectCase(d, top, Reason::DEPTH_SPACE_ORDER_INVALID, "order-2"));
  d = base;
  d.input_tensor.sizes = {1, 6, 2, 3};
  d.output_tensor.sizes = {1, 1, 4, 6};
  sink.Add("invalid", RejectCase(d, top, Reason::DEPTH_TO_SPACE_CHANNELS_NOT_DIVISIBLE, "c6-block2"));
  d = base;
  d.output_tensor.sizes = {1, 2, 6, 4};
  sink.Add("invalid", RejectCase(d, top, Reason::DEPTH_SPACE_OUTPUT_SIZES_MISMATCH, "output-h-w-swapped"));
  d = base;
  d.output_tensor.sizes = {1, 8, 2, 3};
  sink.Add("invalid", RejectCase(d, top, Reason::DEPTH_SPACE_OUTPUT_SIZES_MISMATCH, "output-is-input"));
}

}  // namespace

OperatorDesc DepthToSpace1Cell(const CellSpec& cell) {
  const uint32_t block = 1 + (cell.variant + 1) % 3;
  DepthToSpace1Desc d = MakeD2S(cell.type, {1, block * block * 2, 2, 3 - cell.variant % 2}, block,
                                DepthSpaceOrder(cell.variant % 2));
  // Other ranks only feed rank-gating cases: drop or prepend leading dimensions.
  for (TensorDesc* t : {&d.input_tensor, &d.output_tensor}) {
    while (t->sizes.size() > cell.rank) t->sizes.erase(t->sizes.begin());
    while (t->sizes.size() < cell.rank) t->sizes.insert(t->sizes.begin(), 1);
  }
  return d;
}

void AddDepthToSpace1Cases(CaseSink& sink) {
  AddUnitDims(sink);
  AddBlocks(sink);
  AddLarge(sink);
  AddInvalid(sink);
}

}  // namespace dmlconf::generate
