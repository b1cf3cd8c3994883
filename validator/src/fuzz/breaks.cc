#include "fuzz/breaks.h"

#include <bit>
#include <iterator>
#include <type_traits>

#include "descriptor_edit.h"

namespace dmlconf::fuzz {

namespace {

using generate::AllTensors;

// The operator's own rules are what a backend is likeliest to get wrong: kOneField
// comes up as often as three other breaks together.
constexpr Break kBreaks[] = {
    Break::kOperatorNotAvailable,
    Break::kDataTypeNotSupported,
    Break::kRankNotSupported,
    Break::kIndexTypeNotSupported,
    Break::kTensorRankInvalid,
    Break::kTensorSizeZero,
    Break::kStridesRankMismatch,
    Break::kTooManyElements,
    Break::kTotalSizeTooSmall,
    Break::kAlignmentInvalid,
    Break::kRankMismatch,
    Break::kDataTypeMismatch,
    Break::kAxisOutOfRange,
    Break::kCountZero,
    Break::kOneField,
    Break::kOneField,
    Break::kOneField,
};

uint32_t RankOf(OperatorDesc& d) { return AllTensors(d).front()->DimensionCount(); }

TensorDesc& AnyTensor(OperatorDesc& d, Tape& tape) {
  const std::vector<TensorDesc*> tensors = AllTensors(d);
  return *tensors[tape.Below(uint32_t(tensors.size()))];
}

// Laid out packed again: an edit of sizes must not break a tensor rule as well.
void Repack(TensorDesc& t) {
  t.strides.reset();
  t.total_tensor_size_in_bytes.reset();
}

bool RankInvalid(OperatorDesc& d, Tape& tape) {
  const uint32_t rank = RankOf(d);
  const bool none = tape.Below(2) == 0;
  const uint32_t added = kMaxDimensions + 1 - rank;
  for (TensorDesc* t : AllTensors(d)) {
    if (none)
      t->sizes.clear();
    else
      t->sizes.insert(t->sizes.begin(), kMaxDimensions + 1 - t->DimensionCount(), 1);
    Repack(*t);
  }
  if (!none && generate::HasAxis(d)) generate::SetAxis(d, generate::Axis(d) + added);
  return true;
}

bool SizeZero(OperatorDesc& d, Tape& tape) {
  const uint32_t dim = tape.Below(RankOf(d));
  for (TensorDesc* t : AllTensors(d))
    if (dim < t->DimensionCount()) t->sizes[dim] = 0;
  return true;
}

bool StridesRankMismatch(OperatorDesc& d, Tape& tape) {
  TensorDesc& t = AnyTensor(d, tape);
  std::vector<uint32_t> strides = t.EffectiveStrides();
  if (tape.Below(2) == 0)
    strides.push_back(1);
  else
    strides.pop_back();
  t.strides = strides;
  return true;
}

bool TooManyElements(OperatorDesc& d, Tape& tape) {
  TensorDesc& t = AnyTensor(d, tape);
  if (t.DimensionCount() < 2) return false;  // one size alone stops at 2^32 - 1
  const uint32_t dim = tape.Below(t.DimensionCount());
  t.sizes[(dim + 1) % t.DimensionCount()] = std::max(t.sizes[(dim + 1) % t.DimensionCount()], 2u);
  uint64_t others = 1;
  for (uint32_t i = 0; i < t.DimensionCount(); ++i)
    if (i != dim) others *= t.sizes[i];
  const uint64_t needed = ((uint64_t(1) << 32) + others - 1) / others;  // past 2^32 - 1
  if (needed + 16 > UINT32_MAX) return false;
  t.sizes[dim] = uint32_t(needed + tape.Below(16));
  Repack(t);
  return true;
}

bool TotalSizeTooSmall(OperatorDesc& d, Tape& tape) {
  TensorDesc& t = AnyTensor(d, tape);
  const uint64_t minimum = t.MinimumTotalBytes();
  if (minimum == 0 || minimum > UINT32_MAX) return false;
  t.total_tensor_size_in_bytes = tape.Below(uint32_t(minimum));
  return true;
}

bool AlignmentInvalid(OperatorDesc& d, Tape& tape) {
  TensorDesc& t = AnyTensor(d, tape);
  static constexpr uint32_t kNotPowersOfTwo[] = {3, 5, 6, 12, 24, 48, 100, 1000};
  const uint32_t element = uint32_t(t.ElementSize());
  if (element == 1 || tape.Below(2) == 0)
    t.guaranteed_base_offset_alignment =
        kNotPowersOfTwo[tape.Below(uint32_t(std::size(kNotPowersOfTwo)))];
  else  // a power of two below the element size
    t.guaranteed_base_offset_alignment = 1u << tape.Below(uint32_t(std::countr_zero(element)));
  return true;
}

bool RankMismatch(OperatorDesc& d, Tape& tape) {
  TensorDesc& t = AnyTensor(d, tape);
  const uint32_t rank = t.DimensionCount();
  const bool add = rank == 1 || (rank < kMaxDimensions && tape.Below(2) == 0);
  if (add) {
    t.sizes.insert(t.sizes.begin(), 1);
    if (t.strides) t.strides->insert(t.strides->begin(), 1);
  } else {
    t.sizes.erase(t.sizes.begin());
    if (t.strides) t.strides->erase(t.strides->begin());
  }
  return true;
}

bool DataTypeMismatch(OperatorDesc& d, const SupportRow& row, Tape& tape) {
  std::vector<TensorDesc*> copied;  // not the indices or lengths
  for (const TensorSlot& slot : InputSlots(d))
    if (!HoldsIndices(slot)) copied.push_back(const_cast<TensorDesc*>(slot.desc));
  for (TensorDesc* t : generate::Mutable(OutputSlots(d))) copied.push_back(t);
  TensorDesc& t = *copied[tape.Below(uint32_t(copied.size()))];
  std::vector<DataType> others;
  row.data_types.ForEach([&](DataType type) {
    if (type != t.data_type) others.push_back(type);
  });
  if (others.empty()) return false;
  t.data_type = others[tape.Below(uint32_t(others.size()))];
  t.total_tensor_size_in_bytes.reset();  // sized for the old type
  return true;
}

bool AxisOutOfRange(OperatorDesc& d, Tape& tape) {
  if (!generate::HasAxis(d)) return false;
  generate::SetAxis(d, tape.Seldom() ? UINT32_MAX : RankOf(d) + tape.Below(3));
  return true;
}

// Calls edit(list) on the descriptor's tensor list; false when it has none.
template <class Edit>
bool EditList(OperatorDesc& d, Edit&& edit) {
  bool found = false;
  std::visit(
      [&](auto& x) {
        ForEachField(x, [&](auto field, auto& value) {
          if constexpr (IsList(field.kind)) {
            found = true;
            edit(value);
          }
        });
      },
      d);
  return found;
}

bool OneSize(OperatorDesc& d, Tape& tape) {
  TensorDesc& t = AnyTensor(d, tape);
  if (t.sizes.empty()) return false;
  uint32_t& size = t.sizes[tape.Below(t.DimensionCount())];
  size = size == 1 || tape.Below(2) == 0 ? size + 1 + tape.Below(3) : 1 + tape.Below(size - 1);
  Repack(t);
  return true;
}

// Every array of the descriptor one entry longer (a 1) or shorter: its count no longer
// the rank.
void ArrayCount(OperatorDesc& d, Tape& tape) {
  const bool longer = tape.Below(2) == 0;
  std::visit(
      [&](auto& x) {
        ForEachField(x, [&](auto field, auto& value) {
          if constexpr (IsArray(field.kind)) {
            if (longer || value.empty())
              value.push_back(1);
            else
              value.pop_back();
          }
        });
      },
      d);
}

// A number other than `old` below `bound` (a signed one: either sign, and 0 half the
// time, since 0 is the one value a signed field's rule singles out, SLICE1's stride, and
// one draw in 2 * bound + 1 left it to chance whether a fuzz run ever broke that rule).
template <class T>
T OtherNumber(T old, uint32_t bound, Tape& tape) {
  if constexpr (std::is_signed_v<T>) {
    if (old != 0 && tape.Below(2) == 0) return T(0);
    T v = T(tape.Below(2 * bound + 1)) - T(bound);
    return v == old ? T(bound + 1) : v;
  } else {
    uint32_t v = tape.Below(bound);
    if (v >= uint32_t(old)) ++v;
    return T(v);
  }
}

// A number field other than Axis (a dimension count, BlockSize, Order, PaddingMode, a
// padding value or its type, an array's entry or its count): any other value up to a little past
// what it can mean.
bool OneNumber(OperatorDesc& d, Tape& tape) {
  const uint32_t rank = RankOf(d);
  bool changed = false;
  bool count = false;
  std::visit(
      [&](auto& x) {
        uint32_t numbers = 0;
        ForEachField(x, [&](auto field, auto&) {
          if constexpr (!IsTensor(field.kind) && field.kind != FieldKind::kAxis) ++numbers;
        });
        if (numbers == 0) return;
        const uint32_t which = tape.Below(numbers);
        uint32_t index = 0;
        ForEachField(x, [&](auto field, auto& value) {
          if constexpr (!IsTensor(field.kind) && field.kind != FieldKind::kAxis) {
            if (index++ != which) return;
            changed = true;
            if constexpr (IsArray(field.kind)) {
              if (value.empty() || tape.Below(2) == 0) {
                count = true;
                return;
              }
              auto& entry = value[tape.Below(uint32_t(value.size()))];
              entry = OtherNumber(entry, 2 * rank + 4, tape);
            } else {
              // A padding mode one past the five; any data type (PADDING1's value type).
              const uint32_t bound = IsDimensionCount(field.kind)            ? rank + 2
                                     : field.kind == FieldKind::kBlockSize   ? 6
                                     : field.kind == FieldKind::kPaddingMode ? kPaddingModeCount + 1
                                     : field.kind == FieldKind::kPaddingValueDataType
                                         ? uint32_t(kDataTypeCount) - 1
                                         : 3;
              value = std::remove_reference_t<decltype(value)>(
                  OtherNumber(uint32_t(value), bound, tape));
            }
          }
        });
      },
      d);
  if (count) ArrayCount(d, tape);
  return changed;
}

bool OneListLength(OperatorDesc& d, Tape& tape) {
  return EditList(d, [&](std::vector<TensorDesc>& list) {
    if (list.size() < 2 || tape.Below(2) == 0)
      list.push_back(list[tape.Below(uint32_t(list.size()))]);
    else
      list.erase(list.begin() + tape.Below(uint32_t(list.size())));
  });
}

bool OneField(OperatorDesc& d, Tape& tape) {
  switch (tape.Below(3)) {
    case 0: return OneSize(d, tape);
    case 1: return OneNumber(d, tape);
    default: return OneListLength(d, tape);
  }
}

}  // namespace

Break DrawBreak(Tape& tape, bool allowed) {
  if (!allowed || tape.Below(4) != 3) return Break::kNone;
  return kBreaks[tape.Below(uint32_t(std::size(kBreaks)))];
}

bool IsCellBreak(Break b) {
  return b == Break::kOperatorNotAvailable || b == Break::kDataTypeNotSupported ||
         b == Break::kRankNotSupported || b == Break::kIndexTypeNotSupported;
}

std::optional<Reason> IntendedReason(Break b) {
  switch (b) {
    case Break::kNone: return Reason::OK;
    case Break::kOperatorNotAvailable: return Reason::OPERATOR_NOT_AVAILABLE;
    case Break::kDataTypeNotSupported: return Reason::DATA_TYPE_NOT_SUPPORTED;
    case Break::kRankNotSupported: return Reason::RANK_NOT_SUPPORTED;
    case Break::kIndexTypeNotSupported: return Reason::INDEX_DATA_TYPE_NOT_SUPPORTED;
    case Break::kTensorRankInvalid: return Reason::TENSOR_RANK_INVALID;
    case Break::kTensorSizeZero: return Reason::TENSOR_SIZE_ZERO;
    case Break::kStridesRankMismatch: return Reason::TENSOR_STRIDES_RANK_MISMATCH;
    case Break::kTooManyElements: return Reason::TENSOR_TOO_MANY_ELEMENTS;
    case Break::kTotalSizeTooSmall: return Reason::TENSOR_TOTAL_SIZE_TOO_SMALL;
    case Break::kAlignmentInvalid: return Reason::TENSOR_ALIGNMENT_INVALID;
    case Break::kRankMismatch: return Reason::RANK_MISMATCH;
    case Break::kDataTypeMismatch: return Reason::DATA_TYPE_MISMATCH;
    case Break::kAxisOutOfRange: return Reason::AXIS_OUT_OF_RANGE;
    case Break::kCountZero: return Reason::TENSOR_COUNT_ZERO;
    case Break::kOneField: return std::nullopt;
  }
  return std::nullopt;
}

bool ApplyEdit(Break b, OperatorDesc& d, const SupportRow& row, Tape& tape) {
  switch (b) {
    case Break::kTensorRankInvalid: return RankInvalid(d, tape);
    case Break::kTensorSizeZero: return SizeZero(d, tape);
    case Break::kStridesRankMismatch: return StridesRankMismatch(d, tape);
    case Break::kTooManyElements: return TooManyElements(d, tape);
    case Break::kTotalSizeTooSmall: return TotalSizeTooSmall(d, tape);
    case Break::kAlignmentInvalid: return AlignmentInvalid(d, tape);
    case Break::kRankMismatch: return RankMismatch(d, tape);
    case Break::kDataTypeMismatch: return DataTypeMismatch(d, row, tape);
    case Break::kAxisOutOfRange: return AxisOutOfRange(d, tape);
    case Break::kCountZero: return EditList(d, [](std::vector<TensorDesc>& list) { list.clear(); });
    case Break::kOneField: return OneField(d, tape);
    default: return false;  // none, or a cell break
  }
}

}  // namespace dmlconf::fuzz
