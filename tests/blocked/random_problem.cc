#include "blocked/random_problem.h"

#include <algorithm>
#include <numeric>
#include <sstream>

#include "dmlconf/depth_space.h"
#include "dmlconf/nd.h"
#include "dmlconf/pad.h"
#include "dmlconf/support.h"
#include "testing/test_tensor.h"

namespace dmlconf::testing {

namespace {

std::vector<uint32_t> RandomSizes(ProblemRng& rng, uint32_t rank, uint64_t budget) {
  std::vector<uint32_t> sizes(rank);
  for (uint32_t& size : sizes)
    size = uint32_t(rng.Chance(0.3) ? 1 : rng.Chance(0.85) ? rng.Int(2, 6) : rng.Int(7, 40));
  auto product = [&] {
    return std::accumulate(sizes.begin(), sizes.end(), uint64_t{1}, std::multiplies<>());
  };
  while (product() > budget) {
    uint32_t& largest = *std::max_element(sizes.begin(), sizes.end());
    largest = std::max(1u, largest / 2);
  }
  return sizes;
}

// Makes dimension d long enough that the SIMD loops run whole vectors (up to
// 64 lanes of 1-byte elements under AVX-512) plus a tail, shrinking the
// others back under the budget.
void Lengthen(ProblemRng& rng, std::vector<uint32_t>& sizes, size_t d, uint64_t budget) {
  sizes[d] = uint32_t(rng.Int(41, 200));
  for (;;) {
    uint64_t product =
        std::accumulate(sizes.begin(), sizes.end(), uint64_t{1}, std::multiplies<>());
    if (product <= budget) return;
    uint32_t* largest = nullptr;
    for (size_t i = 0; i < sizes.size(); ++i)
      if (i != d && sizes[i] > 1 && (!largest || sizes[i] > *largest)) largest = &sizes[i];
    if (!largest) return;
    *largest /= 2;
  }
}

// Strides for `sizes`: absent (packed), packed spelled out, padded, a
// permutation of the dimensions (dense or padded), or -- for inputs only --
// zero on some dimensions (broadcast). Size-1 dimensions sometimes get an
// arbitrary stride, which must not matter.
std::optional<std::vector<uint32_t>> RandomStrides(ProblemRng& rng,
                                                   const std::vector<uint32_t>& sizes,
                                                   bool allow_broadcast) {
  const int64_t mode = rng.Int(0, 9);
  if (mode <= 2) return std::nullopt;
  const uint32_t rank = uint32_t(sizes.size());
  std::vector<uint32_t> order(rank);  // innermost first
  std::iota(order.rbegin(), order.rend(), 0u);
  if (mode >= 6 && mode <= 7) std::shuffle(order.begin(), order.end(), rng.engine());
  const bool padded = mode >= 4 && rng.Chance(0.7);
  std::vector<uint32_t> strides(rank);
  uint64_t next = 1;
  for (uint32_t d : order) {
    strides[d] = uint32_t(next);
    next = next * sizes[d] + (padded ? uint64_t(rng.Int(0, 3)) : 0);
  }
  if (mode >= 8 && allow_broadcast)
    for (uint32_t d = 0; d < rank; ++d)
      if (rng.Chance(0.4)) strides[d] = 0;
  for (uint32_t d = 0; d < rank; ++d)
    if (sizes[d] == 1 && rng.Chance(0.3)) strides[d] = uint32_t(rng.Int(0, 50));
  return strides;
}

TensorDesc RandomTensor(ProblemRng& rng, DataType type, std::vector<uint32_t> sizes,
                        bool allow_broadcast) {
  TensorDesc desc;
  desc.data_type = type;
  desc.strides = RandomStrides(rng, sizes, allow_broadcast);
  desc.sizes = std::move(sizes);
  if (rng.Chance(0.2))
    desc.total_tensor_size_in_bytes = desc.MinimumTotalBytes() + 4 * rng.Int(1, 4);
  return desc;
}

DataType RandomDataType(ProblemRng& rng) {
  return kAllDataTypes[size_t(rng.Int(0, kDataTypeCount - 1))];
}

// A data type the operator's highest support row takes (SLICE1's has no 64-bit type, TILE's
// no FLOAT64: errata SL4 and TL2).
DataType RandomDataTypeOf(OperatorType op, ProblemRng& rng) {
  for (;;) {
    const DataType type = RandomDataType(rng);
    if (FindSupport(op, kHighestFeatureLevel)->data_types.Contains(type)) return type;
  }
}

// Cuts `total` into 1..5 positive parts.
std::vector<uint32_t> RandomParts(ProblemRng& rng, uint32_t total) {
  const uint32_t count = uint32_t(rng.Int(1, std::min<int64_t>(5, total)));
  std::vector<uint32_t> cuts(total - 1);
  std::iota(cuts.begin(), cuts.end(), 1u);
  std::shuffle(cuts.begin(), cuts.end(), rng.engine());
  cuts.resize(count - 1);
  cuts.push_back(0);
  cuts.push_back(total);
  std::sort(cuts.begin(), cuts.end());
  std::vector<uint32_t> parts;
  for (size_t i = 1; i < cuts.size(); ++i) parts.push_back(cuts[i] - cuts[i - 1]);
  return parts;
}

Problem RandomPieces(ProblemRng& rng, bool split) {
  const uint32_t rank = uint32_t(rng.Int(1, 8));
  const DataType type = RandomDataType(rng);
  const std::vector<uint32_t> whole = RandomSizes(rng, rank, kMaxProblemElements);
  const uint32_t axis = uint32_t(rng.Int(0, rank - 1));
  std::vector<TensorDesc> pieces;
  for (uint32_t part : RandomParts(rng, whole[axis])) {
    std::vector<uint32_t> sizes = whole;
    sizes[axis] = part;
    pieces.push_back(RandomTensor(rng, type, sizes, /*allow_broadcast=*/!split));
  }
  if (split) return {SplitDesc{RandomTensor(rng, type, whole, true), pieces, axis}, {}};
  return {JoinDesc{pieces, RandomTensor(rng, type, whole, false), axis}, {}};
}

uint64_t Product(const std::vector<uint32_t>& sizes) {
  return std::accumulate(sizes.begin(), sizes.end(), uint64_t{1}, std::multiplies<>());
}

// Signed and unsigned values in range, negative, past either end, and extremes.
uint64_t RandomIndex(ProblemRng& rng, bool is_signed, int64_t size) {
  const int64_t kind = rng.Int(0, 19);
  if (kind < 10) return uint64_t(rng.Int(0, size - 1));
  if (kind < 14) return is_signed ? uint64_t(rng.Int(-size, -1)) : uint64_t(rng.Int(0, size - 1));
  if (kind < 17) return uint64_t(rng.Int(size, size + 3));
  if (kind < 19) return is_signed ? uint64_t(rng.Int(-size - 3, -size - 1)) : uint64_t(size + 100);
  return rng.Pick<uint64_t>({0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0x7FFFFFFFFFFFFFFF,
                             0x8000000000000000, 0xFFFFFFFFFFFFFFFF});
}

Problem RandomOf(SplitDesc, ProblemRng& rng) { return RandomPieces(rng, true); }
Problem RandomOf(JoinDesc, ProblemRng& rng) { return RandomPieces(rng, false); }

Problem RandomOf(GatherDesc, ProblemRng& rng) {
  for (;;) {
    const uint32_t rank = uint32_t(rng.Int(1, 8));
    const uint32_t axis = uint32_t(rng.Int(0, rank - 1));
    const uint32_t k = uint32_t(rng.Int(0, rank));
    std::vector<uint32_t> in = RandomSizes(rng, rank, 800);
    if (rng.Chance(0.2)) Lengthen(rng, in, axis, 800);
    std::vector<uint32_t> idx = RandomSizes(rng, rank, rng.Chance(0.1) ? 600 : 24);
    // The leading D-K indices dimensions are padding; usually 1, but only
    // coordinate 0 of them is read, so other sizes must work the same.
    for (uint32_t d = 0; d < rank - k; ++d)
      if (rng.Chance(0.8)) idx[d] = 1;
    // The surplus K-1 leading entries of the output list must be 1.
    for (uint32_t p = 0; p + 1 < k; ++p) {
      if (p < axis)
        in[p] = 1;
      else if (p < axis + k)
        idx[rank - k + (p - axis)] = 1;
      else
        in[p - k + 1] = 1;
    }
    std::vector<uint32_t> out(in.begin(), in.begin() + axis);
    out.insert(out.end(), idx.begin() + (rank - k), idx.end());
    out.insert(out.end(), in.begin() + axis + 1, in.end());
    if (out.size() > rank) out.erase(out.begin(), out.begin() + (out.size() - rank));
    out.insert(out.begin(), rank - out.size(), 1u);
    if (Product(out) > kMaxProblemElements) continue;
    // Seed 002's rule (validate/gather.cc): the input's rank without its
    // leading 1s, plus IndexDimensions - 1, must fit the output's rank.
    const uint32_t leading_ones = uint32_t(
        std::find_if(in.begin(), in.end(), [](uint32_t size) { return size != 1; }) - in.begin());
    if ((rank - std::min(leading_ones, rank - 1)) + k - 1 > rank) continue;
    const DataType type = RandomDataType(rng);
    const DataType index_type = rng.Pick<DataType>(
        {DataType::kInt32, DataType::kInt64, DataType::kUint32, DataType::kUint64});
    GatherDesc desc{RandomTensor(rng, type, in, true), RandomTensor(rng, index_type, idx, true),
                    RandomTensor(rng, type, out, false), axis, k};
    Problem problem{desc, {}};
    const size_t slots = size_t(desc.indices_tensor.TotalBytes() / ElementSize(index_type));
    for (size_t i = 0; i < slots; ++i)
      problem.index_values.push_back(
          RandomIndex(rng, IsSignedInteger(index_type), int64_t(in[axis])));
    return problem;
  }
}

// Any member of the depth/space family, in its direction, in either layout where
// it has an Order.
template <class Desc>
requires kIsDepthSpace<Desc> Problem RandomOf(Desc d, ProblemRng& rng) {
  // Sometimes rows long enough for whole SIMD vectors and a tail.
  const bool long_rows = rng.Chance(0.3);
  const uint32_t n = uint32_t(rng.Int(1, long_rows ? 1 : 3));
  const uint32_t c = uint32_t(rng.Int(1, long_rows ? 2 : 4));
  const uint32_t h = uint32_t(rng.Int(1, long_rows ? 2 : 6));
  const uint32_t w = uint32_t(long_rows ? rng.Int(9, 150) : rng.Int(1, 8));
  const uint32_t b = uint32_t(rng.Int(1, 4));
  const DataType type = RandomDataType(rng);
  SetLayout(d,
            rng.Chance(0.5) ? DepthSpaceOrder::kDepthColumnRow : DepthSpaceOrder::kColumnRowDepth);
  // The depth side {n, c*b*b, h, w} and the space side {n, c, h*b, w*b}.
  const std::vector<uint32_t> depth = {n, c * b * b, h, w}, space = {n, c, h * b, w * b};
  const bool to_space = kDirection<Desc> == DepthSpaceDirection::kToSpace;
  d.input_tensor = RandomTensor(rng, type, to_space ? depth : space, true);
  d.output_tensor = RandomTensor(rng, type, to_space ? space : depth, false);
  d.block_size = b;
  return {d, {}};
}

Problem RandomOf(ReverseSubsequencesDesc, ProblemRng& rng) {
  const uint32_t rank = uint32_t(rng.Int(1, 8));
  const uint32_t axis = uint32_t(rng.Int(0, rank - 1));
  const DataType type = RandomDataType(rng);
  std::vector<uint32_t> sizes = RandomSizes(rng, rank, kMaxProblemElements);
  if (rng.Chance(0.2)) Lengthen(rng, sizes, axis, kMaxProblemElements);
  std::vector<uint32_t> line_sizes = sizes;
  line_sizes[axis] = 1;
  const DataType length_type = rng.Chance(0.5) ? DataType::kUint32 : DataType::kUint64;
  ReverseSubsequencesDesc desc{RandomTensor(rng, type, sizes, true),
                               RandomTensor(rng, length_type, line_sizes, true),
                               RandomTensor(rng, type, sizes, false), axis};
  Problem problem{desc, {}};
  const size_t slots = size_t(desc.sequence_lengths_tensor.TotalBytes() / ElementSize(length_type));
  // Runs of equal lengths (as a broadcast would give) as well as mixed ones.
  const bool uniform = rng.Chance(0.3);
  const uint64_t shared = uint64_t(rng.Int(0, sizes[axis] + 2));
  for (size_t i = 0; i < slots; ++i) {
    uint64_t length = uniform ? shared : uint64_t(rng.Int(0, sizes[axis] + 2));
    if (rng.Chance(0.03)) length = rng.Pick<uint64_t>({0xFFFFFFFF, 0xFFFFFFFFFFFFFFFF});
    problem.index_values.push_back(length);
  }
  return problem;
}

// GATHER_ELEMENTS and SCATTER_ELEMENTS: indices of the input's sizes off Axis, along it
// shorter, as long or longer (then a SCATTER's line collides: both kernels let the
// last update land, so their bytes still agree).
struct ElementsShapes {
  uint32_t axis;
  std::vector<uint32_t> input, indices;
  DataType type, index_type;
};
ElementsShapes RandomElementsShapes(ProblemRng& rng) {
  const uint32_t rank = uint32_t(rng.Int(1, 8));
  ElementsShapes s{uint32_t(rng.Int(0, rank - 1)),
                   RandomSizes(rng, rank, kMaxProblemElements),
                   {},
                   RandomDataType(rng),
                   rng.Pick<DataType>(
                       {DataType::kInt32, DataType::kInt64, DataType::kUint32, DataType::kUint64})};
  if (rng.Chance(0.2)) Lengthen(rng, s.input, s.axis, kMaxProblemElements);
  s.indices = s.input;
  s.indices[s.axis] = uint32_t(rng.Int(1, int64_t(s.input[s.axis]) + 2));
  if (Product(s.indices) > kMaxProblemElements) s.indices[s.axis] = s.input[s.axis];
  return s;
}
// The problem with a random index (in range, or now and then not) in every slot of the
// indices' buffer.
Problem WithRandomIndices(OperatorDesc desc, const TensorDesc& indices, const ElementsShapes& s,
                          ProblemRng& rng) {
  Problem problem{std::move(desc), {}};
  const size_t slots = size_t(indices.TotalBytes() / ElementSize(s.index_type));
  for (size_t i = 0; i < slots; ++i)
    problem.index_values.push_back(
        RandomIndex(rng, IsSignedInteger(s.index_type), int64_t(s.input[s.axis])));
  return problem;
}

Problem RandomOf(GatherElementsDesc, ProblemRng& rng) {
  const ElementsShapes s = RandomElementsShapes(rng);
  GatherElementsDesc desc{RandomTensor(rng, s.type, s.input, true),
                          RandomTensor(rng, s.index_type, s.indices, true),
                          RandomTensor(rng, s.type, s.indices, false), s.axis};
  return WithRandomIndices(desc, desc.indices_tensor, s, rng);
}

Problem RandomOf(ScatterElementsDesc, ProblemRng& rng) {
  const ElementsShapes s = RandomElementsShapes(rng);
  ScatterElementsDesc desc{RandomTensor(rng, s.type, s.input, true),
                           RandomTensor(rng, s.index_type, s.indices, true),
                           RandomTensor(rng, s.type, s.indices, true),
                           RandomTensor(rng, s.type, s.input, false), s.axis};
  return WithRandomIndices(desc, desc.indices_tensor, s, rng);
}

// SLICE: per dimension an offset, a stride (0 now and then: contract point K1, which both
// kernels run) and as many elements as fit, on strided tensors.
Problem RandomOf(SliceDesc, ProblemRng& rng) {
  const uint32_t rank = uint32_t(rng.Int(1, 8));
  const DataType type = RandomDataType(rng);
  const std::vector<uint32_t> input = RandomSizes(rng, rank, kMaxProblemElements);
  std::vector<uint32_t> offsets, sizes, strides;
  for (uint32_t n : input) {
    const uint32_t offset = uint32_t(rng.Int(0, n - 1));
    const uint32_t stride = uint32_t(rng.Chance(0.05) ? 0 : rng.Int(1, 3));
    const uint32_t reach = stride == 0 ? 4 : 1 + (n - 1 - offset) / stride;
    offsets.push_back(offset);
    strides.push_back(stride);
    sizes.push_back(uint32_t(rng.Int(1, reach)));
  }
  return {SliceDesc{RandomTensor(rng, type, input, true), RandomTensor(rng, type, sizes, false),
                    offsets, sizes, strides},
          {}};
}

// PADDING and PADDING1: each side of each dimension 0 to 3 wide, now and then past the
// input's size; any mode, any value (PADDING1's of the output's type).
template <class Desc>
requires kIsPad<Desc> Problem RandomOf(Desc, ProblemRng& rng) {
  const uint32_t rank = uint32_t(rng.Int(1, 8));
  const DataType type = RandomDataType(rng);
  Desc desc;
  const std::vector<uint32_t> input = RandomSizes(rng, rank, kMaxProblemElements / 8);
  std::vector<uint32_t> output = input;
  uint64_t output_elements = Product(input);
  for (uint32_t d = rank; d-- > 0;) {  // innermost first; the frame stays within the budget
    const int64_t reach = rng.Chance(0.1) ? 2 * int64_t(input[d]) + 2 : 3;
    uint32_t start = uint32_t(rng.Int(0, reach)), end = uint32_t(rng.Int(0, reach));
    if (output_elements / input[d] * (input[d] + start + end) > kMaxProblemElements)
      start = end = 0;
    output_elements = output_elements / input[d] * (input[d] + start + end);
    desc.start_padding.insert(desc.start_padding.begin(), start);
    desc.end_padding.insert(desc.end_padding.begin(), end);
    output[d] += start + end;
  }
  desc.input_tensor = RandomTensor(rng, type, input, true);
  desc.output_tensor = RandomTensor(rng, type, output, false);
  desc.padding_mode = PaddingMode(rng.Int(0, kPaddingModeCount - 1));
  desc.padding_value = uint32_t(rng.engine()());
  if constexpr (HasFieldKind<Desc>(FieldKind::kPaddingValueDataType))
    desc.padding_value_data_type = type;
  return {desc, {}};
}

// The ND family: random counts (batches where the operator has them), tuple lengths and
// padding, an index in every slot of the indices' buffer in range of the smallest
// dimension a tuple selects (or now and then not).
template <class Desc>
requires kIsNd<Desc> Problem RandomOf(Desc d, ProblemRng& rng) {
  const bool batched = HasFieldKind<Desc>(FieldKind::kBatchDimensionCount);
  for (;;) {
    const uint32_t rank = uint32_t(rng.Int(1, 8));
    const uint32_t tuple = uint32_t(rng.Int(1, rank));
    const uint32_t batch = batched ? uint32_t(rng.Int(0, rank - tuple)) : 0;
    const uint32_t further = uint32_t(rng.Int(0, rank - std::min(rank, batch + 1)));
    const uint32_t block = uint32_t(rng.Int(0, rank - std::max(batch + further, batch + tuple)));
    const NdCounts counts{batch + tuple + block, batch + further + 1, batch};
    std::vector<uint32_t> input(rank - counts.input, 1u);
    for (uint32_t size : RandomSizes(rng, counts.input, kMaxProblemElements)) input.push_back(size);
    std::vector<uint32_t> indices(rank - counts.indices, 1u);
    for (uint32_t b = 0; b < batch; ++b) indices.push_back(input[rank - counts.input + b]);
    for (uint32_t k = 0; k < further; ++k) indices.push_back(uint32_t(rng.Int(1, 4)));
    indices.push_back(tuple);
    std::vector<uint32_t> gathered = NdGatheredSizes(input, indices, counts);
    gathered.insert(gathered.begin(), rank - gathered.size(), 1u);
    if (Product(indices) > kMaxProblemElements || Product(gathered) > kMaxProblemElements) continue;
    const DataType type = RandomDataType(rng);
    const DataType index_type = rng.Pick<DataType>(
        {DataType::kInt32, DataType::kInt64, DataType::kUint32, DataType::kUint64});
    const TensorDesc indices_tensor = RandomTensor(rng, index_type, indices, true);
    ForEachField(d, [&](auto field, auto& value) {
      if constexpr (field.kind == FieldKind::kInput) value = RandomTensor(rng, type, input, true);
      if constexpr (field.kind == FieldKind::kIndices) value = indices_tensor;
      if constexpr (field.kind == FieldKind::kUpdates)
        value = RandomTensor(rng, type, gathered, true);
      if constexpr (field.kind == FieldKind::kOutput)
        value = RandomTensor(rng, type, HasUpdates<Desc>() ? input : gathered, false);
      if constexpr (field.kind == FieldKind::kInputDimensionCount) value = counts.input;
      if constexpr (field.kind == FieldKind::kIndicesDimensionCount) value = counts.indices;
      if constexpr (field.kind == FieldKind::kBatchDimensionCount) value = counts.batch;
    });
    const std::vector<uint32_t> selected = NdSelectedSizes(d);
    const uint32_t smallest = *std::min_element(selected.begin(), selected.end());
    Problem problem{d, {}};
    const size_t slots = size_t(indices_tensor.TotalBytes() / ElementSize(index_type));
    for (size_t i = 0; i < slots; ++i)
      problem.index_values.push_back(RandomIndex(rng, IsSignedInteger(index_type), smallest));
    return problem;
  }
}

// SLICE1: per dimension a window, a signed stride (now and then INT_MIN or INT_MAX) and
// an output up to the window's reach, on strided tensors.
Problem RandomOf(Slice1Desc, ProblemRng& rng) {
  const uint32_t rank = uint32_t(rng.Int(1, 8));
  const DataType type = RandomDataTypeOf(OperatorType::kSlice1, rng);
  const std::vector<uint32_t> input = RandomSizes(rng, rank, kMaxProblemElements);
  std::vector<uint32_t> offsets, sizes, output;
  std::vector<int32_t> strides;
  for (uint32_t n : input) {
    const uint32_t offset = uint32_t(rng.Int(0, n - 1));
    const uint32_t size = uint32_t(rng.Int(1, n - offset));
    const int32_t stride = rng.Chance(0.05)  ? rng.Pick<int32_t>({INT32_MIN, INT32_MAX})
                           : rng.Chance(0.5) ? int32_t(rng.Int(1, 3))
                                             : int32_t(-rng.Int(1, 3));
    const uint64_t magnitude = stride < 0 ? uint64_t(-int64_t(stride)) : uint64_t(stride);
    offsets.push_back(offset);
    sizes.push_back(size);
    strides.push_back(stride);
    output.push_back(uint32_t(rng.Int(1, int64_t(1 + (size - 1) / magnitude))));
  }
  return {Slice1Desc{RandomTensor(rng, type, input, true), RandomTensor(rng, type, output, false),
                     offsets, sizes, strides},
          {}};
}

// TILE: repeats of 1 to 4 on strided tensors, the output under the budget.
Problem RandomOf(TileDesc, ProblemRng& rng) {
  const uint32_t rank = uint32_t(rng.Int(1, 8));
  const DataType type = RandomDataTypeOf(OperatorType::kTile, rng);
  const std::vector<uint32_t> input = RandomSizes(rng, rank, kMaxProblemElements / 8);
  std::vector<uint32_t> repeats, output;
  uint64_t count = Product(input);
  for (uint32_t n : input) {
    const uint32_t r = count * 4 <= kMaxProblemElements ? uint32_t(rng.Int(1, 4)) : 1;
    count *= r;
    repeats.push_back(r);
    output.push_back(n * r);
  }
  return {TileDesc{RandomTensor(rng, type, input, true), RandomTensor(rng, type, output, false),
                   repeats},
          {}};
}

}  // namespace

// One overload of RandomOf per operator or family, chosen by the descriptor type.
Problem RandomProblem(OperatorType type, ProblemRng& rng) {
  return std::visit([&](auto d) { return RandomOf(d, rng); }, DefaultDesc(type));
}

std::string Describe(const OperatorDesc& desc) {
  std::ostringstream out;
  out << OperatorName(TypeOf(desc));
  std::visit(
      [&](const auto& op) {
        ForEachField(op, [&](auto field, const auto& value) {
          if constexpr (field.kind == FieldKind::kOrder) {
            out << " " << field.name << "=" << DepthSpaceOrderName(value);
          } else if constexpr (field.kind == FieldKind::kPaddingMode) {
            out << " " << field.name << "=" << PaddingModeName(value);
          } else if constexpr (field.kind == FieldKind::kPaddingValueDataType) {
            out << " " << field.name << "=" << DataTypeName(value);
          } else if constexpr (field.kind == FieldKind::kPaddingValue ||
                               field.kind == FieldKind::kTypedPaddingValue) {
            out << " " << field.name << "=0x" << std::hex << uint64_t(value) << std::dec;
          } else if constexpr (IsArray(field.kind)) {
            out << " " << field.name << "=";
            for (size_t i = 0; i < value.size(); ++i) out << (i ? "," : "{") << value[i];
            out << "}";
          } else if constexpr (!IsTensor(field.kind)) {
            out << " " << field.name << "=" << value;
          }
        });
      },
      desc);
  out << "\n";
  for (auto slots : {InputSlots(desc), OutputSlots(desc)})
    for (const TensorSlot& slot : slots)
      out << "  " << slot.role << ": " << DataTypeName(slot.desc->data_type) << " Sizes "
          << FormatSizes(slot.desc->sizes) << " Strides " << FormatOptional(slot.desc->strides)
          << " TotalBytes " << slot.desc->TotalBytes() << "\n";
  return out.str();
}

}  // namespace dmlconf::testing
