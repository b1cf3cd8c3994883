// A tensor descriptor with its guarded buffer, and the checks every operator
// tester makes on one: logical values bit for bit, bytes outside the
// tensor's elements untouched, guards intact. The byte compare and the
// element mask are the validator's (validator/src/platform/compare.h), so the
// kernel tests judge a buffer exactly as `dmlconf run` does.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "dmlconf/tensor_layout.h"
#include "platform/compare.h"
#include "testing/bit_patterns.h"
#include "testing/guarded_buffer.h"

namespace dmlconf::testing {

struct TestTensor {
  explicit TestTensor(const TensorDesc& d) : desc(d), buffer(size_t(d.TotalBytes())) {}

  TensorDesc desc;
  GuardedBuffer buffer;
  std::vector<std::byte> initial;  // inputs: the bytes before the call
};

enum class Fill { kPositions, kSpecials };

// An input whose every element slot, padding included, holds a distinct pattern.
inline TestTensor MakeInput(const TensorDesc& desc, uint64_t seed, Fill fill = Fill::kPositions) {
  TestTensor tensor(desc);
  if (fill == Fill::kSpecials)
    FillSpecialPatterns(tensor.buffer.bytes(), desc.ElementSize());
  else
    FillPositionPatterns(tensor.buffer.bytes(), desc.ElementSize(), seed);
  tensor.initial.assign(tensor.buffer.bytes().begin(), tensor.buffer.bytes().end());
  return tensor;
}

// An input holding the given packed row-major logical values; other bytes poison.
inline TestTensor MakeInputFromLogical(const TensorDesc& desc,
                                       const std::vector<std::byte>& packed) {
  TestTensor tensor(desc);
  ScatterLogical(desc, packed.data(), tensor.buffer.data());
  tensor.initial.assign(tensor.buffer.bytes().begin(), tensor.buffer.bytes().end());
  return tensor;
}

// An output poisoned everywhere.
inline TestTensor MakeOutput(const TensorDesc& desc) { return TestTensor(desc); }

inline std::vector<std::byte> ReadLogical(const TestTensor& tensor) {
  std::vector<std::byte> packed(size_t(LogicalBytes(tensor.desc)));
  GatherLogical(tensor.desc, tensor.buffer.data(), packed.data());
  return packed;
}

inline std::string HexBits(const std::byte* p, size_t element_size) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%0*llx", int(2 * element_size),
                static_cast<unsigned long long>(LoadElement(p, element_size)));
  return text;
}

// Compares packed logical values bit for bit (validator::CompareLogical); a
// failure names the first mismatching coordinates and how many elements differ.
inline ::testing::AssertionResult LogicalBitsEqual(const TensorDesc& desc,
                                                   const std::vector<std::byte>& expected,
                                                   const std::vector<std::byte>& actual,
                                                   const std::string& role = "output") {
  if (auto diff = validator::CompareLogical(role, desc, expected, actual))
    return ::testing::AssertionFailure() << *diff;
  return ::testing::AssertionSuccess();
}

// Bytes no element of the tensor covers (stride gaps, slack) still hold the
// poison, and the guards are intact: the call wrote only inside the tensor.
inline ::testing::AssertionResult OnlyElementsWritten(const TestTensor& tensor) {
  if (auto guards = tensor.buffer.GuardsIntact(); !guards) return guards;
  const std::vector<bool> covered = validator::ElementByteMask(tensor.desc);
  for (size_t i = 0; i < covered.size(); ++i)
    if (!covered[i] && tensor.buffer.data()[i] != kPoisonByte)
      return ::testing::AssertionFailure()
             << "byte " << i << ", outside every element, was overwritten (now "
             << int(tensor.buffer.data()[i]) << ")";
  return ::testing::AssertionSuccess();
}

// An input's bytes are as before the call, and its guards intact.
inline ::testing::AssertionResult Untouched(const TestTensor& tensor) {
  if (auto guards = tensor.buffer.GuardsIntact(); !guards) return guards;
  if (std::memcmp(tensor.initial.data(), tensor.buffer.data(), tensor.initial.size()) != 0)
    return ::testing::AssertionFailure() << "an input buffer was modified";
  return ::testing::AssertionSuccess();
}

// A data type of the given element size, for tests where only the size matters.
inline DataType DataTypeOfSize(size_t element_size) {
  switch (element_size) {
    case 1: return DataType::kUint8;
    case 2: return DataType::kFloat16;
    case 4: return DataType::kFloat32;
    default: return DataType::kFloat64;
  }
}

// Describes an optional stride list for a reproducer line.
inline std::string FormatOptional(const std::optional<std::vector<uint32_t>>& values) {
  return values ? FormatSizes(*values) : std::string("packed");
}

}  // namespace dmlconf::testing
