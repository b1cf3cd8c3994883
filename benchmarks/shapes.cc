// The shapes the suite measures. Element counts, not byte counts, are held
// fixed across element sizes, so the naive kernel's per-element cost stays
// bounded and the whole run fits in about five minutes on two cores; the
// beyond-cache shapes (256 MiB of output) come last.
#include "problem.h"

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

ReverseSubsequencesDesc MakeReverse(DataType type, Sizes sizes, uint32_t axis) {
  Sizes lengths = sizes;
  lengths[axis] = 1;
  return {TensorDesc::Packed(type, sizes), TensorDesc::Packed(DataType::kUint32, lengths),
          TensorDesc::Packed(type, sizes), axis};
}

DepthToSpace1Desc MakeD2S(DataType type, Sizes in, uint32_t block, DepthSpaceOrder order) {
  const Sizes out = {in[0], in[1] / (block * block), in[2] * block, in[3] * block};
  return {TensorDesc::Packed(type, in), TensorDesc::Packed(type, out), block, order};
}

SpaceToDepth1Desc MakeS2D(DataType type, Sizes in, uint32_t block, DepthSpaceOrder order) {
  const Sizes out = {in[0], in[1] * block * block, in[2] / block, in[3] / block};
  return {TensorDesc::Packed(type, in), TensorDesc::Packed(type, out), block, order};
}

constexpr DepthSpaceOrder kDcr = DepthSpaceOrder::kDepthColumnRow;
constexpr DepthSpaceOrder kCrd = DepthSpaceOrder::kColumnRowDepth;

// 8 Mi elements (32 MiB of FLOAT32) split into runs of 128 Ki elements and more.
const Sizes kMidAxis = {16, 1024, 512};
const Sizes kMidAxisParts = {256, 512, 256};
// 4 Mi elements where each run is one element.
const Sizes kSquare = {2048, 2048};
const Sizes kDepthB2 = {1, 8, 512, 1024};   // C' = 2
const Sizes kDepthB4 = {1, 32, 256, 512};   // C' = 2
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
       }, true},
      {OperatorType::kSplit, "inner_units_256m", K::kElementGranular, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeSplit(t, {Rows(t, 2), 2}, 1, {1, 1}); }, true},
      {OperatorType::kJoin, "long_runs_mid_axis_256m", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeJoin(t, {Rows(t, 1024 * 512), 1024, 512}, 1, kMidAxisParts);
       }, true},
      {OperatorType::kJoin, "inner_units_256m", K::kElementGranular, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeJoin(t, {Rows(t, 2), 2}, 1, {1, 1}); }, true},
      {OperatorType::kGather, "long_runs_rows_256m", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeGather(t, {Rows(t, 1024), 1024}, 0, Rows(t, 1024));
       }, true},
      {OperatorType::kGather, "inner_random_256m", K::kElementGranular, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeGather(t, {Rows(t, 2048), 2048}, 1, 2048); }, true},
      {OperatorType::kDepthToSpace1, "dcr_b2_256m", K::kElementGranular, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeD2S(t, {1, 8, Rows(t, 8 * 2048), 2048}, 2, kDcr);
       }, true},
      {OperatorType::kSpaceToDepth1, "dcr_b2_256m", K::kElementGranular, kF32AndU8,
       [](T t) -> OperatorDesc {
         return MakeS2D(t, {1, 2, Rows(t, 2 * 4096), 4096}, 2, kDcr);
       }, true},
      {OperatorType::kReverseSubsequences, "long_runs_outer_axis_256m", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeReverse(t, {Rows(t, 8192), 8192}, 0); }, true},
      {OperatorType::kReverseSubsequences, "inner_axis_256m", K::kElementGranular, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeReverse(t, {Rows(t, 2048), 2048}, 1); }, true},
  };
}

std::vector<Shape> BuildShapes() {
  using K = ShapeKind;
  using T = DataType;
  return {
      {OperatorType::kSplit, "long_runs_mid_axis", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeSplit(t, kMidAxis, 1, kMidAxisParts); }},
      {OperatorType::kSplit, "small", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeSplit(t, {8, 32, 4}, 1, {16, 16}); }},
      {OperatorType::kJoin, "long_runs_mid_axis", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeJoin(t, kMidAxis, 1, kMidAxisParts); }},
      {OperatorType::kJoin, "small", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeJoin(t, {8, 32, 4}, 1, {16, 16}); }},
      {OperatorType::kGather, "long_runs_rows", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeGather(t, {8192, 1024}, 0, 8192); }},
      {OperatorType::kGather, "inner_random", K::kElementGranular, kFourSizes,
       [](T t) -> OperatorDesc { return MakeGather(t, kSquare, 1, 2048); }},
      {OperatorType::kGather, "small_rows", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeGather(t, {32, 32}, 0, 32); }},
      {OperatorType::kDepthToSpace1, "dcr_b2", K::kElementGranular, kFourSizes,
       [](T t) -> OperatorDesc { return MakeD2S(t, kDepthB2, 2, kDcr); }},
      {OperatorType::kDepthToSpace1, "crd_b2", K::kElementGranular, {kF32},
       [](T t) -> OperatorDesc { return MakeD2S(t, kDepthB2, 2, kCrd); }},
      {OperatorType::kDepthToSpace1, "dcr_b4", K::kElementGranular, {kF32},
       [](T t) -> OperatorDesc { return MakeD2S(t, kDepthB4, 4, kDcr); }},
      {OperatorType::kDepthToSpace1, "crd_b4", K::kElementGranular, {kF32},
       [](T t) -> OperatorDesc { return MakeD2S(t, kDepthB4, 4, kCrd); }},
      {OperatorType::kDepthToSpace1, "small", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeD2S(t, {1, 16, 8, 8}, 2, kDcr); }},
      {OperatorType::kSpaceToDepth1, "dcr_b2", K::kElementGranular, kFourSizes,
       [](T t) -> OperatorDesc { return MakeS2D(t, kSpace, 2, kDcr); }},
      {OperatorType::kSpaceToDepth1, "crd_b2", K::kElementGranular, {kF32},
       [](T t) -> OperatorDesc { return MakeS2D(t, kSpace, 2, kCrd); }},
      {OperatorType::kSpaceToDepth1, "dcr_b4", K::kElementGranular, {kF32},
       [](T t) -> OperatorDesc { return MakeS2D(t, kSpace, 4, kDcr); }},
      {OperatorType::kSpaceToDepth1, "crd_b4", K::kElementGranular, {kF32},
       [](T t) -> OperatorDesc { return MakeS2D(t, kSpace, 4, kCrd); }},
      {OperatorType::kSpaceToDepth1, "small", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeS2D(t, {1, 4, 16, 16}, 2, kDcr); }},
      {OperatorType::kReverseSubsequences, "long_runs_outer_axis", K::kLongRuns, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeReverse(t, {1024, 8192}, 0); }},
      {OperatorType::kReverseSubsequences, "inner_axis", K::kElementGranular, kFourSizes,
       [](T t) -> OperatorDesc { return MakeReverse(t, kSquare, 1); }},
      {OperatorType::kReverseSubsequences, "small", K::kSmall, kF32AndU8,
       [](T t) -> OperatorDesc { return MakeReverse(t, {32, 32}, 1); }},
  };
}

}  // namespace

const std::vector<Shape>& AllShapes() {
  static const std::vector<Shape> shapes = [] {
    std::vector<Shape> all = BuildShapes();
    for (Shape& shape : BeyondCacheShapes()) all.push_back(std::move(shape));
    return all;
  }();
  return shapes;
}

}  // namespace dmlconf::bench
