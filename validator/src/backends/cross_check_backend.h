// Two implementations that check each other: a backend that runs `primary`
// into the runner's buffers and `secondary` into guarded copies of them, and
// fails any call where the two leave different bytes. It needs no expected
// values, so it also judges `unspecified` cases, where the runner compares
// nothing: both implementations must still agree and stay in bounds.
#pragma once

#include <memory>

#include "dmlconf/backend.h"

namespace dmlconf::validator {

// Named "cross-check" (the name `dmlconf run --cross-check` registers).
// Create() throws when the two disagree on a descriptor: there is no honest
// Validation to return for "one accepts, the other refuses", and the runner
// turns the throw into an `error` verdict carrying the message.
std::unique_ptr<Backend> MakeCrossCheckBackend(std::unique_ptr<Backend> primary,
                                               std::unique_ptr<Backend> secondary);

}  // namespace dmlconf::validator
