// simd::GatherElements (simd.h): GATHER along the innermost axis. 8-byte
// elements use the vector gather instructions (AVX2, AVX-512) with 32-bit
// byte offsets; 1-, 2- and 4-byte elements go as unrolled scalar loads, cheap
// while the row they read sits in L1 (vector gathers of 4-byte lanes are no
// faster: report_notes.md, "GATHER element loads"). The next row is
// prefetched a line per few elements: issued all at once, a row's 128
// prefetches overflow the core's outstanding-miss slots and stall the loop.
// simd::TransposeToColumns and GatherColumns: the same for a tile of 8 (4)
// rows of 1- (2-) byte elements, which share their offsets. The tile is
// transposed into 8-byte columns (rounds of InterleaveLower/Upper over 16
// bytes of each row; two such blocks per 256-bit vector on AVX2 and
// AVX-512); each index then loads one column, and every 16 bytes' worth of
// positions are transposed back and stored as a 16-byte piece of each row,
// where the row-by-row loop spends a load and a shift per element. The next
// tile is prefetched toward L2 meanwhile. Highway's SCALAR target (one lane
// a vector) does the same element by element. Columns are 8 bytes, not 16
// (tiles of 16 rows, half the shuffles per byte), so that the columns of long
// rows stay in L1 (report_notes.md, "GATHER tile columns").
#include <algorithm>
#include <cassert>
#include <cstring>

#include "blocked/simd.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "blocked/simd_gather.cc"
#include "hwy/foreach_target.h"  // before highway.h
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace dmlconf::blocked::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// 8 bytes of elements assembled in a register, then one store: half the
// stores of four elements per 4-byte store (report_notes.md, "GATHER element loads").
template <class T>
void GatherScalarOf(std::byte* dst, const std::byte* src, const int32_t* offsets, uint64_t n) {
  constexpr uint64_t kPerWord = 8 / sizeof(T);
  uint64_t i = 0;
  for (; i + kPerWord <= n; i += kPerWord) {
    uint64_t word = 0;
    for (uint64_t u = 0; u < kPerWord; ++u) {
      T v;
      std::memcpy(&v, src + offsets[i + u], sizeof(T));
      word |= uint64_t(v) << (8 * sizeof(T) * u);  // little-endian, as the memcpy below
    }
    std::memcpy(dst + i * sizeof(T), &word, sizeof word);
  }
  for (; i < n; ++i) std::memcpy(dst + i * sizeof(T), src + offsets[i], sizeof(T));
}

template <class T>
void GatherVectorOf(std::byte* dst, const std::byte* src, const int32_t* offsets, uint64_t n) {
  const hn::ScalableTag<T> d;
  const hn::RebindToSigned<decltype(d)> di;
  const hn::Rebind<int32_t, decltype(d)> d32;  // one 32-bit offset per lane
  const uint64_t lanes = hn::Lanes(d);
  const T* base = reinterpret_cast<const T*>(src);
  T* out = reinterpret_cast<T*>(dst);
  uint64_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const auto offset = hn::LoadU(d32, offsets + i);
    if constexpr (sizeof(T) == 4)
      hn::StoreU(hn::GatherOffset(d, base, offset), d, out + i);
    else
      hn::StoreU(hn::GatherOffset(d, base, hn::PromoteTo(di, offset)), d, out + i);
  }
  assert(n - i < lanes);
  GatherScalarOf<T>(dst + i * sizeof(T), src, offsets + i, n - i);
}

template <class T>
void GatherOf(std::byte* dst, const std::byte* src, const int32_t* offsets, uint64_t n) {
  if constexpr (sizeof(T) == 8)
    GatherVectorOf<T>(dst, src, offsets, n);
  else
    GatherScalarOf<T>(dst, src, offsets, n);
}

// Steps of `step` elements, one prefetched line of the next row before each.
template <class T>
void GatherPrefetchingOf(std::byte* dst, const std::byte* src, const int32_t* offsets, uint64_t n,
                         const std::byte* next, uint64_t next_bytes) {
  const uint64_t lines = (next_bytes + 63) / 64;
  const uint64_t step = lines == 0 ? n : std::max<uint64_t>(16, n / lines);
  uint64_t line = 0;
  for (uint64_t i = 0; i < n; i += step) {
    // Any lines left over when n is short go two at a time.
    for (int k = 0; k < 2 && line < lines; ++k, ++line) __builtin_prefetch(next + line * 64);
    const uint64_t m = std::min(step, n - i);
    GatherOf<T>(dst + i * sizeof(T), src, offsets + i, m);
  }
  for (; line < lines; ++line) __builtin_prefetch(next + line * 64);
}

// ---- Tiles of rows (1- and 2-byte elements) ----
// R = 8 / sizeof(T) rows: a column (the rows' element c) is 8 bytes.
template <class T>
inline constexpr size_t kTileRows = 8 / sizeof(T);

// Prefetches the next tile (`rows` rows of `bytes`, `stride` apart) spread
// over `steps` calls of Step(), toward L2: the tile's columns fill much of L1
// and are read at random, so the next tile must not evict them.
class TilePrefetcher {
 public:
  TilePrefetcher(const std::byte* next, int64_t stride, uint64_t bytes, uint64_t rows,
                 uint64_t steps)
      : row_(next),
        stride_(stride),
        per_row_((bytes + 63) / 64),
        rows_left_(bytes ? rows : 0),
        per_step_((per_row_ * rows + steps) / std::max<uint64_t>(steps, 1)) {}
  void Step() {
    for (uint64_t k = 0; k < per_step_ && rows_left_ > 0; ++k) {
      __builtin_prefetch(row_ + 64 * line_, 0, 2);
      if (++line_ < per_row_) continue;
      line_ = 0;
      row_ += stride_;
      --rows_left_;
    }
  }
  void Rest() {
    per_step_ = per_row_ * rows_left_;
    Step();
  }

 private:
  const std::byte* row_;
  int64_t stride_;
  uint64_t per_row_, rows_left_, per_step_, line_ = 0;
};

// Positions [j, n) of every row of the tile, row by row (GatherOf).
template <class T>
void GatherTailRows(std::byte* dst, int64_t dst_row, const std::byte* src, int64_t src_row,
                    const int32_t* offsets, uint64_t j, uint64_t n) {
  if (j == n) return;
  for (size_t r = 0; r < kTileRows<T>; ++r)
    GatherOf<T>(dst + int64_t(r) * dst_row + j * sizeof(T), src + int64_t(r) * src_row, offsets + j,
                n - j);
}

#if HWY_TARGET == HWY_SCALAR
// Highway's SCALAR target has one lane per vector (no 128-bit FixedTag): the
// same column layout, element by element.
template <class T>
void TransposeToColumnsOf(std::byte* columns, const std::byte* src, int64_t src_row,
                          uint64_t length) {
  for (uint64_t c = 0; c < length; ++c)
    for (size_t r = 0; r < kTileRows<T>; ++r)
      std::memcpy(columns + (c * kTileRows<T> + r) * sizeof(T),
                  src + int64_t(r) * src_row + int64_t(c * sizeof(T)), sizeof(T));
}

template <class T>
void GatherColumnsOf(std::byte* dst, int64_t dst_row, const std::byte* columns,
                     const std::byte* src, int64_t src_row, const int32_t* offsets, uint64_t n,
                     const std::byte* next, uint64_t next_bytes) {
  constexpr size_t kRows = kTileRows<T>;
  TilePrefetcher prefetch(next, src_row, next_bytes, kRows, n / kRows);
  uint64_t j = 0;
  for (; j + kRows <= n; j += kRows) {
    prefetch.Step();
    for (size_t i = 0; i < kRows; ++i)
      for (size_t r = 0; r < kRows; ++r)
        std::memcpy(dst + int64_t(r) * dst_row + (j + i) * sizeof(T),
                    columns + int64_t(offsets[j + i]) * kRows + r * sizeof(T), sizeof(T));
  }
  prefetch.Rest();
  GatherTailRows<T>(dst, dst_row, src, src_row, offsets, j, n);
}
#else
// 128-bit vectors (FixedTag: the same code on every SIMD target): a block
// of 16 bytes of each of the R rows, or 2R positions' worth of columns.
template <class T>
using Block = hn::FixedTag<T, 16 / sizeof(T)>;
// Where vectors are wider, a vector carries two blocks side by side
// (InterleaveLower/Upper work within each 128-bit block): twice the columns
// per transpose for the same shuffle count (Zen 4 does 256-bit shuffles as
// fast as 128-bit ones).
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2
template <class T>
using Blocks = hn::FixedTag<T, 32 / sizeof(T)>;
#else
template <class T>
using Blocks = Block<T>;
#endif

// `rounds` rounds over the R vectors v (each 128-bit block apart): a round
// interleaves v[i] with v[i + R/2] (lower halves into 2i, upper into
// 2i + 1). Writing (vector, lane) as bits, a round rotates them left by one,
// so enough rounds move the row bits from the vector index into the lane
// index or back (see the callers).
template <class D, class V>
HWY_INLINE void Interleave(D d, V* v, size_t rounds) {
  constexpr size_t kRows = kTileRows<hn::TFromD<D> >;
  for (size_t round = 0; round < rounds; ++round) {
    V w[kRows];
    for (size_t i = 0; i < kRows / 2; ++i) {
      w[2 * i] = hn::InterleaveLower(d, v[i], v[i + kRows / 2]);
      w[2 * i + 1] = hn::InterleaveUpper(d, v[i], v[i + kRows / 2]);
    }
    for (size_t i = 0; i < kRows; ++i) v[i] = w[i];
  }
}

inline constexpr size_t Log2(size_t x) { return x <= 1 ? 0 : 1 + Log2(x / 2); }

// Whether D carries two 128-bit blocks.
template <class D>
constexpr bool kTwoBlocks = hn::MaxLanes(D()) * sizeof(hn::TFromD<D>) == 32;

// Block b of `v` to p + b * block (elements).
template <class D, class T>
HWY_INLINE void StoreBlocks(D d, hn::Vec<D> v, T* p, size_t block) {
  if constexpr (kTwoBlocks<D>) {
    const hn::Half<D> dh;
    hn::Store(hn::LowerHalf(dh, v), dh, p);
    hn::Store(hn::UpperHalf(dh, v), dh, p + block);
  } else {
    hn::Store(v, d, p);
  }
}

// The columns of the columns [c, length) that fill whole vectors of D: R
// rows' 16 (32) bytes transposed, log2(R) rounds taking (row, column) bits
// (r, c_hi, c0) to (c_hi, c0, r): vector m then holds columns 2m and 2m + 1
// of each block, 16 contiguous bytes of the scratch. Returns where it
// stopped.
template <class D>
uint64_t TransposeWhole(D d, std::byte* columns, const std::byte* src, int64_t src_row, uint64_t c,
                        uint64_t length) {
  using T = hn::TFromD<D>;
  constexpr size_t kRows = kTileRows<T>, kStep = hn::MaxLanes(D()), kBlock = 16 / sizeof(T);
  using V = hn::Vec<D>;
  T* out = reinterpret_cast<T*>(columns);
  for (; c + kStep <= length; c += kStep) {
    V v[kRows];
    // One pointer stepped from row to row: a pointer per row would not fit
    // in the registers beside the block.
    const std::byte* in = src + c * sizeof(T);
    for (size_t r = 0; r < kRows; ++r, in += src_row)
      v[r] = hn::LoadU(d, reinterpret_cast<const T*>(in));
    Interleave(d, v, Log2(kRows));
    for (size_t m = 0; m < kRows; ++m)
      StoreBlocks(d, v[m], out + (c + 2 * m) * kRows, kBlock * kRows);
  }
  return c;
}

template <class T>
void TransposeToColumnsOf(std::byte* columns, const std::byte* src, int64_t src_row,
                          uint64_t length) {
  constexpr size_t kRows = kTileRows<T>;
  uint64_t c = TransposeWhole(Blocks<T>(), columns, src, src_row, 0, length);
  c = TransposeWhole(Block<T>(), columns, src, src_row, c, length);
  T* out = reinterpret_cast<T*>(columns);
  for (; c < length; ++c)
    for (size_t r = 0; r < kRows; ++r)
      std::memcpy(out + c * kRows + r, src + int64_t(r) * src_row + int64_t(c * sizeof(T)),
                  sizeof(T));
}

// Two columns (positions at and at + 1) side by side in 16 bytes. Each
// column is read as 16 bytes, its neighbour's 8 included (GatherColumns'
// scratch has 8 bytes of slack).
template <class T>
HWY_INLINE hn::Vec<Block<T> > ColumnPair(const std::byte* columns, const int32_t* offsets,
                                         uint64_t at) {
  const hn::FixedTag<uint64_t, 2> d64;
  // Offset o = c * sizeof(T) addresses column c at 8 * c = o * R.
  const auto column = [&](uint64_t k) {
    return hn::LoadU(
        d64, reinterpret_cast<const uint64_t*>(columns + int64_t(offsets[k]) * kTileRows<T>));
  };
  return hn::BitCast(Block<T>(), hn::InterleaveLower(d64, column(at), column(at + 1)));
}

// Positions from j in groups of 2R (4R with two blocks a vector): vector i
// = the columns of positions 2i and 2i + 1, and log2(R) + 1 rounds take
// (i, s, r) to (r, i, s) -- row r's 2R positions, 16 bytes to store.
// Returns where it stopped.
template <class D>
uint64_t GatherWhole(D d, std::byte* dst, int64_t dst_row, const std::byte* columns,
                     const int32_t* offsets, uint64_t j, uint64_t n, TilePrefetcher& prefetch) {
  using T = hn::TFromD<D>;
  constexpr size_t kRows = kTileRows<T>, kStep = hn::MaxLanes(D());
  using V = hn::Vec<D>;
  for (; j + kStep <= n; j += kStep) {
    prefetch.Step();
    V v[kRows];
    for (size_t i = 0; i < kRows; ++i) {
      if constexpr (kTwoBlocks<D>)
        v[i] = hn::Combine(d, ColumnPair<T>(columns, offsets, j + 2 * kRows + 2 * i),
                           ColumnPair<T>(columns, offsets, j + 2 * i));
      else
        v[i] = ColumnPair<T>(columns, offsets, j + 2 * i);
    }
    Interleave(d, v, Log2(kRows) + 1);
    std::byte* out = dst + j * sizeof(T);
    for (size_t r = 0; r < kRows; ++r, out += dst_row)
      hn::StoreU(v[r], d, reinterpret_cast<T*>(out));
  }
  return j;
}

template <class T>
void GatherColumnsOf(std::byte* dst, int64_t dst_row, const std::byte* columns,
                     const std::byte* src, int64_t src_row, const int32_t* offsets, uint64_t n,
                     const std::byte* next, uint64_t next_bytes) {
  constexpr size_t kRows = kTileRows<T>;
  TilePrefetcher prefetch(next, src_row, next_bytes, kRows, n / (2 * kRows));
  uint64_t j = GatherWhole(Blocks<T>(), dst, dst_row, columns, offsets, 0, n, prefetch);
  j = GatherWhole(Block<T>(), dst, dst_row, columns, offsets, j, n, prefetch);
  prefetch.Rest();
  GatherTailRows<T>(dst, dst_row, src, src_row, offsets, j, n);
}
#endif  // HWY_TARGET == HWY_SCALAR

void TransposeToColumnsImpl(size_t element_size, std::byte* columns, const std::byte* src,
                            int64_t src_row, uint64_t length) {
  if (element_size == 1) return TransposeToColumnsOf<uint8_t>(columns, src, src_row, length);
  assert(element_size == 2);
  TransposeToColumnsOf<uint16_t>(columns, src, src_row, length);
}

void GatherColumnsImpl(size_t element_size, std::byte* dst, int64_t dst_row,
                       const std::byte* columns, const std::byte* src, int64_t src_row,
                       const int32_t* offsets, uint64_t n, const std::byte* next,
                       uint64_t next_bytes) {
  if (element_size == 1)
    return GatherColumnsOf<uint8_t>(dst, dst_row, columns, src, src_row, offsets, n, next,
                                    next_bytes);
  assert(element_size == 2);
  GatherColumnsOf<uint16_t>(dst, dst_row, columns, src, src_row, offsets, n, next, next_bytes);
}

void GatherElementsImpl(size_t element_size, std::byte* dst, const std::byte* src,
                        const int32_t* offsets, uint64_t n, const std::byte* next,
                        uint64_t next_bytes) {
  switch (element_size) {
    case 1: return GatherPrefetchingOf<uint8_t>(dst, src, offsets, n, next, next_bytes);
    case 2: return GatherPrefetchingOf<uint16_t>(dst, src, offsets, n, next, next_bytes);
    case 4: return GatherPrefetchingOf<uint32_t>(dst, src, offsets, n, next, next_bytes);
    default:
      assert(element_size == 8);
      return GatherPrefetchingOf<uint64_t>(dst, src, offsets, n, next, next_bytes);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace dmlconf::blocked::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dmlconf::blocked::simd {

HWY_EXPORT(GatherElementsImpl);

void GatherElements(size_t element_size, std::byte* dst, const std::byte* src,
                    const int32_t* offsets, uint64_t n, const std::byte* next,
                    uint64_t next_bytes) {
  HWY_DYNAMIC_DISPATCH(GatherElementsImpl)(element_size, dst, src, offsets, n, next, next_bytes);
}

HWY_EXPORT(TransposeToColumnsImpl);
HWY_EXPORT(GatherColumnsImpl);

void TransposeToColumns(size_t element_size, std::byte* columns, const std::byte* src,
                        int64_t src_row, uint64_t length) {
  HWY_DYNAMIC_DISPATCH(TransposeToColumnsImpl)(element_size, columns, src, src_row, length);
}

void GatherColumns(size_t element_size, std::byte* dst, int64_t dst_row, const std::byte* columns,
                   const std::byte* src, int64_t src_row, const int32_t* offsets, uint64_t n,
                   const std::byte* next, uint64_t next_bytes) {
  HWY_DYNAMIC_DISPATCH(GatherColumnsImpl)
  (element_size, dst, dst_row, columns, src, src_row, offsets, n, next, next_bytes);
}

}  // namespace dmlconf::blocked::simd
#endif  // HWY_ONCE
