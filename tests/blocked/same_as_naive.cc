#include "blocked/same_as_naive.h"

#include <cstring>
#include <string>

#include "blocked/threading.h"
#include "dmlconf/blocked.h"
#include "dmlconf/naive.h"

namespace dmlconf::testing {
namespace {

// The coordinates of the element at `element_offset`, or "(a gap)".
std::string CoordinatesAt(const TensorDesc& desc, uint64_t element_offset) {
  std::string found = "(a byte no element covers)";
  ForEachCoordinate(desc.sizes, [&](std::span<const uint32_t> coords) {
    if (desc.ElementOffset(coords) == element_offset) found = FormatSizes(coords);
  });
  return found;
}

}  // namespace

std::vector<TestTensor> RunKernel(Kernel kernel, const OperatorDesc& desc,
                                  const std::vector<TestTensor>& inputs) {
  std::vector<TestTensor> outputs;
  Bindings bindings;
  for (const TestTensor& input : inputs) bindings.inputs.push_back(input.buffer.data());
  for (const TensorSlot& slot : OutputSlots(desc)) outputs.push_back(MakeOutput(*slot.desc));
  for (TestTensor& output : outputs) bindings.outputs.push_back(output.buffer.data());
  kernel(desc, bindings);
  return outputs;
}

::testing::AssertionResult SameBuffers(const TensorSlot& slot, const TestTensor& naive,
                                       const TestTensor& blocked) {
  if (auto guards = blocked.buffer.GuardsIntact(); !guards)
    return guards << " (" << slot.role << ")";
  const size_t size = naive.buffer.size();
  const std::byte* want = naive.buffer.data();
  const std::byte* got = blocked.buffer.data();
  if (std::memcmp(want, got, size) == 0) return ::testing::AssertionSuccess();
  size_t byte = 0;
  while (want[byte] == got[byte]) ++byte;
  const size_t es = slot.desc->ElementSize();
  const size_t element = byte / es;
  size_t differing = 0;
  for (size_t i = 0; i < size; ++i) differing += want[i] != got[i];
  return ::testing::AssertionFailure()
         << slot.role << ": " << differing << " of " << size << " bytes differ; first at byte "
         << byte << ", element " << CoordinatesAt(*slot.desc, element) << ": naive "
         << HexBits(want + element * es, es) << ", blocked " << HexBits(got + element * es, es);
}

::testing::AssertionResult BlockedSameAsNaive(const OperatorDesc& desc,
                                              const std::vector<TestTensor>& inputs) {
  const std::vector<TestTensor> naive = RunKernel(&naive::Execute, desc, inputs);
  const std::vector<TestTensor> blocked = RunKernel(&blocked::Execute, desc, inputs);
  const std::vector<TensorSlot> slots = OutputSlots(desc);
  for (size_t i = 0; i < slots.size(); ++i)
    if (auto same = SameBuffers(slots[i], naive[i], blocked[i]); !same) return same;
  return ::testing::AssertionSuccess();
}

ThreadsForTesting::ThreadsForTesting(int count) {
  blocked::SetThreadCount(count);
  blocked::SetParallelThresholdForTesting(1);
}

ThreadsForTesting::~ThreadsForTesting() {
  blocked::SetThreadCount(0);
  blocked::SetParallelThresholdForTesting(blocked::kDefaultParallelThresholdBytes);
}

}  // namespace dmlconf::testing
