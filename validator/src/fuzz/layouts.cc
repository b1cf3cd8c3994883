#include "fuzz/layouts.h"

#include <algorithm>
#include <bit>
#include <numeric>

#include "descriptor_edit.h"
#include "strides.h"

namespace dmlconf::fuzz {

namespace {

// Row padding: each dimension's stride leaves up to two unused elements per step
// (drawn innermost first).
std::vector<uint32_t> Padded(const std::vector<uint32_t>& sizes, Tape& tape) {
  std::vector<uint32_t> pads(sizes.size());
  for (size_t d = sizes.size(); d-- > 0;) pads[d] = tape.Below(3);
  return generate::StridesWithPadding(sizes, pads);
}

// Dense, in a drawn order of dimensions (the answers 0 keep row-major order).
std::vector<uint32_t> Permuted(const std::vector<uint32_t>& sizes, Tape& tape) {
  std::vector<size_t> order(sizes.size());
  std::iota(order.begin(), order.end(), 0);
  for (size_t i = order.size(); i-- > 1;)
    std::swap(order[i], order[i - tape.Below(uint32_t(i + 1))]);
  return generate::StridesInOrder(sizes, order);
}

// Zero strides on drawn dimensions of size > 1, the others dense.
std::vector<uint32_t> Broadcast(const std::vector<uint32_t>& sizes, Tape& tape) {
  std::vector<uint32_t> strides(sizes.size());
  uint64_t stride = 1;
  for (size_t d = sizes.size(); d-- > 0;) {
    if (sizes[d] > 1 && tape.Below(2) == 1) continue;  // stays 0
    strides[d] = uint32_t(stride);
    stride *= sizes[d];
  }
  return strides;
}

// Packed, except that one dimension's stride falls short of the extent inside it, so
// that consecutive steps along it overlap. Packed when no dimension can.
std::vector<uint32_t> Overlapping(const std::vector<uint32_t>& sizes, Tape& tape) {
  std::vector<uint32_t> strides = PackedStrides(sizes);
  std::vector<size_t> can;
  for (size_t d = 0; d < sizes.size(); ++d)
    if (sizes[d] > 1 && strides[d] > 1) can.push_back(d);
  if (can.empty()) return strides;
  const size_t d = can[tape.Below(uint32_t(can.size()))];
  strides[d] = 1 + tape.Below(strides[d] - 1);
  return strides;
}

// Two output elements at one location: a zero stride, or an overlap.
std::vector<uint32_t> Aliased(const std::vector<uint32_t>& sizes, Tape& tape) {
  if (tape.Below(2) == 0) return Overlapping(sizes, tape);
  std::vector<uint32_t> strides = PackedStrides(sizes);
  for (size_t d = 0; d < sizes.size(); ++d)
    if (sizes[d] > 1) {
      strides[d] = 0;
      break;
    }
  return strides;
}

enum class Layout : uint8_t { kPacked, kPadded, kPermuted, kBroadcast, kOverlapping, kAliased };

// Inputs: half packed, the rest spread over the four other layouts. Outputs: no
// zero or overlapping strides (they alias, A1) but seldom, when allowed. A scatter's
// indices never alias either: they are drawn distinct along each line, element by element
// (generate::FillInputs), so that no two updates collide unless a case says one_of; two
// index elements at one location would hold one value and collide unannounced. The tape
// is read alike in every case, so other operators draw what they drew before.
Layout DrawLayout(bool input, bool may_alias, bool implementation_defined, Tape& tape) {
  const uint32_t answer = tape.Below(8);
  if (answer < 4) return Layout::kPacked;
  if (answer == 4) return Layout::kPadded;
  if (answer == 5) return Layout::kPermuted;
  if (input && may_alias) return answer == 6 ? Layout::kBroadcast : Layout::kOverlapping;
  if (input) return answer == 6 ? Layout::kPadded : Layout::kPermuted;
  if (answer == 7 && implementation_defined && tape.Seldom()) return Layout::kAliased;
  return answer == 6 ? Layout::kPadded : Layout::kPermuted;
}

const char* LayoutTrait(Layout layout) {
  switch (layout) {
    case Layout::kPadded: return "padded";
    case Layout::kPermuted: return "permuted";
    case Layout::kBroadcast: return "broadcast";
    case Layout::kOverlapping: return "overlap";
    case Layout::kAliased: return "aliased";
    default: return "";
  }
}

std::vector<uint32_t> StridesOf(Layout layout, const std::vector<uint32_t>& sizes, Tape& tape) {
  switch (layout) {
    case Layout::kPadded: return Padded(sizes, tape);
    case Layout::kPermuted: return Permuted(sizes, tape);
    case Layout::kBroadcast: return Broadcast(sizes, tape);
    case Layout::kOverlapping: return Overlapping(sizes, tape);
    case Layout::kAliased: return Aliased(sizes, tape);
    default: return PackedStrides(sizes);
  }
}

// 0 mostly; else a power of two from the element size to 4096: every value the rule
// allows, up to a page (a larger one only moves the buffer further).
uint32_t DrawAlignment(const TensorDesc& t, bool implementation_defined, Tape& tape) {
  if (tape.Below(8) != 7) return 0;
  const uint32_t lowest = uint32_t(std::countr_zero(t.ElementSize()));
  const uint32_t align = 1u << (lowest + tape.Below(13 - lowest));
  // Below DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT DirectML's pages disagree (T1).
  return align < 16 && !implementation_defined ? 16 : align;
}

}  // namespace

LayoutFacts DrawLayouts(OperatorDesc& desc, Tape& tape, bool implementation_defined,
                        std::set<std::string>* traits) {
  LayoutFacts facts;
  const std::vector<TensorSlot> slots = InputSlots(desc);
  const size_t inputs = slots.size();
  const bool scatter =
      std::visit([](const auto& d) { return HasUpdates<std::decay_t<decltype(d)>>(); }, desc);
  const std::vector<TensorDesc*> tensors = generate::AllTensors(desc);
  uint32_t smallest_alignment = 0;
  for (size_t i = 0; i < tensors.size(); ++i) {
    TensorDesc& t = *tensors[i];
    const bool input = i < inputs;
    const bool may_alias = !(input && scatter && slots[i].kind == FieldKind::kIndices);
    const Layout layout = DrawLayout(input, may_alias, implementation_defined, tape);
    std::vector<uint32_t> strides = StridesOf(layout, t.sizes, tape);
    if (strides != PackedStrides(t.sizes)) {
      TensorDesc laid = t;
      laid.strides = strides;
      // A padding that would make the buffer huge is left out.
      if (laid.MinimumTotalBytes() <= kMaxDrawnTensorBytes) {
        t.strides = std::move(strides);
        traits->insert(std::string(input ? "in-" : "out-") + LayoutTrait(layout));
        facts.implementation_defined |= layout == Layout::kAliased;
      }
    }
    if (tape.Below(8) == 7) {
      t.total_tensor_size_in_bytes = t.MinimumTotalBytes() + 1 + tape.Below(64);
      traits->insert("total-plus");
    }
    t.guaranteed_base_offset_alignment = DrawAlignment(t, implementation_defined, tape);
    const uint32_t align = t.guaranteed_base_offset_alignment;
    if (align != 0 && (smallest_alignment == 0 || align < smallest_alignment))
      smallest_alignment = align;
  }
  if (smallest_alignment != 0) {
    traits->insert("align" + std::to_string(smallest_alignment));
    facts.implementation_defined |= smallest_alignment < 16;
  }
  return facts;
}

}  // namespace dmlconf::fuzz
