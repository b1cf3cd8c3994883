// Fuzz target: the protocol reply parsers (validator/src/backends/protocol_replies.h),
// ParseResultJson (an exec: program's result.json) and ParseServeReply (one
// line of a serve: program). The first byte chooses the parser, the action
// answered and the request id (protocol_reply_seeds.h); the rest is the reply.
//
// Passes: the parser returns a reply whose status the action allows, or
// throws ProtocolError with a message. A crash, another exception type, or an
// accepted status the action does not allow is a finding.
#include <algorithm>
#include <string>
#include <string_view>

#include "backends/protocol_replies.h"
#include "fuzz_check.h"
#include "protocol_reply_seeds.h"

namespace {

using dmlconf::protocol::Action;

bool Allowed(Action action, const std::string& status) {
  switch (action) {
    case Action::kDescribe: return status == "ok";
    case Action::kCreate: return status == "ok" || status == "rejected" || status == "unsupported";
    case Action::kExecute: return status == "ok" || status == "error" || status == "unsupported";
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace dmlconf;
  using dmlconf::fuzz::ReplyKind;
  if (size == 0) return 0;
  const unsigned kinds = unsigned(ReplyKind::kCount);
  const auto kind = ReplyKind(data[0] % kinds);
  const uint64_t id = data[0] / kinds;  // the request id a serve: reply must carry
  std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const bool serve = kind >= ReplyKind::kServeDescribe;
  const auto action = Action(unsigned(kind) % 3);
  if (serve && !text.empty() && text.back() == '\n') text.remove_suffix(1);  // the line's end
  try {
    const protocol::Reply reply = serve ? protocol::ParseServeReply(text, id, action)
                                        : protocol::ParseResultJson(text, action);
    DMLCONF_FUZZ_CHECK(Allowed(action, reply.status),
                       std::string("accepted status '") + reply.status + "' for " +
                           protocol::ActionName(action));
    DMLCONF_FUZZ_CHECK(
        std::find(kAllFeatureLevels.begin(), kAllFeatureLevels.end(), reply.max_feature_level) !=
            kAllFeatureLevels.end(),
        "a max_feature_level outside the known levels");
  } catch (const protocol::ProtocolError& e) {
    DMLCONF_FUZZ_CHECK(*e.what() != '\0', "a protocol error without a message");
  }
  return 0;
}
