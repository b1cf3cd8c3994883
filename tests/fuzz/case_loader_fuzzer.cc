// Fuzz target: the YAML case loader (validator/src/cases/case_loader.cc), fed
// any bytes as a case file through LoadCaseFile, as `dmlconf run FILE` reads it.
//
// Passes: the file loads, or the loader throws CaseFileError whose message
// starts with the file's path (the "FILE:LINE:COL: FIELD: message" form).
// Anything else is a finding: a crash, a sanitizer report, another exception
// type escaping, more than -rss_limit_mb of memory, or a loaded case whose
// data does not have the shape the runner relies on.
#include <string>
#include <vector>

#include "dmlconf/validate.h"
#include "dmlconf/validator/case.h"
#include "fuzz_check.h"
#include "scratch_file.h"

namespace dmlconf::fuzz {
namespace {

uint64_t PackedBytes(const TensorDesc& desc) { return desc.ElementCount() * desc.ElementSize(); }

// The runner binds case data by slot without re-checking sizes: a loaded case
// must carry exactly one packed buffer per slot, each the tensor's logical size.
void CheckDataShape(const validator::Case& c) {
  Validate(c.descriptor, c.feature_level);  // must not crash on any loaded descriptor
  if (c.expect == validator::Expectation::kReject) return;
  const std::vector<TensorSlot> inputs = InputSlots(c.descriptor);
  DMLCONF_FUZZ_CHECK(c.inputs.size() == inputs.size(),
                     c.name + ": " + std::to_string(c.inputs.size()) + " input buffers for " +
                         std::to_string(inputs.size()) + " input slots");
  for (size_t i = 0; i < inputs.size(); ++i)
    DMLCONF_FUZZ_CHECK(c.inputs[i].size() == PackedBytes(*inputs[i].desc),
                       c.name + ": " + inputs[i].role + " data has the wrong byte count");
  if (c.expected.empty() || !c.then.empty()) return;
  const std::vector<TensorSlot> outputs = OutputSlots(c.descriptor);
  DMLCONF_FUZZ_CHECK(c.expected.size() == outputs.size(),
                     c.name + ": expected data does not match the output slots");
  for (size_t i = 0; i < outputs.size(); ++i)
    DMLCONF_FUZZ_CHECK(c.expected[i].size() == PackedBytes(*outputs[i].desc),
                       c.name + ": " + outputs[i].role + " expected data has the wrong byte count");
}

}  // namespace
}  // namespace dmlconf::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace dmlconf;
  const std::string& path = fuzz::WriteScratchFile(data, size, ".yaml");
  std::vector<validator::Case> cases;
  try {
    cases = validator::LoadCaseFile(path);
  } catch (const validator::CaseFileError& e) {
    const std::string what = e.what();
    DMLCONF_FUZZ_CHECK(what.rfind(path + ":", 0) == 0,
                       "a case file error that does not start with the file's path: " + what);
    return 0;
  }
  for (const validator::Case& c : cases) fuzz::CheckDataShape(c);
  return 0;
}
