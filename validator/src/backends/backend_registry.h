// Backends by name, for the CLI: "reference", "blocked", "cross-check" (the
// two checking each other, cross_check_backend.h), and prefixed names
// such as "plugin:PATH.so" / "exec:COMMAND" that carry their own argument.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "dmlconf/backend.h"

namespace dmlconf::validator {

// The name is not a known backend; what() lists the known ones.
class UnknownBackendError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Gets the full name ("plugin:/x/y.so" for a prefix entry).
// `timeout` bounds each request to an out-of-process backend (zero: its
// kind's default).
using BackendFactory = std::function<std::unique_ptr<Backend>(std::string_view name,
                                                              std::chrono::milliseconds timeout)>;

// --backend NAME=SPEC: the text before the first '=' is a NAME only when it
// is a plain token ([A-Za-z0-9_.+-]+); otherwise (no '=', or "serve:env A=1
// prog") the whole argument is the SPEC and `name` is empty.
struct BackendArgument {
  std::string name;
  std::string spec;
};
BackendArgument ParseBackendArgument(std::string_view argument);

// Makes the backend of a --backend argument, SPEC or NAME=SPEC. Its Name() is
// NAME when given, else the name it declares (a describe's `name`, a plug-in
// table's), else SPEC; its Argument() is the argument itself. Throws
// UnknownBackendError; a factory's own errors pass through.
std::unique_ptr<Backend> MakeBackend(std::string_view argument,
                                     std::chrono::milliseconds timeout = {});
// Whether `argument`'s backend bounds each request by `timeout` itself (exec:,
// serve:, plugin:, directml: a process of its own that dmlconf can kill);
// the others run inside dmlconf, where only --isolate can time a case out.
bool HonoursTimeout(std::string_view argument);

// "reference", "blocked", "cross-check", "plugin:PATH", "exec:COMMAND", ... in
// registration order.
std::vector<std::string> KnownBackendNames();

}  // namespace dmlconf::validator
