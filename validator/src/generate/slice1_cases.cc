// SLICE1: windows read forwards and backwards in every rank, outputs that stop before the
// window's end, the window at the input's last element, INT_MIN and INT_MAX strides, a
// large reversal, and a must-reject case for each of SLICE1's rules.
#include "drawn.h"

namespace dmlconf::generate {

namespace {

constexpr OperatorType kOp = OperatorType::kSlice1;

// One dimension: the window and its stride; the output copies `out` elements.
struct Window {
  uint32_t offset, size;
  int32_t stride;
  uint32_t out;
};

// As many elements as the window reaches: 1 + (size - 1) / |stride|.
uint32_t Reach(uint32_t size, int32_t stride) {
  const uint64_t magnitude = stride < 0 ? uint64_t(-int64_t(stride)) : uint64_t(stride);
  return uint32_t(1 + (uint64_t(size) - 1) / magnitude);
}

Window Whole(uint32_t offset, uint32_t size, int32_t stride) {
  return {offset, size, stride, Reach(size, stride)};
}

OperatorDesc Make(DataType type, const std::vector<uint32_t>& input,
                  const std::vector<Window>& windows) {
  Slice1Desc d;
  d.input_tensor = TensorDesc::Packed(type, input);
  std::vector<uint32_t> out;
  for (const Window& w : windows) {
    d.input_window_offsets.push_back(w.offset);
    d.input_window_sizes.push_back(w.size);
    d.input_window_strides.push_back(w.stride);
    out.push_back(w.out);
  }
  d.output_tensor = TensorDesc::Packed(type, out);
  return d;
}

// The window along one dimension of size n: whole and reversed (k 0), from 1 on forwards
// (k 1), every second element backwards (k 2), or stopping one short of its reach (k 3).
Window WindowOf(uint32_t n, uint32_t k) {
  switch (k % 4) {
    case 1: return n > 1 ? Whole(1, n - 1, 1) : Whole(0, n, 1);
    case 2: return Whole(0, n, -2);
    case 3: return n > 2 ? Window{0, n, 1, n - 1} : Whole(0, n, -1);
    default: return Whole(0, n, -1);
  }
}

// Every rank, each dimension's window turning through the four kinds.
void AddWindows(CaseSink& sink) {
  uint32_t n = 0;
  for (uint32_t rank = 1; rank <= kMaxDimensions; ++rank)
    for (uint32_t turn = 0; turn < 4; ++turn) {
      std::vector<uint32_t> input = SmallShape(rank, turn);
      for (uint32_t& size : input) size += 2;
      if (rank > 5)
        for (uint32_t d = 0; d + 4 < rank; ++d) input[d] = 1 + (d + turn) % 2;
      std::vector<Window> windows;
      for (uint32_t d = 0; d < rank; ++d) windows.push_back(WindowOf(input[d], d + turn));
      const DataType type = TopRowType(kOp, n++);
      sink.AddComputed("corner",
                       CellPositive(Make(type, input, windows),
                                    "windows-" + std::to_string(turn) + "-" + SizesTag(input)));
    }
}

// The window's ends: one element at the input's last with either sign, the last two of
// five backwards, strides of magnitude past the window, INT_MIN and INT_MAX, an output
// that stops early from whichever end the stride starts at.
void AddEnds(CaseSink& sink) {
  constexpr DataType f32 = DataType::kFloat32;
  const auto add = [&](std::vector<uint32_t> input, std::vector<Window> w, std::string point) {
    sink.AddComputed("corner", CellPositive(Make(f32, input, w), point));
  };
  add({4}, {Whole(3, 1, -1)}, "last-element-backwards");
  add({4}, {Whole(3, 1, 1)}, "last-element-forwards");
  add({5}, {Whole(3, 2, -1)}, "last-two-of-five-backwards");
  add({4}, {Whole(0, 4, -3)}, "stride-minus-3-over-4");
  add({5}, {Whole(1, 3, INT32_MIN)}, "stride-int-min");
  add({5}, {Whole(1, 3, INT32_MAX)}, "stride-int-max");
  add({6}, {Window{0, 5, -2, 2}}, "stops-early-backwards");
  add({6}, {Window{1, 5, 2, 2}}, "stops-early-forwards");
  add({1, 1, 4, 4}, {Whole(0, 1, 1), Whole(0, 1, 1), Whole(0, 4, -2), Whole(1, 3, 2)},
      "page-example-2-window");
}

// Large: 70000 elements reversed: an iota in, a descending iota out.
void AddLarge(CaseSink& sink) {
  GenCase c =
      CellPositive(Make(DataType::kUint32, {1, 70000}, {Whole(0, 1, 1), Whole(0, 70000, -1)}),
                   "large-reversed-70000");
  c.description = "input iota 0 up to 69999, reversed: output 69999 down to 0";
  c.inputs = {{{}, Iota{0, 1}}};
  c.expected = {{{}, Iota{69999, -1}}};
  sink.AddChecked("large", std::move(c));
}

void AddInvalid(CaseSink& sink) {
  const FeatureLevel top = TopRow(kOp).level;
  constexpr DataType f32 = DataType::kFloat32;
  const auto reject = [&](std::vector<uint32_t> input, std::vector<Window> w, Reason reason,
                          const std::string& what) {
    sink.Add("invalid", RejectCase(Make(f32, input, w), top, reason, what));
  };
  reject({4}, {Window{0, 0, 1, 1}}, Reason::SLICE1_WINDOW_EMPTY, "window-size-0");
  reject({4}, {Window{2, 3, 1, 1}}, Reason::SLICE_WINDOW_OUT_OF_BOUNDS, "window-past-input");
  reject({4}, {Window{4, 1, -1, 1}}, Reason::SLICE_WINDOW_OUT_OF_BOUNDS, "offset-equals-size");
  reject({4}, {Window{4294967295u, 1, 1, 1}}, Reason::SLICE_WINDOW_OUT_OF_BOUNDS,
         "offset-uint32-max");
  reject({4}, {Window{0, 4, 0, 1}}, Reason::SLICE1_STRIDE_ZERO, "stride-0");
  reject({4}, {Window{0, 4, -3, 3}}, Reason::SLICE1_OUTPUT_PAST_WINDOW,
         "stride-minus-3-three-outputs");
  reject({5}, {Window{0, 5, 2, 4}}, Reason::SLICE1_OUTPUT_PAST_WINDOW, "stride-2-four-outputs");
  reject({4}, {Window{0, 3, INT32_MIN, 2}}, Reason::SLICE1_OUTPUT_PAST_WINDOW,
         "stride-int-min-two-outputs");
  OperatorDesc shorter = Make(f32, {1, 1, 4, 4}, {Whole(0, 1, 1), Whole(0, 4, 1), Whole(0, 4, 1)});
  std::get<Slice1Desc>(shorter).output_tensor.sizes = {1, 1, 4, 4};
  sink.Add("invalid", RejectCase(shorter, top, Reason::WINDOW_DIMENSION_COUNT_MISMATCH,
                                 "dimension-count-3-rank-4"));
}

}  // namespace

OperatorDesc Slice1Cell(const CellSpec& cell) {
  std::vector<uint32_t> input = SmallShape(cell.rank, cell.variant);
  for (uint32_t& size : input) size += 1;
  std::vector<Window> windows;
  for (uint32_t d = 0; d < cell.rank; ++d) windows.push_back(WindowOf(input[d], d + cell.variant));
  return Make(cell.type, input, windows);
}

// Per dimension a drawn size, window, signed stride (now and then far past the window)
// and output size up to the window's reach.
OperatorDesc Slice1Drawn(const CellSpec& cell, Choices& choices) {
  std::vector<uint32_t> input;
  std::vector<Window> windows;
  for (uint32_t d = 0; d < cell.rank; ++d) {
    const uint32_t n = choices.Size();
    const uint32_t offset = choices.Below(n);
    const uint32_t size = 1 + choices.Below(n - offset);
    const int32_t magnitude = int32_t(1 + (choices.Seldom() ? choices.Below(9) : choices.Below(2)));
    const int32_t stride = choices.Below(2) == 0 ? magnitude : -magnitude;
    const uint32_t out = 1 + choices.Below(Reach(size, stride));
    input.push_back(n);
    windows.push_back({offset, size, stride, out});
  }
  return Make(cell.type, input, windows);
}

void AddSlice1Cases(CaseSink& sink) {
  for (auto add : {AddWindows, AddEnds, AddLarge, AddInvalid}) add(sink);
}

}  // namespace dmlconf::generate
