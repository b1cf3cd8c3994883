#include "run/guarded_buffer.h"

#include <cstdint>

namespace dmlconf::validator {

std::byte PatternByte(Pattern pattern, uint32_t salt, size_t index) {
  // Odd multipliers make neighbouring bytes differ; the bases keep the three
  // patterns apart, and none of them is 0x00 or 0xff runs.
  static constexpr uint8_t kBase[] = {0xA5, 0x3C, 0xD2};
  const uint32_t mixed = kBase[uint8_t(pattern)] + salt * 0x61u + uint32_t(index) * 0x1Du;
  return std::byte(uint8_t(mixed ^ (mixed >> 8)));
}

GuardedBuffer::GuardedBuffer(size_t size, uint32_t salt) : size_(size), salt_(salt) {
  storage_.resize(size + 2 * kGuardBytes + kBufferAlignment);
  // The data start is aligned, with a whole guard before it.
  const auto base = reinterpret_cast<uintptr_t>(storage_.data()) + kGuardBytes;
  const uintptr_t aligned = (base + kBufferAlignment - 1) & ~uintptr_t(kBufferAlignment - 1);
  offset_ = kGuardBytes + size_t(aligned - base);
  for (size_t i = 0; i < storage_.size(); ++i) storage_[i] = PatternByte(Pattern::kGuard, salt, i);
  Snapshot();
}

void GuardedBuffer::Fill(Pattern pattern) {
  for (size_t i = 0; i < size_; ++i) data()[i] = PatternByte(pattern, salt_, i);
}

void GuardedBuffer::Snapshot() { snapshot_ = storage_; }

std::optional<std::ptrdiff_t> GuardedBuffer::FirstGuardChange() const {
  const auto size = std::ptrdiff_t(size_);
  return FirstChange([size](std::ptrdiff_t at) { return at >= 0 && at < size; });
}

std::string DescribeOffset(std::ptrdiff_t offset, size_t size, const std::string& role) {
  if (offset < 0)
    return "guard byte " + std::to_string(-offset) + " before " + role + " (its buffer is " +
           std::to_string(size) + " bytes)";
  if (size_t(offset) >= size)
    return "guard byte " + std::to_string(size_t(offset) - size) + " after the end of " + role +
           " (its buffer is " + std::to_string(size) + " bytes)";
  return "byte " + std::to_string(offset) + " of " + role;
}

}  // namespace dmlconf::validator
