#include "isolated_child.h"

namespace {

constexpr DWORD kExitWaitMs = 10000;

std::string LastError(const char* call) {
  return std::string(call) + " failed (error " + std::to_string(GetLastError()) + ")";
}

// An inheritable duplicate of this process's stderr, for the child's stderr.
HANDLE InheritableStderr() {
  HANDLE copy = nullptr;
  DuplicateHandle(GetCurrentProcess(), GetStdHandle(STD_ERROR_HANDLE), GetCurrentProcess(), &copy,
                  0, TRUE, DUPLICATE_SAME_ACCESS);
  return copy;
}

}  // namespace

bool IsolatedChild::Launch(std::string* error) {
  SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
  HANDLE child_stdin = nullptr, child_stdout = nullptr;
  if (!CreatePipe(&child_stdin, &to_child_, &inherit, 0) ||
      !CreatePipe(&from_child_, &child_stdout, &inherit, 0)) {
    *error = LastError("CreatePipe");
    return false;
  }
  // Only the child's ends are inherited.
  SetHandleInformation(to_child_, HANDLE_FLAG_INHERIT, 0);
  SetHandleInformation(from_child_, HANDLE_FLAG_INHERIT, 0);
  HANDLE child_stderr = InheritableStderr();

  // This process's own command line: the same DLL and adapter.
  std::wstring command = std::wstring(GetCommandLineW()) + L" --isolated";
  STARTUPINFOW startup{};
  startup.cb = sizeof startup;
  startup.dwFlags = STARTF_USESTDHANDLES;
  startup.hStdInput = child_stdin;
  startup.hStdOutput = child_stdout;
  startup.hStdError = child_stderr;
  PROCESS_INFORMATION info{};
  BOOL started = CreateProcessW(nullptr, command.data(), nullptr, nullptr, TRUE, 0, nullptr,
                                nullptr, &startup, &info);
  CloseHandle(child_stdin);
  CloseHandle(child_stdout);
  if (child_stderr) CloseHandle(child_stderr);
  if (!started) {
    *error = LastError("CreateProcess (isolated child)");
    return false;
  }
  CloseHandle(info.hThread);
  process_ = info.hProcess;
  process_id_ = info.dwProcessId;
  // The pipe holds the request until the child reads it, after its devices are up.
  return Send("{\"protocol\":2,\"id\":0,\"action\":\"describe\"}", error);
}

bool IsolatedChild::AwaitReady(std::string* error) {
  std::string reply;
  if (!Receive(&reply, error)) return false;
  if (reply.find("\"status\":\"ok\"") == std::string::npos) {
    *error = "the isolated child's describe failed: " + reply;
    return false;
  }
  return true;
}

bool IsolatedChild::Exchange(const std::string& request_line, std::string* reply_line,
                             std::string* error) {
  return Send(request_line, error) && Receive(reply_line, error);
}

bool IsolatedChild::Send(const std::string& request_line, std::string* error) {
  const std::string line = request_line + "\n";
  DWORD written = 0;
  if (!WriteFile(to_child_, line.data(), static_cast<DWORD>(line.size()), &written, nullptr) ||
      written != line.size()) {
    *error = "the isolated DirectML process is gone (it crashed; its stderr is above)";
    return false;
  }
  return true;
}

bool IsolatedChild::Receive(std::string* reply_line, std::string* error) {
  size_t end;
  while ((end = pending_.find('\n')) == std::string::npos) {
    char chunk[4096];
    DWORD got = 0;
    if (!ReadFile(from_child_, chunk, sizeof chunk, &got, nullptr) || got == 0) {
      *error =
          "the isolated DirectML process ended without replying (it crashed; its stderr is above)";
      return false;
    }
    pending_.append(chunk, got);
  }
  *reply_line = pending_.substr(0, end);
  pending_.erase(0, end + 1);
  return true;
}

bool IsolatedChild::Ended() const {
  return !process_ || WaitForSingleObject(process_, 0) == WAIT_OBJECT_0;
}

void IsolatedChild::Terminate() {
  if (process_) TerminateProcess(process_, 5);
}

void IsolatedChild::CloseInput() {
  if (to_child_) CloseHandle(to_child_);
  to_child_ = nullptr;
}

IsolatedChild::~IsolatedChild() {
  CloseInput();  // end of input: the child exits
  if (process_ && WaitForSingleObject(process_, kExitWaitMs) != WAIT_OBJECT_0)
    TerminateProcess(process_, 4);
  if (from_child_) CloseHandle(from_child_);
  if (process_) CloseHandle(process_);
}
