// Broken descriptors: a valid drawing with exactly one rule of `dmlconf reasons` broken
// (validate.h, reason_codes.inc). Either the cell itself is outside the support table
// (the operator below its level, a data type, rank or index type the level does not
// allow), or one field of the valid descriptor is edited. Each break names the reason
// it aims at; the reference's validation must then give exactly that reason, or the
// drawing is discarded. Operators are never named: the edits go through the schema.
#pragma once

#include <optional>
#include <string_view>

#include "dmlconf/support.h"
#include "dmlconf/validate.h"
#include "fuzz/tape.h"

namespace dmlconf::fuzz {

enum class Break : uint8_t {
  kNone,
  // The cell (drawing.cc chooses it so).
  kOperatorNotAvailable,
  kDataTypeNotSupported,
  kRankNotSupported,
  kIndexTypeNotSupported,
  // An edit of the valid descriptor (ApplyEdit).
  kTensorRankInvalid,    // every tensor of rank 0, or of rank 9 (Axis moved with it)
  kTensorSizeZero,       // one dimension 0 in every tensor
  kStridesRankMismatch,  // one tensor's Strides one entry long or short
  kTooManyElements,      // one tensor past 2^32 - 1 elements
  kTotalSizeTooSmall,    // one tensor's TotalTensorSizeInBytes below the minimum
  kAlignmentInvalid,     // one tensor's alignment not a power of two, or below its element
  kRankMismatch,         // one tensor a dimension more or less
  kDataTypeMismatch,     // one copied tensor of another type the level allows
  kAxisOutOfRange,       // Axis at or past the rank
  kCountZero,            // a tensor list emptied
  kOneField,             // one size, one scalar field or one list's length changed:
                         // whichever rule that breaks (the operator's own ones)
};

// Most drawings are valid; with `allowed` about one in four breaks a rule.
Break DrawBreak(Tape& tape, bool allowed);
bool IsCellBreak(Break b);
// The reason a break aims at; nullopt for kOneField (whatever validation names).
std::optional<Reason> IntendedReason(Break b);

// Applies an edit break to `desc`, valid at `row`'s level. False when the break has
// nothing to edit in this descriptor (no Axis field, no list, a rank of 1 ...).
bool ApplyEdit(Break b, OperatorDesc& desc, const SupportRow& row, Tape& tape);

}  // namespace dmlconf::fuzz
