// Reading YAML nodes with a field path and a source position, so that every
// schema error is one line: "FILE:LINE:COL: FIELD: message".
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace dmlconf::validator {

// A node, where it sits in the document ("cases[3].descriptor.Axis"), and in
// which file.
class Field {
 public:
  Field(const std::string& file, YAML::Node node, std::string path)
      : file_(&file), node_(std::move(node)), path_(std::move(path)) {}

  const YAML::Node& node() const { return node_; }
  const std::string& path() const { return path_; }
  const std::string& file() const { return *file_; }

  // Throws CaseFileError "FILE:LINE:COL: PATH: message" at this node.
  [[noreturn]] void Fail(std::string_view message) const;
  // The same at another node (a key), keeping this field's file.
  [[noreturn]] void FailAt(const YAML::Mark& mark, std::string_view path,
                           std::string_view message) const;

  // Type checks that fail with "expected a mapping, got a sequence".
  void RequireMap() const;
  void RequireSequence() const;
  // Fails on the first key not in `allowed`, naming it (typos).
  void CheckKeys(std::span<const std::string_view> allowed) const;
  void CheckKeys(std::initializer_list<std::string_view> allowed) const {
    CheckKeys(std::span<const std::string_view>(allowed.begin(), allowed.size()));
  }

  Field Required(std::string_view key) const;  // fails "missing required field 'key'"
  std::optional<Field> Optional(std::string_view key) const;
  Field At(size_t index) const;  // element of a sequence
  size_t size() const { return node_.size(); }

  std::string Scalar() const;  // fails unless a scalar
  uint32_t Uint32() const;     // a non-negative decimal integer <= UINT32_MAX
  uint64_t Uint64() const;
  int32_t Int32() const;  // a decimal integer in [INT32_MIN, INT32_MAX]
  std::string Text() const { return Scalar(); }
  // The path of a key below this field ("cases[0]" + "name"; at the top, "cases").
  std::string Child(std::string_view key) const;

 private:
  const std::string* file_;
  YAML::Node node_;
  std::string path_;
};

std::string_view NodeKindName(const YAML::Node& node);

}  // namespace dmlconf::validator
