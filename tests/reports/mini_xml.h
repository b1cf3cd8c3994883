// Just enough of an XML 1.0 parser to check what the JUnit and HTML writers emit:
// well-formedness (balanced tags, quoted attributes, no raw '<' or stray '&', only
// characters XML allows) and the decoded tree. Independent of the writers' escaping
// code on purpose.
#pragma once

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace dmlconf::report_testing {

struct XmlElement {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::string text;  // decoded character data directly inside this element
  std::vector<std::unique_ptr<XmlElement>> children;

  std::vector<const XmlElement*> Children(const std::string& child_name) const {
    std::vector<const XmlElement*> found;
    for (const auto& child : children) {
      if (child->name == child_name) found.push_back(child.get());
    }
    return found;
  }
  const std::string& Attr(const std::string& key) const { return attributes.at(key); }
};

class MiniXmlParser {
 public:
  explicit MiniXmlParser(std::string text) : text_(std::move(text)) {}

  // Throws std::runtime_error with the offset of the first problem.
  std::unique_ptr<XmlElement> Parse() {
    CheckCharacters();
    if (text_.compare(0, 5, "<?xml") == 0) pos_ = text_.find("?>") + 2;
    SkipSpace();
    auto root = Element();
    SkipSpace();
    if (pos_ != text_.size()) Fail("content after the root element");
    return root;
  }

 private:
  [[noreturn]] void Fail(const std::string& what) const {
    throw std::runtime_error(what + " at offset " + std::to_string(pos_));
  }

  void CheckCharacters() {
    for (pos_ = 0; pos_ < text_.size(); ++pos_) {
      const auto byte = static_cast<unsigned char>(text_[pos_]);
      if (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r') Fail("control character");
    }
    pos_ = 0;
  }

  void SkipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }

  std::string NameToken() {
    const size_t start = pos_;
    while (pos_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_' ||
            text_[pos_] == '-' || text_[pos_] == ':' || text_[pos_] == '.')) {
      ++pos_;
    }
    if (pos_ == start) Fail("expected a name");
    return text_.substr(start, pos_ - start);
  }

  std::string Entity() {
    const size_t end = text_.find(';', pos_);
    if (end == std::string::npos || end - pos_ > 10) Fail("stray '&'");
    const std::string name = text_.substr(pos_ + 1, end - pos_ - 1);
    pos_ = end + 1;
    static const std::map<std::string, std::string> kNamed = {
        {"amp", "&"}, {"lt", "<"}, {"gt", ">"}, {"quot", "\""}, {"apos", "'"}};
    if (auto it = kNamed.find(name); it != kNamed.end()) return it->second;
    if (name.size() > 1 && name[0] == '#') {
      const unsigned long code = std::stoul(name.substr(1), nullptr, 10);
      if (code < 0x80) return std::string(1, static_cast<char>(code));
    }
    Fail("unknown entity &" + name + ";");
  }

  std::string Characters(char stop) {
    std::string out;
    while (pos_ < text_.size() && text_[pos_] != stop) {
      if (text_[pos_] == '&') {
        out += Entity();
      } else {
        if (stop == '"' && text_[pos_] == '<') Fail("raw '<' in an attribute value");
        out += text_[pos_++];
      }
    }
    if (pos_ == text_.size()) Fail("unterminated text");
    return out;
  }

  std::unique_ptr<XmlElement> Element() {
    if (text_[pos_] != '<') Fail("expected '<'");
    ++pos_;
    auto element = std::make_unique<XmlElement>();
    element->name = NameToken();
    for (;;) {
      SkipSpace();
      if (text_.compare(pos_, 2, "/>") == 0) {
        pos_ += 2;
        return element;
      }
      if (text_[pos_] == '>') break;
      const std::string key = NameToken();
      if (text_.compare(pos_, 2, "=\"") != 0) Fail("attribute without a quoted value");
      pos_ += 2;
      if (element->attributes.count(key)) Fail("duplicate attribute " + key);
      element->attributes[key] = Characters('"');
      ++pos_;
    }
    ++pos_;
    for (;;) {
      element->text += Characters('<');
      if (text_.compare(pos_, 2, "</") == 0) {
        pos_ += 2;
        if (NameToken() != element->name) Fail("mismatched end tag for " + element->name);
        if (text_[pos_] != '>') Fail("expected '>'");
        ++pos_;
        return element;
      }
      element->children.push_back(Element());
    }
  }

  std::string text_;
  size_t pos_ = 0;
};

}  // namespace dmlconf::report_testing
