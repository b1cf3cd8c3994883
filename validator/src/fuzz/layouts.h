// How a drawn descriptor's tensors lie in their buffers: packed, padded, permuted,
// broadcast (zero strides) and overlapping inputs; padded and permuted outputs, and
// now and then aliased ones; TotalTensorSizeInBytes above the minimum; every legal
// GuaranteedBaseOffsetAlignment. All through the tensor slots, for any operator.
#pragma once

#include <set>
#include <string>

#include "dmlconf/op_desc.h"
#include "fuzz/tape.h"

namespace dmlconf::fuzz {

// A tensor's buffer is never drawn larger than this (a wide padding multiplies it).
inline constexpr uint64_t kMaxDrawnTensorBytes = uint64_t(16) << 20;

// What the layouts make of the case.
struct LayoutFacts {
  // An output with two elements at one location (A1), or an alignment below 16 (T1):
  // DirectML leaves both open, so the case is refuse_or_run.
  bool implementation_defined = false;
};

// Lays out every tensor of `desc` (packed as drawn). `implementation_defined`: whether
// aliased outputs and alignments below 16 may be drawn (not for a broken descriptor,
// which must break exactly one rule). Adds a trait per choice that changed something:
// "in-padded", "out-permuted", "in-broadcast", "in-overlap", "out-aliased",
// "total-plus", "align<N>" (the smallest alignment promised).
LayoutFacts DrawLayouts(OperatorDesc& desc, Tape& tape, bool implementation_defined,
                        std::set<std::string>* traits);

}  // namespace dmlconf::fuzz
