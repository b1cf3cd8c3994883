// Cases every operator gets the same way, driven by the support table.
#pragma once

#include "op_builders.h"

namespace dmlconf::generate {

// Editing a descriptor whatever its operator, through its schema (the fuzzer's
// broken descriptors use them too). The tensors, as pointers into `d`:
std::vector<TensorDesc*> Mutable(const std::vector<TensorSlot>& slots);
std::vector<TensorDesc*> AllTensors(OperatorDesc& d);  // inputs, then outputs
// The Axis field, where the operator's schema has one (Axis() is 0 otherwise).
bool HasAxis(const OperatorDesc& d);
void SetAxis(OperatorDesc& d, uint32_t axis);
uint32_t Axis(const OperatorDesc& d);
// "/idx-int32" (an Indices field), "/len-uint32" (a Lengths field), or "".
std::string IndexPart(OperatorType op, DataType index_type);

// One positive case per cell: row x data type x rank x index type.
void AddSupportCells(CaseSink& sink, OperatorType op);
// Row-major strides with pads[d] unused elements after each step of dimension d's
// extent (a stride past UINT32_MAX stays there): padded rows. The fuzzer draws `pads`.
std::vector<uint32_t> StridesWithPadding(const std::vector<uint32_t>& sizes,
                                         const std::vector<uint32_t>& pads);
// Dense strides laying the dimensions out in `order`, outermost first: a permutation.
std::vector<uint32_t> StridesInOrder(const std::vector<uint32_t>& sizes,
                                     const std::vector<size_t>& order);
// Padded rows, permuted dense strides, zero-stride broadcast inputs and
// TotalTensorSizeInBytes larger than needed, on inputs and outputs.
void AddStrided(CaseSink& sink, OperatorType op);
// Special float bit patterns and integer extremes, every data type.
void AddValues(CaseSink& sink, OperatorType op);
// Those bit patterns for one data type: NaN payloads, signalling NaNs, -0, infinities,
// denormals and the largest finite values; 0, 1, all ones and the sign bit's neighbours
// for integers. Raw bits that a value-converting copy would change.
std::vector<ElementBits> SpecialValues(DataType type);
// Contract point T1: GuaranteedBaseOffsetAlignment from the element size up
// (1, 2 and 8 on UINT8; 4 and 8 on FLOAT32; 8 on INT64), every data type.
void AddAlignments(CaseSink& sink, OperatorType op);
// Contract point A1: an output with a zero stride and one whose rows overlap,
// `refuse_or_run` with the oracle's logical output as `expected`.
void AddAliasedOutputs(CaseSink& sink, OperatorType op);
// The DML_BUFFER_TENSOR_DESC rules and the cross-tensor rules every operator
// shares, each broken alone, at the operator's top row; alignments T1 makes
// invalid (below the element size, not a power of two) among them.
void AddTensorRuleRejections(CaseSink& sink, OperatorType op);
// Level by level: the operator before it exists, and every data type, rank
// and index type the level does not allow (except JOIN ranks that erratum J1
// disputes).
void AddLevelGating(CaseSink& sink, OperatorType op);

}  // namespace dmlconf::generate
