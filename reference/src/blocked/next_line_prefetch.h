// The runs of a simd::NextLine, asked for toward L2 a cache line at a time in
// proportion to the elements done, for the SIMD loops of the elements pair
// (simd_gather_elements.cc, simd_scatter_elements.cc). A burst of a whole 8 KiB
// line at the start stalled the loop behind it: for SCATTER_ELEMENTS as long as it
// saved the copy (report_notes.md, "SCATTER_ELEMENTS: the vector scatter and the
// next line"), for GATHER_ELEMENTS f32 3.6x memcpy against 2.6x spread ("The
// elements pair on Zen 3").
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "blocked/simd.h"

namespace dmlconf::blocked::simd {

class NextLinePrefetch {
 public:
  // The next line's input whole, and `head_bytes` of its indices and
  // `update_head_bytes` of its updates, spread over n elements.
  NextLinePrefetch(const NextLine& next, size_t head_bytes, size_t update_head_bytes, uint64_t n)
      : runs_{{{next.input, next.input ? next.input_bytes : 0},
               {next.indices, next.indices ? head_bytes : 0},
               {next.updates, next.updates ? update_head_bytes : 0}}},
        total_(runs_[0].second + runs_[1].second + runs_[2].second),
        n_(n) {}
  // Everything due once `done` of the n elements are done.
  // A multiply rather than a division per call: for 1-byte updates a division
  // every 16 of them cost more than the prefetches saved.
  void UpTo(uint64_t done) {
    if (total_ == 0) return;
    while (issued_ * n_ < total_ * done && run_ < runs_.size()) {
      if (at_ >= runs_[run_].second) {
        ++run_, at_ = 0;
        continue;
      }
      PrefetchToL2(runs_[run_].first + at_, kLineBytes);
      at_ += kLineBytes;
      issued_ += kLineBytes;
    }
  }

 private:
  std::array<std::pair<const std::byte*, size_t>, 3> runs_;
  size_t total_;
  uint64_t n_;
  size_t run_ = 0, at_ = 0, issued_ = 0;
};

}  // namespace dmlconf::blocked::simd
