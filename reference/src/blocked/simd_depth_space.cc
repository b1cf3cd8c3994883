// simd::Interleave and simd::Deinterleave (simd.h): the inner rows of
// DEPTH_TO_SPACE1 and SPACE_TO_DEPTH1, any order, block sizes 2 to 4, and
// simd::InterleaveFrom / DeinterleaveTo, the whole of SPLIT and JOIN into or
// from 2 to 4 equal parts of one unit each per outer step. One vector from
// each of the k lines becomes k vectors of the interleaved line (Highway's
// StoreInterleaved2..4, LoadInterleaved2..4 for the inverse); the rest in
// narrower vectors, then the last few elements one at a time.
#include <array>
#include <cassert>
#include <cstring>
#include <type_traits>

#include "blocked/simd.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "blocked/simd_depth_space.cc"
#include "hwy/foreach_target.h"  // before highway.h
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace dmlconf::blocked::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// The k lines of an (de)interleave, `B` being std::byte or const std::byte:
// `line` bytes apart in one buffer (DEPTH_TO_SPACE1's rows), or k pointers of
// their own (SPLIT's and JOIN's parts, separate allocations that no one
// offset reaches from another). Both are held by value so the loops keep
// them in registers: a store through a uint8_t* may alias an array of
// pointers in memory, which would force a reload after every store.
template <class B>
struct SteppedLines {
  B* base;
  int64_t line;
  B* operator()(int c) const { return base + c * line; }
};
template <class B>
struct SeparateLines {
  std::array<B*, 4> lines;
  B* operator()(int c) const { return lines[size_t(c)]; }
};

template <class T, class B>
auto Typed(B* p) {
  if constexpr (std::is_const_v<B>)
    return reinterpret_cast<const T*>(p);
  else
    return reinterpret_cast<T*>(p);
}

// Rows [r, n) in vectors of d's lanes, as far as whole vectors go; returns
// the first row left. Called with the full width, then with narrower tags,
// so short lines (small problems: 8 elements, say) still move in vectors.
template <int K, class D, class Lines>
uint64_t InterleaveVectors(D d, std::byte* dst, const Lines& src, uint64_t r, uint64_t n) {
  using T = hn::TFromD<D>;
  const uint64_t lanes = hn::Lanes(d);
  T* out = reinterpret_cast<T*>(dst);
  const auto in = [&](int c) { return Typed<T>(src(c)) + r; };
  for (; r + lanes <= n; r += lanes) {
    const auto v0 = hn::LoadU(d, in(0));
    const auto v1 = hn::LoadU(d, in(1));
    if constexpr (K == 2) {
      hn::StoreInterleaved2(v0, v1, d, out + r * K);
    } else if constexpr (K == 3) {
      hn::StoreInterleaved3(v0, v1, hn::LoadU(d, in(2)), d, out + r * K);
    } else {
      hn::StoreInterleaved4(v0, v1, hn::LoadU(d, in(2)), hn::LoadU(d, in(3)), d, out + r * K);
    }
  }
  return r;
}

template <int K, class D, class Lines>
uint64_t DeinterleaveVectors(D d, const Lines& dst, const std::byte* src, uint64_t r, uint64_t n) {
  using T = hn::TFromD<D>;
  const uint64_t lanes = hn::Lanes(d);
  const T* in = reinterpret_cast<const T*>(src);
  const auto out = [&](int c) { return Typed<T>(dst(c)); };
  for (; r + lanes <= n; r += lanes) {
    hn::Vec<D> v0, v1, v2, v3;
    if constexpr (K == 2) hn::LoadInterleaved2(d, in + r * K, v0, v1);
    if constexpr (K == 3) hn::LoadInterleaved3(d, in + r * K, v0, v1, v2);
    if constexpr (K == 4) hn::LoadInterleaved4(d, in + r * K, v0, v1, v2, v3);
    hn::StoreU(v0, d, out(0) + r);
    hn::StoreU(v1, d, out(1) + r);
    if constexpr (K >= 3) hn::StoreU(v2, d, out(2) + r);
    if constexpr (K == 4) hn::StoreU(v3, d, out(3) + r);
  }
  return r;
}

// Full vectors, then 16- and 8-byte ones, then single elements.
template <class T, int K, class Lines>
void InterleaveOf(std::byte* dst, const Lines& src, uint64_t n) {
  uint64_t r = InterleaveVectors<K>(hn::ScalableTag<T>(), dst, src, 0, n);
  r = InterleaveVectors<K>(hn::CappedTag<T, 16 / sizeof(T)>(), dst, src, r, n);
  if constexpr (sizeof(T) < 8)
    r = InterleaveVectors<K>(hn::CappedTag<T, 8 / sizeof(T)>(), dst, src, r, n);
  for (; r < n; ++r)
    for (int c = 0; c < K; ++c)
      std::memcpy(dst + (r * K + c) * sizeof(T), src(c) + r * sizeof(T), sizeof(T));
}

template <class T, int K, class Lines>
void DeinterleaveOf(const Lines& dst, const std::byte* src, uint64_t n) {
  uint64_t r = DeinterleaveVectors<K>(hn::ScalableTag<T>(), dst, src, 0, n);
  r = DeinterleaveVectors<K>(hn::CappedTag<T, 16 / sizeof(T)>(), dst, src, r, n);
  if constexpr (sizeof(T) < 8)
    r = DeinterleaveVectors<K>(hn::CappedTag<T, 8 / sizeof(T)>(), dst, src, r, n);
  for (; r < n; ++r)
    for (int c = 0; c < K; ++c)
      std::memcpy(dst(c) + r * sizeof(T), src + (r * K + c) * sizeof(T), sizeof(T));
}

// Calls fn.template operator()<T, K>() for the element size's unsigned type.
template <class Fn>
void WithTypeAndCount(size_t element_size, int k, const Fn& fn) {
  const auto with_count = [&]<class T>() {
    assert(k >= 2 && k <= 4);
    if (k == 2) return fn.template operator()<T, 2>();
    if (k == 3) return fn.template operator()<T, 3>();
    return fn.template operator()<T, 4>();
  };
  switch (element_size) {
    case 1: return with_count.template operator()<uint8_t>();
    case 2: return with_count.template operator()<uint16_t>();
    case 4: return with_count.template operator()<uint32_t>();
    default: assert(element_size == 8); return with_count.template operator()<uint64_t>();
  }
}

void InterleaveManyImpl(size_t element_size, int k, std::byte* dst, int64_t dst_step,
                        const std::byte* src, int64_t src_step, int64_t line, uint64_t n,
                        uint64_t m) {
  WithTypeAndCount(element_size, k, [&]<class T, int K>() {
    for (uint64_t i = 0; i < m; ++i)
      InterleaveOf<T, K>(dst + int64_t(i) * dst_step,
                         SteppedLines<const std::byte>{src + int64_t(i) * src_step, line}, n);
  });
}

void DeinterleaveManyImpl(size_t element_size, int k, std::byte* dst, int64_t dst_step,
                          int64_t line, const std::byte* src, int64_t src_step, uint64_t n,
                          uint64_t m) {
  WithTypeAndCount(element_size, k, [&]<class T, int K>() {
    for (uint64_t i = 0; i < m; ++i)
      DeinterleaveOf<T, K>(SteppedLines<std::byte>{dst + int64_t(i) * dst_step, line},
                           src + int64_t(i) * src_step, n);
  });
}

// The first k of 4 pointers, the rest null (never read: K <= k).
template <class B>
SeparateLines<B> FirstLines(int k, B* const* lines) {
  SeparateLines<B> out{};
  for (int c = 0; c < k; ++c) out.lines[size_t(c)] = lines[c];
  return out;
}

void InterleaveFromImpl(size_t unit, int k, std::byte* dst, const std::byte* const* srcs,
                        uint64_t n) {
  WithTypeAndCount(unit, k,
                   [&]<class T, int K>() { InterleaveOf<T, K>(dst, FirstLines(k, srcs), n); });
}

void DeinterleaveToImpl(size_t unit, int k, std::byte* const* dsts, const std::byte* src,
                        uint64_t n) {
  WithTypeAndCount(unit, k,
                   [&]<class T, int K>() { DeinterleaveOf<T, K>(FirstLines(k, dsts), src, n); });
}

}  // namespace HWY_NAMESPACE
}  // namespace dmlconf::blocked::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dmlconf::blocked::simd {

HWY_EXPORT(InterleaveManyImpl);
HWY_EXPORT(DeinterleaveManyImpl);
HWY_EXPORT(InterleaveFromImpl);
HWY_EXPORT(DeinterleaveToImpl);

void Interleave(size_t element_size, int k, std::byte* dst, const std::byte* src, int64_t line,
                uint64_t n) {
  InterleaveMany(element_size, k, dst, 0, src, 0, line, n, 1);
}

void Deinterleave(size_t element_size, int k, std::byte* dst, int64_t line, const std::byte* src,
                  uint64_t n) {
  DeinterleaveMany(element_size, k, dst, 0, line, src, 0, n, 1);
}

void InterleaveMany(size_t element_size, int k, std::byte* dst, int64_t dst_step,
                    const std::byte* src, int64_t src_step, int64_t line, uint64_t n, uint64_t m) {
  HWY_DYNAMIC_DISPATCH(InterleaveManyImpl)
  (element_size, k, dst, dst_step, src, src_step, line, n, m);
}

void DeinterleaveMany(size_t element_size, int k, std::byte* dst, int64_t dst_step, int64_t line,
                      const std::byte* src, int64_t src_step, uint64_t n, uint64_t m) {
  HWY_DYNAMIC_DISPATCH(DeinterleaveManyImpl)
  (element_size, k, dst, dst_step, line, src, src_step, n, m);
}

void InterleaveFrom(size_t unit, int k, std::byte* dst, const std::byte* const* srcs, uint64_t n) {
  HWY_DYNAMIC_DISPATCH(InterleaveFromImpl)(unit, k, dst, srcs, n);
}

void DeinterleaveTo(size_t unit, int k, std::byte* const* dsts, const std::byte* src, uint64_t n) {
  HWY_DYNAMIC_DISPATCH(DeinterleaveToImpl)(unit, k, dsts, src, n);
}

}  // namespace dmlconf::blocked::simd
#endif  // HWY_ONCE
