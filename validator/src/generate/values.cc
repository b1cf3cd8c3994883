#include "values.h"

#include <algorithm>
#include <cstring>

#include <Eigen/Core>

#include "descriptor_edit.h"
#include "dmlconf/nd.h"
#include "dmlconf/tensor_layout.h"

namespace dmlconf::generate {

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

std::vector<ElementBits> SpecialValues(DataType type) {
  switch (type) {
    case DataType::kFloat16:
      return {0x7e00, 0x7e01, 0x7c01, 0xfd55, 0xfe00, 0x0000, 0x8000, 0x7c00,
              0xfc00, 0x0001, 0x03ff, 0x8001, 0x0400, 0x7bff, 0xfbff};
    case DataType::kFloat32:
      return {0x7fc00000, 0x7fc00001, 0x7f800001, 0xffa00005, 0xffc12345,
              0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x00000001,
              0x007fffff, 0x80000001, 0x00800000, 0x7f7fffff, 0xff7fffff};
    case DataType::kFloat64:
      return {0x7ff8000000000000, 0x7ff8000000000001, 0x7ff0000000000001, 0xfff4000000000005,
              0xfff8123456789abc, 0x0000000000000000, 0x8000000000000000, 0x7ff0000000000000,
              0xfff0000000000000, 0x0000000000000001, 0x000fffffffffffff, 0x8000000000000001,
              0x0010000000000000, 0x7fefffffffffffff, 0xffefffffffffffff};
    default: {
      const unsigned width = unsigned(ElementSize(type)) * 8;
      const ElementBits mask = ElementMask(type);
      const ElementBits high = ElementBits{1} << (width - 1);
      // 0, 1, all ones (-1 / max), the sign bit (min / 2^(w-1)), max signed,
      // min + 1, max - 1, and the same for the unsigned reading.
      return {0, 1, mask, high, high - 1, high + 1, mask - 1, 0x55 & mask, (high - 1) - 1};
    }
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

// The ND operators' tuples in range: coordinate k along the input dimension it selects
// (`selected[k]`), negative for odd ones of a signed type at a level that has them.
// Where a tensor's strides may put two coordinates of different ranges at one memory
// location, every coordinate takes the smallest range, so that they agree there. Where
// updates land (`distinct`, SCATTER_ND) and the indices are packed, tuple j names block
// (j + shift) mod Q of the Q blocks the selected dimensions hold, in row-major order:
// distinct while there are no more tuples than blocks.
Values TupleData(const TensorDesc& indices, const std::vector<uint32_t>& selected, bool distinct,
                 FeatureLevel level, uint64_t salt) {
  const bool negative = IsSignedInteger(indices.data_type) && level >= FeatureLevel::k3_0;
  const uint32_t smallest = *std::min_element(selected.begin(), selected.end());
  uint64_t blocks = 1;
  for (uint32_t size : selected) blocks *= size;
  const uint64_t shift = SplitMix64(salt) % blocks;
  Values values;
  ForEachCoordinate(indices.sizes, [&](std::span<const uint32_t> coords) {
    const uint64_t offset = indices.ElementOffset(coords);
    const int64_t size = indices.strides ? smallest : selected[coords.back()];
    int64_t index = int64_t((offset * 5 + salt) % uint64_t(size));
    if (distinct && !indices.strides) {
      uint64_t block = (offset / selected.size() + shift) % blocks;  // packed: tuple j at j*T
      for (size_t k = selected.size(); --k > coords.back();) block /= selected[k];
      index = int64_t(block % uint64_t(size));
    }
    if (negative && offset % 2 == 1) index -= size;
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
    const bool distinct =
        std::visit([](const auto& d) { return HasUpdates<std::decay_t<decltype(d)>>(); }, c.desc);
    if (const std::vector<uint32_t> selected = NdSelectedSizesOf(c.desc);
        slot.kind == FieldKind::kIndices && !selected.empty()) {
      c.inputs.push_back({TupleData(*slot.desc, selected, distinct, c.level, salt), std::nullopt});
    } else if (slot.kind == FieldKind::kIndices) {
      const uint32_t axis = Axis(c.desc);
      const int64_t axis_size = InputSlots(c.desc)[0].desc->sizes[axis];
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

void SetCollidingSpecialPairs(GenCase& c) {
  c.inputs[1].values = {0, 0, 1, 1, 2, 2, 3, 3};
  c.inputs[2].values = {0x80000000, 0x00000000, 0x7fc00001, 0xffc00002,
                        0x00000001, 0x00000000, 0xff800000, 0x7f7fffff};
}

}  // namespace dmlconf::generate
