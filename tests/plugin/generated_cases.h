// Generated cases straight from the generator (no case loader needed), and
// one check that a backend passes all of an operator's: it must refuse each
// must-reject case with the case's reason code, accept every valid one, and
// write exactly the bytes the naive reference writes (from the same poisoned
// buffers, so padding between elements is compared too).
#pragma once

#include <gtest/gtest.h>

#include <cstring>

#include "common_cases.h"
#include "dmlconf/backend.h"
#include "dmlconf/naive.h"
#include "generator.h"
#include "testing/guarded_buffer.h"

namespace dmlconf::plugin_testing {

using generate::Expect;
using generate::GenCase;
using testing::GuardedBuffer;

// The generator's own sequence (generator.cc), for one operator.
inline std::vector<GenCase> GeneratedCases(OperatorType op) {
  generate::CaseSink sink(generate::kDefaultSeed);
  generate::AddSupportCells(sink, op);
  if (op == OperatorType::kSplit) generate::AddSplitCases(sink);
  if (op == OperatorType::kJoin) generate::AddJoinCases(sink);
  generate::AddStrided(sink, op);
  generate::AddValues(sink, op);
  generate::AddTensorRuleRejections(sink, op);
  generate::AddLevelGating(sink, op);
  std::vector<GenCase> cases;
  for (const auto& [file, file_cases] : sink.files())
    cases.insert(cases.end(), file_cases.begin(), file_cases.end());
  return cases;
}

inline std::vector<GuardedBuffer> Buffers(const std::vector<TensorSlot>& slots) {
  std::vector<GuardedBuffer> buffers;
  for (const TensorSlot& slot : slots) buffers.emplace_back(slot.desc->TotalBytes());
  return buffers;
}

inline Bindings Bind(const std::vector<GuardedBuffer>& inputs, std::vector<GuardedBuffer>& outputs) {
  Bindings bindings;
  for (const GuardedBuffer& b : inputs) bindings.inputs.push_back(b.data());
  for (GuardedBuffer& b : outputs) bindings.outputs.push_back(b.data());
  return bindings;
}

// Distinct bytes everywhere, so a copy from the wrong place shows.
inline void FillDistinct(std::vector<GuardedBuffer>& buffers) {
  uint32_t x = 12345;
  for (GuardedBuffer& b : buffers)
    for (std::byte& byte : b.bytes()) byte = std::byte((x = x * 1103515245u + 12345u) >> 24);
}

inline void ExpectSameBytesAsNaive(Backend& backend, const GenCase& c) {
  std::vector<GuardedBuffer> inputs = Buffers(InputSlots(c.desc));
  FillDistinct(inputs);
  std::vector<GuardedBuffer> actual = Buffers(OutputSlots(c.desc));
  std::vector<GuardedBuffer> expected = Buffers(OutputSlots(c.desc));
  naive::Execute(c.desc, Bind(inputs, expected));
  const ExecuteResult result = backend.Execute(c.desc, kHighestFeatureLevel, Bind(inputs, actual));
  ASSERT_TRUE(result.ok()) << result.message;
  for (size_t i = 0; i < actual.size(); ++i) {
    EXPECT_TRUE(actual[i].GuardsIntact()) << "output " << i;
    EXPECT_EQ(std::memcmp(actual[i].data(), expected[i].data(), actual[i].size()), 0)
        << "output " << i << " differs from the naive reference";
  }
}

// Every `stride`-th case; the others are left to the CTest run of the suite.
inline void ExpectPassesEveryCase(Backend& backend, OperatorType op, size_t stride = 1) {
  const std::vector<GenCase> cases = GeneratedCases(op);
  ASSERT_GT(cases.size(), 100u);
  for (size_t i = 0; i < cases.size(); i += stride) {
    const GenCase& c = cases[i];
    SCOPED_TRACE(c.name);
    if (c.expect == Expect::kReject) {
      const CreateAnswer v = backend.Create(c.desc, c.level);
      EXPECT_EQ(ReasonName(v.reason.value_or(Reason::OK)), ReasonName(c.reason)) << v.message;
      continue;
    }
    const CreateAnswer at_own = backend.Create(c.desc, c.level);
    const CreateAnswer at_top = backend.Create(c.desc, kHighestFeatureLevel);
    ASSERT_TRUE(at_own.accepted() && at_top.accepted()) << at_own.message << " / " << at_top.message;
    ExpectSameBytesAsNaive(backend, c);
  }
}

}  // namespace dmlconf::plugin_testing
