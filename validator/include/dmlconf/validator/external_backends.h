// Backends written by others, behind dmlconf::Backend: a shared library with
// the C ABI of dmlconf/dmlconf_backend.h, and any program that exchanges files
// as validator/BACKENDS.md describes. Both trust nothing the backend says
// about buffers: sizes are checked, and the runner's guards do the rest.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "dmlconf/backend.h"

namespace dmlconf {

// What a backend does that the harness cannot judge (a process that times
// out, crashes or writes no result.json; a plug-in that breaks the ABI):
// the runner reports the case as `error`, not `failed`.
class BackendError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Loads the plug-in at `path`; throws BackendError naming the path and the
// dlerror() text when the file, the entry point or the ABI version is wrong.
// Its Name() is the table's `name`, else `unnamed` ("plugin-in-process:PATH" when
// not given; the plug-in host passes "" to tell a declared name from none).
std::unique_ptr<Backend> LoadPluginBackend(const std::filesystem::path& path,
                                           std::optional<std::string> unnamed = std::nullopt);

inline constexpr std::chrono::milliseconds kDefaultExecTimeout{30'000};
// Runs `command DIR` (through /bin/sh) once per create and per execute. Asks
// the program to describe itself first; throws BackendError if it cannot.
std::unique_ptr<Backend> MakeExecBackend(std::string command,
                                         std::chrono::milliseconds timeout = kDefaultExecTimeout);

inline constexpr std::chrono::milliseconds kDefaultServeTimeout{60'000};
// Starts `command` (through /bin/sh) once and speaks protocol 2 with it over
// its stdin and stdout; `timeout` bounds each request. Named `name` in
// reports, or when empty the `name` its describe answers, else `spec`; messages
// about the program call it `spec` (default "serve:COMMAND", or `name`). Throws
// BackendError if the program cannot be started or its describe fails.
std::unique_ptr<Backend> MakeServeBackend(std::string command,
                                          std::chrono::milliseconds timeout = kDefaultServeTimeout,
                                          std::string name = {}, std::string spec = {});

// --keep-run-dir: serve:, exec: (and plugin:, directml) backends made after this
// keep their run folder and every file of every request, whatever the run's end,
// and say where through Backend::RunFolder(). Off by default.
void KeepRunFolders(bool keep);
bool KeepingRunFolders();

// "plugin:PATH", "exec:COMMAND" or "serve:COMMAND"; nullptr for any other
// name, which the caller then looks up among the in-tree backends. A zero
// timeout means each kind's default.
std::unique_ptr<Backend> MakeExternalBackend(std::string_view name,
                                             std::chrono::milliseconds timeout = {});

}  // namespace dmlconf
