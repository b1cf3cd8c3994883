// What the per-operator case builders share: naming, the support-table
// lookups, small shapes, position-encoding data and the oracle step.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "dmlconf/support.h"
#include "gen_case.h"

namespace dmlconf::generate {

// Cases gathered per output file ("gather/corner.yaml"), in insertion order.
class CaseSink {
 public:
  explicit CaseSink(uint64_t seed) : seed_(seed) {}
  uint64_t seed() const { return seed_; }
  // Fills the inputs (see FillInputs), runs the oracle and files the case
  // under "<operator>/<purpose>.yaml".
  void AddComputed(const std::string& purpose, GenCase c);
  // Files a case whose inputs and expected outputs are fill rules chosen by
  // reasoning, after checking them against the oracle on the expanded data
  // (throws std::logic_error when they disagree).
  void AddChecked(const std::string& purpose, GenCase c);
  // Files a case as it is (must-reject cases, or data already complete).
  void Add(const std::string& purpose, GenCase c);
  const std::map<std::string, std::vector<GenCase>>& files() const { return files_; }

 private:
  uint64_t seed_;
  std::map<std::string, std::vector<GenCase>> files_;
};

// One allowed cell of a support table, and a variant number that the
// builders turn into an axis, a piece count, a shape.
struct CellSpec {
  DataType type = DataType::kFloat32;
  uint32_t rank = 4;
  DataType index_type = DataType::kUint32;  // GATHER / REVERSE_SUBSEQUENCES only
  uint32_t variant = 0;
};

// A valid descriptor for the cell (per-operator, in <op>_cases.cc). For ranks
// the operator never takes (DEPTH_TO_SPACE1 at rank 3), a descriptor that is
// valid in every other respect.
OperatorDesc CellDescriptor(OperatorType op, const CellSpec& cell);

// "depth_to_space1"; "fl4_1"; "float16"; "gather/fl3_0/float16/r5".
std::string Slug(OperatorType op);
std::string LevelTag(FeatureLevel level);
std::string TypeTag(DataType type);
// "1x8x2x3".
std::string SizesTag(const std::vector<uint32_t>& sizes);
std::string CellName(OperatorType op, FeatureLevel level, DataType type, uint32_t rank);

// The lowest level whose row allows the data type, rank and (for operators
// with one) index type.
FeatureLevel LowestLevel(OperatorType op, DataType type, uint32_t rank, DataType index_type);
// The highest row: where everything the operator ever allows is allowed.
const SupportRow& TopRow(OperatorType op);

// Small sizes for a rank, at most a few dozen elements; variant rotates them
// so that size-1 dimensions move around.
std::vector<uint32_t> SmallShape(uint32_t rank, uint32_t variant);

// Size 1 everywhere, for one rank: every dimension 1 but the axis (of
// `axis_size`), and the axis 1 among dimensions of 2.
struct UnitDimShapes {
  std::vector<uint32_t> all_but_axis, unit_axis;
};
UnitDimShapes UnitDims(uint32_t rank, uint32_t axis, uint32_t axis_size);

// splitmix64, as cases/README.md defines it for `fill: random`.
uint64_t SplitMix64(uint64_t x);
uint64_t HashName(const std::string& name);

// The bits of the number n in a data type: integers wrap, floats are the
// nearest value (exact for the small n used here).
ElementBits NumberBits(DataType type, int64_t n);

// Fills c.inputs: value tensors with position-encoding data (element value =
// base + its memory offset, so broadcast elements agree and every output
// element says where it came from); GATHER indices in range, negative for
// signed index types; REVERSE_SUBSEQUENCES lengths cycling 0, 1, between,
// equal to and beyond the axis size, the first line always in between (a
// real reversal). `salt` varies base and patterns.
void FillInputs(GenCase& c, uint64_t salt);

// Runs the oracle: sets c.expected, or makes the case `unspecified`; where updates
// with different bits collide, lists them in c.one_of and makes the case `one_of`
// (a refuse_or_run case stays one, judging them alike).
void ComputeExpected(GenCase& c);

}  // namespace dmlconf::generate
