// The external WebNN vectors (../shared/external/wpt-webnn), read where they
// lie, against the reference backend: an outside opinion on the kernels and
// on the validation of what they accept. Skips when the shared folder is absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <set>
#include <string>

#include "dmlconf/backend.h"
#include "dmlconf/validator/oracle.h"

namespace dmlconf::validator {
namespace {

namespace fs = std::filesystem;

constexpr size_t kGuard = 64;
constexpr std::byte kPoison{0xA5};

std::vector<OracleCase> LoadAll(const fs::path& dir) {
  std::set<fs::path> files;  // sorted, so failures read the same every run
  for (const fs::directory_entry& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".json") files.insert(entry.path());
  std::vector<OracleCase> cases;
  for (const fs::path& file : files) {
    const YAML::Node root = YAML::LoadFile(file.string());
    // reverse_transcribed.json is the converter's raw input, not cases.
    if (!root["format"]) continue;
    for (OracleCase& c : ParseOracleDocument(root, file.string())) cases.push_back(std::move(c));
  }
  return cases;
}

// A buffer with guard bytes on both sides, so a write outside the tensor shows.
struct Guarded {
  std::vector<std::byte> storage;
  explicit Guarded(uint64_t bytes) : storage(bytes + 2 * kGuard, kPoison) {}
  std::byte* data() { return storage.data() + kGuard; }
  bool GuardsIntact(uint64_t bytes) const {
    auto poisoned = [](std::byte b) { return b == kPoison; };
    return std::all_of(storage.begin(), storage.begin() + kGuard, poisoned) &&
           std::all_of(storage.begin() + long(kGuard + bytes), storage.end(), poisoned);
  }
};

void RunOne(Backend& backend, const OracleCase& c) {
  SCOPED_TRACE(c.name);
  const Validation created = backend.Create(c.desc, c.feature_level);
  if (c.outcome == OracleOutcome::kReject) {
    EXPECT_FALSE(created.ok());
    if (c.reason) {
      EXPECT_EQ(created.reason, *c.reason) << created.ToString();
    }
    return;
  }
  ASSERT_TRUE(created.ok()) << created.ToString();
  const std::vector<TensorSlot> in_slots = InputSlots(c.desc);
  const std::vector<TensorSlot> out_slots = OutputSlots(c.desc);
  std::vector<std::vector<std::byte>> inputs;
  Bindings bindings;
  for (size_t i = 0; i < in_slots.size(); ++i) {
    // Packed tensors: the logical bytes are the memory bytes, padded to 4.
    inputs.emplace_back(in_slots[i].desc->TotalBytes());
    std::copy(c.inputs[i].begin(), c.inputs[i].end(), inputs.back().begin());
    bindings.inputs.push_back(inputs.back().data());
  }
  std::vector<Guarded> outputs;
  for (const TensorSlot& slot : out_slots) outputs.emplace_back(slot.desc->TotalBytes());
  for (Guarded& output : outputs) bindings.outputs.push_back(output.data());
  const ExecuteResult result = backend.Execute(c.desc, c.feature_level, bindings);
  ASSERT_TRUE(result.ok) << result.message;
  for (size_t i = 0; i < out_slots.size(); ++i) {
    EXPECT_TRUE(outputs[i].GuardsIntact(out_slots[i].desc->TotalBytes())) << out_slots[i].role;
    if (c.outcome != OracleOutcome::kMatch) continue;
    ASSERT_EQ(c.expected[i].size(), out_slots[i].desc->ElementCount() * out_slots[i].desc->ElementSize());
    EXPECT_EQ(std::memcmp(outputs[i].data(), c.expected[i].data(), c.expected[i].size()), 0)
        << out_slots[i].role << " differs from the vector";
  }
}

TEST(WptWebnn, EveryVectorPassesOnTheReferenceBackend) {
  const fs::path dir = fs::path(DMLCONF_SHARED_DIR) / "external" / "wpt-webnn";
  if (!fs::is_directory(dir)) GTEST_SKIP() << dir << " is absent";
  const std::vector<OracleCase> cases = LoadAll(dir);
  // The README announces 111 vectors; three are chains of two reversals.
  EXPECT_EQ(cases.size(), 111u);
  const std::unique_ptr<Backend> backend = MakeReferenceBackend();
  size_t skipped = 0;
  for (const OracleCase& c : cases) {
    if (!c.skip_reason.empty()) {
      ++skipped;
      continue;
    }
    RunOne(*backend, c);
  }
  EXPECT_EQ(skipped, 3u);
}

}  // namespace
}  // namespace dmlconf::validator
