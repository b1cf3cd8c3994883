// A tensor buffer with guard bytes on both sides and a known fill, so that a
// backend's every stray write shows in the bytes afterwards.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dmlconf/tensor_desc.h"

namespace dmlconf::validator {

inline constexpr size_t kGuardBytes = 64;
// Covers every GuaranteedBaseOffsetAlignment a case may ask for in practice.
inline constexpr size_t kBufferAlignment = 256;

// Byte patterns, distinct from each other so that a byte copied from the
// wrong place is noticed. `salt` varies the pattern per buffer.
enum class Pattern : uint8_t { kGuard, kInputGap, kOutputPoison };
std::byte PatternByte(Pattern pattern, uint32_t salt, size_t index);

class GuardedBuffer {
 public:
  GuardedBuffer(size_t size, uint32_t salt);

  std::byte* data() { return storage_.data() + offset_; }
  const std::byte* data() const { return storage_.data() + offset_; }
  size_t size() const { return size_; }

  // Fills the tensor bytes (not the guards) with `pattern`.
  void Fill(Pattern pattern);
  // Remembers every byte, guards included, to compare against later.
  void Snapshot();
  // The first byte, counted from data() (negative: the leading guard), that
  // differs from the snapshot and for which `ignore(offset)` is false.
  template <class Ignore>
  std::optional<std::ptrdiff_t> FirstChange(Ignore&& ignore) const;
  // The first guard byte (offset from data(), negative before it) that changed.
  std::optional<std::ptrdiff_t> FirstGuardChange() const;

 private:
  std::vector<std::byte> storage_;
  std::vector<std::byte> snapshot_;
  size_t offset_ = 0;
  size_t size_ = 0;
  uint32_t salt_ = 0;
};

template <class Ignore>
std::optional<std::ptrdiff_t> GuardedBuffer::FirstChange(Ignore&& ignore) const {
  for (size_t i = offset_ - kGuardBytes; i < offset_ + size_ + kGuardBytes; ++i) {
    const std::ptrdiff_t at = std::ptrdiff_t(i) - std::ptrdiff_t(offset_);
    if (storage_[i] != snapshot_[i] && !ignore(at)) return at;
  }
  return std::nullopt;
}

// "byte 12 of InputTensor", "guard byte 3 after OutputTensor (offset 67 of 64)".
std::string DescribeOffset(std::ptrdiff_t offset, size_t size, const std::string& role);

}  // namespace dmlconf::validator
