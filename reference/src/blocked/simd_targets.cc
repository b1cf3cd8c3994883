// Which SIMD target the dispatched loops use (blocked.h), and the test hook
// that pins one, so the property suite can check every compiled copy on a
// machine that would otherwise only ever run its best one.
#include <string>
#include <string_view>
#include <vector>

#include "dmlconf/blocked.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "blocked/simd_targets.cc"
#include "hwy/foreach_target.h"  // before highway.h
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace dmlconf::blocked::simd {
namespace HWY_NAMESPACE {

int64_t ThisTarget() { return HWY_TARGET; }

}  // namespace HWY_NAMESPACE
}  // namespace dmlconf::blocked::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dmlconf::blocked {
namespace simd {
HWY_EXPORT(ThisTarget);
}  // namespace simd

std::string SimdTarget() { return hwy::TargetName(HWY_DYNAMIC_DISPATCH(simd::ThisTarget)()); }

std::vector<std::string> SimdTargets() {
  std::vector<std::string> names;
  for (int64_t target : hwy::SupportedAndGeneratedTargets())
    names.push_back(hwy::TargetName(target));
  return names;
}

bool ForceSimdTargetForTesting(std::string_view name) {
  if (name.empty()) {
    hwy::SetSupportedTargetsForTest(0);
  } else {
    int64_t chosen = 0;
    for (int64_t target : hwy::SupportedAndGeneratedTargets())
      if (name == hwy::TargetName(target)) chosen = target;
    if (chosen == 0) return false;
    hwy::SetSupportedTargetsForTest(chosen);
  }
  // Dispatch caches its choice; this makes the next call choose again.
  hwy::GetChosenTarget().Update(hwy::SupportedTargets());
  return true;
}

}  // namespace dmlconf::blocked
#endif  // HWY_ONCE
