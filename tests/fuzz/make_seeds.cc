// Builds the fuzzers' seed corpora at run time from the committed cases and
// the external vectors where they lie (never copied into the project):
//
//   fuzz_make_seeds [--no-loaders] OUT_DIR CASE_PATH...
//
// writes OUT_DIR/<target>/ for each target:
//   case_loader        every case file under 1 MiB as it is, and each case of
//                      every file as a one-case document
//   external_vectors   every dmlconf-oracle-v1 file as it is, and each of its
//                      cases as a one-case document
//   descriptor         every case's descriptor and level (descriptor_bytes.h),
//                      followed by its first input's bytes
//   protocol_replies   written by protocol_reply_seeds.cc
// Small one-case documents matter: libFuzzer mutates a 2 KiB input far faster
// than a 400 KiB file, and the whole files keep the cross-case rules
// (duplicate names, many cases) in the corpus.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "descriptor_bytes.h"
#include "dmlconf/validator/case.h"
#include "protocol_reply_seeds.h"

namespace fs = std::filesystem;

namespace {

constexpr uintmax_t kMaxSeedBytes = 1 << 20;  // the loader targets' -max_len
constexpr size_t kMaxPayloadBytes = 4096;

void WriteFile(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

std::vector<fs::path> CaseFiles(const fs::path& path) {
  if (!fs::is_directory(path)) return {path};
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(path)) {
    const std::string ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".yaml" || ext == ".yml" || ext == ".json"))
      files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string Emit(const YAML::Node& node) {
  YAML::Emitter out;
  out << node;
  return std::string(out.c_str()) + "\n";
}

// Each entry of the document's `cases` as a document of its own, keeping the
// other top-level keys (an external vector file's format and op).
std::vector<std::string> OneCaseDocuments(const YAML::Node& root) {
  std::vector<std::string> documents;
  if (!root.IsMap() || !root["cases"] || !root["cases"].IsSequence()) return documents;
  for (const YAML::Node& entry : root["cases"]) {
    YAML::Node single(YAML::NodeType::Map);
    for (const auto& kv : root)
      if (kv.first.Scalar() != "cases") single[kv.first] = kv.second;
    YAML::Node list(YAML::NodeType::Sequence);
    list.push_back(entry);
    single["cases"] = list;
    documents.push_back(Emit(single));
  }
  return documents;
}

size_t seeds_written = 0;

void WriteSeed(const fs::path& dir, const std::string& name, const std::string& bytes) {
  WriteFile(dir / name, bytes);
  ++seeds_written;
}

std::string SeedName(const fs::path& file, size_t index) {
  std::string stem = file.parent_path().filename().string() + "-" + file.stem().string();
  return stem + "-" + std::to_string(index);
}

void SeedLoaders(const fs::path& file, const fs::path& out) {
  const bool external = file.extension() == ".json";
  const fs::path dir = out / (external ? "external_vectors" : "case_loader");
  YAML::Node root;
  try {
    root = YAML::LoadFile(file.string());
  } catch (const YAML::Exception&) {
    return;  // not a case file (the converter's raw input beside the vectors)
  }
  if (external && !(root.IsMap() && root["format"])) return;
  if (fs::file_size(file) <= kMaxSeedBytes) WriteSeed(dir, SeedName(file, 0) + "-whole", ReadFile(file));
  const std::vector<std::string> documents = OneCaseDocuments(root);
  for (size_t i = 0; i < documents.size(); ++i) WriteSeed(dir, SeedName(file, i), documents[i]);
  // External vector files are case files too: the YAML loader reads them.
  if (external)
    for (size_t i = 0; i < documents.size(); ++i)
      WriteSeed(out / "case_loader", SeedName(file, i) + "-external", documents[i]);
}

void SeedDescriptors(const std::vector<fs::path>& paths, const fs::path& out) {
  size_t index = 0;
  for (const dmlconf::validator::Case& c : dmlconf::validator::LoadCases(paths)) {
    std::vector<uint8_t> payload;
    if (!c.inputs.empty()) {
      const auto& first = c.inputs.front();
      const size_t n = std::min(first.size(), kMaxPayloadBytes);
      for (size_t i = 0; i < n; ++i) payload.push_back(uint8_t(first[i]));
    }
    const std::vector<uint8_t> bytes = dmlconf::fuzz::EncodeDescriptor(c.descriptor, c.feature_level, payload);
    WriteSeed(out / "descriptor", "case-" + std::to_string(index++),
              std::string(bytes.begin(), bytes.end()));
  }
}

}  // namespace

int main(int argc, char** argv) {
  // --no-loaders: only the descriptor and reply seeds (the CTest replay reads
  // the case files themselves through the loaders).
  const bool loaders = !(argc > 1 && std::string(argv[1]) == "--no-loaders");
  const int first = loaders ? 1 : 2;
  if (argc < first + 2) {
    std::fprintf(stderr, "usage: %s [--no-loaders] OUT_DIR CASE_PATH...\n", argv[0]);
    return 2;
  }
  const fs::path out = argv[first];
  try {
    // Fresh each time: a seed of a case since removed must not linger.
    for (const char* target : {"case_loader", "external_vectors", "descriptor", "protocol_replies"}) {
      fs::remove_all(out / target);
      fs::create_directories(out / target);
    }
    std::vector<fs::path> paths(argv + first + 1, argv + argc);
    if (loaders)
      for (const fs::path& path : paths)
        for (const fs::path& file : CaseFiles(path)) SeedLoaders(file, out);
    SeedDescriptors(paths, out);
    for (const auto& [name, bytes] : dmlconf::fuzz::ProtocolReplySeeds())
      WriteSeed(out / "protocol_replies", name, bytes);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fuzz_make_seeds: %s\n", e.what());
    return 1;
  }
  std::printf("fuzz_make_seeds: %zu seeds in %s\n", seeds_written, out.c_str());
  return 0;
}
