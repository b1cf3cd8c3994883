// Seed inputs for the protocol reply fuzzer: one byte, ReplyKind + kCount *
// the request id (which parser, which action answered, and for serve: which
// id the reply must carry), then the reply's text as the exec: (result.json)
// and serve: (one JSON line) protocols of validator/BACKENDS.md write it.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace dmlconf::fuzz {

enum class ReplyKind : uint8_t {
  kResultDescribe,
  kResultCreate,
  kResultExecute,
  kServeDescribe,
  kServeCreate,
  kServeExecute,
  kCount,
};

// (file name, bytes) pairs.
std::vector<std::pair<std::string, std::string>> ProtocolReplySeeds();

}  // namespace dmlconf::fuzz
