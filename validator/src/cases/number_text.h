// How a case file spells one element (cases/README.md, "Number spellings"):
// ParseElement's forms, held to one rule for every float type.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "dmlconf/data_type.h"

namespace dmlconf::validator {

// ParseElement, plus the case-file rules: a decimal that rounds to infinity
// or (being non-zero) to zero in `type` is an error in FLOAT16 as in FLOAT32
// and FLOAT64; a NaN is `nan` / `.nan` (the positive quiet NaN) or a bit
// pattern, so `-nan`, `-.nan` and `nan(...)` are errors that give the bits.
std::optional<ElementBits> ParseCaseElement(DataType type, std::string_view text,
                                            std::string* error);

}  // namespace dmlconf::validator
