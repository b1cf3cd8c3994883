#include "pad_cases.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "descriptor_edit.h"
#include "dmlconf/pad.h"

namespace dmlconf::generate {

namespace {

constexpr PaddingMode kModes[] = {PaddingMode::kConstant, PaddingMode::kEdge,
                                  PaddingMode::kReflection, PaddingMode::kSymmetric,
                                  PaddingMode::kWrap};

PaddingMode ModeOf(const OperatorDesc& d) {
  PaddingMode mode = PaddingMode::kConstant;
  std::visit(
      [&](const auto& x) {
        ForEachField(x, [&](auto field, const auto& value) {
          if constexpr (field.kind == FieldKind::kPaddingMode) mode = value;
        });
      },
      d);
  return mode;
}

const TensorDesc& InputOf(const OperatorDesc& d) { return *InputSlots(d)[0].desc; }

// The modes that exist at `level`, in DirectML's order.
std::vector<PaddingMode> ModesAt(FeatureLevel level) {
  std::vector<PaddingMode> modes;
  for (PaddingMode mode : kModes)
    if (*PaddingModeLevel(mode) <= level) modes.push_back(mode);
  return modes;
}

std::string ModeTag(PaddingMode mode) {
  std::string tag = PaddingModeName(mode);
  std::transform(tag.begin(), tag.end(), tag.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return tag;
}

// A frame for `input`: the last two dimensions padded by rotating widths, the first by
// one before it when the rank allows, the others not at all (the files stay small).
std::pair<std::vector<uint32_t>, std::vector<uint32_t>> RotatingFrame(
    const std::vector<uint32_t>& input, uint32_t variant) {
  static constexpr std::pair<uint32_t, uint32_t> kSides[] = {{1, 2}, {2, 1}, {0, 3},
                                                             {3, 0}, {1, 1}, {0, 0}};
  const size_t rank = input.size();
  std::vector<uint32_t> start(rank, 0), end(rank, 0);
  for (size_t d = rank >= 2 ? rank - 2 : 0; d < rank; ++d)
    std::tie(start[d], end[d]) = kSides[(variant + d) % std::size(kSides)];
  if (rank > 2) start[0] = 1;
  return {start, end};
}

void AddEveryMode(CaseSink& sink, OperatorType op, MakePad make) {
  uint32_t n = 0;
  for (uint32_t rank = 1; rank <= kMaxDimensions; ++rank)
    for (PaddingMode mode : kModes) {
      std::vector<uint32_t> input = SmallShape(rank, rank + n);
      input.back() = 3;  // room for a fold that differs from every other mode's
      const auto [start, end] = RotatingFrame(input, n);
      const DataType type = kAllDataTypes[n % kDataTypeCount];
      ++n;
      sink.AddComputed("corner", PadPositive(op, make(type, input, mode, start, end),
                                             "r" + std::to_string(rank) + "-frame"));
    }
}

struct Fold {
  std::vector<PaddingMode> modes;
  std::vector<uint32_t> input, start, end;
  const char* point;
};

// Reflection and symmetric padding at and past the size, on one side and both (PD2:
// each side folds on its own), size-1 dimensions (PD1), wide EDGE and WRAP, widths equal
// to the size, and no padding at all; the widths DirectML was asked about among them.
void AddFolds(CaseSink& sink, OperatorType op, MakePad make) {
  const std::vector<PaddingMode> mirrors = {PaddingMode::kReflection, PaddingMode::kSymmetric};
  const std::vector<PaddingMode> all(std::begin(kModes), std::end(kModes));
  const Fold folds[] = {
      {mirrors, {3}, {10}, {1}, "start-10-end-1"},
      {mirrors, {3}, {1}, {10}, "start-1-end-10"},
      {mirrors, {3}, {7}, {7}, "both-7"},
      {mirrors, {3}, {9}, {4}, "start-9-end-4"},
      {mirrors, {3}, {3}, {9}, "start-3-end-9"},
      {mirrors, {2, 3}, {3, 5}, {2, 4}, "2d-past-size"},
      {all, {1}, {2}, {3}, "size-1"},
      {all, {1, 3}, {2, 1}, {1, 1}, "size-1-beside-3"},
      {all, {4}, {4}, {4}, "width-equals-size"},
      {all, {2}, {5}, {4}, "wide-on-2"},
      {all, {3}, {7}, {5}, "start-7-end-5"},
      {all, {2, 3}, {0, 0}, {0, 0}, "no-padding"},
      {all, {1, 1, 4, 4}, {0, 0, 1, 2}, {0, 0, 3, 4}, "page-frame"},
  };
  uint32_t n = 0;
  for (const Fold& fold : folds)
    for (PaddingMode mode : fold.modes) {
      const DataType type = kAllDataTypes[(3 * n++) % kDataTypeCount];
      sink.AddComputed("corner", PadPositive(op, make(type, fold.input, mode, fold.start, fold.end),
                                             fold.point));
    }
}

// Large: an axis past 65 535 elements. With no padding every mode is a plain copy, so an
// iota input comes out as the same iota.
void AddLarge(CaseSink& sink, OperatorType op, MakePad make) {
  for (PaddingMode mode : {PaddingMode::kConstant, PaddingMode::kReflection}) {
    GenCase c = PadPositive(op, make(DataType::kUint32, {1, 70000}, mode, {0, 0}, {0, 0}),
                            "large-70000-unpadded");
    c.description = "an axis of 70000, no padding: the input's iota, 0 up to 69999";
    c.inputs = {{{}, Iota{0, 1}}};
    c.expected = {{{}, Iota{0, 1}}};
    sink.AddChecked("large", std::move(c));
  }
}

void AddInvalid(CaseSink& sink, OperatorType op, MakePad make) {
  const FeatureLevel top = TopRow(op).level;
  const auto base = [&](PaddingMode mode) {
    return make(DataType::kFloat32, {1, 1, 4, 4}, mode, {0, 0, 1, 2}, {0, 0, 3, 4});
  };
  const auto with_output = [&](std::vector<uint32_t> sizes, const char* what) {
    OperatorDesc d = base(PaddingMode::kReflection);
    Mutable(OutputSlots(d))[0]->sizes = std::move(sizes);
    sink.Add("invalid", RejectCase(std::move(d), top, Reason::PADDING_OUTPUT_SIZES_MISMATCH, what));
  };
  with_output({1, 1, 8, 9}, "output-one-column-short");
  with_output({1, 1, 9, 10}, "output-one-row-long");
  with_output({1, 1, 4, 4}, "output-unpadded");
  // DimensionCount (the arrays' one count) other than the rank.
  for (const std::vector<uint32_t>& frame :
       {std::vector<uint32_t>{0, 1, 2}, std::vector<uint32_t>{0, 0, 0, 1, 2}}) {
    OperatorDesc d = base(PaddingMode::kEdge);
    std::visit(
        [&](auto& x) {
          if constexpr (kIsPad<std::decay_t<decltype(x)>>) x.start_padding = x.end_padding = frame;
        },
        d);
    sink.Add("invalid", RejectCase(std::move(d), top, Reason::WINDOW_DIMENSION_COUNT_MISMATCH,
                                   "dimension-count-" + std::to_string(frame.size()) + "-rank-4"));
  }
  for (uint32_t mode : {5u, 0xFFFFFFFFu})
    sink.Add("invalid", RejectCase(base(PaddingMode(mode)), top, Reason::PADDING_MODE_INVALID,
                                   "mode-" + std::to_string(mode)));
  // Each mode at the highest level below its own where the operator exists.
  for (PaddingMode mode : kModes) {
    const FeatureLevel from = *PaddingModeLevel(mode);
    const FeatureLevel* below = nullptr;
    for (const FeatureLevel& level : kAllFeatureLevels)
      if (level < from && FindSupport(op, level) != nullptr) below = &level;
    if (below == nullptr) continue;
    sink.Add("invalid", RejectCase(base(mode), *below, Reason::PADDING_MODE_NOT_AVAILABLE,
                                   ModeTag(mode) + "-below-" + LevelTag(from)));
  }
}

}  // namespace

std::vector<uint32_t> FramedSizes(std::vector<uint32_t> input, const std::vector<uint32_t>& start,
                                  const std::vector<uint32_t>& end) {
  for (size_t d = 0; d < input.size(); ++d) input[d] += start[d] + end[d];
  return input;
}

GenCase PadPositive(OperatorType op, OperatorDesc d, const std::string& point) {
  const TensorDesc& in = InputOf(d);
  const PaddingMode mode = ModeOf(d);
  GenCase c;
  c.level = LowestLevelOf(d);
  c.name =
      CellName(op, c.level, in.data_type, in.DimensionCount()) + "/" + ModeTag(mode) + "/" + point;
  c.desc = std::move(d);
  return c;
}

OperatorDesc PadCell(OperatorType op, MakePad make, const CellSpec& cell) {
  const std::vector<PaddingMode> modes =
      ModesAt(LowestLevel(op, cell.type, cell.rank, cell.index_type));
  std::vector<uint32_t> input = SmallShape(cell.rank, cell.variant);
  input.back() = 3;
  const auto [start, end] = RotatingFrame(input, cell.variant);
  return make(cell.type, input, modes[cell.variant % modes.size()], start, end);
}

OperatorDesc PadDrawn(OperatorType op, MakePad make, const CellSpec& cell, Choices& choices) {
  const std::vector<PaddingMode> modes =
      ModesAt(LowestLevel(op, cell.type, cell.rank, cell.index_type));
  const PaddingMode mode = modes[choices.Below(uint32_t(modes.size()))];
  std::vector<uint32_t> input(cell.rank), start(cell.rank), end(cell.rank);
  for (uint32_t d = 0; d < cell.rank; ++d) {
    input[d] = choices.Size();
    // Now and then a fold past the size, on one side or both.
    const uint32_t reach = choices.Seldom() ? 2 * input[d] + 3 : 3;
    start[d] = choices.Below(reach);
    end[d] = choices.Below(reach);
  }
  return make(cell.type, input, mode, start, end);
}

void AddPadCases(CaseSink& sink, OperatorType op, MakePad make) {
  AddEveryMode(sink, op, make);
  AddFolds(sink, op, make);
  AddLarge(sink, op, make);
  AddInvalid(sink, op, make);
}

}  // namespace dmlconf::generate
