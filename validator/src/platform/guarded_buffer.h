// A tensor buffer with guard bytes on both sides and a known fill, so that a
// backend's every stray write shows in the bytes afterwards; past the guard
// bytes, inaccessible pages make a write of any further distance (up to
// kInaccessibleBytes) fault, and the fault handler names the buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dmlconf/tensor_desc.h"
#include "platform/guard_pages.h"

namespace dmlconf::validator {

// At least this many guard bytes on each side of the tensor's bytes: one
// page, so that the guard bytes reach from the tensor to the inaccessible
// pages and no write between them goes unseen.
inline constexpr size_t kGuardBytes = 4096;

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

// What a fault in a buffer's inaccessible pages calls it when its creator
// gave no name: "input 0", "output 1" after the runner's salts (inputs i,
// outputs 100 + i), else "the buffer of salt N".
std::string DefaultBufferName(uint32_t salt);

class GuardedBuffer {
 public:
  // `alignment` is the tensor's GuaranteedBaseOffsetAlignment (0: none).
  // `name` is what a fault in the inaccessible pages calls the buffer.
  GuardedBuffer(size_t size, uint32_t salt, uint32_t alignment = 0, std::string_view name = {});
  // A copy has its own pages, the same bytes and the same snapshot.
  GuardedBuffer(const GuardedBuffer& other);
  GuardedBuffer& operator=(const GuardedBuffer& other);
  GuardedBuffer(GuardedBuffer&&) = default;
  GuardedBuffer& operator=(GuardedBuffer&&) = default;

  std::byte* data() { return data_; }
  const std::byte* data() const { return data_; }
  size_t size() const { return size_; }
  // Guard bytes before data(), up to the inaccessible pages: LeadBytes(), and
  // more when twice the binding alignment exceeds a page.
  size_t lead() const { return size_t(data_ - pages_.begin()); }
  // Guard bytes after the tensor, up to the inaccessible pages.
  size_t trail() const { return pages_.size() - lead() - size_; }
  void SetName(std::string_view name) {
    name_ = name;
    pages_.Name(data_, size_, name);
  }

  // Fills the tensor bytes (not the guards) with `pattern`, or with one byte.
  void Fill(Pattern pattern);
  void Fill(std::byte value) { std::memset(data_, std::to_integer<int>(value), size_); }
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
  bool Unchanged() const {
    return std::memcmp(pages_.begin(), snapshot_.data(), snapshot_.size()) == 0;
  }

  GuardPages pages_;  // guards and tensor, between inaccessible zones
  std::vector<std::byte> snapshot_;
  std::byte* data_ = nullptr;
  size_t size_ = 0;
  uint32_t salt_ = 0;
  uint32_t alignment_ = 0;
  std::string name_;
};

template <class Ignore>
std::optional<std::ptrdiff_t> GuardedBuffer::FirstChange(Ignore&& ignore) const {
  if (Unchanged()) return std::nullopt;  // the common case, at memcmp speed
  const std::ptrdiff_t lead = std::ptrdiff_t(this->lead());
  for (size_t i = 0; i < snapshot_.size(); ++i) {
    const std::ptrdiff_t at = std::ptrdiff_t(i) - lead;
    if (pages_.begin()[i] != snapshot_[i] && !ignore(at)) return at;
  }
  return std::nullopt;
}

template <class Ignore>
size_t GuardedBuffer::CountChanges(Ignore&& ignore) const {
  if (Unchanged()) return 0;
  const std::ptrdiff_t lead = std::ptrdiff_t(this->lead());
  size_t count = 0;
  for (size_t i = 0; i < snapshot_.size(); ++i)
    count += pages_.begin()[i] != snapshot_[i] && !ignore(std::ptrdiff_t(i) - lead);
  return count;
}

// "byte 12 of InputTensor", "guard byte 3 after the end of OutputTensor (its buffer is 64 bytes)".
std::string DescribeOffset(std::ptrdiff_t offset, size_t size, const std::string& role);

}  // namespace dmlconf::validator
