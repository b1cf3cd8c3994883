// simd::Interleave and simd::Deinterleave (simd.h): the inner rows of
// DEPTH_TO_SPACE1 and SPACE_TO_DEPTH1, any order, block sizes 2 to 4. One
// vector from each of the k lines becomes k vectors of the interleaved line
// (Highway's StoreInterleaved2..4, LoadInterleaved2..4 for the inverse); the
// rest in narrower vectors, then the last few elements one at a time.
#include <cassert>
#include <cstring>

#include "blocked/simd.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "blocked/simd_depth_space.cc"
#include "hwy/foreach_target.h"  // before highway.h
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace dmlconf::blocked::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

template <class T>
const T* Line(const std::byte* base, int64_t line, int c) {
  return reinterpret_cast<const T*>(base + c * line);
}

// Rows [r, n) in vectors of d's lanes, as far as whole vectors go; returns
// the first row left. Called with the full width, then with narrower tags,
// so short lines (small problems: 8 elements, say) still move in vectors.
template <int K, class D>
uint64_t InterleaveVectors(D d, std::byte* dst, const std::byte* src, int64_t line, uint64_t r,
                           uint64_t n) {
  using T = hn::TFromD<D>;
  const uint64_t lanes = hn::Lanes(d);
  T* out = reinterpret_cast<T*>(dst);
  for (; r + lanes <= n; r += lanes) {
    const auto v0 = hn::LoadU(d, Line<T>(src, line, 0) + r);
    const auto v1 = hn::LoadU(d, Line<T>(src, line, 1) + r);
    if constexpr (K == 2) {
      hn::StoreInterleaved2(v0, v1, d, out + r * K);
    } else if constexpr (K == 3) {
      hn::StoreInterleaved3(v0, v1, hn::LoadU(d, Line<T>(src, line, 2) + r), d, out + r * K);
    } else {
      hn::StoreInterleaved4(v0, v1, hn::LoadU(d, Line<T>(src, line, 2) + r),
                            hn::LoadU(d, Line<T>(src, line, 3) + r), d, out + r * K);
    }
  }
  return r;
}

template <int K, class D>
uint64_t DeinterleaveVectors(D d, std::byte* dst, int64_t line, const std::byte* src, uint64_t r,
                             uint64_t n) {
  using T = hn::TFromD<D>;
  const uint64_t lanes = hn::Lanes(d);
  const T* in = reinterpret_cast<const T*>(src);
  const auto out = [&](int c) { return reinterpret_cast<T*>(dst + c * line); };
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
template <class T, int K>
void InterleaveOf(std::byte* dst, const std::byte* src, int64_t line, uint64_t n) {
  uint64_t r = InterleaveVectors<K>(hn::ScalableTag<T>(), dst, src, line, 0, n);
  r = InterleaveVectors<K>(hn::CappedTag<T, 16 / sizeof(T)>(), dst, src, line, r, n);
  if constexpr (sizeof(T) < 8)
    r = InterleaveVectors<K>(hn::CappedTag<T, 8 / sizeof(T)>(), dst, src, line, r, n);
  for (; r < n; ++r)
    for (int c = 0; c < K; ++c)
      std::memcpy(dst + (r * K + c) * sizeof(T), src + c * line + int64_t(r * sizeof(T)),
                  sizeof(T));
}

template <class T, int K>
void DeinterleaveOf(std::byte* dst, int64_t line, const std::byte* src, uint64_t n) {
  uint64_t r = DeinterleaveVectors<K>(hn::ScalableTag<T>(), dst, line, src, 0, n);
  r = DeinterleaveVectors<K>(hn::CappedTag<T, 16 / sizeof(T)>(), dst, line, src, r, n);
  if constexpr (sizeof(T) < 8)
    r = DeinterleaveVectors<K>(hn::CappedTag<T, 8 / sizeof(T)>(), dst, line, src, r, n);
  for (; r < n; ++r)
    for (int c = 0; c < K; ++c)
      std::memcpy(dst + c * line + int64_t(r * sizeof(T)), src + (r * K + c) * sizeof(T),
                  sizeof(T));
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
    default:
      assert(element_size == 8);
      return with_count.template operator()<uint64_t>();
  }
}

void InterleaveManyImpl(size_t element_size, int k, std::byte* dst, int64_t dst_step,
                        const std::byte* src, int64_t src_step, int64_t line, uint64_t n,
                        uint64_t m) {
  WithTypeAndCount(element_size, k, [&]<class T, int K>() {
    for (uint64_t i = 0; i < m; ++i)
      InterleaveOf<T, K>(dst + int64_t(i) * dst_step, src + int64_t(i) * src_step, line, n);
  });
}

void DeinterleaveManyImpl(size_t element_size, int k, std::byte* dst, int64_t dst_step,
                          int64_t line, const std::byte* src, int64_t src_step, uint64_t n,
                          uint64_t m) {
  WithTypeAndCount(element_size, k, [&]<class T, int K>() {
    for (uint64_t i = 0; i < m; ++i)
      DeinterleaveOf<T, K>(dst + int64_t(i) * dst_step, line, src + int64_t(i) * src_step, n);
  });
}

}  // namespace HWY_NAMESPACE
}  // namespace dmlconf::blocked::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dmlconf::blocked::simd {

HWY_EXPORT(InterleaveManyImpl);
HWY_EXPORT(DeinterleaveManyImpl);

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
  HWY_DYNAMIC_DISPATCH(InterleaveManyImpl)(element_size, k, dst, dst_step, src, src_step, line, n,
                                           m);
}

void DeinterleaveMany(size_t element_size, int k, std::byte* dst, int64_t dst_step, int64_t line,
                      const std::byte* src, int64_t src_step, uint64_t n, uint64_t m) {
  HWY_DYNAMIC_DISPATCH(DeinterleaveManyImpl)(element_size, k, dst, dst_step, line, src, src_step,
                                             n, m);
}

}  // namespace dmlconf::blocked::simd
#endif  // HWY_ONCE
