#include "fuzz/data.h"

#include <functional>

#include "descriptor_edit.h"
#include "dmlconf/nd.h"
#include "dmlconf/tensor_layout.h"
#include "oracle.h"
#include "values.h"

namespace dmlconf::fuzz {

namespace {

using generate::Values;

// Rewrites each element of `values` (row-major over the tensor's sizes) as
// fn(its element offset, its bits): one function of the location, so elements
// sharing one keep agreeing.
void ByLocation(const TensorDesc& t, Values& values,
                const std::function<ElementBits(uint64_t, ElementBits)>& fn) {
  size_t e = 0;
  ForEachCoordinate(t.sizes, [&](std::span<const uint32_t> coords) {
    values[e] = fn(t.ElementOffset(coords), values[e]);
    ++e;
  });
}

// The size of the Axis dimension of the operator's first (copied) input: what index
// and length values are measured against.
uint64_t AxisSize(const OperatorDesc& desc) {
  const uint32_t axis = generate::Axis(desc);
  for (const TensorSlot& slot : InputSlots(desc))
    if (slot.kind == FieldKind::kInput && axis < slot.desc->DimensionCount())
      return slot.desc->sizes[axis];
  return 1;
}

uint64_t Hash(uint64_t salt, uint64_t offset) {
  return generate::SplitMix64(salt ^ generate::SplitMix64(offset));
}

// Regimes 0-1 keep FillInputs' indices (in range; negative ones for a signed type at a
// level that has them); 2 mixes in out-of-range ones of one drawn kind; 3 on a 64-bit
// type mixes in values with the high 32 bits set: negative ones in range, or
// out-of-range ones whose low 32 bits alone would be in range. The kind is a choice of
// the tape, so shrinking goes to the simplest (just past the axis); which elements
// take it depends on the location.
void DrawIndices(const TensorDesc& t, uint64_t a, uint64_t salt, Tape& tape, Values& values) {
  const uint32_t regime = tape.Below(4);
  if (regime < 2) return;
  const bool wide = t.ElementSize() == 8, is_signed = IsSignedInteger(t.data_type);
  const ElementBits mask = ElementMask(t.data_type);
  const bool high = regime == 3 && wide;
  const uint32_t kind = tape.Below(high ? 3 : 4);
  ByLocation(t, values, [&](uint64_t offset, ElementBits bits) -> ElementBits {
    const uint64_t h = Hash(salt, offset);
    if (h % 2 == 0) return bits;
    const uint64_t k = (h >> 8) % a;
    if (high) {
      constexpr uint64_t k2p32 = uint64_t(1) << 32;
      if (kind == 0) return is_signed ? ElementBits(-int64_t(1 + k)) : k2p32 + k;
      return kind == 1 ? k2p32 + k : ElementBits(int64_t(k) - int64_t(k2p32));
    }
    switch (kind) {
      case 0: return (a + (h >> 8) % 4) & mask;
      case 1:
        return is_signed ? ElementBits(-int64_t(a) - 1 - int64_t((h >> 8) % 4)) & mask
                         : (2 * a) & mask;
      case 2: return is_signed ? (mask >> 1) : mask;  // the type's largest value
      default: return is_signed ? ((mask >> 1) + 1) & mask : (mask - 1);  // smallest / next
    }
  });
}

// Regimes 0-1: lengths from 0 to the axis size (0, 1 and the size itself included);
// 2: some past it, by one drawn kind (just past, twice over, 2^31, the type's
// largest); 3 on UINT64: 2^32 or 2^63 and more, whose low 32 bits alone would be a
// length in range.
void DrawLengths(const TensorDesc& t, uint64_t a, uint64_t salt, Tape& tape, Values& values) {
  const uint32_t regime = tape.Below(4);
  const ElementBits mask = ElementMask(t.data_type);
  const bool high = regime == 3 && t.ElementSize() == 8;
  const uint32_t kind = regime < 2 ? 0 : tape.Below(high ? 2 : 4);
  ByLocation(t, values, [&](uint64_t offset, ElementBits) -> ElementBits {
    const uint64_t h = Hash(salt, offset);
    const uint64_t in_range[] = {0, 1, a, (h >> 8) % (a + 1)};
    if (regime < 2 || h % 2 == 0) return in_range[(h >> 3) % 4];
    if (high) return (kind == 0 ? uint64_t(1) << 32 : uint64_t(1) << 63) + (h >> 8) % (a + 1);
    const uint64_t past[] = {a + 1 + (h >> 8) % 3, 2 * a + 1, uint64_t(1) << 31, mask};
    return past[kind] & mask;
  });
}

// Some locations of a copied tensor hold special bit patterns instead of their code.
void DrawSpecials(const TensorDesc& t, uint64_t salt, Tape& tape, Values& values) {
  const uint32_t density = 1 + tape.Below(3);  // of 4 locations
  const std::vector<ElementBits> special = generate::SpecialValues(t.data_type);
  ByLocation(t, values, [&](uint64_t offset, ElementBits bits) {
    const uint64_t h = Hash(salt, offset);
    return h % 4 < density ? special[(h >> 8) % special.size()] : bits;
  });
}

// What index element e is measured against: the Axis size, or for the ND operators the
// size of the input dimension its tuple coordinate selects (e modulo the tuple length:
// the indices' last dimension is the tuple).
uint64_t IndexBound(const std::vector<uint32_t>& selected, uint64_t axis_size, size_t e) {
  return selected.empty() ? axis_size : selected[e % selected.size()];
}

void AddIndexTraits(const TensorSlot& slot, const OperatorDesc& desc, uint64_t axis_size,
                    const Values& values, std::set<std::string>* traits) {
  const DataType type = slot.desc->data_type;
  const std::vector<uint32_t> selected = NdSelectedSizesOf(desc);
  for (size_t e = 0; e < values.size(); ++e) {
    const ElementBits bits = values[e];
    const uint64_t a = IndexBound(selected, axis_size, e);
    const int64_t v = generate::IndexValue(type, bits);
    if (slot.desc->ElementSize() == 8 && bits >> 32 != 0)
      traits->insert(slot.kind == FieldKind::kIndices ? "idx-high-bits" : "len-high-bits");
    if (slot.kind == FieldKind::kLengths) {
      if (v < 0 || uint64_t(v) > a) traits->insert("len-past-axis");
    } else if (v < 0 && v >= -int64_t(a)) {
      traits->insert("idx-negative");
    } else if (v < -int64_t(a) || v >= int64_t(a)) {
      traits->insert("idx-out-of-range");
    }
  }
}

}  // namespace

void DrawData(generate::GenCase& c, Tape& tape, std::set<std::string>* traits) {
  const uint64_t salt = tape.Below(1u << 16);
  generate::FillInputs(c, salt);
  const std::vector<TensorSlot> slots = InputSlots(c.desc);
  const uint64_t a = AxisSize(c.desc);
  for (size_t i = 0; i < slots.size(); ++i) {
    Values& values = c.inputs[i].values;
    const uint64_t slot_salt = generate::SplitMix64(salt + i);
    if (slots[i].kind == FieldKind::kIndices) {
      DrawIndices(*slots[i].desc, a, slot_salt, tape, values);
    } else if (slots[i].kind == FieldKind::kLengths) {
      DrawLengths(*slots[i].desc, a, slot_salt, tape, values);
    } else if (tape.Below(4) == 3) {
      DrawSpecials(*slots[i].desc, slot_salt, tape, values);
      traits->insert("special");
    }
    if (HoldsIndices(slots[i])) AddIndexTraits(slots[i], c.desc, a, values, traits);
  }
}

}  // namespace dmlconf::fuzz
