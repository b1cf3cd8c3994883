// The case model: one conformance case as loaded from a case file
// (cases/README.md describes the file format).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "dmlconf/feature_level.h"
#include "dmlconf/op_desc.h"
#include "dmlconf/validate.h"

namespace dmlconf::validator {

// What a case demands of a backend.
enum class Expectation : uint8_t {
  kMatch,        // valid; outputs equal `expected` bit for bit
  kReject,       // invalid; must be refused before anything runs
  kUnspecified,  // valid; must run in bounds, values are not compared
  // Implementation-defined (contract points A1, G4, W2): any refusal passes; a
  // run must stay in bounds, and values are compared only where `expected`
  // is given and the output element's location is its own (contested elements,
  // `one_of`, as in kOneOf).
  kRefuseOrRun,
  // Valid; outputs equal `expected` bit for bit, but for the elements `one_of`
  // lists (SCATTER updates that collide), each of which must equal one of its
  // values bit for bit.
  kOneOf,
};
// "match" "reject" "unspecified" "refuse_or_run" "one_of".
std::string_view ExpectationName(Expectation expectation);
std::optional<Expectation> ParseExpectation(std::string_view text);

// A later call of a chained case (an external vector that applies one
// operator several times, such as a reverse over two axes). Its first input
// is the previous call's first output; `inputs` holds its other inputs'
// packed logical bytes, one per InputSlots entry after the first.
struct ChainStep {
  OperatorDesc descriptor;
  std::vector<std::vector<std::byte>> inputs;
};

// An output element the page leaves to one of several values (a kOneOf case).
struct OneOfElement {
  size_t output = 0;     // OutputSlots position
  uint64_t element = 0;  // logical, row-major
  std::vector<ElementBits> values;
  bool operator==(const OneOfElement&) const = default;
};

struct Case {
  std::string name;
  std::string file;  // where the case starts
  int line = 0;
  OperatorDesc descriptor;
  FeatureLevel feature_level = FeatureLevel::k1_0;
  std::string source, description;
  Expectation expect = Expectation::kMatch;
  std::optional<Reason> reason;  // kReject: the rule the descriptor breaks
  // Packed logical bytes (row-major over Sizes), one per InputSlots entry.
  // Empty for a reject case.
  std::vector<std::vector<std::byte>> inputs;
  // Packed logical bytes, one per OutputSlots entry; kMatch, and optional
  // (empty when absent) for kRefuseOrRun.
  std::vector<std::vector<std::byte>> expected;
  // kOneOf, kRefuseOrRun: the contested elements (`{one_of: [...]}` in `expected`,
  // which holds the first of the values there).
  std::vector<OneOfElement> one_of;
  // The calls after the first, in order; `expected` is then the last call's
  // output. Every call is checked like a case of its own (stray writes,
  // guards); only the last one's values are compared.
  std::vector<ChainStep> then;

  OperatorType op() const { return TypeOf(descriptor); }
};

// A case file that does not load. what() is one line:
// "FILE:LINE:COL: FIELD: message", FIELD a path such as
// "cases[3].descriptor.InputTensor.Sizes".
class CaseFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A descriptor spelled as in a case file's `descriptor:` (YAML or JSON text,
// as the exec: and serve: protocols send it), for `op`. Throws CaseFileError
// naming `where`.
OperatorDesc ParseDescriptorText(OperatorType op, const std::string& text,
                                 const std::string& where);

// One file (YAML or JSON). Throws CaseFileError.
std::vector<Case> LoadCaseFile(const std::filesystem::path& file);
// A file, or every *.yaml / *.yml / *.json below a directory in sorted order.
std::vector<Case> LoadCases(const std::filesystem::path& file_or_dir);
// Several paths, in order; case names must be unique across all of them.
std::vector<Case> LoadCases(const std::vector<std::filesystem::path>& paths);

}  // namespace dmlconf::validator
