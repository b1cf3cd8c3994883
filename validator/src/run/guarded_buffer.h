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

// At least this many guard bytes on each side of the tensor's bytes.
inline constexpr size_t kGuardBytes = 64;

// Contract point T1: a tensor is bound at an address that is a multiple of
// this (16, DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT, or the tensor's larger
// GuaranteedBaseOffsetAlignment) and deliberately not of twice this, so a
// backend that assumes more alignment than it was promised is caught.
size_t BindingAlignment(uint32_t guaranteed_base_offset_alignment);
// Guard bytes before a tensor so placed: an odd multiple of BindingAlignment
// that holds at least kGuardBytes, so that, counted from a start aligned to
// twice the binding alignment, the tensor lands as T1 says. Buffer files of
// the serve: protocol use it as their `offset`.
size_t LeadBytes(uint32_t guaranteed_base_offset_alignment);

// Byte patterns, distinct from each other so that a byte copied from the
// wrong place is noticed. `salt` varies the pattern per buffer.
enum class Pattern : uint8_t { kGuard, kInputGap, kOutputPoison };
std::byte PatternByte(Pattern pattern, uint32_t salt, size_t index);

class GuardedBuffer {
 public:
  // `alignment` is the tensor's GuaranteedBaseOffsetAlignment (0: none).
  GuardedBuffer(size_t size, uint32_t salt, uint32_t alignment = 0);

  std::byte* data() { return storage_.data() + offset_; }
  const std::byte* data() const { return storage_.data() + offset_; }
  size_t size() const { return size_; }

  // The tensor's bytes with the guards on both sides, as a file protocol
  // ships them: the tensor starts `lead()` bytes in, and lead() obeys the
  // same T1 rule as data()'s address.
  std::byte* region() { return data() - lead_; }
  const std::byte* region() const { return data() - lead_; }
  size_t lead() const { return lead_; }
  size_t region_size() const { return lead_ + size_ + kGuardBytes; }

  // Fills the tensor bytes (not the guards) with `pattern`.
  void Fill(Pattern pattern);
  // Remembers every byte, guards included, to compare against later.
  void Snapshot();
  // The first byte, counted from data() (negative: the leading guard), that
  // differs from the snapshot and for which `ignore(offset)` is false.
  template <class Ignore>
  std::optional<std::ptrdiff_t> FirstChange(Ignore&& ignore) const;
  // How many bytes differ from the snapshot where `ignore(offset)` is false.
  template <class Ignore>
  size_t CountChanges(Ignore&& ignore) const;
  // The first guard byte (offset from data(), negative before it) that changed.
  std::optional<std::ptrdiff_t> FirstGuardChange() const;

 private:
  std::vector<std::byte> storage_;
  std::vector<std::byte> snapshot_;
  size_t offset_ = 0;  // of data() in storage_
  size_t lead_ = 0;    // guard bytes before data()
  size_t size_ = 0;
  uint32_t salt_ = 0;
};

template <class Ignore>
std::optional<std::ptrdiff_t> GuardedBuffer::FirstChange(Ignore&& ignore) const {
  for (size_t i = offset_ - lead_; i < offset_ + size_ + kGuardBytes; ++i) {
    const std::ptrdiff_t at = std::ptrdiff_t(i) - std::ptrdiff_t(offset_);
    if (storage_[i] != snapshot_[i] && !ignore(at)) return at;
  }
  return std::nullopt;
}

template <class Ignore>
size_t GuardedBuffer::CountChanges(Ignore&& ignore) const {
  size_t count = 0;
  for (size_t i = offset_ - lead_; i < offset_ + size_ + kGuardBytes; ++i)
    count += storage_[i] != snapshot_[i] && !ignore(std::ptrdiff_t(i) - std::ptrdiff_t(offset_));
  return count;
}

// "byte 12 of InputTensor", "guard byte 3 after OutputTensor (offset 67 of 64)".
std::string DescribeOffset(std::ptrdiff_t offset, size_t size, const std::string& role);

}  // namespace dmlconf::validator
