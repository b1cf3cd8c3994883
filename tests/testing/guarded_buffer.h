// A test buffer with guard bytes on both sides, so that a write just outside
// a tensor is seen (ASan only sees writes outside the whole allocation).
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <span>
#include <vector>

namespace dmlconf::testing {

// Outputs start as this byte everywhere; bytes no element covers must keep it.
inline constexpr std::byte kPoisonByte{0xCD};

class GuardedBuffer {
 public:
  static constexpr size_t kGuardSize = 64;

  explicit GuardedBuffer(size_t size, std::byte fill = kPoisonByte)
      : storage_(size + 2 * kGuardSize, fill), size_(size) {
    for (size_t i = 0; i < kGuardSize; ++i) {
      storage_[i] = GuardByte(i);
      storage_[kGuardSize + size_ + i] = GuardByte(i);
    }
  }

  std::byte* data() { return storage_.data() + kGuardSize; }
  const std::byte* data() const { return storage_.data() + kGuardSize; }
  size_t size() const { return size_; }
  std::span<std::byte> bytes() { return {data(), size_}; }
  std::span<const std::byte> bytes() const { return {data(), size_}; }

  ::testing::AssertionResult GuardsIntact() const {
    for (size_t i = 0; i < kGuardSize; ++i) {
      if (storage_[i] != GuardByte(i))
        return ::testing::AssertionFailure()
               << "guard byte " << (kGuardSize - i) << " before the buffer was overwritten";
      if (storage_[kGuardSize + size_ + i] != GuardByte(i))
        return ::testing::AssertionFailure()
               << "guard byte " << i << " after the buffer (of " << size_
               << " bytes) was overwritten";
    }
    return ::testing::AssertionSuccess();
  }

 private:
  // Varies with position, so a shifted copy of the guard is not mistaken for it.
  static std::byte GuardByte(size_t i) { return std::byte((0xA7 + 29 * i) & 0xFF); }

  std::vector<std::byte> storage_;
  size_t size_;
};

}  // namespace dmlconf::testing
