// The byte format the descriptor fuzzer decodes into an OperatorDesc, and its
// inverse, which turns the committed cases' descriptors into seed inputs.
//
//   header   op (byte % the number of operators), feature level (byte % 15),
//            flags (bit 0: derive the shapes the operator's rules tie together,
//            so that most inputs pass the shape checks and reach the kernels)
//   fields   per operator, as its schema lists them (op_schema.inc): the numbers
//            first, then the tensors; numbers are LEB128 varints, so one byte
//            gives a small value and five any uint32
//   tensor   presence bits (strides, total size, alignment, flags), data type,
//            rank, sizes, then the optional fields present
//   the rest the input tensors' bytes, repeated as needed
//
// Counts are capped (rank 12, tensors per list 64) so that a few bytes cannot
// ask for a huge descriptor; every value validation must refuse (rank 0 or 9,
// a zero size, a short total, a wrong alignment...) stays reachable.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "dmlconf/feature_level.h"
#include "dmlconf/op_desc.h"

namespace dmlconf::fuzz {

struct DecodedDescriptor {
  OperatorDesc desc;
  FeatureLevel level = FeatureLevel::k1_0;
  // What follows the descriptor: the bytes to fill the inputs with.
  const uint8_t* data = nullptr;
  size_t data_size = 0;
};

// Never fails: missing bytes read as zero.
DecodedDescriptor DecodeDescriptor(const uint8_t* data, size_t size);

// The bytes DecodeDescriptor turns back into `desc` and `level` (flags 0),
// followed by `payload`.
std::vector<uint8_t> EncodeDescriptor(const OperatorDesc& desc, FeatureLevel level,
                                      const std::vector<uint8_t>& payload = {});

}  // namespace dmlconf::fuzz
