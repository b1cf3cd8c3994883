#include "fuzz/drawing.h"

#include <algorithm>
#include <cstring>

#include "case_naming.h"
#include "descriptor_edit.h"
#include "dmlconf/gather_rules.h"
#include "dmlconf/nd.h"
#include "dmlconf/support.h"
#include "drawn.h"
#include "fuzz/breaks.h"
#include "fuzz/data.h"
#include "fuzz/layouts.h"
#include "gen_common.h"

namespace dmlconf::fuzz {

namespace {

using generate::Expect;
using generate::GenCase;

// A drawn tensor past this is dropped: the sizes' budget (tape.h) holds the product of
// the drawn sizes, and a block size multiplies some dimensions further.
constexpr uint64_t kMaxCaseElements = 2 * kMaxDrawnElements;

template <class T>
T Pick(const std::vector<T>& from, Tape& tape) {
  return from[tape.Below(uint32_t(from.size()))];
}

std::vector<DataType> TypesIn(DataTypeSet set, bool complement) {
  std::vector<DataType> types;
  for (DataType t : kAllDataTypes)
    if (set.Contains(t) != complement) types.push_back(t);
  return types;
}

// The cell: the row's data type, rank and index type, or (for a cell break) one
// the row does not allow. A cell break with nothing to choose from is dropped.
generate::CellSpec DrawCell(OperatorType op, const SupportRow& row, FeatureLevel level, Break* brk,
                            Tape& tape) {
  generate::CellSpec cell;
  std::vector<DataType> types = TypesIn(row.data_types, *brk == Break::kDataTypeNotSupported);
  if (types.empty()) {
    *brk = Break::kNone;
    types = TypesIn(row.data_types, false);
  }
  cell.type = Pick(types, tape);
  std::vector<uint32_t> ranks;
  for (uint32_t rank = 1; rank <= kMaxDimensions; ++rank) {
    const bool allowed = row.AllowsRank(rank);
    if (*brk == Break::kRankNotSupported ? !allowed && !RankRejectionDisputed(op, level, rank)
                                         : allowed)
      ranks.push_back(rank);
  }
  if (ranks.empty()) {
    *brk = Break::kNone;
    for (uint32_t rank = row.min_rank; rank <= row.max_rank; ++rank) ranks.push_back(rank);
  }
  cell.rank = ranks[tape.Count(uint32_t(ranks.size()))];  // drawn by the builder, size by size
  const bool index_break = *brk == Break::kIndexTypeNotSupported;
  if (!HasIndexTensor(op)) {
    if (index_break) *brk = Break::kNone;
    return cell;
  }
  std::vector<DataType> index_types = TypesIn(row.index_types, index_break);
  if (index_types.empty()) {
    *brk = Break::kNone;
    index_types = TypesIn(row.index_types, false);
  }
  cell.index_type = Pick(index_types, tape);
  return cell;
}

bool WithinLimits(OperatorDesc& desc) {
  for (TensorDesc* t : generate::AllTensors(desc))
    if (t->ElementCount() > kMaxCaseElements) return false;
  return true;
}

// Whether the Axis lies among the first input's leading 1s (all but its last
// dimension can be such): a GATHER DirectML corrupts its memory on (E4).
bool AxisInLeadingOnes(const OperatorDesc& desc) {
  if (!generate::HasAxis(desc)) return false;
  for (const TensorSlot& slot : InputSlots(desc)) {
    if (slot.kind != FieldKind::kInput) continue;
    const std::vector<uint32_t>& sizes = slot.desc->sizes;
    return generate::Axis(desc) < sizes.size() - gather_rules::OriginalRank(sizes);
  }
  return false;
}

// The Indices tensor and IndexDimensions of an operator whose schema has both (GATHER).
struct IndexFields {
  const TensorDesc* indices = nullptr;
  std::optional<uint32_t> index_dimensions;
};
IndexFields IndexFieldsOf(const OperatorDesc& desc) {
  return std::visit(
      [](const auto& x) {
        IndexFields f;
        ForEachField(x, [&](auto field, const auto& value) {
          if constexpr (field.kind == FieldKind::kIndices) f.indices = &value;
          if constexpr (field.kind == FieldKind::kIndexDimensions) f.index_dimensions = value;
        });
        return f;
      },
      desc);
}

// IndexDimensions 0: a GATHER whose output's leading size DirectML does not check (E5).
bool NoIndexDimensions(const OperatorDesc& desc) {
  return IndexFieldsOf(desc).index_dimensions == 0u;
}

// An Indices dimension before the IndexDimensions trailing ones above 1: contract point
// G4 leaves such a GATHER implementation-defined, so no case may rest on it.
bool LeadingIndexDimensionAboveOne(const OperatorDesc& desc) {
  const IndexFields f = IndexFieldsOf(desc);
  return f.indices != nullptr && f.index_dimensions &&
         gather_rules::LeadingIndexDimensionAboveOne(f.indices->sizes, *f.index_dimensions);
}

// A refusal no must-reject case may rest on for the ND operators: counts that pass their
// ranges but leave the tuple or the batch no room (contract point M3, implementation-
// defined, which dmlconf's validation refuses with ND_INDEX_TUPLE_TOO_LONG or
// ND_BATCH_DIMENSION_COUNT_OUT_OF_RANGE), and SCATTER_ND indices of another rank than the
// other tensors (erratum N4: the page contradicts itself).
bool NdRejectionDisputed(const OperatorDesc& desc, Reason reason) {
  return std::visit(
      [&](const auto& d) {
        using Desc = std::decay_t<decltype(d)>;
        if constexpr (kIsNd<Desc>) {
          const uint32_t rank = d.input_tensor.DimensionCount();
          const std::vector<uint32_t>& indices = d.indices_tensor.sizes;
          const NdCounts counts = NdCountsOf(d);
          if (reason == Reason::RANK_MISMATCH && HasUpdates<Desc>()) {
            bool others_equal = true;
            ForEachField(d, [&](auto field, const auto& value) {
              if constexpr (IsTensor(field.kind) && field.kind != FieldKind::kIndices)
                others_equal = others_equal && value.DimensionCount() == rank;
            });
            return others_equal && indices.size() != rank;
          }
          return (reason == Reason::ND_INDEX_TUPLE_TOO_LONG ||
                  reason == Reason::ND_BATCH_DIMENSION_COUNT_OUT_OF_RANGE) &&
                 indices.size() == rank && indices.back() <= rank && counts.batch < rank &&
                 NdCountsReachOut(indices.back(), counts);
        } else {
          return false;
        }
      },
      desc);
}

// Inputs and expected outputs of a valid case; false when the oracle cannot say.
bool AddData(GenCase& c, Tape& tape, std::set<std::string>* traits) {
  DrawData(c, tape, traits);
  const Expect wanted = c.expect;
  try {
    generate::ComputeExpected(c);  // kUnspecified when the output is left open
  } catch (const std::invalid_argument&) {
    return false;  // G4: no output to expect
  }
  if (wanted == Expect::kRefuseOrRun) c.expect = wanted;
  return true;
}

std::string Joined(const std::set<std::string>& traits) {
  std::string text;
  for (const std::string& t : traits) text += (text.empty() ? "" : "+") + t;
  return text.empty() ? "plain" : text;
}

std::vector<std::byte> Packed(const TensorDesc& t, const generate::TensorData& data) {
  const generate::Values values = generate::Expand(t, data);
  std::vector<std::byte> bytes(values.size() * t.ElementSize());
  for (size_t e = 0; e < values.size(); ++e)
    StoreElement(bytes.data() + e * t.ElementSize(), t.ElementSize(), values[e]);
  return bytes;
}

validator::Expectation ExpectationOf(Expect expect) {
  switch (expect) {
    case Expect::kReject: return validator::Expectation::kReject;
    case Expect::kUnspecified: return validator::Expectation::kUnspecified;
    case Expect::kRefuseOrRun: return validator::Expectation::kRefuseOrRun;
    case Expect::kOneOf: return validator::Expectation::kOneOf;
    default: return validator::Expectation::kMatch;
  }
}

}  // namespace

std::optional<FuzzCase> DrawCase(OperatorType op, const DrawContext& context, Tape& tape) {
  Break brk = DrawBreak(tape, context.broken_too);
  if (FindSupport(op, context.level) == nullptr) {
    if (!context.broken_too) return std::nullopt;
    brk = Break::kOperatorNotAvailable;  // the one case of an operator before it exists
  }
  FeatureLevel level = context.level;
  const SupportRow* row = FindSupport(op, level);
  if (brk == Break::kOperatorNotAvailable) {
    std::vector<FeatureLevel> below;
    for (FeatureLevel l : kAllFeatureLevels)
      if (l < IntroducedAt(op) && l <= context.level) below.push_back(l);
    if (below.empty()) {
      brk = Break::kNone;
    } else {
      level = Pick(below, tape);
      row = &SupportTable(op).front();  // a cell the operator takes once it exists
    }
  }
  if (row == nullptr) return std::nullopt;
  const generate::CellSpec cell = DrawCell(op, *row, level, &brk, tape);
  FuzzCase fc;
  GenCase& c = fc.gen;
  c.desc = generate::DrawnDescriptor(op, cell, tape);
  // Neither a valid case (the oracle has no output for it) nor a broken one (its rule may
  // be read another way there) rests on G4.
  if (!WithinLimits(c.desc) || LeadingIndexDimensionAboveOne(c.desc)) return std::nullopt;
  const LayoutFacts facts = DrawLayouts(c.desc, tape, brk == Break::kNone, &fc.traits);
  if (brk != Break::kNone && !IsCellBreak(brk) && !ApplyEdit(brk, c.desc, *row, tape))
    brk = Break::kNone;  // nothing to edit: the valid descriptor it was
  if (brk == Break::kNone) {
    c.level = generate::LowestLevel(op, cell.type, cell.rank, cell.index_type);
    const Validation v = Validate(c.desc, c.level);
    if (!v.ok() && !(facts.implementation_defined && v.reason == Reason::TENSOR_OUTPUT_ALIASED))
      return std::nullopt;
    c.expect = facts.implementation_defined ? Expect::kRefuseOrRun : Expect::kMatch;
    if (context.data && !AddData(c, tape, &fc.traits)) return std::nullopt;
  } else {
    c.level = level;
    c.expect = Expect::kReject;
    const Validation v = Validate(c.desc, level);
    const std::optional<Reason> intended = IntendedReason(brk);
    // Exactly the rule aimed at; and never A1's implementation-defined refusal, nor a
    // JOIN rank that erratum J1 disputes.
    if (v.ok() || v.reason == Reason::TENSOR_OUTPUT_ALIASED || (intended && v.reason != *intended))
      return std::nullopt;
    if (v.reason == Reason::RANK_NOT_SUPPORTED && RankRejectionDisputed(op, level, cell.rank))
      return std::nullopt;
    if (NdRejectionDisputed(c.desc, v.reason)) return std::nullopt;
    // Nor a SLICE1 or TILE data type that errata SL4 and TL2 dispute.
    if (v.reason == Reason::DATA_TYPE_NOT_SUPPORTED &&
        DataTypeRejectionDisputed(op, level, cell.type))
      return std::nullopt;
    // An operator's own rule broken by a changed size or IndexDimensions, on indices
    // that are G4's now: its reason may be read another way there.
    if (brk == Break::kOneField && LeadingIndexDimensionAboveOne(c.desc)) return std::nullopt;
    c.reason = v.reason;
    fc.traits.insert("reject-" + std::string(ReasonName(v.reason)));
  }
  if (AxisInLeadingOnes(c.desc)) fc.traits.insert("axis-in-leading-ones");
  if (NoIndexDimensions(c.desc)) fc.traits.insert("index-dims-0");
  // The descriptor's own fields (Axis, BlockSize, Order, IndexDimensions) before the
  // layout traits: a glob can cover one class ("*/fuzz/blocksize3+order-crd/*").
  const std::string fields = generate::FieldsTag(c.desc);
  c.name = generate::CellName(op, c.level, cell.type, cell.rank) +
           generate::IndexPart(op, cell.index_type) + "/fuzz/" +
           (fields.empty() ? "" : fields + "/") + Joined(fc.traits);
  return fc;
}

validator::Case RunnerCase(const GenCase& gen, const std::string& file) {
  validator::Case c;
  c.name = gen.name;
  c.file = file;
  c.descriptor = gen.desc;
  c.feature_level = gen.level;
  c.description = gen.description;
  c.expect = ExpectationOf(gen.expect);
  if (gen.expect == Expect::kReject) {
    c.reason = gen.reason;
    return c;
  }
  const std::vector<TensorSlot> inputs = InputSlots(c.descriptor);
  for (size_t i = 0; i < inputs.size(); ++i)
    c.inputs.push_back(Packed(*inputs[i].desc, gen.inputs[i]));
  const std::vector<TensorSlot> outputs = OutputSlots(c.descriptor);
  for (size_t i = 0; i < gen.expected.size(); ++i)
    c.expected.push_back(Packed(*outputs[i].desc, gen.expected[i]));
  for (const generate::OneOf& e : gen.one_of) c.one_of.push_back({e.output, e.element, e.values});
  return c;
}

}  // namespace dmlconf::fuzz
