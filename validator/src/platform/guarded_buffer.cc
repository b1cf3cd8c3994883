#include "platform/guarded_buffer.h"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace dmlconf::validator {

namespace {

// Odd multipliers make neighbouring bytes differ; the bases keep the three
// patterns apart, and none of them is 0x00 or 0xff runs.
uint32_t PatternStart(Pattern pattern, uint32_t salt) {
  static constexpr uint8_t kBase[] = {0xA5, 0x3C, 0xD2};
  return kBase[uint8_t(pattern)] + salt * 0x61u;
}

// PatternByte for indices 0..n-1, in a loop the compiler vectorizes: every
// buffer's guard pages are filled, thousands of times a run.
void FillPattern(Pattern pattern, uint32_t salt, std::byte* out, size_t n) {
  const uint32_t start = PatternStart(pattern, salt);
  for (size_t i = 0; i < n; ++i) {
    const uint32_t mixed = start + uint32_t(i) * 0x1Du;
    out[i] = std::byte(uint8_t(mixed ^ (mixed >> 8)));
  }
}

}  // namespace

std::byte PatternByte(Pattern pattern, uint32_t salt, size_t index) {
  const uint32_t mixed = PatternStart(pattern, salt) + uint32_t(index) * 0x1Du;
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

std::string DefaultBufferName(uint32_t salt) {
  if (salt < 100) return "input " + std::to_string(salt);
  if (salt < 200) return "output " + std::to_string(salt - 100);
  return "the buffer of salt " + std::to_string(salt);
}

namespace {

// The guard bytes and the tensor, in pages between inaccessible zones. The
// pages start at a page boundary; when twice the binding alignment is more
// than a page, the first multiple of it inside them takes that role, and
// the bytes before it are guard bytes too.
GuardPages MapPages(size_t size, uint32_t alignment) {
  const size_t a2 = 2 * BindingAlignment(alignment);
  const size_t page = size_t(sysconf(_SC_PAGESIZE));
  const size_t slack = a2 > page ? a2 - page : 0;
  return GuardPages(slack + LeadBytes(alignment) + size + kGuardBytes);
}

}  // namespace

GuardedBuffer::GuardedBuffer(size_t size, uint32_t salt, uint32_t alignment, std::string_view name)
    : pages_(MapPages(size, alignment)), size_(size), salt_(salt), alignment_(alignment) {
  static const bool installed = (InstallGuardFaultHandler("dmlconf: "), true);
  (void)installed;
  const size_t a2 = 2 * BindingAlignment(alignment);
  const auto base = reinterpret_cast<uintptr_t>(pages_.begin());
  const uintptr_t region = (base + a2 - 1) & ~uintptr_t(a2 - 1);
  data_ = pages_.begin() + (region - base) + LeadBytes(alignment);
  FillPattern(Pattern::kGuard, salt, pages_.begin(), pages_.size());
  SetName(name.empty() ? DefaultBufferName(salt) : name);
  Snapshot();
}

GuardedBuffer::GuardedBuffer(const GuardedBuffer& other)
    : GuardedBuffer(other.size_, other.salt_, other.alignment_, other.name_) {
  if (lead() == other.lead()) {  // the same layout: every byte as it is
    std::memcpy(pages_.begin(), other.pages_.begin(), pages_.size());
    snapshot_ = other.snapshot_;
    return;
  }
  // A large alignment placed the tensor elsewhere in the page: its bytes only.
  std::memcpy(data_, other.data_, size_);
  std::memcpy(snapshot_.data() + lead(), other.snapshot_.data() + other.lead(), size_);
}

GuardedBuffer& GuardedBuffer::operator=(const GuardedBuffer& other) {
  if (this != &other) *this = GuardedBuffer(other);
  return *this;
}

void GuardedBuffer::Fill(Pattern pattern) { FillPattern(pattern, salt_, data_, size_); }

void GuardedBuffer::Snapshot() { snapshot_.assign(pages_.begin(), pages_.begin() + pages_.size()); }

std::optional<std::ptrdiff_t> GuardedBuffer::FirstGuardChange() const {
  // Both guard zones at memcmp speed first: the tensor's bytes have changed
  // after every call, the guards almost never.
  const std::byte* now = pages_.begin();
  const size_t end = lead() + size_;
  if (std::memcmp(now, snapshot_.data(), lead()) == 0 &&
      std::memcmp(now + end, snapshot_.data() + end, snapshot_.size() - end) == 0)
    return std::nullopt;
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
