// Text that came from case files and backends, made safe for a terminal and a shell.
#pragma once

#include <string>
#include <string_view>

namespace dmlconf {

// `text` with every control character (C0, DEL and the C1 range U+0080-U+009F) and every
// byte that is not part of well-formed UTF-8 shown as \xNN, so a case name or a backend's
// message cannot move the cursor, recolour or retitle the terminal it is printed on.
// With `keep_lines`, newline and tab stay as they are (multi-line messages).
std::string Printable(std::string_view text, bool keep_lines = false);

// One shell word that stands for exactly `text`: as is when it holds only characters no
// shell treats specially, else in single quotes, else (control characters or bytes that
// are not UTF-8) as $'...' with \xNN escapes, which bash, zsh and POSIX.1-2024 sh read back
// byte for byte and which is itself safe to print.
std::string ShellWord(std::string_view text);

}  // namespace dmlconf
