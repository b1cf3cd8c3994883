#include "cases/yaml_reader.h"

#include <yaml-cpp/eventhandler.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <sstream>
#include <unordered_map>
#include <vector>

#include "dmlconf/validator/case.h"
#include "platform/regular_file.h"

namespace dmlconf::validator {
namespace {

// Deeper than any case file needs (a rank-8 nested list inside a case is ~12),
// and far from what would exhaust the stack of yaml-cpp's recursive parser or
// of the loader's walk over nested lists.
constexpr int kMaxYamlDepth = 64;

// Closes the descriptor on every way out.
struct FileDescriptor {
  int fd;
  ~FileDescriptor() {
    if (fd >= 0) close(fd);
  }
};

[[noreturn]] void FailAtMark(const std::string& file, const YAML::Mark& mark,
                             std::string_view message) {
  FailFile(file, mark.line >= 0 ? mark.line + 1 : 1, mark.column >= 0 ? mark.column + 1 : 1, "yaml",
           message);
}

// The streaming pre-pass: sees every node as an event, before yaml-cpp builds
// (and silently dedupes) the tree.
class DocumentChecker : public YAML::EventHandler {
 public:
  explicit DocumentChecker(const std::string& file) : file_(file) {}

  void OnDocumentStart(const YAML::Mark& mark) override {
    if (++documents_ > 1)
      FailAtMark(file_, mark,
                 "a second YAML document (after '---'); a case file holds one document, and "
                 "the cases of any other would be dropped");
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { Leaf(mark, anchor, "~"); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                const std::string& value) override {
    Leaf(mark, anchor, value);
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    BeginNode(mark, nullptr);
    const auto it = weight_.find(anchor);
    if (it == weight_.end())  // its node is still open: the alias is inside it
      FailAtMark(file_, mark, "an alias inside the node its anchor names (a cycle)");
    Count(mark, it->second);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    Open(mark, anchor, false);
  }
  void OnSequenceEnd() override { Close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    Open(mark, anchor, true);
  }
  void OnMapEnd() override { Close(); }

 private:
  struct Frame {
    YAML::anchor_t anchor;
    uint64_t total_at_open;  // nodes counted before this one
    bool is_map;
    bool next_is_key = true;
    std::map<std::string, YAML::Mark> keys;
  };

  // A node starts; `key_text` is its text when it is a scalar. In a mapping's
  // key position it must be a scalar not seen before in that mapping.
  void BeginNode(const YAML::Mark& mark, const std::string* key_text) {
    if (stack_.empty() || !stack_.back().is_map) return;
    Frame& map = stack_.back();
    map.next_is_key = !map.next_is_key;
    if (map.next_is_key) return;  // this node is a value
    if (!key_text) FailAtMark(file_, mark, "a mapping key must be a scalar");
    const auto [it, fresh] = map.keys.emplace(*key_text, mark);
    if (!fresh)
      FailAtMark(file_, mark,
                 "duplicate key '" + *key_text + "' (first at line " +
                     std::to_string(it->second.line + 1) + ", column " +
                     std::to_string(it->second.column + 1) +
                     "); YAML keeps only one of them, so the other would be dropped");
  }

  void Leaf(const YAML::Mark& mark, YAML::anchor_t anchor, const std::string& text) {
    BeginNode(mark, &text);
    Count(mark, 1);
    if (anchor) weight_[anchor] = 1;
  }

  void Open(const YAML::Mark& mark, YAML::anchor_t anchor, bool is_map) {
    BeginNode(mark, nullptr);
    if (stack_.size() >= size_t(kMaxYamlDepth))
      FailAtMark(file_, mark, "nested deeper than " + std::to_string(kMaxYamlDepth) + " levels");
    if (anchor) weight_.erase(anchor);  // a redefined anchor is open again
    stack_.push_back(Frame{anchor, total_, is_map, true, {}});
    Count(mark, 1);
  }

  void Close() {
    const Frame& frame = stack_.back();
    if (frame.anchor) weight_[frame.anchor] = total_ - frame.total_at_open;
    stack_.pop_back();
  }

  // Adds `nodes` to the file's expanded count; the error stands where the
  // count first passes the limit, so an alias bomb is named at its alias.
  void Count(const YAML::Mark& mark, uint64_t nodes) {
    total_ = nodes > kMaxYamlNodes ? kMaxYamlNodes + 1 : total_ + nodes;
    if (total_ > kMaxYamlNodes)
      FailAtMark(file_, mark,
                 "the document grows past " + std::to_string(kMaxYamlNodes) +
                     " nodes here (aliases counted as the nodes they repeat), more than a case "
                     "file may hold; write large data as a fill rule");
  }

  const std::string& file_;
  int documents_ = 0;
  uint64_t total_ = 0;
  std::vector<Frame> stack_;
  std::unordered_map<YAML::anchor_t, uint64_t> weight_;  // closed anchors
};

// yaml-cpp's scanner reads a whole run of nested '[' / '{' (each a possible
// simple key) before its parser reports the first one, at about 280 bytes per
// level, so the pre-pass's depth limit comes too late. This lexical pass finds
// the depth first, erring on the high side: it counts every opener, even in a
// string or comment (which it may have mistaken for one), and a closer there
// only down to the depth where the string began, so "]]]" in a string hides no
// opener while "Tensors[0]" costs nothing. A string starts wherever YAML could
// start one, at any token's start; only inside a plain scalar ("it's") not.
// What a crafted file can still hide is bounded by kMaxCaseFileBytes.
void CheckFlowDepth(const std::string& file, const std::string& text) {
  enum class In { kToken, kPlain, kProperty, kDouble, kSingle, kComment } in = In::kToken;
  int depth = 0;
  int floor = 0;  // closers in a string or comment stop here
  int line = 1;
  size_t line_start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool quoted = in == In::kDouble || in == In::kSingle || in == In::kComment;
    if (c == '[' || c == '{') {
      if (++depth > kMaxYamlDepth)
        FailFile(file, line, int(i - line_start) + 1, "yaml",
                 "nested deeper than " + std::to_string(kMaxYamlDepth) + " levels");
      if (!quoted) in = In::kToken;
      continue;
    }
    if ((c == ']' || c == '}') && depth > (quoted ? floor : 0)) --depth;
    if (c == '\n') {
      ++line;
      line_start = i + 1;
    }
    switch (in) {
      case In::kDouble:
        if (c == '\\' && i + 1 < text.size() && text[i + 1] != '\n')
          ++i;  // escaped
        else if (c == '"')
          in = In::kToken;
        break;
      case In::kSingle:
        if (c == '\'' && i + 1 < text.size() && text[i + 1] == '\'')
          ++i;  // '' is a quote
        else if (c == '\'')
          in = In::kToken;
        break;
      case In::kComment:
        if (c == '\n') in = In::kToken;
        break;
      case In::kToken:
      case In::kPlain:
      case In::kProperty: {
        const bool space = c == ' ' || c == '\t' || c == '\r' || c == '\n';
        if (c == '#' && (i == 0 || std::strchr(" \t\r\n", text[i - 1]))) {
          in = In::kComment;
          floor = depth;
        } else if (std::strchr("]},:?-", c) || c == '\n' || (space && in == In::kProperty)) {
          in = In::kToken;  // ends a plain scalar, or might (erring towards a token start)
        } else if (in == In::kToken && (c == '"' || c == '\'')) {
          in = c == '"' ? In::kDouble : In::kSingle;
          floor = depth;
        } else if (in == In::kToken && !space) {
          in = (c == '&' || c == '!' || c == '*') ? In::kProperty : In::kPlain;
        }
        break;
      }
    }
  }
}

}  // namespace

std::string ClipMessage(std::string_view message) {
  if (message.size() <= kMaxMessageBytes) return std::string(message);
  return std::string(message.substr(0, kMaxMessageBytes)) + "... (" +
         std::to_string(message.size() - kMaxMessageBytes) + " more bytes cut)";
}

void FailFile(const std::string& file, int line, int column, std::string_view field,
              std::string_view message) {
  throw CaseFileError(file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                      ClipMessage(field) + ": " + ClipMessage(message));
}

std::string ReadCaseFileText(const std::string& file) {
  uint64_t size = 0;
  std::string why;
  FileDescriptor in{regular_file::Open(file, &size, &why, /*follow_links=*/true)};
  if (in.fd < 0) FailFile(file, 0, 0, "file", why);
  if (size > kMaxCaseFileBytes)
    FailFile(file, 0, 0, "file",
             "is " + std::to_string(size) + " bytes, more than the " +
                 std::to_string(kMaxCaseFileBytes >> 20) + " MiB a case file may be");
  // Read in chunks against the limit as well, in case the file grows meanwhile.
  std::string text;
  text.reserve(size_t(size));
  char chunk[1 << 16];
  while (true) {
    const ssize_t got = read(in.fd, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) FailFile(file, 0, 0, "file", std::string("cannot be read: ") + strerror(errno));
    if (got == 0) return text;
    text.append(chunk, size_t(got));
    if (text.size() > kMaxCaseFileBytes)
      FailFile(file, 0, 0, "file",
               "grew past the " + std::to_string(kMaxCaseFileBytes >> 20) +
                   " MiB a case file may be while it was read");
  }
}

YAML::Node ParseOneDocument(const std::string& file, const std::string& text) {
  try {
    CheckFlowDepth(file, text);
    std::istringstream stream(text);
    YAML::Parser parser(stream);
    DocumentChecker checker(file);
    while (parser.HandleNextDocument(checker)) {
    }
    return YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    FailAtMark(file, e.mark, e.msg);
  }
}

}  // namespace dmlconf::validator
