// Element bit patterns that make a misplaced element visible.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "dmlconf/data_type.h"

namespace dmlconf::testing {

// A pattern that differs per position (and per seed, so that two tensors of
// one call differ), and never equals the poison fill. Two-byte and wider
// patterns are distinct for the first 0xC000 positions; one-byte patterns
// repeat every 252 positions, there being only 255 non-poison bytes.
inline ElementBits PositionPattern(size_t element_size, uint64_t position, uint64_t seed = 0) {
  const uint64_t p = position + 1;
  switch (element_size) {
    case 1: {
      uint64_t v = 1 + (p + 61 * seed) % 252;  // 1..252
      if (v >= 0xCD) ++v;                      // skip the poison byte
      return v;
    }
    case 2:
      return (p + 0x1000 * seed) % 0xC000 + 1;  // below 0xCDCD
    case 4:
      return (0x5Au + seed) << 24 | (p & 0xFFFFFF);
    default:
      return (0x5A00000000000000ull + (seed << 48)) | (p << 24) | (p & 0xFFFFFF);
  }
}

// Writes PositionPattern into every element-sized slot of `buffer` (padding
// slots included, so that a read of padding shows), and the trailing partial
// slot, if any, with the pattern's low bytes.
inline void FillPositionPatterns(std::span<std::byte> buffer, size_t element_size,
                                 uint64_t seed = 0) {
  for (size_t offset = 0, slot = 0; offset < buffer.size(); offset += element_size, ++slot) {
    const ElementBits bits = PositionPattern(element_size, slot, seed);
    std::memcpy(buffer.data() + offset, &bits, std::min(element_size, buffer.size() - offset));
  }
}

// Patterns a data-movement operator must keep bit for bit: NaN payloads,
// signalling NaNs, -0.0, infinities, subnormals (as floats of that size; as
// integers they are just values with the top bit set or not).
inline std::vector<ElementBits> SpecialPatterns(size_t element_size) {
  switch (element_size) {
    case 1:
      return {0x80, 0xFF, 0x7F, 0x01};
    case 2:  // FLOAT16
      return {0x7E01, 0x7C01, 0xFE2A, 0x8000, 0xFC00, 0x0001, 0x83FF};
    case 4:  // FLOAT32
      return {0x7FC00001, 0x7F800001, 0xFFA5A5A5, 0x80000000, 0xFF800000, 0x00000001,
              0x807FFFFF};
    default:  // FLOAT64
      return {0x7FF8000000000001, 0x7FF0000000000001, 0xFFF7DEADBEEF0001, 0x8000000000000000,
              0xFFF0000000000000, 0x0000000000000001, 0x800FFFFFFFFFFFFF};
  }
}

// Cycles SpecialPatterns through every slot, offset by the slot's position so
// neighbours differ.
inline void FillSpecialPatterns(std::span<std::byte> buffer, size_t element_size) {
  const std::vector<ElementBits> specials = SpecialPatterns(element_size);
  for (size_t offset = 0, slot = 0; offset < buffer.size(); offset += element_size, ++slot) {
    const ElementBits bits = specials[slot % specials.size()];
    std::memcpy(buffer.data() + offset, &bits, std::min(element_size, buffer.size() - offset));
  }
}

}  // namespace dmlconf::testing
