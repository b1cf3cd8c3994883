// Memory between two inaccessible zones, and a SIGSEGV/SIGBUS handler that
// names the tensor whose zone a faulting access hit. Guard bytes compared
// after a call catch a stray write near a tensor; the inaccessible zones turn
// one further away into a fault, which the handler reports as "guard byte
// 5000 after the end of OutputTensor" instead of a bare signal 11.
#pragma once

#include <cstddef>
#include <string_view>

namespace dmlconf::validator {

// Inaccessible bytes on each side of every GuardPages mapping: a wild write
// up to this far from a tensor's guard bytes faults. Address space only, no
// memory: the zones are never backed.
inline constexpr size_t kInaccessibleBytes = size_t(16) << 20;

class GuardPages {
 public:
  GuardPages() = default;
  // At least `bytes` readable, writable bytes starting at a page boundary,
  // with kInaccessibleBytes of PROT_NONE before and after. Throws
  // std::runtime_error when the mapping fails.
  explicit GuardPages(size_t bytes);
  ~GuardPages();
  GuardPages(GuardPages&& other) noexcept;
  GuardPages& operator=(GuardPages&& other) noexcept;
  GuardPages(const GuardPages&) = delete;
  GuardPages& operator=(const GuardPages&) = delete;

  std::byte* begin() const { return usable_; }
  size_t size() const { return usable_size_; }

  // Tells the fault handler that the tensor of `name` occupies `size` bytes
  // at `data` (inside this mapping): a fault in the inaccessible zones is
  // reported relative to it. `name` is cut to 95 characters.
  void Name(const std::byte* data, size_t size, std::string_view name);

 private:
  void Release();

  std::byte* mapping_ = nullptr;  // the whole mapping, inaccessible zones included
  size_t mapping_size_ = 0;
  std::byte* usable_ = nullptr;
  size_t usable_size_ = 0;
  int slot_ = -1;  // in the fault handler's registry, or -1
};

// Installs the handler (once per process; later calls only change the
// prefix). On a fault in a named mapping's inaccessible zone it writes
// "<prefix>SIGSEGV: a write to an inaccessible page: guard byte N after the
// end of NAME (its buffer is S bytes)\n" to standard error, or to the report
// descriptor (see below), and dies of the signal. A fault anywhere else goes
// to the handler that was installed before (or the default action).
void InstallGuardFaultHandler(std::string_view prefix);

// Where the handler writes instead of standard error: a forked case's pipe
// (isolate.cc). It writes kGuardFaultMark, then the message without prefix
// and newline, and ends the process with _exit(0), so the parent can tell the
// report from a plain crash. The buffer name is set off by kNameMark on both
// sides, for the parent to substitute a role for it.
inline constexpr char kGuardFaultMark = 'G';
inline constexpr char kNameMark = '\x1f';
void SetGuardFaultReport(int fd);

}  // namespace dmlconf::validator
