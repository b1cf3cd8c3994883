#include "run/guarded_buffer.h"

#include <algorithm>
#include <cstdint>

namespace dmlconf::validator {

std::byte PatternByte(Pattern pattern, uint32_t salt, size_t index) {
  // Odd multipliers make neighbouring bytes differ; the bases keep the three
  // patterns apart, and none of them is 0x00 or 0xff runs.
  static constexpr uint8_t kBase[] = {0xA5, 0x3C, 0xD2};
  const uint32_t mixed = kBase[uint8_t(pattern)] + salt * 0x61u + uint32_t(index) * 0x1Du;
  return std::byte(uint8_t(mixed ^ (mixed >> 8)));
}

size_t BindingAlignment(uint32_t guaranteed_base_offset_alignment) {
  return std::max<size_t>(16, guaranteed_base_offset_alignment);
}

size_t LeadBytes(uint32_t guaranteed_base_offset_alignment) {
  const size_t a = BindingAlignment(guaranteed_base_offset_alignment);
  size_t lead = a;
  while (lead < kGuardBytes) lead += 2 * a;
  return lead;
}

GuardedBuffer::GuardedBuffer(size_t size, uint32_t salt, uint32_t alignment)
    : size_(size), salt_(salt) {
  const size_t a = BindingAlignment(alignment);
  // The region starts at a multiple of 2a; the lead is an odd multiple of a
  // that holds a whole guard, so data() is a multiple of a and not of 2a.
  lead_ = LeadBytes(alignment);
  storage_.resize(lead_ + size + kGuardBytes + 2 * a);
  const auto base = reinterpret_cast<uintptr_t>(storage_.data());
  const uintptr_t region = (base + 2 * a - 1) & ~uintptr_t(2 * a - 1);
  offset_ = size_t(region - base) + lead_;
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
