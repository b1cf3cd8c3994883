// Random descriptors for `dmlconf fuzz` (validator/src/fuzz): a valid descriptor of a
// support-table cell whose sizes, axis and other fields come from a source of choices
// rather than from a variant number (CellDescriptor's way). The fuzzer owns the
// choices: it records them, so that a case can be drawn again from fewer or smaller
// ones, which is how it shrinks a failing case.
//
// Per operator: a member of the depth/space family (depth_space_cases.h) or of the
// SPLIT/JOIN pair (join_split_cases.h) is drawn by its family's builder; any other
// operator supplies <Type>Drawn in its own <op>_cases.cc, as it supplies <Type>Cell.
#pragma once

#include <cstdint>
#include <vector>

#include "op_builders.h"

namespace dmlconf::generate {

// The decisions one drawing is made of. Every answer is a number below a bound, and the
// smaller answer is the simpler case: 0 for a lower rank, fewer pieces, a size of 1, a
// field's first value. A builder must give a valid descriptor whatever the answers.
class Choices {
 public:
  virtual ~Choices() = default;
  // A number in [0, n); n >= 1.
  virtual uint32_t Below(uint32_t n) = 0;
  // A dimension size >= 1: 1s, small primes and now and then a large one, as long as
  // the sizes drawn so far leave room for it (1 for the answer 0).
  virtual uint32_t Size() = 0;
  // How many of something (dimensions, pieces) in [0, n): the choices after it draw
  // each of them, so a shrinker tries one fewer together with one thing's choices less.
  virtual uint32_t Count(uint32_t n) { return Below(n); }
  // Whether to take a rare path: a legal descriptor that is slow for some backend, or
  // a value far from the usual ones. False for the answer 0.
  bool Seldom() { return Below(16) == 15; }
};

// `count` pieces of at least 1 that add up to `total` (total >= 1): how many, and how
// the rest is shared out, drawn; the answer 0 puts everything in one piece.
std::vector<uint32_t> DrawnPieces(uint32_t total, Choices& choices);

// A valid descriptor of the cell (type, rank, index type; `variant` is not used) with
// packed tensors. For a rank the operator never takes, one valid in every other
// respect, as CellDescriptor gives for the rank-gating cases.
OperatorDesc DrawnDescriptor(OperatorType op, const CellSpec& cell, Choices& choices);

// The operators outside both families, one each in <op>_cases.cc. Declared for every
// operator; a family member's is never called, so it need not exist.
#define DMLCONF_OPERATOR(Type, NAME, Desc) \
  OperatorDesc Type##Drawn(const CellSpec& cell, Choices& choices);
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR

}  // namespace dmlconf::generate
