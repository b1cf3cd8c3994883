// SLICE: windows of every shape the rules allow (whole, offset, strided, a stride past
// the size, a reach that ends on the last element), a large one, contract point K1, and a
// must-reject case for each of SLICE's rules.
#include "drawn.h"

namespace dmlconf::generate {

namespace {

constexpr OperatorType kOp = OperatorType::kSlice;

// A packed slice of `input`; the output's sizes are the window's.
OperatorDesc Make(DataType type, const std::vector<uint32_t>& input, std::vector<uint32_t> offsets,
                  const std::vector<uint32_t>& sizes, std::vector<uint32_t> strides) {
  return SliceDesc{TensorDesc::Packed(type, input), TensorDesc::Packed(type, sizes),
                   std::move(offsets), sizes, std::move(strides)};
}

// The window along one dimension of size n: whole (k 0), from 1 on (k 1), or every
// second element (k 2).
struct Window {
  uint32_t offset, size, stride;
};
Window WindowOf(uint32_t n, uint32_t k) {
  if (k % 3 == 1 && n > 1) return {1, n - 1, 1};
  if (k % 3 == 2) return {0, (n + 1) / 2, 2};
  return {0, n, 1};
}

OperatorDesc MakeWindows(DataType type, const std::vector<uint32_t>& input,
                         const std::vector<Window>& windows) {
  std::vector<uint32_t> offsets, sizes, strides;
  for (const Window& w : windows) {
    offsets.push_back(w.offset);
    sizes.push_back(w.size);
    strides.push_back(w.stride);
  }
  return Make(type, input, offsets, sizes, strides);
}

// Every rank, each dimension's window turning through the three kinds.
void AddWindows(CaseSink& sink) {
  uint32_t n = 0;
  for (uint32_t rank = 1; rank <= kMaxDimensions; ++rank)
    for (uint32_t turn = 0; turn < 3; ++turn) {
      std::vector<uint32_t> input = SmallShape(rank, turn);
      for (uint32_t& size : input) size += 2;  // room for a window inside
      if (rank > 5)
        for (uint32_t d = 0; d + 4 < rank; ++d) input[d] = 1 + (d + turn) % 2;
      std::vector<Window> windows;
      for (uint32_t d = 0; d < rank; ++d) windows.push_back(WindowOf(input[d], d + turn));
      const DataType type = kAllDataTypes[n++ % kDataTypeCount];
      sink.AddComputed("corner",
                       CellPositive(MakeWindows(type, input, windows),
                                    "windows-" + std::to_string(turn) + "-" + SizesTag(input)));
    }
}

// Bounds met exactly: the reach ending on the last element (by stride and by offset),
// a stride past the size along a window of one, a window of one at the last element.
void AddBounds(CaseSink& sink) {
  const std::vector<uint32_t> input = {1, 1, 4, 4};
  constexpr DataType f32 = DataType::kFloat32;
  sink.AddComputed("corner",
                   CellPositive(Make(f32, input, {0, 0, 0, 3}, {1, 1, 2, 1}, {1, 1, 3, 1}),
                                "reach-ends-on-last-row"));
  sink.AddComputed("corner",
                   CellPositive(Make(f32, input, {0, 0, 1, 1}, {1, 1, 3, 3}, {1, 1, 1, 1}),
                                "offset-window-to-the-end"));
  sink.AddComputed("corner", CellPositive(Make(DataType::kUint8, input, {0, 0, 2, 3}, {1, 1, 1, 1},
                                               {1, 1, 4294967295u, 7}),
                                          "stride-unused-past-size"));
  sink.AddComputed("corner",
                   CellPositive(Make(DataType::kInt64, {5}, {4}, {1}, {1}), "last-element"));
  sink.AddComputed("corner", CellPositive(Make(DataType::kInt16, {7, 5}, {0, 0}, {7, 5}, {1, 1}),
                                          "whole-input"));
}

// Contract point K1: a stride of 0 is a broadcast by the page's formula, refused by
// DirectML; a backend may do either.
void AddStrideZero(CaseSink& sink) {
  for (const auto& [sizes, strides, point] :
       {std::tuple{std::vector<uint32_t>{1, 1, 3, 2}, std::vector<uint32_t>{1, 1, 0, 1},
                   "stride-0-broadcast"},
        std::tuple{std::vector<uint32_t>{1, 1, 1, 2}, std::vector<uint32_t>{0, 1, 1, 1},
                   "stride-0-size-1"}}) {
    GenCase c =
        CellPositive(Make(DataType::kFloat32, {1, 1, 4, 4}, {0, 0, 1, 0}, sizes, strides), point);
    c.expect = Expect::kRefuseOrRun;
    c.description =
        "a stride of 0 (contract point K1): the formula reads Offsets again and again; "
        "DirectML refuses it, a run is compared with the formula";
    sink.AddComputed("corner", std::move(c));
  }
}

// Large: 69999 elements, every second of an iota from 1: the output is 1, 3, 5, ...
void AddLarge(CaseSink& sink) {
  GenCase c = CellPositive(Make(DataType::kUint32, {1, 140000}, {0, 1}, {1, 69999}, {1, 2}),
                           "large-every-second-of-140000");
  c.description = "input iota 0 up to 139999, every second element from 1: output 1, 3, 5, ...";
  c.inputs = {{{}, Iota{0, 1}}};
  c.expected = {{{}, Iota{1, 2}}};
  sink.AddChecked("large", std::move(c));
}

void AddInvalid(CaseSink& sink) {
  const FeatureLevel top = TopRow(kOp).level;
  const std::vector<uint32_t> input = {1, 1, 4, 4};
  const auto reject = [&](OperatorDesc d, Reason reason, const std::string& what) {
    sink.Add("invalid", RejectCase(std::move(d), top, reason, what));
  };
  constexpr DataType f32 = DataType::kFloat32;
  constexpr Reason kOut = Reason::SLICE_WINDOW_OUT_OF_BOUNDS;
  reject(Make(f32, input, {0, 0, 3, 0}, {1, 1, 2, 4}, {1, 1, 1, 1}), kOut, "past-input-by-size");
  reject(Make(f32, input, {0, 0, 1, 0}, {1, 1, 2, 4}, {1, 1, 3, 1}), kOut, "past-input-by-stride");
  reject(Make(f32, input, {0, 0, 4, 0}, {1, 1, 1, 4}, {1, 1, 1, 1}), kOut, "offset-equals-size");
  reject(Make(f32, input, {0, 0, 0, 4294967295u}, {1, 1, 1, 1}, {1, 1, 1, 1}), kOut,
         "offset-uint32-max");
  reject(Make(f32, input, {0, 0, 0, 1}, {1, 1, 1, 2}, {1, 1, 1, 4294967295u}), kOut,
         "stride-uint32-max-wraps-in-32-bits");
  OperatorDesc sizes = Make(f32, input, {0, 0, 1, 2}, {1, 1, 3, 2}, {1, 1, 1, 1});
  std::get<SliceDesc>(sizes).sizes = {1, 1, 2, 2};
  reject(sizes, Reason::SLICE_SIZES_MISMATCH, "sizes-differ-from-output");
  std::get<SliceDesc>(sizes).sizes = {1, 1, 2, 3};
  reject(sizes, Reason::SLICE_SIZES_MISMATCH, "sizes-transposed");
  OperatorDesc shorter = Make(f32, input, {0, 1, 2}, {1, 3, 2}, {1, 1, 1});
  std::get<SliceDesc>(shorter).output_tensor.sizes = {1, 1, 3, 2};
  reject(shorter, Reason::WINDOW_DIMENSION_COUNT_MISMATCH, "dimension-count-3-rank-4");
  OperatorDesc longer = Make(f32, input, {0, 0, 0, 1, 2}, {1, 1, 1, 3, 2}, {1, 1, 1, 1, 1});
  std::get<SliceDesc>(longer).output_tensor.sizes = {1, 1, 3, 2};
  reject(longer, Reason::WINDOW_DIMENSION_COUNT_MISMATCH, "dimension-count-5-rank-4");
}

}  // namespace

OperatorDesc SliceCell(const CellSpec& cell) {
  std::vector<uint32_t> input = SmallShape(cell.rank, cell.variant);
  for (uint32_t& size : input) size += 1;
  std::vector<Window> windows;
  for (uint32_t d = 0; d < cell.rank; ++d) windows.push_back(WindowOf(input[d], d + cell.variant));
  return MakeWindows(cell.type, input, windows);
}

// Per dimension a drawn size, offset, stride (now and then past 2) and window size.
OperatorDesc SliceDrawn(const CellSpec& cell, Choices& choices) {
  std::vector<uint32_t> input;
  std::vector<Window> windows;
  for (uint32_t d = 0; d < cell.rank; ++d) {
    const uint32_t n = choices.Size();
    const uint32_t offset = choices.Below(n);
    const uint32_t stride = 1 + (choices.Seldom() ? choices.Below(9) : choices.Below(2));
    const uint32_t size = 1 + choices.Below(1 + (n - 1 - offset) / stride);
    input.push_back(n);
    windows.push_back({offset, size, stride});
  }
  return MakeWindows(cell.type, input, windows);
}

void AddSliceCases(CaseSink& sink) {
  for (auto add : {AddWindows, AddBounds, AddStrideZero, AddLarge, AddInvalid}) add(sink);
}

}  // namespace dmlconf::generate
