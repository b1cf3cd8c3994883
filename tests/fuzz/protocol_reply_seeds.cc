#include "protocol_reply_seeds.h"

namespace dmlconf::fuzz {

std::vector<std::pair<std::string, std::string>> ProtocolReplySeeds() {
  // Every status each action allows, the optional fields, and the replies
  // BACKENDS.md says are errors (another id, a status the action does not allow).
  // The request id (serve: replies) is the id the reply was asked to carry.
  struct Seed {
    ReplyKind kind;
    std::string text;
    unsigned id = 0;
  };
  const std::vector<Seed> replies = {
      {ReplyKind::kResultDescribe,
       R"({"status": "ok", "max_feature_level": "6_4", "reports_reason_codes": true})"},
      {ReplyKind::kResultDescribe,
       R"({"status": "ok", "name": "sample", "max_feature_level": "3_0", "reports_reason_codes": false})"},
      {ReplyKind::kResultCreate, R"({"status": "ok"})"},
      {ReplyKind::kResultCreate,
       R"({"status": "rejected", "reason": "SPLIT_AXIS_SIZES_MISMATCH", "message": "sizes"})"},
      {ReplyKind::kResultCreate, R"({"status": "unsupported", "reason": "no FLOAT16 here"})"},
      {ReplyKind::kResultExecute, R"({"status": "ok"})"},
      {ReplyKind::kResultExecute, R"({"status": "error", "message": "out of memory"})"},
      {ReplyKind::kResultExecute, R"({"status": "unsupported", "message": "index -7"})"},
      {ReplyKind::kServeDescribe,
       R"({"id":1,"status":"ok","name":"numpy sample","max_feature_level":"6_4","reports_reason_codes":false})",
       1},
      {ReplyKind::kServeCreate, R"({"id":2,"status":"ok"})", 2},
      {ReplyKind::kServeCreate,
       R"({"id":2,"status":"rejected","reason":"TENSOR_RANK_INVALID","message":"rank 9"})", 2},
      {ReplyKind::kServeCreate, R"({"id":2,"status":"unsupported","reason":"not here"})", 2},
      {ReplyKind::kServeCreate, R"({"id":7,"status":"ok"})", 2},
      {ReplyKind::kServeExecute, R"({"id":3,"status":"ok"})", 3},
      {ReplyKind::kServeExecute, R"({"id":3,"status":"error","message":"device lost"})", 3},
      {ReplyKind::kServeExecute, R"({"id":3,"status":"rejected","reason":"OK"})", 3},
  };
  std::vector<std::pair<std::string, std::string>> seeds;
  const unsigned kinds = unsigned(ReplyKind::kCount);
  for (size_t i = 0; i < replies.size(); ++i) {
    const Seed& seed = replies[i];
    const char selector = char(unsigned(seed.kind) + kinds * seed.id);
    seeds.emplace_back("reply-" + std::to_string(i), selector + seed.text + "\n");
  }
  return seeds;
}

}  // namespace dmlconf::fuzz
