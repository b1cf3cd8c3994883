// The validator's guarded buffer (validator/src/platform/guarded_buffer.h) for the
// tests: the same guard pages, inaccessible zones and fault handler the
// runner binds, filled with one poison byte, with gtest assertions on top.
// ASan only sees writes outside a whole allocation; this sees any changed
// guard byte and makes a wild write fault with the buffer named.
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <span>
#include <string_view>

#include "platform/guarded_buffer.h"

namespace dmlconf::testing {

// Outputs start as this byte everywhere; bytes no element covers must keep it.
inline constexpr std::byte kPoisonByte{0xCD};

class GuardedBuffer : public validator::GuardedBuffer {
 public:
  explicit GuardedBuffer(size_t size, std::byte fill = kPoisonByte,
                         std::string_view name = "a test buffer")
      : validator::GuardedBuffer(size, NextSalt(), 0, name) {
    Fill(fill);
    Snapshot();
  }

  std::span<std::byte> bytes() { return {data(), size()}; }
  std::span<const std::byte> bytes() const { return {data(), size()}; }

  ::testing::AssertionResult GuardsIntact() const {
    if (const auto at = FirstGuardChange())
      return ::testing::AssertionFailure()
             << validator::DescribeOffset(*at, size(), "the buffer") << " was overwritten";
    return ::testing::AssertionSuccess();
  }

 private:
  // A different guard pattern per buffer, so a guard copied from a
  // neighbour is not mistaken for its own.
  static uint32_t NextSalt() {
    static std::atomic<uint32_t> salt{1000};
    return salt++;
  }
};

}  // namespace dmlconf::testing
