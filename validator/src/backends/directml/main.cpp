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

#include <nlohmann/json.hpp>

#include "descriptor.h"
#include "dml_session.h"
#include "isolated_child.h"

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

// "DirectML 1.15.4", from the DLL's version resource, so reports name what really ran.
std::string DirectMLName() {
  HMODULE module = GetModuleHandleW(L"DirectML.dll");
  wchar_t path[MAX_PATH];
  if (!module || !GetModuleFileNameW(module, path, MAX_PATH)) return "DirectML";
  DWORD ignored = 0;
  DWORD size = GetFileVersionInfoSizeW(path, &ignored);
  std::string version_info(size, '\0');
  VS_FIXEDFILEINFO* info = nullptr;
  UINT info_size = 0;
  if (!size || !GetFileVersionInfoW(path, 0, size, version_info.data()) ||
      !VerQueryValueW(version_info.data(), L"\\", reinterpret_cast<void**>(&info), &info_size)) {
    return "DirectML";
  }
  return "DirectML " + std::to_string(HIWORD(info->dwFileVersionMS)) + "." +
         std::to_string(LOWORD(info->dwFileVersionMS)) + "." + std::to_string(HIWORD(info->dwFileVersionLS)) +
         " (Wine, vkd3d, lavapipe)";
}

// Requests carry absolute Unix paths; Wine maps the Unix root to drive Z:.
std::string WindowsPath(const std::string& unix_path) { return "Z:" + unix_path; }

bool ReadFile(const std::string& path, std::vector<uint8_t>* contents) {
  FILE* f = std::fopen(WindowsPath(path).c_str(), "rb");
  if (!f) return false;
  contents->clear();
  uint8_t chunk[1 << 16];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof chunk, f)) > 0) contents->insert(contents->end(), chunk, chunk + n);
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

class Host {
 public:
  // `isolated`: this process is the child of another host, for one hazardous case.
  explicit Host(bool isolated) : isolated_(isolated) {}

  bool Start() {
    auto begin = std::chrono::steady_clock::now();
    std::string error;
    if (session_.Start(&error) != Outcome::kOk) {
      start_error_ = error;
      std::cerr << "dmlconf-directml-host: " << error << std::endl;
      return false;
    }
    std::cerr << "dmlconf-directml-host: devices ready in "
              << std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count()
              << " s, DirectML feature level " << FeatureLevelName(session_.max_feature_level()) << std::endl;
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
  json Describe() {
    if (!start_error_.empty()) return {{"status", "error"}, {"message", start_error_}};
    return {{"status", "ok"},
            {"name", DirectMLName()},
            {"max_feature_level", FeatureLevelName(session_.max_feature_level())},
            {"reports_reason_codes", false}};
  }

  json Create(const json& request) {
    created_ = CreatedOperator{};
    retiring_.reset();
    std::unique_ptr<OperatorDescription> description;
    std::string why = OperatorDescription::Parse(request.value("operator", ""), request.at("descriptor"), &description);
    if (!why.empty()) return {{"status", "rejected"}, {"message", why}};
    if (description->corrupts_directml_memory() && !isolated_) return CreateIsolated(request, std::move(description));
    ComPtr<IDMLCompiledOperator> compiled;
    std::string error;
    Outcome outcome = session_.Compile(description->desc(), &compiled, &error);
    if (outcome == Outcome::kDeviceLost) {
      // A lost device says nothing about the descriptor: ask again on a fresh one.
      std::cerr << "dmlconf-directml-host: " << error << "; rebuilding the device" << std::endl;
      if (session_.Rebuild(&error) != Outcome::kOk) return {{"status", "rejected"}, {"message", error}};
      outcome = session_.Compile(description->desc(), &compiled, &error);
    }
    if (outcome != Outcome::kOk) return {{"status", "rejected"}, {"message", "DirectML refused it: " + error}};
    created_ = {request.at("id").get<int64_t>(), std::move(description), std::move(compiled), nullptr};
    return {{"status", "ok"}};
  }

  // The child answers the create (and then the execute) exactly as this process would
  // have, only in a process of its own. A child that dies answers `error`, a status
  // `create` does not allow: dmlconf gives the case `error` and restarts this host,
  // as for a crash, which is what happened.
  json CreateIsolated(const json& request, std::unique_ptr<OperatorDescription> description) {
    auto child = std::make_unique<IsolatedChild>();
    std::string reply_line, error;
    if (!child->Start(&error) || !child->Exchange(request.dump(), &reply_line, &error)) {
      return {{"status", "error"}, {"message", error}};
    }
    json reply = json::parse(reply_line, nullptr, false);
    if (!reply.is_object()) return {{"status", "error"}, {"message", "the isolated child replied " + reply_line}};
    std::cerr << "dmlconf-directml-host: request " << request["id"].dump()
              << " ran in an isolated process (a GATHER that corrupts DirectML's memory: descriptor.cpp)" << std::endl;
    if (reply.value("status", "") == "ok") {
      created_ = {request.at("id").get<int64_t>(), std::move(description), nullptr, std::move(child)};
    }
    reply.erase("id");
    return reply;
  }

  json ExecuteIsolated(const json& request, IsolatedChild* child) {
    std::string reply_line, error;
    if (!child->Exchange(request.dump(), &reply_line, &error)) return {{"status", "error"}, {"message", error}};
    json reply = json::parse(reply_line, nullptr, false);
    if (!reply.is_object()) return {{"status", "error"}, {"message", "the isolated child replied " + reply_line}};
    reply.erase("id");
    return reply;
  }

  // Reads every listed file whole; the tensor must lie inside it.
  static std::string LoadBuffers(const json& list, const std::vector<const BufferTensor*>& tensors,
                                 std::vector<BoundBuffer>* buffers) {
    if (list.size() != tensors.size()) {
      return "the request lists " + std::to_string(list.size()) + " buffers where the descriptor has " +
             std::to_string(tensors.size()) + " tensors";
    }
    for (size_t i = 0; i < list.size(); ++i) {
      BoundBuffer b;
      b.offset = list[i].at("offset").get<uint64_t>();
      b.bytes = list[i].at("bytes").get<uint64_t>();
      b.owned_by_dml = (tensors[i]->buffer.Flags & DML_TENSOR_FLAG_OWNED_BY_DML) != 0;
      const std::string path = list[i].at("path").get<std::string>();
      if (!ReadFile(path, &b.contents)) return "cannot read " + path;
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
      return {{"status", "error"}, {"message", "execute names created " + request.value("created", json()).dump() +
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
      if (session_.Rebuild(&rebuild_error) != Outcome::kOk) error += "; rebuilding failed: " + rebuild_error;
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
      if (!WriteFile(path, outputs[i].contents)) return {{"status", "error"}, {"message", "cannot write " + path}};
    }
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (inputs[i].contents == inputs_before[i]) continue;
      const std::string path = request["inputs"][i]["path"].get<std::string>();
      std::cerr << "dmlconf-directml-host: DirectML wrote to input buffer " << path << std::endl;
      if (!WriteFile(path, inputs[i].contents)) return {{"status", "error"}, {"message", "cannot write " + path}};
    }
    return {{"status", "ok"}};
  }

  bool isolated_;
  std::unique_ptr<IsolatedChild> retiring_;  // a finished child, exiting
  DmlSession session_;
  std::string start_error_;
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

int main(int argc, char** argv) {
  // The protocol is bytes: no CRLF translation on either pipe.
  _setmode(_fileno(stdin), _O_BINARY);
  _setmode(_fileno(stdout), _O_BINARY);
  SetErrorMode(SEM_FAILCRITICALERRORS | SEM_NOGPFAULTERRORBOX);
  SetUnhandledExceptionFilter(EndOnCrash);
  Host host(argc > 1 && std::string(argv[1]) == "--isolated");
  host.Start();  // a failure is reported to `describe`, which stops the run
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    json request = json::parse(line, nullptr, false);
    json id = request.is_object() && request.contains("id") ? request["id"] : json();
    std::snprintf(g_current_request, sizeof g_current_request, "request %s (%s %s)", id.dump().c_str(),
                  TextField(request, "action").c_str(), TextField(request, "operator").c_str());
    json reply;
    try {
      reply = request.is_object() ? host.Handle(request)
                                  : json{{"status", "error"}, {"message", "the request is not one JSON object"}};
    } catch (const std::exception& e) {
      reply = {{"status", "error"}, {"message", std::string("malformed request: ") + e.what()}};
    }
    reply["id"] = id;
    Reply(std::move(reply));
  }
  return 0;
}
