// Reading a case file's text and parsing it as one YAML (or JSON) document,
// with the limits that keep a small hostile file from taking the machine:
// only regular files, at most kMaxCaseFileBytes, at most kMaxYamlNodes nodes
// once aliases are expanded, and no silent loss (a duplicate key or a second
// document is an error, where yaml-cpp would keep the first and drop the rest).
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace dmlconf::validator {

// Ten times the largest committed case file (414 KB). It also bounds what
// yaml-cpp's scanner queues for deeply nested flow collections (about 280
// bytes per level) that the lexical depth check below cannot see.
inline constexpr uint64_t kMaxCaseFileBytes = uint64_t(4) << 20;
// Nodes of one file, every alias counted as the nodes it stands for: about 4
// times the largest committed file (67,000). yaml-cpp keeps about 450 bytes per
// node, so the tree stays near 120 MiB; larger data is written as a fill rule.
inline constexpr uint64_t kMaxYamlNodes = uint64_t(1) << 18;

// A message as an error line prints it: at most kMaxMessageBytes, the cut said,
// so that a 4 MiB scalar quoted in an error does not become a 4 MiB line.
inline constexpr size_t kMaxMessageBytes = 1024;
std::string ClipMessage(std::string_view message);

// Throws CaseFileError "FILE:LINE:COL: FIELD: message" (LINE and COL 1-based).
[[noreturn]] void FailFile(const std::string& file, int line, int column, std::string_view field,
                           std::string_view message);

// The bytes of `file`, which must be a regular file (a FIFO would block, a
// device such as /dev/zero never ends) of at most kMaxCaseFileBytes.
std::string ReadCaseFileText(const std::string& file);

// `text` as one YAML document after a streaming pre-pass that refuses, at
// their position: a duplicate key in a mapping, a key that is not a scalar, a
// second document, and more than kMaxYamlNodes nodes (aliases expanded).
// Errors name `file` and the field "yaml".
YAML::Node ParseOneDocument(const std::string& file, const std::string& text);

}  // namespace dmlconf::validator
