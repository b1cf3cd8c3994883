// The cases every operator gets the same way: one per support-table cell,
// strided layouts, special values, tensor-rule and feature-level rejections.
#include "common_cases.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <stdexcept>

#include "descriptor_edit.h"
#include "strides.h"

namespace dmlconf::generate {

namespace {

// The data types a level does not allow, and those it does, in table order.
std::vector<DataType> Complement(DataTypeSet set) {
  std::vector<DataType> out;
  for (DataType t : kAllDataTypes)
    if (!set.Contains(t)) out.push_back(t);
  return out;
}

}  // namespace

void AddSupportCells(CaseSink& sink, OperatorType op) {
  uint32_t variant = 0;
  for (const SupportRow& row : SupportTable(op)) {
    row.data_types.ForEach([&](DataType type) {
      for (uint32_t rank = row.min_rank; rank <= row.max_rank; ++rank) {
        const auto add = [&](DataType index_type) {
          GenCase c;
          // The name says which row the cell comes from; feature_level says
          // where it first holds (cases/README.md), often an older row.
          c.level = LowestLevel(op, type, rank, index_type);
          c.desc = CellDescriptor(op, {type, rank, index_type, variant++});
          c.name = CellName(op, row.level, type, rank) + IndexPart(op, index_type) + "/cell";
          if (c.level != row.level)
            c.description = "a cell of the " + std::string(FeatureLevelName(row.level)) +
                            " row, allowed from " + std::string(FeatureLevelName(c.level));
          sink.AddComputed("support", std::move(c));
        };
        if (HasIndexTensor(op))
          row.index_types.ForEach(add);
        else
          add(DataType::kUint32);
      }
    });
  }
}

namespace {

struct Layout {
  const char* name;
  std::optional<std::vector<uint32_t>> (*inputs)(const TensorDesc&, size_t slot);
  std::optional<std::vector<uint32_t>> (*outputs)(const TensorDesc&, size_t slot);
  uint64_t extra_bytes;  // added to TotalTensorSizeInBytes of every tensor
};

std::optional<std::vector<uint32_t>> Packed(const TensorDesc&, size_t) { return std::nullopt; }
std::optional<std::vector<uint32_t>> Padded(const TensorDesc& t, size_t slot) {
  return PaddedStrides(t.sizes, uint32_t(1 + slot % 3));
}
std::optional<std::vector<uint32_t>> Permuted(const TensorDesc& t, size_t) {
  return PermutedStrides(t.sizes);
}
std::optional<std::vector<uint32_t>> Broadcast(const TensorDesc& t, size_t slot) {
  if (slot == 0) return BroadcastStrides(t.sizes);
  return std::nullopt;
}
std::optional<std::vector<uint32_t>> BroadcastSecond(const TensorDesc& t, size_t slot) {
  if (slot == 1) return BroadcastStrides(t.sizes);
  return std::nullopt;
}
std::optional<std::vector<uint32_t>> Mixed(const TensorDesc& t, size_t slot) {
  return slot % 2 ? PermutedStrides(t.sizes) : PaddedStrides(t.sizes, 2);
}

constexpr Layout kLayouts[] = {
    {"input-padded-rows", Padded, Packed, 0},
    {"input-permuted", Permuted, Packed, 0},
    {"input-broadcast", Broadcast, Packed, 0},
    {"second-input-broadcast", BroadcastSecond, Packed, 0},
    {"output-padded-rows", Packed, Padded, 0},
    {"output-permuted", Packed, Permuted, 0},
    {"all-mixed", Mixed, Mixed, 0},
    {"total-size-larger", Packed, Packed, 64},
    {"padded-and-larger", Padded, Padded, 36},
};

}  // namespace

void AddStrided(CaseSink& sink, OperatorType op) {
  const SupportRow& top = TopRow(op);
  uint32_t variant = 0;
  std::vector<uint32_t> ranks = {4};
  if (top.AllowsRank(3)) ranks.push_back(3);
  for (uint32_t rank : ranks) {
    for (const Layout& layout : kLayouts) {
      const DataType type = TopRowType(op, variant * 3);
      GenCase c;
      c.desc = CellDescriptor(op, {type, rank, DataType::kUint32, variant + 1});
      if (layout.inputs == BroadcastSecond && InputSlots(c.desc).size() < 2) continue;
      if (rank == 3 && layout.inputs == BroadcastSecond) continue;
      ++variant;
      c.level = LowestLevel(op, type, rank, DataType::kUint32);
      const std::vector<TensorDesc*> inputs = Mutable(InputSlots(c.desc));
      const std::vector<TensorDesc*> outputs = Mutable(OutputSlots(c.desc));
      for (size_t i = 0; i < inputs.size(); ++i) inputs[i]->strides = layout.inputs(*inputs[i], i);
      for (size_t i = 0; i < outputs.size(); ++i)
        outputs[i]->strides = layout.outputs(*outputs[i], i);
      if (layout.extra_bytes != 0) {
        for (TensorDesc* t : AllTensors(c.desc))
          t->total_tensor_size_in_bytes = t->MinimumTotalBytes() + layout.extra_bytes;
      }
      c.name =
          CellName(op, c.level, type, rank) + IndexPart(op, DataType::kUint32) + "/" + layout.name;
      sink.AddComputed("strided", std::move(c));
    }
  }
  // TotalTensorSizeInBytes need not be a multiple of 4. DML_BUFFER_TENSOR_DESC: it "must
  // be at least as large as the minimum implied size given the sizes, strides, and data
  // type of the tensor"; DMLCalcBufferTensorSize (DirectML helper functions) rounds that
  // minimum up to 4 because "all bound buffers must have a total size that is
  // DWORD-aligned", a rule about bindings, not about this field. So minimum + 2 is legal.
  for (const char* slot : {"input", "output"}) {
    GenCase c;
    c.desc = CellDescriptor(op, {DataType::kFloat32, 4, DataType::kUint32, 5});
    c.level = LowestLevel(op, DataType::kFloat32, 4, DataType::kUint32);
    TensorDesc* t = std::string(slot) == "input" ? Mutable(InputSlots(c.desc)).front()
                                                 : Mutable(OutputSlots(c.desc)).back();
    t->total_tensor_size_in_bytes = t->MinimumTotalBytes() + 2;
    c.name = CellName(op, c.level, DataType::kFloat32, 4) + IndexPart(op, DataType::kUint32) + "/" +
             slot + "-total-size-plus-2";
    sink.AddComputed("strided", std::move(c));
  }
}

namespace {

// Where the special values go: the value inputs' elements (not indices or lengths)
// taken as one sequence, input after input, the k-th special value at place 7k
// modulo its length. JOIN spreads them over its pieces, so that no piece repeats
// the first few while the rest are left out.
struct ValuePlace {
  size_t input, element;
};
std::vector<ValuePlace> ValuePlaces(const OperatorDesc& d, DataType type) {
  std::vector<ValuePlace> all;
  const auto slots = InputSlots(d);
  for (size_t i = 0; i < slots.size(); ++i) {
    if (slots[i].desc->data_type != type || HoldsIndices(slots[i])) continue;
    for (size_t e = 0; e < slots[i].desc->ElementCount(); ++e) all.push_back({i, e});
  }
  return all;
}
std::optional<std::vector<ValuePlace>> SpecialPlaces(const OperatorDesc& d, DataType type,
                                                     size_t specials) {
  const std::vector<ValuePlace> all = ValuePlaces(d, type);
  // Every special value once, and position-encoded values around them (at least half
  // as many), so that a backend that moves an element to the wrong place is caught too.
  if (all.size() < specials + specials / 2) return std::nullopt;
  std::vector<ValuePlace> places;
  std::set<size_t> taken;
  for (size_t k = 0; k < specials; ++k) {
    const size_t at = k * 7 % all.size();
    if (!taken.insert(at).second) return std::nullopt;
    places.push_back(all[at]);
  }
  return places;
}

// The cell's descriptor with room for every special value: of the variants from
// `variant` on whose value inputs hold half as many elements again (the cells' shapes
// are small, and a JOIN's pieces smaller still), the first with the most value inputs,
// so that JOIN's special values are spread over several pieces.
OperatorDesc RoomyDescriptor(OperatorType op, DataType type, uint32_t variant, size_t specials) {
  std::optional<OperatorDesc> best;
  size_t most = 0;
  for (uint32_t v = variant; v < variant + 64; ++v) {
    OperatorDesc d = CellDescriptor(op, {type, 4, DataType::kUint32, v});
    const size_t inputs = InputSlots(d).size();
    if (inputs > most && SpecialPlaces(d, type, specials)) {
      best = std::move(d);
      most = inputs;
    }
  }
  if (!best)
    throw std::logic_error("generator: no " + Slug(op) + " cell holds every special value");
  return *best;
}

// The special-floats case again with its inputs, then its outputs, permuted in memory.
// A backend may copy elements through another path when the layouts differ, and that
// path may convert them: DirectML's SCATTER_ELEMENTS quiets a FLOAT16 signalling NaN
// only there (reports/directml/ERRATA.md E7).
void AddSpecialsAcrossLayouts(CaseSink& sink, const GenCase& special) {
  for (const bool inputs : {true, false}) {
    GenCase c = special;
    for (TensorDesc* t : Mutable(inputs ? InputSlots(c.desc) : OutputSlots(c.desc)))
      t->strides = PermutedStrides(t->sizes);
    c.name += inputs ? "-input-permuted" : "-output-permuted";
    ComputeExpected(c);
    sink.Add("values", std::move(c));
  }
}

}  // namespace

void AddValues(CaseSink& sink, OperatorType op) {
  const SupportRow& top = TopRow(op);
  uint32_t variant = 0;
  top.data_types.ForEach([&](DataType type) {
    const std::vector<ElementBits> special = SpecialValues(type);
    GenCase c;
    c.desc = RoomyDescriptor(op, type, variant++, special.size());
    c.level = LowestLevel(op, type, 4, DataType::kUint32);
    c.name = CellName(op, c.level, type, 4) + IndexPart(op, DataType::kUint32) +
             (IsFloat(type) ? "/special-floats" : "/integer-extremes");
    FillInputs(c, SplitMix64(sink.seed() ^ HashName(c.name)));
    const std::vector<ValuePlace> places = *SpecialPlaces(c.desc, type, special.size());
    for (size_t k = 0; k < special.size(); ++k)
      c.inputs.at(places[k].input).values.at(places[k].element) = special[k];
    if (IsFloat(type)) AddSpecialsAcrossLayouts(sink, c);
    ComputeExpected(c);
    sink.Add("values", std::move(c));
  });
  // One-byte types have 256 codes: random data under two seeds as well.
  for (DataType type : {DataType::kInt8, DataType::kUint8}) {
    if (!top.data_types.Contains(type)) continue;
    for (uint64_t k = 0; k < 2; ++k) {
      GenCase c;
      c.desc = CellDescriptor(op, {type, 4, DataType::kUint32, variant++});
      c.level = LowestLevel(op, type, 4, DataType::kUint32);
      c.name = CellName(op, c.level, type, 4) + IndexPart(op, DataType::kUint32) + "/random-" +
               std::to_string(k);
      FillInputs(c, SplitMix64(sink.seed() ^ HashName(c.name)));
      const auto slots = InputSlots(c.desc);
      for (size_t i = 0; i < slots.size(); ++i) {
        if (slots[i].desc->data_type != type) continue;
        Values& v = c.inputs[i].values;
        for (size_t e = 0; e < v.size(); ++e) v[e] = SplitMix64(sink.seed() * 2 + k + e) & 0xff;
      }
      ComputeExpected(c);
      sink.Add("values", std::move(c));
    }
  }
}

namespace {

// Every tensor's alignment: `align`, or its own element size where that is
// larger (an index tensor next to one-byte data).
void SetAlignments(OperatorDesc& d, uint32_t align) {
  for (TensorDesc* t : AllTensors(d))
    t->guaranteed_base_offset_alignment = std::max(align, uint32_t(t->ElementSize()));
}

}  // namespace

// Below DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT (16) DirectML's own pages disagree (T1):
// DML_BUFFER_TENSOR_DESC allows any power of two at least the element size, while "Buffer
// tensors have a minimum base address alignment requirement of 16 bytes". So such a
// promise is implementation-defined: refused or run, and a run is compared in full (the
// outputs have no shared locations). From 16 up both pages agree: a positive case.
constexpr uint32_t kMinimumBufferTensorAlignment = 16;

void AddAlignments(CaseSink& sink, OperatorType op) {
  uint32_t variant = 0;
  TopRow(op).data_types.ForEach([&](DataType type) {
    const uint32_t size = uint32_t(ElementSize(type));
    std::set<uint32_t> aligns = {size, 8};  // 8: below 16 for every type
    if (2 * size < 16) aligns.insert(2 * size);
    for (uint32_t align : aligns) {
      GenCase c;
      c.desc = CellDescriptor(op, {type, 4, DataType::kUint32, variant++});
      c.level = LowestLevel(op, type, 4, DataType::kUint32);
      SetAlignments(c.desc, align);
      c.name = CellName(op, c.level, type, 4) + IndexPart(op, DataType::kUint32) + "/alignment-" +
               std::to_string(align);
      if (align < kMinimumBufferTensorAlignment) {
        c.expect = Expect::kRefuseOrRun;
        c.description = "GuaranteedBaseOffsetAlignment below 16 (T1: DirectML's pages disagree)";
      }
      sink.AddComputed("strided", std::move(c));
    }
  });
}

void AddAliasedOutputs(CaseSink& sink, OperatorType op) {
  struct Aliasing {
    const char* name;
    std::vector<uint32_t> (*strides)(const std::vector<uint32_t>&);
    const char* description;
  };
  const Aliasing kinds[] = {
      {"output-zero-strides", BroadcastStrides,
       "the last output has zero strides: many elements share each location"},
      {"output-overlapping-rows", OverlappingStrides,
       "the last output's rows overlap by one element; the other elements have a location each"},
  };
  for (const Aliasing& kind : kinds) {
    GenCase c;
    c.desc = CellDescriptor(op, {DataType::kFloat32, 4, DataType::kUint32, 5});
    c.level = LowestLevel(op, DataType::kFloat32, 4, DataType::kUint32);
    TensorDesc* output = Mutable(OutputSlots(c.desc)).back();
    output->strides = kind.strides(output->sizes);
    c.expect = Expect::kRefuseOrRun;
    c.description = kind.description;
    c.name = CellName(op, c.level, DataType::kFloat32, 4) + IndexPart(op, DataType::kUint32) + "/" +
             kind.name;
    sink.AddComputed("strided", std::move(c));
  }
}

namespace {

// Alignments T1 makes invalid: powers of two below the element size (on data
// and, where there is one, on the index tensor) and non-powers of two.
void AddAlignmentRejections(CaseSink& sink, OperatorType op) {
  const FeatureLevel level = TopRow(op).level;
  constexpr size_t kLastOutput = SIZE_MAX;  // any other slot number is an input's
  const auto reject = [&](DataType type, size_t slot, uint32_t align, const std::string& what,
                          const std::string& description) {
    OperatorDesc d = CellDescriptor(op, {type, 4, DataType::kUint32, 5});
    TensorDesc* t =
        slot == kLastOutput ? Mutable(OutputSlots(d)).back() : Mutable(InputSlots(d))[slot];
    t->guaranteed_base_offset_alignment = align;
    sink.Add("invalid",
             RejectCase(std::move(d), level, Reason::TENSOR_ALIGNMENT_INVALID, what, description));
  };
  const DataType f32 = DataType::kFloat32, i64 = DataType::kInt64;
  reject(f32, 0, 2, "input-alignment-2", "a power of two below FLOAT32's 4 bytes");
  reject(f32, kLastOutput, 1, "output-alignment-1", "a power of two below FLOAT32's 4 bytes");
  reject(i64, 0, 4, "int64-input-alignment-4", "a power of two below INT64's 8 bytes");
  reject(f32, 0, 12, "input-alignment-12", "at least the element size, not a power of two");
  reject(f32, kLastOutput, 24, "output-alignment-24", "not a power of two");
  if (HasIndexTensor(op))  // slot 1: the Indices or Lengths tensor
    reject(f32, 1, 2, "index-alignment-2",
           "a power of two below the UINT32 indices' or lengths' 4 bytes");
}

}  // namespace

void AddTensorRuleRejections(CaseSink& sink, OperatorType op) {
  const FeatureLevel level = TopRow(op).level;
  const OperatorDesc base = CellDescriptor(op, {DataType::kFloat32, 4, DataType::kUint32, 5});
  const auto reject = [&](const std::function<void(OperatorDesc&)>& edit, Reason reason,
                          const std::string& what, const std::string& description = "") {
    OperatorDesc d = base;
    edit(d);
    sink.Add("invalid", RejectCase(std::move(d), level, reason, what, description));
  };
  const auto first_input = [](OperatorDesc& d) { return Mutable(InputSlots(d)).front(); };
  const auto last_output = [](OperatorDesc& d) { return Mutable(OutputSlots(d)).back(); };

  reject(
      [](OperatorDesc& d) {
        const uint32_t added = kMaxDimensions + 1 - 4;
        for (TensorDesc* t : AllTensors(d)) t->sizes.insert(t->sizes.begin(), added, 1);
        SetAxis(d, Axis(d) + added);
      },
      Reason::TENSOR_RANK_INVALID, "tensor-rank-9", "every tensor has DimensionCount 9");
  reject(
      [](OperatorDesc& d) {
        for (TensorDesc* t : AllTensors(d)) t->sizes.clear();
      },
      Reason::TENSOR_RANK_INVALID, "tensor-rank-0", "every tensor has DimensionCount 0");
  reject(
      [](OperatorDesc& d) {
        for (TensorDesc* t : AllTensors(d)) t->sizes[0] = 0;
      },
      Reason::TENSOR_SIZE_ZERO, "tensor-size-zero", "every tensor has size 0 in dimension 0");
  reject(
      [&](OperatorDesc& d) {
        TensorDesc* t = first_input(d);
        std::vector<uint32_t> strides = PackedStrides(t->sizes);
        strides.push_back(1);
        t->strides = strides;
      },
      Reason::TENSOR_STRIDES_RANK_MISMATCH, "input-strides-count");
  reject(
      [&](OperatorDesc& d) {
        first_input(d)->sizes = {65536, 65536, 1, 1};
      },
      Reason::TENSOR_TOO_MANY_ELEMENTS, "input-2pow32-elements");
  reject(
      [&](OperatorDesc& d) {
        TensorDesc* t = first_input(d);
        t->total_tensor_size_in_bytes = t->MinimumTotalBytes() - 4;
      },
      Reason::TENSOR_TOTAL_SIZE_TOO_SMALL, "input-total-size-short");
  reject(
      [&](OperatorDesc& d) {
        TensorDesc* t = last_output(d);
        t->strides = PaddedStrides(t->sizes, 1);
        t->total_tensor_size_in_bytes =
            TensorDesc::Packed(t->data_type, t->sizes).MinimumTotalBytes();
      },
      Reason::TENSOR_TOTAL_SIZE_TOO_SMALL, "output-padded-total-size-packed",
      "the output's strides are padded, its TotalTensorSizeInBytes is the packed size");
  // No "TotalTensorSizeInBytes not a multiple of 4" rejection: nothing in DirectML's
  // documentation asks for it (AddStrided's "*-total-size-plus-2" cases).
  AddAlignmentRejections(sink, op);
  reject(
      [&](OperatorDesc& d) {
        TensorDesc* t = last_output(d);
        t->sizes.insert(t->sizes.begin(), 1);
      },
      Reason::RANK_MISMATCH, "output-rank-plus-1");
  reject([&](OperatorDesc& d) { last_output(d)->data_type = DataType::kInt32; },
         Reason::DATA_TYPE_MISMATCH, "output-int32-input-float32");
  if (HasAxis(base)) {
    reject([&](OperatorDesc& d) { SetAxis(d, 4); }, Reason::AXIS_OUT_OF_RANGE, "axis-4-rank-4");
    reject([&](OperatorDesc& d) { SetAxis(d, 0xFFFFFFFF); }, Reason::AXIS_OUT_OF_RANGE,
           "axis-uint32-max");
  }
}

void AddLevelGating(CaseSink& sink, OperatorType op) {
  for (FeatureLevel level : kAllFeatureLevels) {
    const SupportRow* row = FindSupport(op, level);
    if (row == nullptr) {
      sink.Add("invalid",
               RejectCase(CellDescriptor(op, {DataType::kFloat32, 4, DataType::kUint32, 0}), level,
                          Reason::OPERATOR_NOT_AVAILABLE, "operator-not-available"));
      continue;
    }
    for (DataType type : Complement(row->data_types))
      if (!DataTypeRejectionDisputed(op, level, type))
        sink.Add("invalid",
                 RejectCase(CellDescriptor(op, {type, 4, DataType::kUint32, 1}), level,
                            Reason::DATA_TYPE_NOT_SUPPORTED, "data-type-" + TypeTag(type)));
    for (uint32_t rank = 1; rank <= kMaxDimensions; ++rank) {
      if (row->AllowsRank(rank) || RankRejectionDisputed(op, level, rank)) continue;
      sink.Add("invalid",
               RejectCase(CellDescriptor(op, {DataType::kFloat32, rank, DataType::kUint32, 2}),
                          level, Reason::RANK_NOT_SUPPORTED, "rank-" + std::to_string(rank)));
    }
    if (!HasIndexTensor(op)) continue;
    for (DataType type : Complement(row->index_types))
      sink.Add("invalid", RejectCase(CellDescriptor(op, {DataType::kFloat32, 4, type, 3}), level,
                                     Reason::INDEX_DATA_TYPE_NOT_SUPPORTED,
                                     (IndexFieldKind(op) == FieldKind::kIndices ? "index-type-"
                                                                                : "length-type-") +
                                         TypeTag(type)));
  }
}

}  // namespace dmlconf::generate
