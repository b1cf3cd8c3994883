// TILE: repeats along every dimension of every rank, repeats of 1 (a copy), a large tiling,
// and a must-reject case for each of TILE's rules.
#include "drawn.h"

namespace dmlconf::generate {

namespace {

constexpr OperatorType kOp = OperatorType::kTile;

OperatorDesc Make(DataType type, const std::vector<uint32_t>& input,
                  const std::vector<uint32_t>& repeats) {
  std::vector<uint32_t> out;
  for (size_t d = 0; d < input.size(); ++d) out.push_back(input[d] * repeats[d]);
  return TileDesc{TensorDesc::Packed(type, input), TensorDesc::Packed(type, out), repeats};
}

// Every rank, repeats of 1 to 3 turning through the dimensions.
void AddRepeats(CaseSink& sink) {
  uint32_t n = 0;
  for (uint32_t rank = 1; rank <= kMaxDimensions; ++rank)
    for (uint32_t turn = 0; turn < 3; ++turn) {
      const std::vector<uint32_t> input = SmallShape(rank, turn);
      std::vector<uint32_t> repeats;
      for (uint32_t d = 0; d < rank; ++d)
        repeats.push_back(1 + (d + turn) % 3 % (rank > 5 ? 2 : 3));
      sink.AddComputed("corner",
                       CellPositive(Make(TopRowType(kOp, n++), input, repeats),
                                    "repeats-" + SizesTag(repeats) + "-of-" + SizesTag(input)));
    }
  sink.AddComputed("corner", CellPositive(Make(DataType::kInt16, {3, 5}, {1, 1}), "repeats-all-1"));
  sink.AddComputed("corner",
                   CellPositive(Make(DataType::kUint8, {1}, {37}), "one-element-37-times"));
  sink.AddComputed(
      "corner", CellPositive(Make(DataType::kFloat32, {1, 1, 2, 3}, {1, 1, 3, 3}), "page-example"));
}

// Large: a UINT16 row of 65536, iota 0 to 65535, tiled twice: 131072 elements that count
// on past 65535 and wrap in UINT16, which is the iota again.
void AddLarge(CaseSink& sink) {
  GenCase c = CellPositive(Make(DataType::kUint16, {1, 65536}, {1, 2}), "large-uint16-row-twice");
  c.description = "input iota 0 up to 65535 in UINT16, tiled twice: output iota wrapping";
  c.inputs = {{{}, Iota{0, 1}}};
  c.expected = {{{}, Iota{0, 1}}};
  sink.AddChecked("large", std::move(c));
}

void AddInvalid(CaseSink& sink) {
  const FeatureLevel top = TopRow(kOp).level;
  constexpr DataType f32 = DataType::kFloat32;
  const auto reject = [&](OperatorDesc d, Reason reason, const std::string& what) {
    sink.Add("invalid", RejectCase(std::move(d), top, reason, what));
  };
  OperatorDesc zero = Make(f32, {1, 1, 2, 3}, {1, 1, 1, 1});
  std::get<TileDesc>(zero).repeats = {1, 1, 0, 1};
  reject(zero, Reason::TILE_REPEATS_ZERO, "repeats-0-output-1");
  OperatorDesc sizes = Make(f32, {1, 1, 2, 3}, {1, 1, 3, 3});
  std::get<TileDesc>(sizes).output_tensor.sizes = {1, 1, 9, 6};
  reject(sizes, Reason::TILE_OUTPUT_SIZES_MISMATCH, "output-transposed");
  std::get<TileDesc>(sizes).output_tensor.sizes = {1, 1, 2, 3};
  reject(sizes, Reason::TILE_OUTPUT_SIZES_MISMATCH, "output-is-input");
  OperatorDesc wraps = Make(f32, {1, 1, 2, 3}, {1, 1, 1, 1});
  std::get<TileDesc>(wraps).repeats = {1, 1, 2147483648u, 1};
  reject(wraps, Reason::TILE_OUTPUT_SIZES_MISMATCH, "output-size-wraps-in-32-bits");
  OperatorDesc longer = Make(f32, {1, 1, 2, 3}, {1, 1, 1, 1});
  std::get<TileDesc>(longer).repeats = {1, 1, 1, 1, 1};
  reject(longer, Reason::WINDOW_DIMENSION_COUNT_MISMATCH, "repeats-count-5-rank-4");
}

}  // namespace

// A small shape, grown by 1 per dimension up to rank 4 so that a cell's input holds every
// special value (common_cases.cc's AddValues, at rank 4); at higher ranks the tiles would
// make the support file too large to load.
OperatorDesc TileCell(const CellSpec& cell) {
  std::vector<uint32_t> input = SmallShape(cell.rank, cell.variant);
  if (cell.rank <= 4)
    for (uint32_t& size : input) size += 1;
  std::vector<uint32_t> repeats;
  for (uint32_t d = 0; d < cell.rank; ++d) repeats.push_back(1 + (d + cell.variant) % 2);
  return Make(cell.type, input, repeats);
}

// Per dimension a drawn size and repeat count (now and then many).
OperatorDesc TileDrawn(const CellSpec& cell, Choices& choices) {
  std::vector<uint32_t> input, repeats;
  for (uint32_t d = 0; d < cell.rank; ++d) {
    input.push_back(choices.Size());
    repeats.push_back(1 + (choices.Seldom() ? choices.Below(8) : choices.Below(3)));
  }
  return Make(cell.type, input, repeats);
}

void AddTileCases(CaseSink& sink) {
  for (auto add : {AddRepeats, AddLarge, AddInvalid}) add(sink);
}

}  // namespace dmlconf::generate
