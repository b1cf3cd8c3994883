// A second copy of this host, started for one case and ended after it, so a descriptor
// known to corrupt DirectML's memory cannot spoil the long-lived process's later cases.
// The child speaks the same protocol; the parent forwards request lines and relays
// the replies. Launching and waiting for its `describe` are two steps, so a child can
// warm up (Wine, the devices) while the parent serves other cases (spare_pool.h).
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
  // process's stderr, and sends it a `describe` without waiting for the reply.
  bool Launch(std::string* error);
  // Waits for the reply to Launch's `describe`: false when the child failed to start.
  bool AwaitReady(std::string* error);
  // Whether the child has ended (crashed) while waiting, so it is never handed out.
  bool Ended() const;
  // Ends the child at once: for a spare that never ran a case, so it holds nothing.
  void Terminate();
  unsigned long process_id() const { return process_id_; }
  // Sends one request line and reads the one reply line; false when the child ended
  // (a crash) or wrote something else.
  bool Exchange(const std::string& request_line, std::string* reply_line, std::string* error);
  // Ends the child's input, so it starts exiting without being waited for yet.
  void CloseInput();

 private:
  bool Send(const std::string& request_line, std::string* error);
  bool Receive(std::string* reply_line, std::string* error);

  HANDLE process_ = nullptr;
  unsigned long process_id_ = 0;
  HANDLE to_child_ = nullptr;
  HANDLE from_child_ = nullptr;
  std::string pending_;  // bytes read past the last reply line
};
