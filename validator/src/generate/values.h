// Element values: the seeded generator, a number's bits in a data type, the special
// bit patterns, and the position-encoding fills. The generator's case families and
// the fuzzer's data (validator/src/fuzz/data.cc) both draw on them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dmlconf/data_type.h"
#include "gen_case.h"

namespace dmlconf::generate {

// splitmix64, as cases/README.md defines it for `fill: random`.
uint64_t SplitMix64(uint64_t x);
uint64_t HashName(const std::string& name);

// The bits of the number n in a data type: integers wrap, floats are the
// nearest value (exact for the small n used here).
ElementBits NumberBits(DataType type, int64_t n);

// Special bit patterns for one data type: NaN payloads, signalling NaNs, -0, infinities,
// denormals and the largest finite values; 0, 1, all ones and the sign bit's neighbours
// for integers. Raw bits that a value-converting copy would change.
std::vector<ElementBits> SpecialValues(DataType type);

// Fills c.inputs: value tensors with position-encoding data (element value =
// base + its memory offset, so broadcast elements agree and every output
// element says where it came from); indices in range, negative for signed index
// types, along each line distinct where updates land (SCATTER_ELEMENTS; SCATTER_ND's tuples
// name distinct blocks while there are blocks enough); REVERSE_SUBSEQUENCES
// lengths cycling 0, 1, between, equal to and beyond the axis size, the first line always in
// between (a real reversal). `salt` varies base and patterns.
void FillInputs(GenCase& c, uint64_t salt);

// A scatter's colliding FLOAT32 updates that differ only in bits a value compare misses:
// -0 and +0, two NaNs of different payloads, a subnormal and +0, -inf and the largest
// finite. Index (or one-coordinate tuple) values 0, 0, 1, 1, 2, 2, 3, 3 into inputs[1] and
// the pairs into inputs[2], so that each pair lands on one element (W1: a backend must
// leave one of the pair's exact bit patterns there).
void SetCollidingSpecialPairs(GenCase& c);

}  // namespace dmlconf::generate
