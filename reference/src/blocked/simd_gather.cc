// simd::GatherElements (simd.h): GATHER along the innermost axis. 8-byte
// elements use the vector gather instructions (AVX2, AVX-512) with 32-bit
// byte offsets; 1-, 2- and 4-byte elements go as unrolled scalar loads, cheap
// while the row they read sits in L1 (on Zen 4, AVX2 and AVX-512 gathers of
// 4-byte lanes measured no faster than scalar loads). The next row is
// prefetched a line per few elements: issued all at once, a row's 128
// prefetches overflow the core's outstanding-miss slots and stall the loop.
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

// 8 bytes of elements assembled in a register, then one store: for 1-byte
// elements 15-20% faster than four elements per 4-byte store (0.27 against
// 0.33 ns per element from a row in L1), the stores being half as many.
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
void GatherPrefetchingOf(std::byte* dst, const std::byte* src, const int32_t* offsets,
                         uint64_t n, const std::byte* next, uint64_t next_bytes) {
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
// R = 16 / sizeof(T) rows, one 128-bit column per element of a row.
template <class T>
inline constexpr size_t kTileRows = 16 / sizeof(T);

// Prefetches the next tile (`rows` rows of `bytes`, `stride` apart) spread
// over `steps` calls of Step(), toward L2: the tile's columns fill much of L1
// and are read at random, so the next tile must not evict them.
class TilePrefetcher {
 public:
  TilePrefetcher(const std::byte* next, int64_t stride, uint64_t bytes, uint64_t rows,
                 uint64_t steps)
      : row_(next), stride_(stride), per_row_((bytes + 63) / 64), rows_left_(bytes ? rows : 0),
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
    GatherOf<T>(dst + int64_t(r) * dst_row + j * sizeof(T), src + int64_t(r) * src_row,
                offsets + j, n - j);
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
// One column: a 128-bit vector (FixedTag: the same code on every SIMD target).
template <class T>
using Column = hn::FixedTag<T, kTileRows<T>>;

// Transposes the R x R block v[row][lane] in place. One round interleaves
// v[i] with v[i + R/2] (lower halves into 2i, upper into 2i + 1): writing
// (row, lane) as 2 log2(R) bits, that rotates them left by one, so log2(R)
// rounds swap row and lane bits. Only InterleaveLower/Upper of one width:
// cheap shuffles on every target.
template <class T, class V>
HWY_INLINE void TransposeBlock(V* v) {
  const Column<T> d;
  constexpr size_t kRows = kTileRows<T>;
  for (size_t bit = 1; bit < kRows; bit *= 2) {
    V w[kRows];
    for (size_t i = 0; i < kRows / 2; ++i) {
      w[2 * i] = hn::InterleaveLower(d, v[i], v[i + kRows / 2]);
      w[2 * i + 1] = hn::InterleaveUpper(d, v[i], v[i + kRows / 2]);
    }
    for (size_t i = 0; i < kRows; ++i) v[i] = w[i];
  }
}

// columns[c] = the tile's R elements c, R x R blocks at a time; the last
// length % R columns element by element.
template <class T>
void TransposeToColumnsOf(std::byte* columns, const std::byte* src, int64_t src_row,
                          uint64_t length) {
  const Column<T> d;
  constexpr size_t kRows = kTileRows<T>;
  using V = hn::Vec<decltype(d)>;
  T* out = reinterpret_cast<T*>(columns);
  const auto row = [&](size_t r) { return reinterpret_cast<const T*>(src + int64_t(r) * src_row); };
  uint64_t c = 0;
  for (; c + kRows <= length; c += kRows) {
    V v[kRows];
    for (size_t r = 0; r < kRows; ++r) v[r] = hn::LoadU(d, row(r) + c);
    TransposeBlock<T>(v);
    for (size_t i = 0; i < kRows; ++i) hn::Store(v[i], d, out + (c + i) * kRows);
  }
  for (; c < length; ++c)
    for (size_t r = 0; r < kRows; ++r) std::memcpy(out + c * kRows + r, row(r) + c, sizeof(T));
}

// Groups of R indices: R column loads, one transpose, a store of R elements
// into each row. The n % R positions left over go row by row.
template <class T>
void GatherColumnsOf(std::byte* dst, int64_t dst_row, const std::byte* columns,
                     const std::byte* src, int64_t src_row, const int32_t* offsets, uint64_t n,
                     const std::byte* next, uint64_t next_bytes) {
  const Column<T> d;
  constexpr size_t kRows = kTileRows<T>;
  using V = hn::Vec<decltype(d)>;
  TilePrefetcher prefetch(next, src_row, next_bytes, kRows, n / kRows);
  uint64_t j = 0;
  for (; j + kRows <= n; j += kRows) {
    prefetch.Step();
    V v[kRows];
    // Offset o = c * sizeof(T) addresses column c at 16 * c = o * R.
    for (size_t i = 0; i < kRows; ++i)
      v[i] = hn::Load(d, reinterpret_cast<const T*>(columns + int64_t(offsets[j + i]) * kRows));
    TransposeBlock<T>(v);
    // One pointer stepped from row to row: a pointer per row would not fit
    // in the registers beside the block.
    std::byte* out = dst + j * sizeof(T);
    for (size_t r = 0; r < kRows; ++r, out += dst_row)
      hn::StoreU(v[r], d, reinterpret_cast<T*>(out));
  }
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
  HWY_DYNAMIC_DISPATCH(GatherElementsImpl)(element_size, dst, src, offsets, n, next,
                                           next_bytes);
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
  HWY_DYNAMIC_DISPATCH(GatherColumnsImpl)(element_size, dst, dst_row, columns, src, src_row,
                                          offsets, n, next, next_bytes);
}

}  // namespace dmlconf::blocked::simd
#endif  // HWY_ONCE
