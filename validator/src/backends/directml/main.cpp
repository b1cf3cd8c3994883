// dmlconf's DirectML host: speaks protocol 2 of validator/BACKENDS.md ("serve:COMMAND")
// on stdin/stdout, one JSON object per line, and runs each case on DirectML.dll through
// one long-lived DmlSession. Logs go to stderr, which dmlconf quotes when a case fails.
#include <fcntl.h>
#include <io.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "adapters.h"
#include "descriptor.h"
#include "dml_session.h"
#include "isolated_child.h"
#include "spare_pool.h"
#include "stack.h"

#include <shellapi.h>  // CommandLineToArgvW; after windows.h, which it needs

using nlohmann::json;

namespace {

// What `create` built, kept for the `execute` that names it in `created`: a compiled
// operator, or the isolated child that compiled it.
struct CreatedOperator {
  int64_t id = -1;
  std::unique_ptr<OperatorDescription> description;
  ComPtr<IDMLCompiledOperator> compiled;
  std::unique_ptr<IsolatedChild> isolated;
};

std::string FeatureLevelName(DML_FEATURE_LEVEL level) {
  return std::to_string(level >> 12) + "_" + std::to_string((level >> 8) & 0xF);
}

// Requests carry absolute Unix paths. Wine maps the Unix root to drive Z:; under WSL2
// (dmlconf in Linux starting this program through interop) it is //wsl.localhost/DISTRO.
// Set once from --unix-root, before any request.
std::string g_unix_root = "Z:";

std::string WindowsPath(const std::string& unix_path) { return g_unix_root + unix_path; }

bool ReadFile(const std::string& path, std::vector<uint8_t>* contents) {
  FILE* f = std::fopen(WindowsPath(path).c_str(), "rb");
  if (!f) return false;
  contents->clear();
  uint8_t chunk[1 << 16];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof chunk, f)) > 0)
    contents->insert(contents->end(), chunk, chunk + n);
  bool ok = !std::ferror(f);
  std::fclose(f);
  return ok;
}

bool WriteFile(const std::string& path, const std::vector<uint8_t>& contents) {
  FILE* f = std::fopen(WindowsPath(path).c_str(), "r+b");  // in place: never truncate
  if (!f) return false;
  bool ok = std::fwrite(contents.data(), 1, contents.size(), f) == contents.size();
  return std::fclose(f) == 0 && ok;
}

// The command line: which DLL, which adapter, and whether this is an isolated child.
struct Options {
  std::wstring dll = L"DirectML.dll";  // beside the program unless a path is given
  AdapterChoice adapter;
  bool isolated = false;  // this process is the child of another host, for one hazardous case
  int warm_spares = 2;    // spare children kept warm once an isolated case came (spare_pool.h)
  bool list_adapters = false;
};

constexpr char kUsage[] =
    "usage: dmlconf-directml-host.exe [--dll PATH] [--adapter INDEX|warp] [--unix-root R]\n"
    "                                 [--warm-spares N] [--list-adapters]\n"
    "Speaks protocol 2 of dmlconf's validator/BACKENDS.md on stdin/stdout (serve:).\n"
    "  --dll PATH        the DirectML DLL to load (default: DirectML.dll beside the program)\n"
    "  --adapter I|warp  the DXGI adapter to run on (default 0, D3D12's default adapter)\n"
    "  --unix-root R     how Windows reaches the requests' Unix paths (default Z:, Wine's;\n"
    "                    under WSL2 //wsl.localhost/DISTRO)\n"
    "  --warm-spares N   copies of this host kept started for the cases that must run in\n"
    "                    a process of their own, from the first such case on (default 2;\n"
    "                    0 starts each one cold)\n"
    "  --list-adapters   print the adapters, one a line, and exit\n";

// False, with the message on stderr, for an argument it does not know.
bool ParseOptions(int argc, wchar_t** argv, Options* options) {
  for (int i = 1; i < argc; ++i) {
    const std::wstring arg = argv[i];
    const bool has_value = i + 1 < argc;
    std::string error;
    if (arg == L"--isolated") {
      options->isolated = true;
    } else if (arg == L"--list-adapters") {
      options->list_adapters = true;
    } else if (arg == L"--dll" && has_value) {
      options->dll = argv[++i];
    } else if (arg == L"--warm-spares" && has_value) {
      const std::wstring count = argv[++i];
      if (count.empty() || count.size() > 2 ||
          count.find_first_not_of(L"0123456789") != std::wstring::npos) {
        std::cerr << "dmlconf-directml-host: --warm-spares takes a count from 0 to 99, not '"
                  << Utf8(count) << "'" << std::endl;
        return false;
      }
      options->warm_spares = std::stoi(count);
    } else if (arg == L"--unix-root" && has_value) {
      g_unix_root = Utf8(argv[++i]);
    } else if (arg == L"--adapter" && has_value) {
      if (!ParseAdapterChoice(Utf8(argv[++i]), &options->adapter, &error)) {
        std::cerr << "dmlconf-directml-host: " << error << std::endl;
        return false;
      }
    } else {
      std::cerr << "dmlconf-directml-host: unknown or incomplete argument '" << Utf8(arg) << "'\n"
                << kUsage;
      return false;
    }
  }
  return true;
}

class Host {
 public:
  explicit Host(const Options& options) : options_(options), spares_(options.warm_spares) {}

  bool Start() {
    auto begin = std::chrono::steady_clock::now();
    std::string error;
    if (session_.Start(options_.dll, options_.adapter, &error) != Outcome::kOk) {
      start_error_ = error;
      std::cerr << "dmlconf-directml-host: " << error << std::endl;
      return false;
    }
    std::cerr << "dmlconf-directml-host: devices ready in "
              << std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count()
              << " s: DirectML " << session_.directml_version() << ", feature level "
              << FeatureLevelName(session_.max_feature_level()) << ", adapter "
              << options_.adapter.Text() << " (" << session_.adapter_description() << ")"
              << std::endl;
    // The child's describe only says it is up: the parent's names the stack.
    if (!options_.isolated) stack_ = StackText();
    return true;
  }

  json Handle(const json& request) {
    const std::string action = request.value("action", "");
    if (action == "describe") return Describe();
    if (action == "create") return Create(request);
    if (action == "execute") return Execute(request);
    return {{"status", "error"}, {"message", "unknown action '" + action + "'"}};
  }

 private:
  // The adapter, then what ran beneath DirectML (stack.h), each part after "; ".
  std::string StackText() {
    const std::string layer = TranslationLayer();
    const std::string vulkan = VulkanDevice(session_.adapter_description());
    return session_.adapter_description() + (layer.empty() ? "" : " (" + layer + ")") +
           (vulkan.empty() ? "" : "; " + vulkan) + "; " + D3D12Capabilities(session_.d3d12());
  }

  // The name is the backend's identity; version and description say what really ran.
  json Describe() {
    if (!start_error_.empty()) return {{"status", "error"}, {"message", start_error_}};
    return {{"status", "ok"},
            {"name", "directml"},
            {"version", session_.directml_version()},
            {"description", stack_},
            {"max_feature_level", FeatureLevelName(session_.max_feature_level())},
            {"reports_reason_codes", false},
            // An isolated case takes a spare host, replaced after the case in seconds:
            // the suite's isolated GATHERs, spread through the run, find theirs warm.
            {"spread_cases", true}};
  }

  json Create(const json& request) {
    created_ = CreatedOperator{};
    retiring_.reset();
    // The last isolated case is done: its spare's replacement starts now, not during it.
    spares_.Refill();
    std::unique_ptr<OperatorDescription> description;
    std::string why = OperatorDescription::Parse(request.value("operator", ""),
                                                 request.at("descriptor"), &description);
    if (!why.empty()) return {{"status", "rejected"}, {"message", why}};
    if (description->corrupts_directml_memory() && !options_.isolated) {
      return CreateIsolated(request, std::move(description));
    }
    ComPtr<IDMLCompiledOperator> compiled;
    std::string error;
    Outcome outcome = session_.Compile(description->desc(), &compiled, &error);
    if (outcome == Outcome::kDeviceLost) {
      // A lost device says nothing about the descriptor: ask again on a fresh one.
      std::cerr << "dmlconf-directml-host: " << error << "; rebuilding the device" << std::endl;
      if (session_.Rebuild(&error) != Outcome::kOk)
        return {{"status", "rejected"}, {"message", error}};
      outcome = session_.Compile(description->desc(), &compiled, &error);
    }
    if (outcome != Outcome::kOk)
      return {{"status", "rejected"}, {"message", "DirectML refused it: " + error}};
    created_ = {request.at("id").get<int64_t>(), std::move(description), std::move(compiled),
                nullptr};
    return {{"status", "ok"}};
  }

  // The child answers the create (and then the execute) exactly as this process would
  // have, only in a process of its own. A child that dies answers `error`, a status
  // `create` does not allow: dmlconf gives the case `error` and restarts this host,
  // as for a crash, which is what happened.
  json CreateIsolated(const json& request, std::unique_ptr<OperatorDescription> description) {
    std::string reply_line, error;
    std::unique_ptr<IsolatedChild> child = spares_.Take(&error);
    if (!child || !child->Exchange(request.dump(), &reply_line, &error)) {
      return {{"status", "error"}, {"message", error}};
    }
    json reply = json::parse(reply_line, nullptr, false);
    if (!reply.is_object())
      return {{"status", "error"}, {"message", "the isolated child replied " + reply_line}};
    std::cerr << "dmlconf-directml-host: request " << request["id"].dump()
              << " ran in isolated process " << child->process_id()
              << " (a GATHER that corrupts DirectML's memory: descriptor.cpp)" << std::endl;
    if (reply.value("status", "") == "ok") {
      created_ = {request.at("id").get<int64_t>(), std::move(description), nullptr,
                  std::move(child)};
    }
    reply.erase("id");
    return reply;
  }

  json ExecuteIsolated(const json& request, IsolatedChild* child) {
    std::string reply_line, error;
    if (!child->Exchange(request.dump(), &reply_line, &error))
      return {{"status", "error"}, {"message", error}};
    json reply = json::parse(reply_line, nullptr, false);
    if (!reply.is_object())
      return {{"status", "error"}, {"message", "the isolated child replied " + reply_line}};
    reply.erase("id");
    return reply;
  }

  // Reads every listed file whole; the tensor must lie inside it.
  static std::string LoadBuffers(const json& list, const std::vector<const BufferTensor*>& tensors,
                                 std::vector<BoundBuffer>* buffers) {
    if (list.size() != tensors.size()) {
      return "the request lists " + std::to_string(list.size()) +
             " buffers where the descriptor has " + std::to_string(tensors.size()) + " tensors";
    }
    for (size_t i = 0; i < list.size(); ++i) {
      BoundBuffer b;
      b.offset = list[i].at("offset").get<uint64_t>();
      b.bytes = list[i].at("bytes").get<uint64_t>();
      b.owned_by_dml = (tensors[i]->buffer.Flags & DML_TENSOR_FLAG_OWNED_BY_DML) != 0;
      const std::string path = list[i].at("path").get<std::string>();
      if (!ReadFile(path, &b.contents)) return "cannot read " + path + " as " + WindowsPath(path);
      if (b.offset + b.bytes > b.contents.size()) {
        return path + " holds " + std::to_string(b.contents.size()) + " bytes, fewer than offset " +
               std::to_string(b.offset) + " + bytes " + std::to_string(b.bytes);
      }
      buffers->push_back(std::move(b));
    }
    return {};
  }

  json Execute(const json& request) {
    CreatedOperator op = std::move(created_);
    created_ = CreatedOperator{};
    if (op.id == request.value("created", int64_t{-2}) && op.isolated) {
      json reply = ExecuteIsolated(request, op.isolated.get());
      // The child exits while dmlconf reads the reply; it is waited for next time.
      op.isolated->CloseInput();
      retiring_ = std::move(op.isolated);
      return reply;
    }
    if (op.id != request.value("created", int64_t{-2}) || !op.compiled) {
      return {{"status", "error"},
              {"message", "execute names created " + request.value("created", json()).dump() +
                              ", which this process did not accept just before"}};
    }
    std::vector<BoundBuffer> inputs, outputs;
    std::string why = LoadBuffers(request.at("inputs"), op.description->inputs(), &inputs);
    if (why.empty()) why = LoadBuffers(request.at("outputs"), op.description->outputs(), &outputs);
    if (!why.empty()) return {{"status", "error"}, {"message", why}};
    std::vector<std::vector<uint8_t>> inputs_before;
    for (const BoundBuffer& b : inputs) inputs_before.push_back(b.contents);

    std::string error;
    Outcome outcome = session_.Execute(op.compiled.Get(), &inputs, &outputs, &error);
    if (outcome == Outcome::kDeviceLost) {
      std::string rebuild_error;
      std::cerr << "dmlconf-directml-host: " << error << "; rebuilding the device" << std::endl;
      if (session_.Rebuild(&rebuild_error) != Outcome::kOk)
        error += "; rebuilding failed: " + rebuild_error;
    }
    if (outcome != Outcome::kOk) return {{"status", "error"}, {"message", error}};
    return WriteBack(request, inputs, inputs_before, outputs);
  }

  // Outputs are written whole, guards included. An input file is rewritten only when
  // DirectML changed its buffer, so a write to an input shows as it would in memory.
  static json WriteBack(const json& request, const std::vector<BoundBuffer>& inputs,
                        const std::vector<std::vector<uint8_t>>& inputs_before,
                        const std::vector<BoundBuffer>& outputs) {
    for (size_t i = 0; i < outputs.size(); ++i) {
      const std::string path = request["outputs"][i]["path"].get<std::string>();
      if (!WriteFile(path, outputs[i].contents))
        return {{"status", "error"}, {"message", "cannot write " + path}};
    }
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (inputs[i].contents == inputs_before[i]) continue;
      const std::string path = request["inputs"][i]["path"].get<std::string>();
      std::cerr << "dmlconf-directml-host: DirectML wrote to input buffer " << path << std::endl;
      if (!WriteFile(path, inputs[i].contents))
        return {{"status", "error"}, {"message", "cannot write " + path}};
    }
    return {{"status", "ok"}};
  }

  const Options options_;
  std::unique_ptr<IsolatedChild> retiring_;  // a finished child, exiting
  SparePool spares_;                         // ended before retiring_: declared after it
  DmlSession session_;
  std::string start_error_;
  std::string stack_;  // describe's description: the adapter and the stack beneath DirectML
  CreatedOperator created_;
};

std::string TextField(const json& request, const char* name) {
  if (!request.is_object() || !request.contains(name) || !request[name].is_string()) return "";
  return request[name].get<std::string>();
}

// The request being answered, named in the crash line so a crash can be reproduced.
char g_current_request[160] = "none";

// Under Xvfb, Wine answers an unhandled exception by starting winedbg, whose crash
// dialog waits for a click that never comes: dmlconf would wait out its timeout. Say
// what happened on stderr and end at once instead; dmlconf sees the pipe close.
LONG WINAPI EndOnCrash(EXCEPTION_POINTERS* info) {
  std::fprintf(stderr, "dmlconf-directml-host: crashed with exception 0x%08lX at %p during %s\n",
               static_cast<unsigned long>(info->ExceptionRecord->ExceptionCode),
               info->ExceptionRecord->ExceptionAddress, g_current_request);
  std::fflush(stderr);
  TerminateProcess(GetCurrentProcess(), 3);
  return EXCEPTION_EXECUTE_HANDLER;
}

void Reply(json reply) {
  const std::string line = reply.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fflush(stdout);
}

}  // namespace

// Prints the adapters, one a line; the exit code says whether they could be listed.
int PrintAdapters() {
  std::vector<std::string> lines;
  std::string error;
  if (!ListAdapters(&lines, &error)) {
    std::cerr << "dmlconf-directml-host: " << error << std::endl;
    return 1;
  }
  for (const std::string& line : lines) std::cout << line << "\n";
  std::cout.flush();
  return lines.empty() ? 1 : 0;
}

int main() {
  // The protocol is bytes: no CRLF translation on either pipe, nor in the log lines
  // dmlconf quotes from stderr.
  _setmode(_fileno(stdin), _O_BINARY);
  _setmode(_fileno(stdout), _O_BINARY);
  _setmode(_fileno(stderr), _O_BINARY);
  SetErrorMode(SEM_FAILCRITICALERRORS | SEM_NOGPFAULTERRORBOX);
  SetUnhandledExceptionFilter(EndOnCrash);
  int argc = 0;
  wchar_t** argv = CommandLineToArgvW(GetCommandLineW(), &argc);
  Options options;
  if (!argv || !ParseOptions(argc, argv, &options)) return 2;
  if (options.list_adapters) return PrintAdapters();
  Host host(options);
  host.Start();  // a failure is reported to `describe`, which stops the run
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    json request = json::parse(line, nullptr, false);
    json id = request.is_object() && request.contains("id") ? request["id"] : json();
    std::snprintf(g_current_request, sizeof g_current_request, "request %s (%s %s)",
                  id.dump().c_str(), TextField(request, "action").c_str(),
                  TextField(request, "operator").c_str());
    json reply;
    try {
      reply = request.is_object()
                  ? host.Handle(request)
                  : json{{"status", "error"}, {"message", "the request is not one JSON object"}};
    } catch (const std::exception& e) {
      reply = {{"status", "error"}, {"message", std::string("malformed request: ") + e.what()}};
    }
    reply["id"] = id;
    Reply(std::move(reply));
  }
  return 0;
}
