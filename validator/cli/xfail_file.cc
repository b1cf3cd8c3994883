#include "xfail_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace dmlconf::cli {

std::string GlobLiteral(const std::string& name) {
  std::string glob;
  for (size_t i = 0; i < name.size(); ++i) {
    const char ch = name[i];
    const bool edge_blank = (ch == ' ' || ch == '\t') && (i == 0 || i + 1 == name.size());
    if ((ch != '\0' && std::strchr("*?[]\\#", ch)) || edge_blank) glob += '\\';
    glob += ch;
  }
  return glob;
}

void WriteXfailFile(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".tmp-" + std::to_string(getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out.flush()) {
      std::remove(temporary.c_str());
      throw std::runtime_error("--write-xfail " + path + ": cannot be written");
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    throw std::runtime_error("--write-xfail " + path + ": " + std::strerror(errno));
  }
}

}  // namespace dmlconf::cli
