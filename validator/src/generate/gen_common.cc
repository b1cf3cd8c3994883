#include "gen_common.h"

#include <cassert>
#include <cctype>
#include <cstring>
#include <stdexcept>

#include <Eigen/Core>

#include "common_cases.h"
#include "dmlconf/tensor_layout.h"

namespace dmlconf::generate {

void CaseSink::AddComputed(const std::string& purpose, GenCase c) {
  FillInputs(c, SplitMix64(seed_ ^ HashName(c.name)));
  ComputeExpected(c);
  Add(purpose, std::move(c));
}

void CaseSink::AddChecked(const std::string& purpose, GenCase c) {
  GenCase check = c;
  ComputeExpected(check);
  const auto outputs = OutputSlots(c.desc);
  for (size_t i = 0; i < outputs.size(); ++i) {
    const TensorDesc& t = *outputs[i].desc;
    const Values claimed = Expand(t, c.expected[i]);
    if (check.expected.size() != outputs.size() || check.expected[i].values != claimed)
      throw std::logic_error("generator: the fill rule claimed for " + c.name + " " +
                             outputs[i].role + " disagrees with the oracle");
  }
  Add(purpose, std::move(c));
}

void CaseSink::Add(const std::string& purpose, GenCase c) {
  files_[Slug(TypeOf(c.desc)) + "/" + purpose + ".yaml"].push_back(std::move(c));
}

std::string Slug(OperatorType op) {
  std::string s(OperatorName(op));
  for (char& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

std::string LevelTag(FeatureLevel level) { return "fl" + std::string(FeatureLevelName(level)); }

std::string TypeTag(DataType type) {
  std::string s(DataTypeName(type));
  for (char& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

std::string SizesTag(const std::vector<uint32_t>& sizes) {
  std::string tag;
  for (uint32_t s : sizes) tag += (tag.empty() ? "" : "x") + std::to_string(s);
  return tag;
}

std::string CellName(OperatorType op, FeatureLevel level, DataType type, uint32_t rank) {
  return Slug(op) + "/" + LevelTag(level) + "/" + TypeTag(type) + "/r" + std::to_string(rank);
}

FeatureLevel LowestLevel(OperatorType op, DataType type, uint32_t rank, DataType index_type) {
  for (const SupportRow& row : SupportTable(op)) {
    if (!row.data_types.Contains(type) || !row.AllowsRank(rank)) continue;
    if (HasIndexTensor(op) && !row.index_types.Contains(index_type)) continue;
    return row.level;
  }
  assert(false && "no row allows the cell");
  return kHighestFeatureLevel;
}

const SupportRow& TopRow(OperatorType op) { return SupportTable(op).back(); }

std::vector<uint32_t> SmallShape(uint32_t rank, uint32_t variant) {
  // Product over any 8 consecutive entries is 48: small enough for 1-byte
  // position codes, with 1s that move with the variant.
  static constexpr uint32_t kPattern[] = {2, 3, 1, 2, 1, 2, 1, 2};
  std::vector<uint32_t> sizes(rank);
  for (uint32_t d = 0; d < rank; ++d) sizes[d] = kPattern[(d + variant) % 8];
  return sizes;
}

UnitDimShapes UnitDims(uint32_t rank, uint32_t axis, uint32_t axis_size) {
  UnitDimShapes shapes{std::vector<uint32_t>(rank, 1), std::vector<uint32_t>(rank, 2)};
  shapes.all_but_axis[axis] = axis_size;
  shapes.unit_axis[axis] = 1;
  return shapes;
}

uint64_t SplitMix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  uint64_t z = x;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

uint64_t HashName(const std::string& name) {
  uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a: stable across compilers, unlike std::hash
  for (unsigned char ch : name) h = (h ^ ch) * 0x100000001b3ull;
  return h;
}

ElementBits NumberBits(DataType type, int64_t n) {
  switch (type) {
    case DataType::kFloat64: {
      const double v = double(n);
      ElementBits bits;
      std::memcpy(&bits, &v, 8);
      return bits;
    }
    case DataType::kFloat32: {
      const float v = float(n);
      uint32_t bits;
      std::memcpy(&bits, &v, 4);
      return bits;
    }
    case DataType::kFloat16: return Eigen::numext::bit_cast<uint16_t>(Eigen::half(float(n)));
    default: return ElementBits(n) & ElementMask(type);
  }
}

namespace {

// Calls fn(memory offset) for every logical element, in row-major order.
template <class Fn>
void ForEachOffset(const TensorDesc& t, Fn&& fn) {
  ForEachCoordinate(t.sizes,
                    [&](std::span<const uint32_t> coords) { fn(t.ElementOffset(coords)); });
}

Values PositionData(const TensorDesc& t, int64_t base) {
  Values values;
  ForEachOffset(t, [&](uint64_t offset) {
    values.push_back(NumberBits(t.data_type, base + int64_t(offset)));
  });
  return values;
}

// Indices in range along an axis of `axis_size`, negative for odd ones of a signed type
// at a level that has them. Where updates land (`distinct`), each line along `axis`
// names distinct positions while it has no more than the axis size: a rotation of
// 0, 1, 2, ... by a shift drawn from the line's first location. Both are functions of
// the memory location, so elements a zero stride puts at one location agree.
Values IndexData(const TensorDesc& indices, uint32_t axis, int64_t axis_size, bool distinct,
                 FeatureLevel level, uint64_t salt) {
  const bool negative = IsSignedInteger(indices.data_type) && level >= FeatureLevel::k3_0;
  Values values;
  ForEachCoordinate(indices.sizes, [&](std::span<const uint32_t> coords) {
    const uint64_t offset = indices.ElementOffset(coords);
    int64_t index = int64_t((offset * 5 + salt) % uint64_t(axis_size));
    if (distinct) {
      const uint64_t step = indices.EffectiveStrides()[axis];
      const uint64_t line_start = offset - uint64_t(coords[axis]) * step;
      const uint64_t along = step == 0 ? 0 : coords[axis];
      index = int64_t((along + SplitMix64(salt ^ line_start)) % uint64_t(axis_size));
    }
    if (negative && offset % 2 == 1) index -= axis_size;
    values.push_back(NumberBits(indices.data_type, index));
  });
  return values;
}

Values LengthData(const ReverseSubsequencesDesc& d, uint64_t salt) {
  const int64_t a = d.input_tensor.sizes[d.axis];
  const int64_t choices[] = {0, 1, (a + 1) / 2, a, a + 1 + int64_t(salt % 3)};
  Values values;
  ForEachOffset(d.sequence_lengths_tensor, [&](uint64_t offset) {
    values.push_back(NumberBits(d.sequence_lengths_tensor.data_type, choices[(offset + 2) % 5]));
  });
  return values;
}

}  // namespace

void FillInputs(GenCase& c, uint64_t salt) {
  c.inputs.clear();
  // Floats start small so that every code stays an exact integer in FLOAT16.
  int64_t base =
      IsFloat(InputSlots(c.desc)[0].desc->data_type) ? 1 + int64_t(salt % 8) : int64_t(salt % 1000);
  for (const TensorSlot& slot : InputSlots(c.desc)) {
    if (slot.kind == FieldKind::kIndices) {
      const uint32_t axis = Axis(c.desc);
      const int64_t axis_size = InputSlots(c.desc)[0].desc->sizes[axis];
      const bool distinct =
          std::visit([](const auto& d) { return HasUpdates<std::decay_t<decltype(d)>>(); }, c.desc);
      c.inputs.push_back(
          {IndexData(*slot.desc, axis, axis_size, distinct, c.level, salt), std::nullopt});
    } else if (slot.kind == FieldKind::kLengths) {
      c.inputs.push_back(
          {LengthData(std::get<ReverseSubsequencesDesc>(c.desc), salt), std::nullopt});
    } else {
      c.inputs.push_back({PositionData(*slot.desc, base), std::nullopt});
      // The next input's codes continue where this one's memory ends.
      base += int64_t(slot.desc->MinimumTotalBytes() / slot.desc->ElementSize());
    }
  }
}

void ComputeExpected(GenCase& c) {
  std::vector<Values> inputs;
  for (size_t i = 0; i < c.inputs.size(); ++i) {
    const TensorDesc& t = *InputSlots(c.desc)[i].desc;
    inputs.push_back(Expand(t, c.inputs[i]));
  }
  auto outputs = OracleOutputs(c.desc, inputs);
  c.expected.clear();
  if (!outputs) {
    c.expect = Expect::kUnspecified;
    return;
  }
  for (Values& v : *outputs) c.expected.push_back({std::move(v), std::nullopt});
  c.one_of = OracleOneOf(c.desc, inputs);
  if (!c.one_of.empty() && c.expect != Expect::kRefuseOrRun) c.expect = Expect::kOneOf;
}

}  // namespace dmlconf::generate
