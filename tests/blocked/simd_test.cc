// The SIMD loops (blocked/simd.h) on every target this CPU runs, against the
// formula, for every element size and every length from 0 past two vectors
// of 1-byte lanes under AVX-512, so whole vectors and every tail length run.
// Outputs are poisoned and followed by guard bytes that must survive.
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <string>
#include <vector>

#include "blocked/copy_runs.h"
#include "blocked/simd.h"
#include "dmlconf/blocked.h"

namespace dmlconf::blocked {
namespace {

constexpr uint64_t kMaxLength = 140;
constexpr size_t kGuard = 64;
constexpr std::byte kPoison{0xEE};

// Distinct bytes, so a moved element shows where it came from.
std::vector<std::byte> Pattern(size_t bytes) {
  std::vector<std::byte> v(bytes);
  for (size_t i = 0; i < bytes; ++i) v[i] = std::byte(uint8_t(i * 7 + i / 251 + 1));
  return v;
}

// An output of `bytes` with guard bytes after it, all poisoned.
struct Output {
  explicit Output(size_t bytes) : data(bytes + kGuard, kPoison), size(bytes) {}
  std::byte* get() { return data.data(); }
  bool GuardIntact() const {
    for (size_t i = size; i < data.size(); ++i)
      if (data[i] != kPoison) return false;
    return true;
  }
  std::vector<std::byte> data;
  size_t size;
};

class SimdLoops : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { ASSERT_TRUE(ForceSimdTargetForTesting(GetParam())); }
  void TearDown() override { ForceSimdTargetForTesting(""); }
};

TEST_P(SimdLoops, dispatches_to_the_forced_target) { EXPECT_EQ(SimdTarget(), GetParam()); }

TEST_P(SimdLoops, interleave_and_deinterleave) {
  for (size_t es : {1, 2, 4, 8})
    for (int k = 2; k <= 4; ++k)
      for (uint64_t n = 0; n <= kMaxLength; ++n) {
        // Lines `line` bytes apart, with a gap, so a wrong stride shows.
        const int64_t line = int64_t((n + 3) * es);
        const std::vector<std::byte> lines = Pattern(size_t(line) * size_t(k));
        Output joined(n * size_t(k) * es);
        simd::Interleave(es, k, joined.get(), lines.data(), line, n);
        for (uint64_t r = 0; r < n; ++r)
          for (int c = 0; c < k; ++c)
            ASSERT_EQ(0, std::memcmp(joined.get() + (r * k + c) * es,
                                     lines.data() + c * line + int64_t(r * es), es))
                << "Interleave es=" << es << " k=" << k << " n=" << n << " r=" << r << " c=" << c;
        ASSERT_TRUE(joined.GuardIntact()) << "Interleave es=" << es << " k=" << k << " n=" << n;
        Output split(size_t(line) * size_t(k));
        simd::Deinterleave(es, k, split.get(), line, joined.get(), n);
        for (int c = 0; c < k; ++c) {
          ASSERT_EQ(0, std::memcmp(split.get() + c * line, lines.data() + c * line, n * es))
              << "Deinterleave es=" << es << " k=" << k << " n=" << n << " c=" << c;
          for (int64_t b = int64_t(n * es); b < line; ++b)
            ASSERT_EQ(split.get()[c * line + b], kPoison) << "gap written, es=" << es << " n=" << n;
        }
        ASSERT_TRUE(split.GuardIntact()) << "Deinterleave es=" << es << " k=" << k << " n=" << n;
      }
}

TEST_P(SimdLoops, reverse_run) {
  for (size_t es : {1, 2, 4, 8})
    for (uint64_t n = 0; n <= kMaxLength; ++n) {
      const std::vector<std::byte> in = Pattern(n * es + es);  // one element of slack before
      Output out(n * es);
      if (n > 0) simd::ReverseRun(es, out.get(), in.data() + es + (n - 1) * es, n);
      for (uint64_t i = 0; i < n; ++i)
        ASSERT_EQ(0, std::memcmp(out.get() + i * es, in.data() + es + (n - 1 - i) * es, es))
            << "ReverseRun es=" << es << " n=" << n << " i=" << i;
      ASSERT_TRUE(out.GuardIntact()) << "ReverseRun es=" << es << " n=" << n;
    }
}

TEST_P(SimdLoops, gather_elements) {
  constexpr uint64_t kRow = 97;  // elements in the input row
  for (size_t es : {1, 2, 4, 8})
    for (uint64_t n = 0; n <= kMaxLength; ++n) {
      const std::vector<std::byte> row = Pattern(kRow * es);
      std::vector<int32_t> offsets(n);
      for (uint64_t i = 0; i < n; ++i) offsets[i] = int32_t((i * 37 + n) % kRow * es);
      Output out(n * es);
      simd::GatherElements(es, out.get(), row.data(), offsets.data(), n, row.data(), row.size());
      for (uint64_t i = 0; i < n; ++i)
        ASSERT_EQ(0, std::memcmp(out.get() + i * es, row.data() + offsets[i], es))
            << "GatherElements es=" << es << " n=" << n << " i=" << i;
      ASSERT_TRUE(out.GuardIntact()) << "GatherElements es=" << es << " n=" << n;
    }
}

// Two pages between two inaccessible ones: a line placed against either end faults
// on any byte read or written outside it (ASan does not see vector gathers).
class FencedPage {
 public:
  FencedPage() : page_(size_t(sysconf(_SC_PAGESIZE))) {
    void* p = mmap(nullptr, (kData + 2) * page_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    base_ = p == MAP_FAILED ? nullptr : static_cast<std::byte*>(p);
    if (base_) mprotect(base_ + page_, kData * page_, PROT_READ | PROT_WRITE);
  }
  ~FencedPage() {
    if (base_) munmap(base_, (kData + 2) * page_);
  }
  bool ok() const { return base_ != nullptr; }
  // `bytes` (at most two pages) at the fenced region's start (at_end false) or ending
  // at its last byte.
  std::byte* Place(size_t bytes, bool at_end) {
    return base_ + page_ + (at_end ? kData * page_ - bytes : 0);
  }

 private:
  static constexpr size_t kData = 2;
  size_t page_;
  std::byte* base_ = nullptr;
};

// 32-bit indices for a line of `size`: in range, negative (from the end when signed),
// and past either side, with the extremes.
std::vector<int32_t> LineIndices(uint64_t n, uint32_t size) {
  const int32_t edge[] = {0,         int32_t(size) - 1, int32_t(size),
                          -1,        -int32_t(size),    -int32_t(size) - 1,
                          INT32_MAX, INT32_MIN};
  std::vector<int32_t> indices(n);
  for (uint64_t k = 0; k < n; ++k)
    indices[k] = k % 5 == 4 ? edge[(k / 5) % 8] : int32_t((k * 37 + 11) % size);
  return indices;
}

// The pages' resolution, written out: a signed negative index counts from the end.
int64_t Resolved(int32_t index, bool signed_indices, uint32_t size) {
  return signed_indices ? (index < 0 ? int64_t(index) + size : index) : int64_t(uint32_t(index));
}

constexpr uint32_t kLineSizes[] = {1, 2, 3, 4, 5, 8, 17, 97};

// GATHER_ELEMENTS along a line: positions clamped into it (the naive kernel's choice,
// reference/OPERATORS.md), the line fenced on either side; across the loop's chunks
// of indices, with the next line asked for or not. And down a strip's columns:
// element k from column k of the row its position clamps into, rows `row` bytes
// apart with bytes between them that must not be read into the output.
TEST_P(SimdLoops, gather_line_and_column) {
  FencedPage fence;
  ASSERT_TRUE(fence.ok());
  for (bool column : {false, true})
    for (size_t es : {1, 2, 4, 8})
      for (uint32_t size : kLineSizes)
        for (uint64_t n : {0, 1, 2, 7, 8, 9, 16, 17, 40, 140, 255, 256, 257, 600}) {
          const size_t row = column ? n * es + 3 * es : es;  // three columns past the strip's
          if (size * row > 8192) continue;  // the fence's two pages, at least 4 KiB each
          const std::vector<std::byte> pattern = Pattern(size * row);
          std::byte* from = fence.Place(pattern.size(), n % 2 == 1);
          std::memcpy(from, pattern.data(), pattern.size());
          const std::vector<int32_t> indices = LineIndices(n, size);
          const auto* index_bytes = reinterpret_cast<const std::byte*>(indices.data());
          for (bool signed_indices : {false, true}) {
            Output out(n * es);
            const simd::NextLine next =
                n % 4 == 1 ? simd::NextLine{pattern.data(), pattern.size()} : simd::NextLine{};
            if (column)
              simd::GatherColumn(es, signed_indices, out.get(), from, row, size, index_bytes, n);
            else
              simd::GatherLine(es, signed_indices, out.get(), from, size, index_bytes, n, next);
            for (uint64_t k = 0; k < n; ++k) {
              const int64_t at =
                  std::clamp<int64_t>(Resolved(indices[k], signed_indices, size), 0, size - 1);
              const std::byte* expected = pattern.data() + at * row + (column ? k * es : 0);
              ASSERT_EQ(0, std::memcmp(out.get() + k * es, expected, es))
                  << (column ? "GatherColumn" : "GatherLine") << " es=" << es << " size=" << size
                  << " signed=" << signed_indices << " n=" << n << " k=" << k
                  << " index=" << indices[k];
            }
            ASSERT_TRUE(out.GuardIntact()) << "es=" << es << " n=" << n;
          }
        }
}

// SCATTER_ELEMENTS along a line: updates in order, the later of two colliding ones
// winning, one outside the line dropped; across the loop's chunks of indices. And
// down a strip's columns: update k into column k of the row its index resolves to,
// rows `row` bytes apart with bytes between them that must stay as they were.
TEST_P(SimdLoops, scatter_line_and_column) {
  FencedPage fence;
  ASSERT_TRUE(fence.ok());
  for (bool column : {false, true})
    for (size_t es : {1, 2, 4, 8})
      for (uint32_t size : kLineSizes)
        for (bool signed_indices : {false, true})
          for (uint64_t n : {0, 1, 15, 16, 17, 255, 256, 257, 600}) {
            const size_t row = column ? n * es + 3 * es : es;  // three columns past the strip's
            if (size * row > 8192) continue;  // the fence's two pages, at least 4 KiB each
            const std::vector<int32_t> indices = LineIndices(n, size);
            const std::vector<std::byte> updates = Pattern(n * es + 5);
            std::vector<std::byte> expected(size * row, kPoison);
            for (uint64_t k = 0; k < n; ++k) {
              const int64_t at = Resolved(indices[k], signed_indices, size);
              if (at >= 0 && at < int64_t(size))
                std::memcpy(expected.data() + at * row + (column ? k * es : 0),
                            updates.data() + 5 + k * es, es);
            }
            std::byte* to = fence.Place(expected.size(), n % 2 == 1);
            std::fill_n(to, expected.size(), kPoison);
            const auto* index_bytes = reinterpret_cast<const std::byte*>(indices.data());
            if (column)
              simd::ScatterColumn(es, signed_indices, to, row, size, index_bytes,
                                  updates.data() + 5, n);
            else
              simd::ScatterLine(es, signed_indices, to, size, index_bytes, updates.data() + 5, n);
            ASSERT_EQ(0, std::memcmp(to, expected.data(), expected.size()))
                << (column ? "ScatterColumn" : "ScatterLine") << " es=" << es << " size=" << size
                << " signed=" << signed_indices << " n=" << n;
          }
}

TEST_P(SimdLoops, stream_run_any_alignment_and_length) {
  const std::vector<std::byte> in = Pattern(4 * kMaxLength + 64);
  for (size_t misalign = 0; misalign < 64; misalign += 7)
    for (size_t bytes = 0; bytes <= 4 * kMaxLength; ++bytes) {
      Output out(misalign + bytes);
      simd::StreamRun(out.get() + misalign, in.data() + 3, bytes);
      ASSERT_EQ(0, std::memcmp(out.get() + misalign, in.data() + 3, bytes))
          << "StreamRun misalign=" << misalign << " bytes=" << bytes;
      for (size_t b = 0; b < misalign; ++b)
        ASSERT_EQ(out.get()[b], kPoison) << "StreamRun wrote before dst, bytes=" << bytes;
      ASSERT_TRUE(out.GuardIntact()) << "StreamRun misalign=" << misalign << " bytes=" << bytes;
    }
}

// The place in `in` within its first page whose offset into a page is `dst`'s plus
// `shift`. Inputs within a line pair of their outputs' offsets into a page are streamed
// with every line of a round loaded first, others line by line (simd_stream.cc,
// PageOffsetsMeet): the tests place them both ways.
const std::byte* AtPageOffset(const std::vector<std::byte>& in, const std::byte* dst,
                              size_t shift) {
  const uintptr_t from = reinterpret_cast<uintptr_t>(in.data());
  return in.data() + (reinterpret_cast<uintptr_t>(dst) + shift - from) % simd::kPageBytes;
}

// Four pages side by side: the whole blocks after the head that aligns the output, and
// nothing past what it says it copied; runs a byte short of a block and the head, and
// up to three blocks and a part; the input at the output's offset into a page, 5 bytes
// after it, and half a page away.
TEST_P(SimdLoops, stream_pages_interleaved) {
  constexpr size_t kBlock = simd::kInterleavedBytes;
  const std::vector<std::byte> in = Pattern(3 * kBlock + 200 + simd::kPageBytes);
  for (size_t shift : {size_t(0), size_t(5), simd::kPageBytes / 2})
    for (size_t misalign = 0; misalign < 64; misalign += 9)
      for (size_t bytes :
           {size_t(0), kBlock - 1, kBlock, kBlock + 63, 2 * kBlock + 100, 3 * kBlock + 127}) {
        Output out(misalign + bytes);
        const size_t head = (64 - reinterpret_cast<uintptr_t>(out.get() + misalign) % 64) % 64;
        const std::byte* src = AtPageOffset(in, out.get() + misalign, shift);
        const size_t done = simd::StreamPagesInterleaved(out.get() + misalign, src, bytes);
        simd::StreamFence();
        const size_t expected = bytes < head + kBlock ? 0 : head + (bytes - head) / kBlock * kBlock;
        ASSERT_EQ(done, expected) << "misalign=" << misalign << " bytes=" << bytes;
        ASSERT_EQ(0, std::memcmp(out.get() + misalign, src, done))
            << "shift=" << shift << " misalign=" << misalign << " bytes=" << bytes;
        for (size_t b = misalign + done; b < misalign + bytes; ++b)
          ASSERT_EQ(out.get()[b], kPoison) << "wrote past its count, byte " << b - misalign;
        for (size_t b = 0; b < misalign; ++b)
          ASSERT_EQ(out.get()[b], kPoison) << "wrote before dst";
        ASSERT_TRUE(out.GuardIntact()) << "misalign=" << misalign << " bytes=" << bytes;
      }
}

// Up to kRunsSideBySide runs side by side, of every length up to a few lines, their
// outputs aligned alike (lines in turn) and not (one after another), each from its own
// place in the input: 300 bytes apart, or a page apart with every input near every
// output's offset into a page (AtPageOffset). Every run lands whole, and nothing around
// it is written.
TEST_P(SimdLoops, stream_runs_side_by_side) {
  constexpr size_t kRuns = simd::kRunsSideBySide;
  const std::vector<std::byte> in = Pattern((kRuns + 1) * simd::kPageBytes);
  for (size_t span : {size_t(300), simd::kPageBytes})
    for (size_t count = 1; count <= kRuns; ++count)
      for (bool alike : {true, false})
        for (size_t misalign : {0, 5, 63})
          for (size_t bytes = 0; bytes <= 2 * span / 3; bytes += bytes < 140 ? 1 : 37) {
            Output out(kRuns * span + 64);
            std::byte* dsts[kRuns];
            const std::byte* srcs[kRuns];
            for (size_t k = 0; k < count; ++k) {
              dsts[k] = out.get() + misalign + k * span + (alike ? 0 : k);
              srcs[k] = span == simd::kPageBytes
                            ? AtPageOffset(in, dsts[0], (count - k) * 11) + k * span
                            : in.data() + (count - k) * 11 + k * span;
            }
            simd::StreamRunsSideBySide(dsts, srcs, count, bytes);
            simd::StreamFence();
            std::vector<std::byte> expected(out.size, kPoison);
            for (size_t k = 0; k < count; ++k)
              std::memcpy(expected.data() + (dsts[k] - out.get()), srcs[k], bytes);
            ASSERT_EQ(0, std::memcmp(out.get(), expected.data(), out.size))
                << "span=" << span << " count=" << count << " alike=" << alike
                << " misalign=" << misalign << " bytes=" << bytes;
            ASSERT_TRUE(out.GuardIntact()) << "count=" << count << " bytes=" << bytes;
          }
}

// The streamed reversed run at every output alignment, its input fenced on either
// side: whole lines from registers, the partial ones at both ends with plain stores.
TEST_P(SimdLoops, reverse_run_streamed) {
  FencedPage fence;
  ASSERT_TRUE(fence.ok());
  for (size_t es : {1, 2, 4, 8})
    for (size_t misalign = 0; misalign < 64; misalign += es * (es == 1 ? 3 : 1))
      for (uint64_t n = 0; n <= kMaxLength; ++n)
        for (bool at_end : {false, true}) {
          std::byte* src = fence.Place(n * es, at_end);
          const std::vector<std::byte> pattern = Pattern(n * es);
          std::copy(pattern.begin(), pattern.end(), src);
          Output out(misalign + n * es);
          if (n > 0) simd::ReverseRunStreamed(es, out.get() + misalign, src + (n - 1) * es, n);
          simd::StreamFence();
          for (uint64_t i = 0; i < n; ++i)
            ASSERT_EQ(0, std::memcmp(out.get() + misalign + i * es,
                                     pattern.data() + (n - 1 - i) * es, es))
                << "ReverseRunStreamed es=" << es << " misalign=" << misalign << " n=" << n
                << " i=" << i;
          for (size_t b = 0; b < misalign; ++b)
            ASSERT_EQ(out.get()[b], kPoison) << "written before dst, es=" << es << " n=" << n;
          ASSERT_TRUE(out.GuardIntact()) << "ReverseRunStreamed es=" << es << " n=" << n;
        }
}

// SLICE's forward strides of 2 to 4 elements: every k-th element, the input fenced
// right after the last one taken; streamed, at output alignments across a line too.
TEST_P(SimdLoops, take_every) {
  FencedPage fence;
  ASSERT_TRUE(fence.ok());
  for (bool stream : {false, true})
    for (size_t es : {1, 2, 4, 8})
      for (size_t misalign : {size_t(0), es, 24 / es * es, 64 - es})
        for (int k = 2; k <= 4; ++k)
          for (uint64_t n = 1; n <= kMaxLength; ++n) {
            const size_t span = ((n - 1) * size_t(k) + 1) * es;  // through the last one taken
            std::byte* src = fence.Place(span, true);
            const std::vector<std::byte> pattern = Pattern(span);
            std::copy(pattern.begin(), pattern.end(), src);
            Output out(misalign + n * es);
            std::byte* dst = out.get() + misalign;
            if (stream) {
              simd::TakeEveryStreamed(es, k, dst, src, n);
              simd::StreamFence();
            } else {
              simd::TakeEvery(es, k, dst, src, n);
            }
            const std::string what = std::string(stream ? "TakeEveryStreamed" : "TakeEvery") +
                                     " es=" + std::to_string(es) + " k=" + std::to_string(k) +
                                     " n=" + std::to_string(n) +
                                     " misalign=" + std::to_string(misalign);
            for (uint64_t i = 0; i < n; ++i)
              ASSERT_EQ(0, std::memcmp(dst + i * es, pattern.data() + i * size_t(k) * es, es))
                  << what << " i=" << i;
            for (size_t b = 0; b < misalign; ++b)
              ASSERT_EQ(out.get()[b], kPoison) << what << ": written before dst";
            ASSERT_TRUE(out.GuardIntact()) << what;
          }
}

// StreamWriter (copy_runs.h): runs of every length appended at any alignment come
// out as their concatenation, and no byte before or after the output is written.
TEST_P(SimdLoops, stream_writer_concatenates_runs) {
  const std::vector<std::byte> in = Pattern(1024);
  const size_t runs[] = {0, 1, 5, 64, 100, 200, 3, 128, 63, 65, 0, 7};
  for (size_t misalign = 0; misalign < 64; misalign += 5)
    for (size_t first = 0; first < std::size(runs); ++first) {
      std::vector<std::byte> expected;
      size_t from = 11;
      for (size_t r = first; r < std::size(runs); ++r, from += 17) {
        expected.insert(expected.end(), in.begin() + long(from), in.begin() + long(from + runs[r]));
      }
      Output out(misalign + expected.size());
      StreamWriter writer(out.get() + misalign);
      from = 11;
      for (size_t r = first; r < std::size(runs); ++r, from += 17)
        writer.Append(in.data() + from, runs[r]);
      writer.Finish();
      simd::StreamFence();
      ASSERT_EQ(0, std::memcmp(out.get() + misalign, expected.data(), expected.size()))
          << "misalign=" << misalign << " first=" << first;
      for (size_t b = 0; b < misalign; ++b)
        ASSERT_EQ(out.get()[b], kPoison) << "written before the output, misalign=" << misalign;
      ASSERT_TRUE(out.GuardIntact()) << "misalign=" << misalign << " first=" << first;
    }
}

TEST(SimdTargets, baseline_always_present_and_unknown_names_refused) {
  const std::vector<std::string> targets = SimdTargets();
  ASSERT_FALSE(targets.empty());
  EXPECT_EQ(targets.back(), "SCALAR");  // the plain x86-64 copy, last = worst
  EXPECT_FALSE(ForceSimdTargetForTesting("NO_SUCH_TARGET"));
  EXPECT_EQ(SimdTarget(), targets.front());
}

INSTANTIATE_TEST_SUITE_P(Targets, SimdLoops, ::testing::ValuesIn(SimdTargets()),
                         [](const ::testing::TestParamInfo<std::string>& param_info) {
                           return param_info.param;
                         });

}  // namespace
}  // namespace dmlconf::blocked
