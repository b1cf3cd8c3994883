// What the case builders share: the sink that files cases, support-table cells and
// lookups, small shapes and the oracle step. Naming, values and strides are the
// toolkit's (case_naming.h, values.h, strides.h).
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

// The lowest level whose row allows the data type, rank and (for operators
// with one) index type.
FeatureLevel LowestLevel(OperatorType op, DataType type, uint32_t rank, DataType index_type);
// The same for a valid descriptor: its cell's level, or a later one where a field of it
// exists only from then (a PaddingMode's: SYMMETRIC from 3_0, WRAP from 6_4).
FeatureLevel LowestLevelOf(const OperatorDesc& desc);
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

// Runs the oracle: sets c.expected, or makes the case `unspecified`; where updates
// with different bits collide, lists them in c.one_of and makes the case `one_of`
// (a refuse_or_run case stays one, judging them alike).
void ComputeExpected(GenCase& c);

}  // namespace dmlconf::generate
