// Fuzz target: the external-vector loader (validator/src/cases/external_vectors.cc,
// the dmlconf-oracle-v1 format), fed any bytes parsed as YAML/JSON.
//
// Two entry points: ParseExternalVectors, which may throw std::runtime_error
// (YAML::Exception included) naming the file, and LoadExternalVectorFile, the
// case loader's branch, which may throw only CaseFileError naming the file.
// Any other exception, a crash, a sanitizer report or too much memory is a
// finding.
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "dmlconf/validator/case.h"
#include "dmlconf/validator/external_vectors.h"
#include "fuzz_check.h"

namespace {

constexpr const char* kFile = "fuzz-vectors.json";

bool NamesFile(const std::string& what) { return what.find(kFile) != std::string::npos; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace dmlconf::validator;
  YAML::Node root;
  try {
    root = YAML::Load(std::string(reinterpret_cast<const char*>(data), size));
  } catch (const YAML::Exception&) {
    return 0;  // not YAML: the case loader reports the parser's position itself
  }
  try {
    ParseExternalVectors(root, kFile);
  } catch (const YAML::Exception&) {
    // A value of the wrong kind: the case loader turns the mark into FILE:LINE:COL.
  } catch (const std::runtime_error& e) {
    DMLCONF_FUZZ_CHECK(NamesFile(e.what()), std::string("an error naming no file: ") + e.what());
  }
  try {
    LoadExternalVectorFile(kFile, root);
  } catch (const CaseFileError& e) {
    const std::string what = e.what();
    DMLCONF_FUZZ_CHECK(what.rfind(std::string(kFile) + ":", 0) == 0,
                       "a case file error that does not start with the file's path: " + what);
  }
  return 0;
}
