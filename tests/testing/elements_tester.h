// A hand-computed GATHER_ELEMENTS / SCATTER_ELEMENTS call: int32 values and int64
// (or any) index values typed in, the kernel run in guarded buffers, the output
// compared bit for bit with values the test states, inputs untouched, nothing
// written outside the output's elements.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "dmlconf/op_desc.h"
#include "testing/test_tensor.h"

namespace dmlconf::testing {

template <class T>
std::vector<std::byte> PackedOf(const std::vector<T>& values, DataType type) {
  const size_t size = ElementSize(type);
  std::vector<std::byte> bytes(values.size() * size);
  for (size_t i = 0; i < values.size(); ++i)
    StoreElement(bytes.data() + i * size, size, ElementBits(values[i]) & ElementMask(type));
  return bytes;
}

// Runs `kernel` on `desc` with the inputs (InputSlots order, packed logical bytes) and
// checks the output against `expected`.
template <class Desc>
void CheckElementsCall(void (*kernel)(const Desc&, const Bindings&), const Desc& desc,
                       const std::vector<std::vector<std::byte>>& inputs,
                       const std::vector<std::byte>& expected) {
  const std::vector<TensorSlot> in_slots = InputSlots(desc);
  std::vector<TestTensor> ins;
  for (size_t i = 0; i < in_slots.size(); ++i)
    ins.push_back(MakeInputFromLogical(*in_slots[i].desc, inputs[i]));
  TestTensor out = MakeOutput(*OutputSlots(desc)[0].desc);
  Bindings b;
  for (TestTensor& t : ins) b.inputs.push_back(t.buffer.data());
  b.outputs.push_back(out.buffer.data());
  kernel(desc, b);
  EXPECT_TRUE(LogicalBitsEqual(out.desc, expected, ReadLogical(out)));
  EXPECT_TRUE(OnlyElementsWritten(out));
  for (const TestTensor& t : ins) EXPECT_TRUE(Untouched(t));
}

}  // namespace dmlconf::testing
