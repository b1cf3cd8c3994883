// Guarded buffers (issue 12 item 3): the tensor placed as contract point T1
// says, a page of guard bytes on each side that comparison watches, and
// beyond them inaccessible pages whose fault names the buffer.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "platform/guard_pages.h"
#include "platform/guarded_buffer.h"

namespace dmlconf::validator {
namespace {

TEST(GuardedBuffer, PlacesTheTensorAsT1SaysWithAPageOfGuardsEachSide) {
  for (uint32_t alignment : {0u, 1u, 4u, 16u, 32u, 256u, 4096u, 8192u, 65536u}) {
    for (size_t size : {size_t(0), size_t(1), size_t(56), size_t(4096), size_t(100000)}) {
      const GuardedBuffer b(size, 3, alignment);
      const size_t a = BindingAlignment(alignment);
      const auto address = reinterpret_cast<uintptr_t>(b.data());
      EXPECT_EQ(address % a, 0u) << alignment << " " << size;
      EXPECT_NE(address % (2 * a), 0u) << alignment << " " << size;
      EXPECT_GE(b.lead(), kGuardBytes);
      EXPECT_GE(b.trail(), kGuardBytes);
      // A serve: buffer file's offset: an odd multiple of the binding alignment.
      EXPECT_EQ(LeadBytes(alignment) % (2 * a), a);
    }
  }
}

TEST(GuardedBuffer, SeesAWriteAnywhereInItsGuards) {
  for (std::ptrdiff_t at : {-1, -64, -65, -100, -4096, 56, 56 + 64, 56 + 100, 56 + 4095}) {
    GuardedBuffer b(56, 1);
    EXPECT_FALSE(b.FirstGuardChange());
    b.data()[at] = ~b.data()[at];
    EXPECT_EQ(b.FirstGuardChange(), at);
  }
  GuardedBuffer first(56, 1), last(56, 1);
  first.data()[-std::ptrdiff_t(first.lead())] ^= std::byte{1};
  EXPECT_EQ(first.FirstGuardChange(), -std::ptrdiff_t(first.lead()));
  last.data()[56 + last.trail() - 1] ^= std::byte{1};
  EXPECT_EQ(last.FirstGuardChange(), std::ptrdiff_t(56 + last.trail() - 1));
}

TEST(GuardedBuffer, TensorWritesAreNotGuardChanges) {
  GuardedBuffer b(56, 1);
  b.Fill(std::byte{7});
  EXPECT_FALSE(b.FirstGuardChange());
  EXPECT_EQ(b.FirstChange([](std::ptrdiff_t) { return false; }), 0);
}

TEST(GuardedBuffer, MovingKeepsTheTensorWhereItWas) {
  GuardedBuffer b(56, 1);
  std::byte* data = b.data();
  GuardedBuffer moved = std::move(b);
  EXPECT_EQ(moved.data(), data);
  moved.data()[56] ^= std::byte{1};
  EXPECT_EQ(moved.FirstGuardChange(), 56);
}

TEST(GuardedBuffer, ACopyHasItsOwnPagesWithTheSameBytesAndSnapshot) {
  for (uint32_t alignment : {0u, 8192u}) {
    GuardedBuffer b(56, 1, alignment);
    b.Fill(std::byte{7});
    b.Snapshot();
    b.data()[3] = std::byte{9};  // a change the copy must see as one too
    const GuardedBuffer copy = b;
    EXPECT_NE(copy.data(), b.data());
    EXPECT_EQ(std::memcmp(copy.data(), b.data(), 56), 0);
    EXPECT_EQ(copy.FirstChange([](std::ptrdiff_t) { return false; }), 3);
    EXPECT_FALSE(copy.FirstGuardChange());
  }
}

// A volatile store: the compiler may not drop a write it can see is out of bounds.
void Poke(std::byte* p) { *static_cast<volatile std::byte*>(p) = std::byte{0x5A}; }
// An address no mapping of dmlconf's holds, hidden from the compiler's bounds checks.
std::byte* Stray() {
  volatile uintptr_t address = 16;
  return reinterpret_cast<std::byte*>(uintptr_t(address));
}

TEST(GuardFaultDeathTest, AWriteBeyondTheGuardsNamesTheBuffer) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        GuardedBuffer b(56, 100, 0, "OutputTensor");
        Poke(b.data() + 56 + b.trail() + 10);
      },
      "SIGSEGV: a write to an inaccessible page: guard byte [0-9]+ after the end of "
      "OutputTensor \\(its buffer is 56 bytes\\)");
  EXPECT_DEATH(
      {
        GuardedBuffer b(56, 100, 0, "OutputTensor");
        Poke(b.data() - (size_t(3) << 20));
      },
      "guard byte 3145728 before OutputTensor");
  EXPECT_DEATH(
      {
        GuardedBuffer b(56, 2);  // unnamed: the runner's salt says which
        Poke(b.data() - b.lead() - 1);
      },
      "guard byte [0-9]+ before input 2");
}

TEST(GuardFaultDeathTest, AFaultElsewhereIsLeftToTheDefaultAction) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        GuardedBuffer b(56, 1);
        Poke(Stray());
      },
      "^$|AddressSanitizer: SEGV");  // not a buffer's fault: no message of ours
}

TEST(GuardFaultDeathTest, ReportsToTheIsolatedCasesPipeMarked) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // The report descriptor is standard error here, so the death test can read it.
  EXPECT_EXIT(
      {
        SetGuardFaultReport(2);
        GuardedBuffer b(56, 101);
        Poke(b.data() + 56 + (size_t(1) << 20));
      },
      ::testing::ExitedWithCode(0),
      "^GSIGSEGV: a write to an inaccessible page: guard byte 1048576 after the end of "
      "\x1foutput 1\x1f \\(its buffer is 56 bytes\\)$");
}

TEST(GuardPages, LeavesTheZonesAroundItInaccessibleAndUnbacked) {
  GuardPages pages(100);
  EXPECT_GE(pages.size(), 100u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(pages.begin()) % 4096, 0u);
  pages.begin()[pages.size() - 1] = std::byte{1};  // the last usable byte is usable
  EXPECT_DEATH(Poke(pages.begin() + pages.size()), "");
  EXPECT_DEATH(Poke(pages.begin() - kInaccessibleBytes), "");
}

}  // namespace
}  // namespace dmlconf::validator
