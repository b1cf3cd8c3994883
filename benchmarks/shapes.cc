// The shapes the suite measures. Element counts, not byte counts, are held
// fixed across element sizes, so the naive kernel's per-element cost stays
// bounded and the whole run fits in about five minutes on two cores; the
// beyond-cache shapes (256 MiB of output) come last.
#include "problem.h"

#include "dmlconf/depth_space.h"

namespace dmlconf::bench {
namespace {

using Sizes = std::vector<uint32_t>;
constexpr DataType kF32 = DataType::kFloat32;
const std::vector<DataType> kFourSizes = {DataType::kUint8, DataType::kUint16, kF32,
                                          DataType::kUint64};
const std::vector<DataType> kF32AndU8 = {kF32, DataType::kUint8};

std::vector<TensorDesc> Parts(DataType type, Sizes sizes, uint32_t axis, const Sizes& parts) {
  std::vector<TensorDesc> tensors;
  for (uint32_t part : parts) {
    sizes[axis] = part;
    tensors.push_back(TensorDesc::Packed(type, sizes));
  }
  return tensors;
}

SplitDesc MakeSplit(DataType type, Sizes sizes, uint32_t axis, const Sizes& parts) {
  return {TensorDesc::Packed(type, sizes), Parts(type, sizes, axis, parts), axis};
}

JoinDesc MakeJoin(DataType type, Sizes sizes, uint32_t axis, const Sizes& parts) {
  return {Parts(type, sizes, axis, parts), TensorDesc::Packed(type, sizes), axis};
}

// Rank 2, K = 1: output {count, W} for axis 0, {R, count} for axis 1.
GatherDesc MakeGather(DataType type, Sizes sizes, uint32_t axis, uint32_t count) {
  Sizes output = sizes;
  output[axis] = count;
  return {TensorDesc::Packed(type, sizes), TensorDesc::Packed(DataType::kUint32, {1, count}),
          TensorDesc::Packed(type, output), axis, 1};
}

// GATHER_ELEMENTS and SCATTER_ELEMENTS: indices (and updates) of the input's sizes, one
// index per element, along `axis`.
GatherElementsDesc MakeGatherElements(DataType type, Sizes sizes, uint32_t axis) {
  return {TensorDesc::Packed(type, sizes), TensorDesc::Packed(DataType::kUint32, sizes),
          TensorDesc::Packed(type, sizes), axis};
}
// GATHER_ND: `count` one-coordinate tuples picking whole rows of a {R, W} input, output
// {count, W}; GATHER_ND1 the same in `batches` batches ({batches, R, W} input).
GatherNdDesc MakeGatherNdRows(DataType type, uint32_t rows, uint32_t width, uint32_t count) {
  return {TensorDesc::Packed(type, {rows, width}),
          TensorDesc::Packed(DataType::kUint32, {count, 1}),
          TensorDesc::Packed(type, {count, width}), 2, 2};
}
GatherNd1Desc MakeGatherNd1Rows(DataType type, uint32_t batches, uint32_t rows, uint32_t width,
                                uint32_t count) {
  return {TensorDesc::Packed(type, {batches, rows, width}),
          TensorDesc::Packed(DataType::kUint32, {batches, count, 1}),
          TensorDesc::Packed(type, {batches, count, width}),
          3,
          3,
          1};
}
// SCATTER_ND: `count` one-coordinate tuples writing whole rows of updates {count, W} into
// a copy of a {R, W} input.
ScatterNdDesc MakeScatterNdRows(DataType type, uint32_t rows, uint32_t width, uint32_t count) {
  return {TensorDesc::Packed(type, {rows, width}),
          TensorDesc::Packed(DataType::kUint32, {count, 1}),
          TensorDesc::Packed(type, {count, width}),
          TensorDesc::Packed(type, {rows, width}),
          2,
          2};
}
ScatterElementsDesc MakeScatterElements(DataType type, Sizes sizes, uint32_t axis) {
  return {TensorDesc::Packed(type, sizes), TensorDesc::Packed(DataType::kUint32, sizes),
          TensorDesc::Packed(type, sizes), TensorDesc::Packed(type, sizes), axis};
}

// SLICE: a window of `out` elements per dimension from `offsets` in `strides` steps, of a
// packed input of `in`.
SliceDesc MakeSlice(DataType type, Sizes in, Sizes offsets, Sizes out, Sizes strides) {
  return {TensorDesc::Packed(type, in), TensorDesc::Packed(type, out), offsets, out, strides};
}

// PADDING, `input` framed by `side` elements on each side of every dimension.
PaddingDesc MakePadding(DataType type, Sizes input, PaddingMode mode, uint32_t side) {
  Sizes output = input;
  for (uint32_t& size : output) size += 2 * side;
  const std::vector<uint32_t> frame(input.size(), side);
  return {TensorDesc::Packed(type, input), TensorDesc::Packed(type, output), mode, 0, frame, frame};
}

// SLICE1: a window of the whole input read with `strides` (signed) from its start, or
// from its end along a negative stride; the output copies the whole reach.
Slice1Desc MakeSlice1(DataType type, Sizes in, std::vector<int32_t> strides) {
  Sizes out;
  for (size_t d = 0; d < in.size(); ++d)
    out.push_back(1 + (in[d] - 1) / uint32_t(strides[d] < 0 ? -strides[d] : strides[d]));
  return {TensorDesc::Packed(type, in), TensorDesc::Packed(type, out), Sizes(in.size(), 0), in,
          std::move(strides)};
}

// TILE: a packed input of `in`, `repeats` times.
TileDesc MakeTile(DataType type, Sizes in, Sizes repeats) {
  Sizes out;
  for (size_t d = 0; d < in.size(); ++d) out.push_back(in[d] * repeats[d]);
  return {TensorDesc::Packed(type, in), TensorDesc::Packed(type, out), repeats};
}

ReverseSubsequencesDesc MakeReverse(DataType type, Sizes sizes, uint32_t axis) {
  Sizes lengths = sizes;
  lengths[axis] = 1;
  return {TensorDesc::Packed(type, sizes), TensorDesc::Packed(DataType::kUint32, lengths),
          TensorDesc::Packed(type, sizes), axis};
}

// A member of the depth/space family with a packed input of `in` (its depth side
// to space, its space side to depth), in the layout given where it has an Order.
template <class Desc>
Desc MakeDepthSpace(DataType type, Sizes in, uint32_t block, DepthSpaceOrder layout) {
  const Sizes out = kDirection<Desc> == DepthSpaceDirection::kToSpace
                        ? Sizes{in[0], in[1] / (block * block), in[2] * block, in[3] * block}
                        : Sizes{in[0], in[1] * block * block, in[2] / block, in[3] / block};
  Desc d;
  d.input_tensor = TensorDesc::Packed(type, in);
  d.output_tensor = TensorDesc::Packed(type, out);
  d.block_size = block;
  SetLayout(d, layout);
  return d;
}

constexpr DepthSpaceOrder kDcr = DepthSpaceOrder::kDepthColumnRow;
constexpr DepthSpaceOrder kCrd = DepthSpaceOrder::kColumnRowDepth;

// 8 Mi elements (32 MiB of FLOAT32) split into runs of 128 Ki elements and more.
const Sizes kMidAxis = {16, 1024, 512};
const Sizes kMidAxisParts = {256, 512, 256};
// 4 Mi elements where each run is one element.
const Sizes kSquare = {2048, 2048};
const Sizes kDepthB2 = {1, 8, 512, 1024};  // C' = 2
const Sizes kDepthB4 = {1, 32, 256, 512};  // C' = 2
const Sizes kSpace = {1, 2, 1024, 2048};

// Beyond-cache shapes: 256 MiB of output whatever the element size, so the
// outermost size grows as elements shrink (x4 for u8 against f32).
constexpr uint32_t k256MiB = 256u << 20;
uint32_t Rows(DataType type, uint32_t row_elements) {
  return k256MiB / (row_elements * uint32_t(ElementSize(type)));
}

std::vector<Shape> BeyondCacheShapes() {
  using K = ShapeKind;
  using T = DataType;
  // Element-granular SPLIT and JOIN: pairs of elements split into (or joined
  // from) two one-element-wide halves.
  return {
      {OperatorType::kSplit, "long_runs_mid_axis_256m", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeSplit(t, {Rows(t, 1024 * 512), 1024, 512}, 1, kMidAxisParts);
       },
       true},
      {OperatorType::kSplit, "inner_units_256m", K::kElementGranular, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeSplit(t, {Rows(t, 2), 2}, 1, {1, 1});
       },
       true},
      {OperatorType::kJoin, "long_runs_mid_axis_256m", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeJoin(t, {Rows(t, 1024 * 512), 1024, 512}, 1, kMidAxisParts);
       },
       true},
      {OperatorType::kJoin, "inner_units_256m", K::kElementGranular, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeJoin(t, {Rows(t, 2), 2}, 1, {1, 1});
       },
       true},
      {OperatorType::kGather, "long_runs_rows_256m", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeGather(t, {Rows(t, 1024), 1024}, 0, Rows(t, 1024));
       },
       true},
      {OperatorType::kGather, "inner_random_256m", K::kElementGranular, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeGather(t, {Rows(t, 2048), 2048}, 1, 2048);
       },
       true},
      {OperatorType::kReverseSubsequences, "long_runs_outer_axis_256m", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeReverse(t, {Rows(t, 8192), 8192}, 0);
       },
       true},
      {OperatorType::kReverseSubsequences, "inner_axis_256m", K::kElementGranular, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeReverse(t, {Rows(t, 2048), 2048}, 1);
       },
       true},
      {OperatorType::kGatherElements, "inner_random_256m", K::kElementGranular, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeGatherElements(t, {Rows(t, 2048), 2048}, 1);
       },
       true},
      {OperatorType::kScatterElements, "inner_random_256m", K::kElementGranular, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeScatterElements(t, {Rows(t, 2048), 2048}, 1);
       },
       true},
      // Rows of 1024 from the middle of rows of 1536, every other row: x[::2, 256:1280].
      {OperatorType::kSlice, "long_runs_window_256m", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         const uint32_t rows = Rows(t, 1024);
         return MakeSlice(t, {2 * rows, 1536}, {0, 256}, {rows, 1024}, {2, 1});
       },
       true},
      {OperatorType::kSlice, "inner_stride2_256m", K::kElementGranular, kF32AndU8,
       [](T t) -> OperatorDesc {
         const uint32_t rows = Rows(t, 1024);
         return MakeSlice(t, {rows, 2048}, {0, 1}, {rows, 1024}, {1, 2});
       },
       true},
      // Rows of 2048 framed by 8 on each side (rows of 2064), 256 MiB of output.
      {OperatorType::kPadding, "constant_256m", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakePadding(t, {Rows(t, 2064) - 16, 2048}, PaddingMode::kConstant, 8);
       },
       true},
      {OperatorType::kPadding, "reflection_256m", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakePadding(t, {Rows(t, 2064) - 16, 2048}, PaddingMode::kReflection, 8);
       },
       true},
      {OperatorType::kPadding, "symmetric_256m", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakePadding(t, {Rows(t, 2064) - 16, 2048}, PaddingMode::kSymmetric, 8);
       },
       true},
      {OperatorType::kGatherNd, "long_runs_rows_256m", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeGatherNdRows(t, Rows(t, 1024), 1024, Rows(t, 1024)); },
       true},
      {OperatorType::kGatherNd1, "long_runs_rows_256m", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeGatherNd1Rows(t, 8, Rows(t, 8 * 1024), 1024, Rows(t, 8 * 1024));
       },
       true},
      // An eighth of the rows scattered: the output's copy of the input is most of the work.
      {OperatorType::kScatterNd, "long_runs_rows_256m", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeScatterNdRows(t, Rows(t, 1024), 1024, Rows(t, 1024) / 8);
       },
       true},
      // x[:, ::-1]: every row reversed.
      {OperatorType::kSlice1, "inner_reversed_256m", K::kElementGranular, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeSlice1(t, {Rows(t, 4096), 4096}, {1, -1});
       },
       true},
      {OperatorType::kSlice1, "rows_reversed_256m", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeSlice1(t, {Rows(t, 4096), 4096}, {-1, 1});
       },
       true},
      // A row of 4096 repeated down 256 MiB, and a block of 1024 x 1024 tiled.
      {OperatorType::kTile, "rows_repeated_256m", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeTile(t, {1, 4096}, {Rows(t, 4096), 1});
       },
       true},
      {OperatorType::kTile, "block_tiled_256m", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeTile(t, {Rows(t, 1024 * 16) / 4, 1024}, {4, 16});
       },
       true},
  };
}

std::vector<Shape> BuildShapes() {
  using K = ShapeKind;
  using T = DataType;
  return {
      {OperatorType::kSplit, "long_runs_mid_axis", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeSplit(t, kMidAxis, 1, kMidAxisParts); }},
      {OperatorType::kSplit, "small", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeSplit(t, {8, 32, 4}, 1, {16, 16});
       }},
      {OperatorType::kJoin, "long_runs_mid_axis", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeJoin(t, kMidAxis, 1, kMidAxisParts); }},
      {OperatorType::kJoin, "small", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeJoin(t, {8, 32, 4}, 1, {16, 16});
       }},
      {OperatorType::kGather, "long_runs_rows", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeGather(t, {8192, 1024}, 0, 8192);
       }},
      {OperatorType::kGather, "inner_random", K::kElementGranular, kFourSizes,
       [](T t) -> OperatorDesc { return MakeGather(t, kSquare, 1, 2048); }},
      {OperatorType::kGather, "small_rows", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeGather(t, {32, 32}, 0, 32);
       }},
      {OperatorType::kReverseSubsequences, "long_runs_outer_axis", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeReverse(t, {1024, 8192}, 0);
       }},
      {OperatorType::kReverseSubsequences, "inner_axis", K::kElementGranular, kFourSizes,
       [](T t) -> OperatorDesc { return MakeReverse(t, kSquare, 1); }},
      {OperatorType::kReverseSubsequences, "small", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeReverse(t, {32, 32}, 1);
       }},
      {OperatorType::kGatherElements, "inner_random", K::kElementGranular, kFourSizes,
       [](T t) -> OperatorDesc { return MakeGatherElements(t, kSquare, 1); }},
      {OperatorType::kGatherElements, "outer_random", K::kElementGranular, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeGatherElements(t, kSquare, 0); }},
      {OperatorType::kGatherElements, "small", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeGatherElements(t, {32, 32}, 1);
       }},
      {OperatorType::kScatterElements, "inner_random", K::kElementGranular, kFourSizes,
       [](T t) -> OperatorDesc { return MakeScatterElements(t, kSquare, 1); }},
      {OperatorType::kScatterElements, "outer_random", K::kElementGranular, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeScatterElements(t, kSquare, 0); }},
      {OperatorType::kScatterElements, "small", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeScatterElements(t, {32, 32}, 1);
       }},
      {OperatorType::kSlice, "long_runs_window", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeSlice(t, {2048, 2560}, {0, 256}, {1024, 2048}, {2, 1});
       }},
      {OperatorType::kSlice, "inner_stride2", K::kElementGranular, kFourSizes,
       [](T t) -> OperatorDesc {
         return MakeSlice(t, {2048, 4096}, {0, 1}, kSquare, {1, 2});
       }},
      {OperatorType::kSlice, "small", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeSlice(t, {40, 40}, {4, 4}, {32, 32}, {1, 1});
       }},
      {OperatorType::kGatherNd, "long_runs_rows", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeGatherNdRows(t, 8192, 1024, 8192); }},
      {OperatorType::kGatherNd, "small_rows", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeGatherNdRows(t, 32, 32, 32); }},
      {OperatorType::kGatherNd1, "long_runs_rows", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeGatherNd1Rows(t, 8, 1024, 1024, 1024); }},
      {OperatorType::kGatherNd1, "small_rows", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeGatherNd1Rows(t, 4, 8, 32, 8); }},
      {OperatorType::kScatterNd, "long_runs_rows", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeScatterNdRows(t, 8192, 1024, 1024); }},
      {OperatorType::kScatterNd, "small_rows", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeScatterNdRows(t, 32, 32, 8); }},
      {OperatorType::kSlice1, "inner_reversed", K::kElementGranular, kFourSizes,
       [](T t) -> OperatorDesc {
         return MakeSlice1(t, kSquare, {1, -1});
       }},
      {OperatorType::kSlice1, "small", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeSlice1(t, {32, 32}, {-1, 2});
       }},
      {OperatorType::kTile, "rows_repeated", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeTile(t, {1, 2048}, {2048, 1});
       }},
      {OperatorType::kTile, "inner_repeated", K::kElementGranular, kFourSizes,
       [](T t) -> OperatorDesc {
         return MakeTile(t, {2048, 2}, {1, 1024});
       }},
      {OperatorType::kTile, "small", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeTile(t, {8, 8}, {4, 4});
       }},
  };
}

// Every member of the depth/space family, in its direction: B = 2 and 4 in each
// layout it has (C' = 2 to space, C = 2 to depth), a small one, and 256 MiB.
template <class Desc>
std::vector<Shape> DepthSpaceShapes() {
  using K = ShapeKind;
  using T = DataType;
  constexpr bool kToSpace = kDirection<Desc> == DepthSpaceDirection::kToSpace;
  const OperatorType op = TypeOf(OperatorDesc(Desc{}));
  std::vector<Shape> shapes = {
      {op, "dcr_b2", K::kElementGranular, kFourSizes,
       [](T t) -> OperatorDesc {
         return MakeDepthSpace<Desc>(t, kToSpace ? kDepthB2 : kSpace, 2, kDcr);
       }},
      {op,
       "crd_b2",
       K::kElementGranular,
       {kF32},
       [](T t) -> OperatorDesc {
         return MakeDepthSpace<Desc>(t, kToSpace ? kDepthB2 : kSpace, 2, kCrd);
       }},
      {op,
       "dcr_b4",
       K::kElementGranular,
       {kF32},
       [](T t) -> OperatorDesc {
         return MakeDepthSpace<Desc>(t, kToSpace ? kDepthB4 : kSpace, 4, kDcr);
       }},
      {op,
       "crd_b4",
       K::kElementGranular,
       {kF32},
       [](T t) -> OperatorDesc {
         return MakeDepthSpace<Desc>(t, kToSpace ? kDepthB4 : kSpace, 4, kCrd);
       }},
      {op, "small", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeDepthSpace<Desc>(t, kToSpace ? Sizes{1, 16, 8, 8} : Sizes{1, 4, 16, 16}, 2,
                                     kDcr);
       }},
      {op, "dcr_b2_256m", K::kElementGranular, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeDepthSpace<Desc>(
             t,
             kToSpace ? Sizes{1, 8, Rows(t, 8 * 2048), 2048} : Sizes{1, 2, Rows(t, 2 * 4096), 4096},
             2, kDcr);
       },
       true},
  };
  // A member without an Order has one layout.
  if (!kHasOrder<Desc>)
    std::erase_if(shapes, [](const Shape& s) { return s.name.starts_with("crd"); });
  return shapes;
}

}  // namespace

// Operator by operator in ops.inc's order, the shapes in cache first, then those
// beyond it.
const std::vector<Shape>& AllShapes() {
  static const std::vector<Shape> shapes = [] {
    const std::vector<Shape> listed = BuildShapes(), listed_beyond = BeyondCacheShapes();
    std::vector<Shape> in_cache, beyond;
    for (OperatorType op : kAllOperatorTypes) {
      const std::vector<Shape> family = std::visit(
          [](auto d) {
            if constexpr (kIsDepthSpace<decltype(d)>) return DepthSpaceShapes<decltype(d)>();
            return std::vector<Shape>{};
          },
          DefaultDesc(op));
      for (const auto* list : {&listed, &family, &listed_beyond})
        for (const Shape& shape : *list)
          if (shape.op == op) (shape.beyond_cache ? beyond : in_cache).push_back(shape);
    }
    in_cache.insert(in_cache.end(), beyond.begin(), beyond.end());
    return in_cache;
  }();
  return shapes;
}

}  // namespace dmlconf::bench
