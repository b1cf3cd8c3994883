// The fill rules of cases/README.md ("Tensor data"): iota, constant, random.
// Each produces a tensor's packed logical bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dmlconf/data_type.h"

namespace dmlconf::validator {

// splitmix64 exactly as cases/README.md writes it (all arithmetic mod 2^64).
constexpr uint64_t SplitMix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  uint64_t z = x;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// Thrown with a sentence; the loader adds file, line and field.
struct FillError {
  std::string message;
};

// Element i is start + i*step: integers wrap modulo 2^bits (start and step
// must be integers), floats are computed in double and rounded to the type
// (an element that rounds to infinity, or from non-zero to zero, is an error).
std::vector<std::byte> FillIota(DataType type, uint64_t count, std::string_view start,
                                std::string_view step);
// Every element is `value`, read as ParseCaseElement (number_text.h) reads it.
std::vector<std::byte> FillConstant(DataType type, uint64_t count, std::string_view value);
// Element i's bits are the low bits of SplitMix64(seed + i).
std::vector<std::byte> FillRandom(DataType type, uint64_t count, uint64_t seed);

}  // namespace dmlconf::validator
