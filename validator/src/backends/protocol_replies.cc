// The reply parsers of protocols 1 and 2 (validator/BACKENDS.md), without I/O
// so that the fuzz targets can feed them anything.
#include "backends/protocol_replies.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace dmlconf::protocol {
namespace {

using nlohmann::json;

// How much of a bad reply an error message shows.
constexpr size_t kQuotedReplyBytes = 300;

// The statuses each action may answer (the tables of BACKENDS.md; the same
// for both protocols).
std::vector<const char*> Allowed(Action action) {
  switch (action) {
    case Action::kDescribe: return {"ok"};
    case Action::kCreate: return {"ok", "rejected", "unsupported"};
    case Action::kExecute: return {"ok", "error", "unsupported"};
  }
  return {};
}

// Where a reply came from, for its error messages: "the reply" (one line of
// protocol 2) or "result.json" (protocol 1).
struct Source {
  std::string name;
  bool one_line;
  std::string Field(const char* key) const { return name + "'s field \"" + key + "\""; }
};

// Parses `text` as one JSON object, nested at most kMaxReplyDepth deep, read strictly: a
// key given twice in one object (which would let the last one win unseen) and a NUL byte
// (after which a C reader would stop) are errors, not something to guess about.
json ParseObject(std::string_view text, const Source& source) {
  const std::string shape =
      source.name + " is not one JSON object" + (source.one_line ? " on one line" : "");
  if (const size_t nul = text.find('\0'); nul != std::string_view::npos)
    throw ProtocolError(shape + " (a NUL byte at offset " + std::to_string(nul) +
                        "): " + Quote(text, kQuotedReplyBytes));
  std::vector<std::vector<std::string>> keys;  // of each object open, innermost last
  const json::parser_callback_t check = [&](int depth, json::parse_event_t event, json& value) {
    if (depth > kMaxReplyDepth)
      throw ProtocolError(shape + " (it nests deeper than " + std::to_string(kMaxReplyDepth) +
                          " levels): " + Quote(text, kQuotedReplyBytes));
    if (event == json::parse_event_t::object_start) keys.emplace_back();
    if (event == json::parse_event_t::object_end && !keys.empty()) keys.pop_back();
    if (event == json::parse_event_t::key && !keys.empty()) {
      const std::string key = value.get<std::string>();
      if (std::find(keys.back().begin(), keys.back().end(), key) != keys.back().end())
        throw ProtocolError(shape + " (the key \"" + key +
                            "\" twice in one object): " + Quote(text, kQuotedReplyBytes));
      keys.back().push_back(key);
    }
    return true;
  };
  json parsed;
  try {
    parsed = json::parse(text.begin(), text.end(), check);
  } catch (const json::exception& e) {
    throw ProtocolError(shape + " (" + e.what() + "): " + Quote(text, kQuotedReplyBytes));
  }
  if (!parsed.is_object())
    throw ProtocolError(source.name + " is not a JSON object but " + parsed.type_name() + ": " +
                        Quote(text, kQuotedReplyBytes));
  return parsed;
}

// The string field `key`, "" when absent or null; any other type is an error.
std::string StringField(const json& reply, const char* key, const Source& source) {
  const auto it = reply.find(key);
  if (it == reply.end() || it->is_null()) return {};
  if (!it->is_string())
    throw ProtocolError(source.Field(key) + " must be a string, not " + it->type_name() + " (" +
                        Quote(it->dump(), kQuotedReplyBytes) + ")");
  return it->get<std::string>();
}

std::string StatusOf(const json& reply, Action action, const Source& source,
                     std::string_view text) {
  std::string known;
  const auto status = reply.find("status");
  for (const char* ok : Allowed(action)) {
    if (status != reply.end() && status->is_string() && *status == ok) return ok;
    known += std::string(known.empty() ? "" : ", ") + ok;
  }
  throw ProtocolError(source.name + "'s status must be one of " + known + " for " +
                      ActionName(action) + ": " + Quote(text, kQuotedReplyBytes));
}

// An optional true/false field; absent is false.
bool BoolField(const json& reply, const char* key, const Source& source) {
  const auto field = reply.find(key);
  if (field == reply.end()) return false;
  if (!field->is_boolean())
    throw ProtocolError(source.Field(key) + " must be true or false, not " +
                        Quote(field->dump(), kQuotedReplyBytes));
  return field->get<bool>();
}

void ReadDescribe(const json& reply, const Source& source, Reply* r) {
  r->name = StringField(reply, "name", source);
  r->version = StringField(reply, "version", source);
  r->description = StringField(reply, "description", source);
  const auto level = reply.find("max_feature_level");
  const std::optional<FeatureLevel> parsed = level != reply.end() && level->is_string()
                                                 ? ParseFeatureLevel(level->get<std::string>())
                                                 : std::nullopt;
  if (!parsed)
    throw ProtocolError(
        source.Field("max_feature_level") + " must be a feature level like \"6_4\", not " +
        (level == reply.end() ? std::string("missing") : Quote(level->dump(), kQuotedReplyBytes)));
  r->max_feature_level = *parsed;
  r->reports_reason_codes = BoolField(reply, "reports_reason_codes", source);
  r->spread_cases = BoolField(reply, "spread_cases", source);
}

Reply Check(const json& reply, Action action, const Source& source, std::string_view text) {
  Reply r;
  r.status = StatusOf(reply, action, source, text);
  r.reason = StringField(reply, "reason", source);
  r.message = StringField(reply, "message", source);
  if (action == Action::kDescribe) ReadDescribe(reply, source, &r);
  return r;
}

}  // namespace

const char* ActionName(Action action) {
  switch (action) {
    case Action::kDescribe: return "describe";
    case Action::kCreate: return "create";
    case Action::kExecute: return "execute";
  }
  return "?";
}

std::string Quote(std::string_view text, size_t limit) {
  if (text.size() <= limit) return std::string(text);
  return std::string(text.substr(0, limit)) + "… (" + std::to_string(text.size() - limit) +
         " bytes cut)";
}

Reply ParseResultJson(std::string_view text, Action action) {
  const Source source{"result.json", false};
  if (text.size() > kMaxResultJsonBytes)
    throw ProtocolError("result.json holds " + std::to_string(text.size()) +
                        " bytes, more than the " + std::to_string(kMaxResultJsonBytes) +
                        " a result may hold");
  return Check(ParseObject(text, source), action, source, text);
}

Reply ParseServeReply(std::string_view line, uint64_t id, Action action) {
  const Source source{"the reply", true};
  if (line.size() > kMaxReplyLineBytes)
    throw ProtocolError("the reply is longer than " + std::to_string(kMaxReplyLineBytes) +
                        " bytes");
  const json reply = ParseObject(line, source);
  const auto got = reply.find("id");
  if (got == reply.end() || !got->is_number_unsigned() || got->get<uint64_t>() != id)
    throw ProtocolError(
        "the reply is for request " +
        (got == reply.end() ? std::string("(none)") : Quote(got->dump(), kQuotedReplyBytes)) +
        ", not " + std::to_string(id) + ": " + Quote(line, kQuotedReplyBytes));
  return Check(reply, action, source, line);
}

}  // namespace dmlconf::protocol
