#include "platform/guard_pages.h"

#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace dmlconf::validator {
namespace {

// What the handler needs of a named mapping, in plain memory it can read
// without locks: `state` is written last on registration and first on release.
struct Entry {
  std::atomic<int> state{0};     // kFree, kBusy (being written), kReady
  uintptr_t begin = 0, end = 0;  // the whole mapping
  uintptr_t data = 0;
  size_t size = 0;
  char name[96] = {};
};
constexpr int kFree = 0, kBusy = 1, kReady = 2;
// Far more than a case keeps alive at once; past it a buffer is still
// guarded, only a fault in it is not named.
constexpr int kSlots = 1024;
Entry g_entries[kSlots];

struct sigaction g_previous[2];  // SIGSEGV, SIGBUS
char g_prefix[64] = {};
std::atomic<int> g_report_fd{-1};

size_t PageSize() {
  static const size_t page = size_t(sysconf(_SC_PAGESIZE));
  return page;
}

// Async-signal-safe text building: fixed buffer, no allocation.
struct Text {
  char bytes[512];
  size_t length = 0;
  void Add(const char* s) {
    while (*s && length < sizeof bytes) bytes[length++] = *s++;
  }
  void Add(char c) {
    if (length < sizeof bytes) bytes[length++] = c;
  }
  void Add(uint64_t n) {
    char digits[24];
    int count = 0;
    do digits[count++] = char('0' + n % 10);
    while ((n /= 10) != 0);
    while (count > 0) Add(digits[--count]);
  }
};

void WriteAll(int fd, const char* data, size_t size) {
  while (size > 0) {
    const ssize_t n = write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    data += n;
    size -= size_t(n);
  }
}

// Whether the faulting access was a write, where the CPU says (x86-64 page
// fault error code bit 1); elsewhere unknown.
const char* AccessKind(void* context) {
#if defined(__x86_64__)
  const auto* uc = static_cast<const ucontext_t*>(context);
  return (uc->uc_mcontext.gregs[REG_ERR] & 2) ? "a write to" : "a read from";
#else
  (void)context;
  return "an access to";
#endif
}

const Entry* Find(uintptr_t address) {
  for (const Entry& e : g_entries)
    if (e.state.load(std::memory_order_acquire) == kReady && address >= e.begin && address < e.end)
      return &e;
  return nullptr;
}

void Describe(const Entry& e, uintptr_t address, int sig, void* context, bool marked, Text* t) {
  t->Add(sig == SIGBUS ? "SIGBUS: " : "SIGSEGV: ");
  t->Add(AccessKind(context));
  t->Add(" an inaccessible page: guard byte ");
  if (address < e.data) {
    t->Add(uint64_t(e.data - address));
    t->Add(" before ");
  } else {
    t->Add(uint64_t(address - e.data - e.size));
    t->Add(" after the end of ");
  }
  if (marked) t->Add(kNameMark);
  t->Add(e.name);
  if (marked) t->Add(kNameMark);
  t->Add(" (its buffer is ");
  t->Add(uint64_t(e.size));
  t->Add(" bytes)");
}

void OnFault(int sig, siginfo_t* info, void* context) {
  const int which = sig == SIGBUS ? 1 : 0;
  const Entry* e = Find(reinterpret_cast<uintptr_t>(info->si_addr));
  if (!e) {
    // Not ours: the previous handler (a sanitizer's, say) or the default
    // action takes the fault when the instruction runs again.
    sigaction(sig, &g_previous[which], nullptr);
    return;
  }
  Text t;
  const int report = g_report_fd.load();
  if (report >= 0) {
    t.Add(kGuardFaultMark);
    Describe(*e, reinterpret_cast<uintptr_t>(info->si_addr), sig, context, true, &t);
    WriteAll(report, t.bytes, t.length);
    _exit(0);
  }
  t.Add(g_prefix);
  Describe(*e, reinterpret_cast<uintptr_t>(info->si_addr), sig, context, false, &t);
  t.Add('\n');
  WriteAll(STDERR_FILENO, t.bytes, t.length);
  signal(sig, SIG_DFL);  // dies of the signal when the instruction runs again
}

// Released mappings kept for reuse: a run creates tens of thousands of small
// buffers, and mmap, mprotect and munmap each time (munmap's TLB shootdown
// stalls every thread of a multi-threaded backend) cost more than the rest
// of making a buffer. Only small mappings, and only a few, are kept.
class MappingCache {
 public:
  struct Mapping {
    std::byte* begin = nullptr;
    size_t size = 0;  // of the whole mapping
  };
  static constexpr size_t kMaxUsable = size_t(1) << 20;

  std::optional<Mapping> Take(size_t size) {
    const std::lock_guard<std::mutex> lock(mutex_);
    for (size_t i = 0; i < count_; ++i)
      if (kept_[i].size == size) {
        const Mapping m = kept_[i];
        kept_[i] = kept_[--count_];
        return m;
      }
    return std::nullopt;
  }
  bool Keep(Mapping m) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (count_ == kSlots) return false;
    kept_[count_++] = m;
    return true;
  }

 private:
  static constexpr size_t kSlots = 32;
  std::mutex mutex_;
  Mapping kept_[kSlots];
  size_t count_ = 0;
};

MappingCache& Cache() {
  static MappingCache* cache = new MappingCache;  // never destroyed: buffers may outlive statics
  return *cache;
}

}  // namespace

void InstallGuardFaultHandler(std::string_view prefix) {
  const size_t n = std::min(prefix.size(), sizeof g_prefix - 1);
  std::memcpy(g_prefix, prefix.data(), n);
  g_prefix[n] = '\0';
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action = {};
    action.sa_sigaction = OnFault;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, &g_previous[0]);
    sigaction(SIGBUS, &action, &g_previous[1]);
  });
}

void SetGuardFaultReport(int fd) { g_report_fd.store(fd); }

GuardPages::GuardPages(size_t bytes) {
  const size_t page = PageSize();
  usable_size_ = std::max<size_t>(page, (bytes + page - 1) / page * page);
  mapping_size_ = usable_size_ + 2 * kInaccessibleBytes;
  if (auto kept = Cache().Take(mapping_size_)) {
    mapping_ = kept->begin;
    usable_ = mapping_ + kInaccessibleBytes;
    return;
  }
  // Reserved inaccessible as a whole, then the middle opened: two calls, and
  // the zones never take memory.
  void* p =
      mmap(nullptr, mapping_size_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    throw std::runtime_error("cannot map " + std::to_string(mapping_size_) +
                             " bytes for a guarded buffer: " + std::strerror(errno));
  mapping_ = static_cast<std::byte*>(p);
  usable_ = mapping_ + kInaccessibleBytes;
  if (mprotect(usable_, usable_size_, PROT_READ | PROT_WRITE) != 0) {
    const int error = errno;
    Release();
    throw std::runtime_error("cannot open a guarded buffer's " + std::to_string(usable_size_) +
                             " bytes: " + std::strerror(error));
  }
}

GuardPages::~GuardPages() { Release(); }

GuardPages::GuardPages(GuardPages&& other) noexcept { *this = std::move(other); }

GuardPages& GuardPages::operator=(GuardPages&& other) noexcept {
  if (this == &other) return *this;
  Release();
  mapping_ = std::exchange(other.mapping_, nullptr);
  mapping_size_ = std::exchange(other.mapping_size_, 0);
  usable_ = std::exchange(other.usable_, nullptr);
  usable_size_ = std::exchange(other.usable_size_, 0);
  slot_ = std::exchange(other.slot_, -1);
  return *this;
}

void GuardPages::Name(const std::byte* data, size_t size, std::string_view name) {
  if (slot_ < 0) {
    for (int i = 0; i < kSlots && slot_ < 0; ++i) {
      int expected = kFree;
      if (g_entries[i].state.compare_exchange_strong(expected, kBusy)) slot_ = i;
    }
    if (slot_ < 0) return;  // full: the buffer is guarded, a fault in it is not named
  } else {
    g_entries[slot_].state.store(kBusy, std::memory_order_release);
  }
  Entry& e = g_entries[slot_];
  e.begin = reinterpret_cast<uintptr_t>(mapping_);
  e.end = e.begin + mapping_size_;
  e.data = reinterpret_cast<uintptr_t>(data);
  e.size = size;
  const size_t n = std::min(name.size(), sizeof e.name - 1);
  std::memcpy(e.name, name.data(), n);
  e.name[n] = '\0';
  e.state.store(kReady, std::memory_order_release);
}

void GuardPages::Release() {
  if (slot_ >= 0) g_entries[slot_].state.store(kFree, std::memory_order_release);
  slot_ = -1;
  if (mapping_ &&
      (usable_size_ > MappingCache::kMaxUsable || !Cache().Keep({mapping_, mapping_size_})))
    munmap(mapping_, mapping_size_);
  mapping_ = usable_ = nullptr;
  mapping_size_ = usable_size_ = 0;
}

}  // namespace dmlconf::validator
