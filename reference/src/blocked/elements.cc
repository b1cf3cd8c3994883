#include "blocked/elements.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <cstring>

namespace dmlconf::blocked {

namespace {

// The positioned tensor's span along Axis above which its picks are cache misses, and
// the most of it one strip below keeps in cache: a share of L2 on either machine the
// benchmarks know (1 MiB on the Zen 4, 2 MiB on the Xeon).
constexpr uint64_t kSlabBytes = 512 * 1024;

// The largest divisor of `size` below it and at most `most`, or 0.
uint64_t StripWidth(uint64_t size, uint64_t most) {
  for (uint64_t w = std::min(most, size - 1); w > 0; --w)
    if (size % w == 0) return w;
  return 0;
}

// Where Axis is not the innermost dimension and the positioned tensor spans more than
// kSlabBytes along it, each step of the innermost loop picks from another far row: a
// cache miss and a TLB miss per element (GATHER_ELEMENTS and SCATTER_ELEMENTS along
// axis 0 of 2048 x 2048: 23-76x memcpy's time). So the innermost dimension is cut into
// strips, each taken whole along Axis before the next, its part of every row along
// Axis (its slab) packed into a scratch of kSlabBytes and picked from there. Left in
// place, the slab's rows share their offset into a page (8 KiB apart, say) and so a
// few cache sets: the strips alone were slower than no strips (57 against 32 ms). The
// dimensions outside both go outermost; loops still count up, so the updates landing
// on one element (same coordinates off Axis) keep their order.
void StripAcrossAxis(ElementsPlan& plan) {
  LoopNest& nest = plan.nest;
  int axis = -1, zeros = 0;
  for (int d = 0; d < nest.rank; ++d)
    if (nest.dims[d].stride[2] == 0) axis = d, ++zeros;
  const int inner = nest.rank - 1;
  if (zeros != 1 || axis == inner) return;
  const uint64_t inner_step = uint64_t(std::llabs(nest.dims[inner].stride[2]));
  const uint64_t span = plan.axis_size * uint64_t(std::llabs(plan.axis_stride));
  if (span <= kSlabBytes || inner_step != plan.element_size) return;
  const uint64_t width =
      StripWidth(nest.dims[inner].size, kSlabBytes / (plan.axis_size * plan.element_size));
  if (width * plan.element_size < 64) return;  // a line at least: whole lines per row
  const LoopDim along = nest.Remove(inner);
  const LoopDim across = nest.Remove(axis);
  const auto times = [&](int t) { return int64_t(width) * along.stride[t]; };
  nest.Push(along.size / width, times(0), times(1), times(2));
  nest.Push(across.size, across.stride[0], across.stride[1], across.stride[2]);
  nest.Push(width, along.stride[0], along.stride[1], along.stride[2]);
  plan.strip = width;
}

}  // namespace

std::byte* SlabScratch() {
  alignas(64) thread_local std::byte slab[kSlabBytes];
  return slab;
}

void PackSlab(const ElementsPlan& plan, std::byte* slab, const std::byte* base) {
  const size_t row = plan.strip * plan.element_size;
  for (uint32_t p = 0; p < plan.axis_size; ++p)
    std::memcpy(slab + p * row, base + int64_t(p) * plan.axis_stride, row);
}

void UnpackSlab(const ElementsPlan& plan, std::byte* base, const std::byte* slab) {
  const size_t row = plan.strip * plan.element_size;
  for (uint32_t p = 0; p < plan.axis_size; ++p)
    std::memcpy(base + int64_t(p) * plan.axis_stride, slab + p * row, row);
}

ElementsPlan PlanElements(const TensorDesc& t0, const TensorDesc& indices, const TensorDesc& t2,
                          int positioned, uint32_t axis) {
  assert(positioned == 0 || positioned == 2);
  const ByteStrides s0 = ByteStridesOf(t0), s1 = ByteStridesOf(indices), s2 = ByteStridesOf(t2);
  const TensorDesc& target = positioned == 0 ? t0 : t2;
  ElementsPlan plan;
  plan.axis_stride = (positioned == 0 ? s0 : s2)[axis];
  plan.axis_size = target.sizes[axis];
  plan.element_size = t0.ElementSize();
  plan.index_type = indices.data_type;
  for (uint32_t d = 0; d < indices.DimensionCount(); ++d) {
    const bool off = d == axis;
    plan.nest.Push(indices.sizes[d], off && positioned == 0 ? 0 : s0[d], s1[d],
                   off && positioned == 2 ? 0 : s2[d]);
  }
  Normalize(plan.nest);
  StripAcrossAxis(plan);
  return plan;
}

}  // namespace dmlconf::blocked
