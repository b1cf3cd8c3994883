// The fuzz targets (tests/fuzz) call these parsers directly: keep them free of I/O.
//
// The two reply formats of validator/BACKENDS.md, parsed and checked against
// what the request's action allows: the text of an exec: result.json
// (protocol 1) and one line a serve: program answered (protocol 2). Each
// returns the checked reply or throws ProtocolError with a sentence naming
// the field at fault; neither ever throws anything else.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "dmlconf/feature_level.h"
#include "dmlconf/validator/external_backends.h"

namespace dmlconf::protocol {

enum class Action { kDescribe, kCreate, kExecute };
const char* ActionName(Action action);

// A reply that breaks the protocol: the case at hand is an `error`.
class ProtocolError : public BackendError {
 public:
  using BackendError::BackendError;
};

// A reply, checked: `status` is one the action allows, and each optional
// field that is present has its documented type (absent ones stay empty).
struct Reply {
  std::string status;
  std::string reason;   // create: a reason code or a sentence; execute: a sentence
  std::string message;  // a sentence
  // describe only (status ok):
  FeatureLevel max_feature_level = kHighestFeatureLevel;
  bool reports_reason_codes = false;
  // Some cases cost the backend a slow start (a process of their own): dmlconf runs
  // neighbouring cases far apart, so those starts overlap other cases' work.
  bool spread_cases = false;
  std::string name;                  // what the backend calls itself; its identity without NAME=
  std::string version, description;  // free text, for the reports
};

// Replies longer than these are refused unread (a runaway program, a result.json
// that is /dev/zero): far above any honest reply, which is a few hundred bytes.
inline constexpr size_t kMaxResultJsonBytes = 1 << 20;
inline constexpr size_t kMaxReplyLineBytes = 1 << 20;
// JSON nested deeper than this is no reply either (and bounds the parser's work).
inline constexpr int kMaxReplyDepth = 16;

// `text` is the whole of result.json for an `action` request (protocol 1).
Reply ParseResultJson(std::string_view text, Action action);

// `line` is one reply line (without its newline) to request `id`, an `action`
// (protocol 2): it must be an object with that "id".
Reply ParseServeReply(std::string_view line, uint64_t id, Action action);

// At most `limit` bytes of `text` for a message, with "… (N bytes cut)" when cut.
std::string Quote(std::string_view text, size_t limit);

}  // namespace dmlconf::protocol
