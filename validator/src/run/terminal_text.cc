#include "run/terminal_text.h"

#include <cstdio>
#include <cstring>

namespace dmlconf {
namespace {

// Length of the well-formed UTF-8 sequence starting at text[i], or 0 when there is none
// (overlong forms, surrogates and code points above U+10FFFF included).
size_t Utf8Length(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return 1;
  size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // the second byte's range
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size() || byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (size_t k = 2; k < length; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return length;
}

// A terminal acts on C0 controls, DEL and (in UTF-8, C2 80 to C2 9F) the C1 controls.
bool IsControl(std::string_view text, size_t i, size_t length) {
  const auto lead = static_cast<unsigned char>(text[i]);
  if (length == 1) return lead < 0x20 || lead == 0x7F;
  return length == 2 && lead == 0xC2 && static_cast<unsigned char>(text[i + 1]) <= 0x9F;
}

void AppendHex(std::string_view bytes, std::string* out) {
  for (char ch : bytes) {
    char hex[5];
    std::snprintf(hex, sizeof hex, "\\x%02X", static_cast<unsigned char>(ch));
    *out += hex;
  }
}

// Calls emit(bytes, safe) for each character of `text`; a byte that starts no
// well-formed sequence is a character of its own and never safe.
template <typename Emit>
void ForEachCharacter(std::string_view text, Emit emit) {
  for (size_t i = 0; i < text.size();) {
    const size_t length = Utf8Length(text, i);
    const size_t taken = length == 0 ? 1 : length;
    emit(text.substr(i, taken), length != 0 && !IsControl(text, i, length));
    i += taken;
  }
}

bool HasUnsafeCharacter(std::string_view text) {
  bool unsafe = false;
  ForEachCharacter(text, [&](std::string_view, bool safe) { unsafe |= !safe; });
  return unsafe;
}

}  // namespace

std::string Printable(std::string_view text, bool keep_lines) {
  std::string out;
  out.reserve(text.size());
  ForEachCharacter(text, [&](std::string_view bytes, bool safe) {
    if (safe || (keep_lines && (bytes == "\n" || bytes == "\t")))
      out += bytes;
    else
      AppendHex(bytes, &out);
  });
  return out;
}

std::string ShellWord(std::string_view text) {
  const bool plain = !text.empty() && text.find_first_not_of(
                                          "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                          "0123456789/._-:+=@%,") == std::string_view::npos;
  if (plain) return std::string(text);
  std::string out;
  if (!HasUnsafeCharacter(text)) {
    out = "'";
    for (char ch : text) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    return out + "'";
  }
  out = "$'";
  ForEachCharacter(text, [&](std::string_view bytes, bool safe) {
    if (!safe)
      AppendHex(bytes, &out);
    else if (bytes == "'" || bytes == "\\")
      out += "\\" + std::string(bytes);
    else
      out += bytes;
  });
  return out + "'";
}

}  // namespace dmlconf
