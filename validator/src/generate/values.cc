#include "values.h"

#include <cstring>

#include <Eigen/Core>

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

Values IndexData(const GatherDesc& d, FeatureLevel level, uint64_t salt) {
  const int64_t axis_size = d.input_tensor.sizes[d.axis];
  const bool negative = IsSignedInteger(d.indices_tensor.data_type) && level >= FeatureLevel::k3_0;
  Values values;
  ForEachOffset(d.indices_tensor, [&](uint64_t offset) {
    int64_t index = int64_t((offset * 5 + salt) % uint64_t(axis_size));
    if (negative && offset % 2 == 1) index -= axis_size;
    values.push_back(NumberBits(d.indices_tensor.data_type, index));
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
      c.inputs.push_back({IndexData(std::get<GatherDesc>(c.desc), c.level, salt), std::nullopt});
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

}  // namespace dmlconf::generate
