// Writing an expected-failure list (--write-xfail of `run` and `fuzz`): entries in the
// form --xfail reads back (run/xfail.h), the file replaced whole.
#pragma once

#include <string>

namespace dmlconf::cli {

// A glob that matches exactly `name`: fnmatch (flags 0) reads a backslash as "the
// next character is itself". '#' is escaped too, and blanks at either end, so the
// glob survives an expected-failure list's comments and trimming.
std::string GlobLiteral(const std::string& name);

// Writes `text` to a temporary file beside `path`, then renames it into place; throws
// std::runtime_error "--write-xfail PATH: ..." when it cannot.
void WriteXfailFile(const std::string& path, const std::string& text);

}  // namespace dmlconf::cli
