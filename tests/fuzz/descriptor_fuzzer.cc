// Fuzz target: descriptor validation and the two in-tree kernels, fed random
// descriptors (descriptor_bytes.h says how bytes become one).
//
// Checks, for every input:
//   - Validate() never crashes and gives the same verdict twice; a refusal
//     carries a message;
//   - the reference and blocked backends' Create() answer is validation's
//     verdict, reason included ("Create and validate agree");
//   - when accepted and small, the naive and the blocked kernel run on the
//     same inputs: neither reads outside an input (each is its own exact-size
//     allocation, which ASan watches), neither writes outside its output (guard
//     bytes around each output), and both leave identical output bytes.
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "descriptor_bytes.h"
#include "dmlconf/backend.h"
#include "dmlconf/blocked.h"
#include "dmlconf/naive.h"
#include "dmlconf/validate.h"
#include "fuzz_check.h"
#include "platform/guarded_buffer.h"

namespace dmlconf::fuzz {
namespace {

// Larger problems take long per input and find nothing the small ones miss:
// the kernels' edge cases are in shapes and strides, not in sheer size.
constexpr uint64_t kMaxRunBytes = 256 * 1024;
constexpr uint64_t kMaxRunElements = 1 << 16;

std::string Describe(const CreateAnswer& a) {
  if (a.kind == CreateAnswer::Kind::kAccepted) return "accepted";
  if (a.kind == CreateAnswer::Kind::kUnsupported) return "unsupported: " + a.message;
  return "rejected " + std::string(a.reason ? ReasonName(*a.reason) : "(no reason)");
}

void CheckCreateAgrees(Backend& backend, const OperatorDesc& desc, FeatureLevel level,
                       const Validation& verdict) {
  const CreateAnswer answer = backend.Create(desc, level);
  const CreateAnswer expected = CreateAnswer::From(verdict);
  DMLCONF_FUZZ_CHECK(answer.kind == expected.kind && answer.reason == expected.reason,
                     backend.Name() + " Create " + Describe(answer) + " but validation says " +
                         verdict.ToString());
}

bool SmallEnough(const OperatorDesc& desc) {
  uint64_t bytes = 0;
  for (const auto& slots : {InputSlots(desc), OutputSlots(desc)})
    for (const TensorSlot& slot : slots) {
      if (slot.desc->ElementCount() > kMaxRunElements) return false;
      if (slot.desc->TotalBytes() > kMaxRunBytes) return false;
      bytes += slot.desc->TotalBytes();
    }
  return bytes <= kMaxRunBytes;
}

// An input buffer of exactly the tensor's TotalBytes, at its promised
// alignment, so that ASan reports the first byte read past it.
struct AlignedFree {
  void operator()(std::byte* p) const { std::free(p); }
};
using ExactBuffer = std::unique_ptr<std::byte[], AlignedFree>;

ExactBuffer MakeInput(const TensorDesc& desc, const uint8_t* fill, size_t fill_size,
                      size_t* fill_at) {
  const size_t size = desc.TotalBytes();
  const size_t alignment = std::max<size_t>(16, desc.guaranteed_base_offset_alignment);
  void* p = nullptr;
  DMLCONF_FUZZ_CHECK(posix_memalign(&p, alignment, size) == 0, "out of memory");
  auto* bytes = static_cast<std::byte*>(p);
  for (size_t i = 0; i < size; ++i, ++*fill_at)
    bytes[i] = std::byte(fill_size ? fill[*fill_at % fill_size] : uint8_t(*fill_at * 131 + 7));
  return ExactBuffer(bytes);
}

void RunBothKernels(const OperatorDesc& desc, const DecodedDescriptor& decoded) {
  std::vector<ExactBuffer> inputs;
  Bindings naive_bindings, blocked_bindings;
  size_t fill_at = 0;
  for (const TensorSlot& slot : InputSlots(desc)) {
    inputs.push_back(MakeInput(*slot.desc, decoded.data, decoded.data_size, &fill_at));
    naive_bindings.inputs.push_back(inputs.back().get());
  }
  blocked_bindings.inputs = naive_bindings.inputs;
  const std::vector<TensorSlot> outs = OutputSlots(desc);
  std::vector<validator::GuardedBuffer> naive_out, blocked_out;
  for (size_t i = 0; i < outs.size(); ++i) {
    const TensorDesc& t = *outs[i].desc;
    for (auto* list : {&naive_out, &blocked_out}) {
      // Same salt: both start from the same poison, so untouched bytes compare equal.
      validator::GuardedBuffer& b =
          list->emplace_back(t.TotalBytes(), uint32_t(100 + i), t.guaranteed_base_offset_alignment);
      b.Fill(validator::Pattern::kOutputPoison);
      b.Snapshot();
    }
  }
  for (size_t i = 0; i < outs.size(); ++i) {
    naive_bindings.outputs.push_back(naive_out[i].data());
    blocked_bindings.outputs.push_back(blocked_out[i].data());
  }
  naive::Execute(desc, naive_bindings);
  blocked::Execute(desc, blocked_bindings);
  for (size_t i = 0; i < outs.size(); ++i) {
    DMLCONF_FUZZ_CHECK(!naive_out[i].FirstGuardChange(),
                       "the naive kernel wrote outside " + outs[i].role);
    DMLCONF_FUZZ_CHECK(!blocked_out[i].FirstGuardChange(),
                       "the blocked kernel wrote outside " + outs[i].role);
    DMLCONF_FUZZ_CHECK(
        std::memcmp(naive_out[i].data(), blocked_out[i].data(), naive_out[i].size()) == 0,
        "the naive and blocked kernels disagree on " + outs[i].role);
  }
}

}  // namespace
}  // namespace dmlconf::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace dmlconf;
  static const bool once = [] {
    blocked::SetThreadCount(1);  // deterministic, and the inputs are small anyway
    return true;
  }();
  (void)once;
  static const std::unique_ptr<Backend> reference = MakeReferenceBackend();
  static const std::unique_ptr<Backend> blocked_backend = MakeBlockedBackend();

  const fuzz::DecodedDescriptor decoded = fuzz::DecodeDescriptor(data, size);
  const Validation verdict = Validate(decoded.desc, decoded.level);
  const Validation again = Validate(decoded.desc, decoded.level);
  DMLCONF_FUZZ_CHECK(
      verdict.reason == again.reason && verdict.message == again.message,
      "validation changed its mind: " + verdict.ToString() + " / " + again.ToString());
  DMLCONF_FUZZ_CHECK(verdict.ok() || !verdict.message.empty(),
                     "a refusal without a message: " + verdict.ToString());
  fuzz::CheckCreateAgrees(*reference, decoded.desc, decoded.level, verdict);
  fuzz::CheckCreateAgrees(*blocked_backend, decoded.desc, decoded.level, verdict);
  if (verdict.ok() && fuzz::SmallEnough(decoded.desc)) fuzz::RunBothKernels(decoded.desc, decoded);
  return 0;
}
