// A second copy of this host, started for one case and ended after it, so a descriptor
// known to corrupt DirectML's memory cannot spoil the long-lived process's later cases.
// The child speaks the same protocol; the parent forwards request lines and relays
// the replies.
#pragma once

#include <string>

#include "dml_headers.h"

class IsolatedChild {
 public:
  IsolatedChild() = default;
  IsolatedChild(const IsolatedChild&) = delete;
  IsolatedChild& operator=(const IsolatedChild&) = delete;
  ~IsolatedChild();  // closes the child's input and waits for it (killed after 10 s)

  // Starts this program with its own arguments and --isolated, with pipes for stdin/stdout and this
  // process's stderr, and checks its `describe`.
  bool Start(std::string* error);
  // Sends one request line and reads the one reply line; false when the child ended
  // (a crash) or wrote something else.
  bool Exchange(const std::string& request_line, std::string* reply_line, std::string* error);
  // Ends the child's input, so it starts exiting without being waited for yet.
  void CloseInput();

 private:
  HANDLE process_ = nullptr;
  HANDLE to_child_ = nullptr;
  HANDLE from_child_ = nullptr;
  std::string pending_;  // bytes read past the last reply line
};
