// A tensor descriptor with its guarded buffer, and the checks every operator
// tester makes on one: logical values bit for bit, bytes outside the
// tensor's elements untouched, guards intact.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "dmlconf/tensor_layout.h"
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
inline TestTensor MakeInputFromLogical(const TensorDesc& desc, const std::vector<std::byte>& packed) {
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

// Compares packed logical values bit for bit; a failure names the first
// mismatching coordinates and how many elements differ.
inline ::testing::AssertionResult LogicalBitsEqual(const TensorDesc& desc,
                                                   const std::vector<std::byte>& expected,
                                                   const std::vector<std::byte>& actual) {
  const size_t es = desc.ElementSize();
  if (expected.size() != actual.size())
    return ::testing::AssertionFailure() << "expected " << expected.size() << " bytes, got "
                                         << actual.size();
  size_t index = 0, mismatches = 0;
  std::string first;
  ForEachCoordinate(desc.sizes, [&](std::span<const uint32_t> coords) {
    const std::byte* e = expected.data() + index * es;
    const std::byte* a = actual.data() + index * es;
    if (std::memcmp(e, a, es) != 0 && mismatches++ == 0)
      first = "at " + FormatSizes(coords) + ": expected " + HexBits(e, es) + ", actual " +
              HexBits(a, es);
    ++index;
  });
  if (mismatches == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << mismatches << " of " << index
                                       << " elements differ; first " << first;
}

// Bytes no element of the tensor covers (stride gaps, slack) still hold the
// poison, and the guards are intact: the call wrote only inside the tensor.
inline ::testing::AssertionResult OnlyElementsWritten(const TestTensor& tensor) {
  if (auto guards = tensor.buffer.GuardsIntact(); !guards) return guards;
  const size_t es = tensor.desc.ElementSize();
  const std::vector<uint32_t> strides = tensor.desc.EffectiveStrides();
  std::vector<bool> covered(tensor.buffer.size(), false);
  ForEachCoordinate(tensor.desc.sizes, [&](std::span<const uint32_t> coords) {
    uint64_t offset = 0;
    for (size_t d = 0; d < coords.size(); ++d) offset += uint64_t(coords[d]) * strides[d];
    for (size_t b = 0; b < es; ++b) covered[offset * es + b] = true;
  });
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
