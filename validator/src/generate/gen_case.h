// The generator's model of a case, and how it becomes YAML text (the format
// in cases/README.md). Written here rather than shared with the loader, so
// that the generator and the loader check each other.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dmlconf/feature_level.h"
#include "dmlconf/op_desc.h"
#include "dmlconf/validate.h"
#include "oracle.h"

namespace dmlconf::generate {

// kRefuseOrRun: implementation-defined (contract points A1, G4, T1 below 16): any refusal
// passes; a run must stay inside its buffers, and `expected`, when given, is
// compared only where no two output elements share a location. kOneOf: kMatch but
// for the elements `one_of` lists (colliding SCATTER updates), each one of its values.
enum class Expect { kMatch, kReject, kUnspecified, kRefuseOrRun, kOneOf };

// `{fill: iota, start: S, step: T}`: element i is S + i*T in the data type.
struct Iota {
  int64_t start = 0;
  int64_t step = 1;
};

// One tensor's data: inline logical values, an iota fill rule, or
// `{fill: random, seed: K}` (element i's bits are splitmix64(K + i), cut to
// the type's width).
struct TensorData {
  Values values;
  std::optional<Iota> iota = std::nullopt;
  std::optional<uint64_t> random_seed = std::nullopt;
};

struct GenCase {
  std::string name;
  FeatureLevel level = FeatureLevel::k1_0;
  OperatorDesc desc;
  Expect expect = Expect::kMatch;
  Reason reason = Reason::OK;  // for kReject
  std::string description;
  std::vector<TensorData> inputs;    // InputSlots order
  std::vector<TensorData> expected;  // OutputSlots order; kMatch, optional for kRefuseOrRun
  std::vector<OneOf> one_of;         // kOneOf, kRefuseOrRun: the contested elements of `expected`
};

// The iota rule's elements, as a loader expands them (integer types and
// FLOAT32 / FLOAT64, where the values are exact).
Values ExpandIota(DataType type, uint64_t count, Iota iota);
// A tensor's elements whatever form its data takes, as a loader expands them.
Values Expand(const TensorDesc& tensor, const TensorData& data);

// A whole case file: a header comment, then `cases:`.
std::string CaseFileText(const std::string& header, const std::vector<GenCase>& cases);

}  // namespace dmlconf::generate
