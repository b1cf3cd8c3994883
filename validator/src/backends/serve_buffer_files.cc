// The buffer files of serve: requests (serve_buffer_files.h).
#include "backends/serve_buffer_files.h"

#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <optional>

#include "dmlconf/validator/external_backends.h"
#include "platform/guarded_buffer.h"
#include "platform/regular_file.h"

namespace dmlconf::serve {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// What of a message the program sent a verdict quotes: reports repeat it per case.
constexpr size_t kQuotedMessageBytes = 4096;

// What the program left of a buffer file.
struct FileState {
  std::string why;                 // set when it is no longer a readable regular file
  uint64_t size = 0;               // its real size
  std::vector<std::byte> bytes;    // its first bytes, at most as many as were written
  std::optional<uint64_t> landed;  // where a write past the written end landed
};

FileState ReadState(const BufferFile& f) {
  FileState s;
  const int fd = regular_file::Open(f.path, &s.size, &s.why);
  if (fd < 0) return s;
  const uint64_t written = f.guards_and_data.size();
  s.bytes.resize(size_t(std::min<uint64_t>(s.size, written)));
  if (!regular_file::ReadAt(fd, s.bytes.data(), s.bytes.size(), 0))
    s.why = "could not be read whole";
  if (s.size > written) s.landed = regular_file::WriteLandedAt(fd, written, s.size);
  close(fd);
  return s;
}

// The first changed byte of the file that `counts` (a byte offset in the file),
// then a write past its end; nullopt when neither.
template <class Counts>
std::optional<uint64_t> FirstChange(const BufferFile& f, const FileState& s, Counts counts) {
  for (size_t b = 0; b < s.bytes.size(); ++b)
    if (s.bytes[b] != f.guards_and_data[b] && counts(b)) return b;
  return s.landed;
}

// "guard byte 5000 after the end of OutputTensor (its buffer is 64 bytes) changed",
// with the file's real size when it grew. DescribeOffset counts from the tensor's start.
std::string StrayText(const BufferFile& f, const FileState& s, uint64_t at) {
  std::string text =
      validator::DescribeOffset(std::ptrdiff_t(at) - std::ptrdiff_t(f.lead), f.bytes, f.role) +
      " changed";
  if (s.size > f.guards_and_data.size())
    text += "; the buffer file grew from " + std::to_string(f.guards_and_data.size()) + " to " +
            std::to_string(s.size) + " bytes";
  return text;
}

std::optional<ExecuteResult> CheckInput(const BufferFile& f, const std::string& answered,
                                        std::optional<ExecuteResult>* problem) {
  const FileState s = ReadState(f);
  if (!s.why.empty()) {
    *problem =
        problem->value_or(ExecuteResult::Failed("the program left " + f.Name() + " that " + s.why));
    return std::nullopt;
  }
  if (auto at = FirstChange(f, s, [](size_t) { return true; }))
    return f.InTensor(*at)
               ? ExecuteResult::StrayWriteInput("wrote its input: " + StrayText(f, s, *at) +
                                                answered)
               : ExecuteResult::StrayWrite(
                     "wrote outside its input buffer: " + StrayText(f, s, *at) + answered);
  if (s.size < f.guards_and_data.size())
    return ExecuteResult::StrayWriteInput(
        "wrote its input: the program left " + f.Name() + " with " + std::to_string(s.size) +
        " of its " + std::to_string(f.guards_and_data.size()) + " bytes" + answered);
  return std::nullopt;
}

std::optional<ExecuteResult> CheckOutput(const BufferFile& f, const FileState& s,
                                         const std::string& answered,
                                         std::optional<ExecuteResult>* problem) {
  if (!s.why.empty()) {
    *problem =
        problem->value_or(ExecuteResult::Failed("the program left " + f.Name() + " that " + s.why));
    return std::nullopt;
  }
  if (auto at = FirstChange(f, s, [&](size_t b) { return !f.InTensor(b); }))
    return ExecuteResult::StrayWrite("wrote outside its output buffer: " + StrayText(f, s, *at) +
                                     answered);
  if (s.size < f.guards_and_data.size())
    *problem = problem->value_or(ExecuteResult::Failed(
        "the program left " + f.Name() + " with " + std::to_string(s.size) +
        " bytes; it must keep its " + std::to_string(f.guards_and_data.size())));
  return std::nullopt;
}

}  // namespace

std::string BufferFile::Name() const {
  return role + "'s buffer file" + (kept ? " " + path.string() : std::string());
}

std::vector<BufferFile> WriteBufferFiles(const fs::path& folder, const std::string& prefix,
                                         const std::vector<TensorSlot>& slots,
                                         const std::byte* const* tensors, bool keep) {
  std::vector<BufferFile> files;
  for (size_t i = 0; i < slots.size(); ++i) {
    const TensorDesc& d = *slots[i].desc;
    BufferFile f;
    f.path = folder / (prefix + std::to_string(i) + ".bin");
    f.role = slots[i].role;
    f.bytes = d.TotalBytes();
    // The same placement the runner's own buffers get: guards, then the
    // tensor at an odd multiple of its binding alignment.
    f.lead = validator::LeadBytes(d.guaranteed_base_offset_alignment);
    f.kept = keep;
    f.guards_and_data.resize(f.lead + f.bytes + validator::kGuardBytes);
    for (size_t b = 0; b < f.guards_and_data.size(); ++b)
      f.guards_and_data[b] =
          validator::PatternByte(validator::Pattern::kGuard, uint32_t(300 + i), b);
    std::memcpy(f.guards_and_data.data() + f.lead, tensors[i], f.bytes);
    std::ofstream out(f.path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(f.guards_and_data.data()),
              std::streamsize(f.guards_and_data.size()));
    if (!out) throw BackendError("cannot write " + f.path.string());
    files.push_back(std::move(f));
  }
  return files;
}

json BufferListJson(const std::vector<BufferFile>& files) {
  json list = json::array();
  for (const BufferFile& f : files)
    list.push_back(
        {{"path", f.path.string()}, {"role", f.role}, {"offset", f.lead}, {"bytes", f.bytes}});
  return list;
}

void RemoveBufferFiles(const std::vector<BufferFile>& files) {
  std::error_code ignored;
  for (const BufferFile& f : files)
    if (!f.kept) fs::remove(f.path, ignored);
}

ExecuteResult ReadBack(const protocol::Reply& reply, const std::vector<BufferFile>& inputs,
                       const std::vector<BufferFile>& outputs, const Bindings& bindings) {
  std::optional<ExecuteResult> problem;  // what is wrong short of a stray write
  // A stray write stands whatever the reply was; the reply is said too.
  const std::string answered = reply.status == "ok"
                                   ? ""
                                   : " (it answered " + reply.status + ": " +
                                         protocol::Quote(reply.message, kQuotedMessageBytes) + ")";
  for (const BufferFile& f : inputs)
    if (std::optional<ExecuteResult> stray = CheckInput(f, answered, &problem)) return *stray;
  std::vector<FileState> states;
  for (const BufferFile& f : outputs)
    if (std::optional<ExecuteResult> stray =
            CheckOutput(f, states.emplace_back(ReadState(f)), answered, &problem))
      return *stray;
  const std::string message = reply.message.empty()
                                  ? std::string("no message")
                                  : protocol::Quote(reply.message, kQuotedMessageBytes);
  if (reply.status == "unsupported") return ExecuteResult::Unsupported(message);
  if (reply.status == "error") return ExecuteResult::Failed("execute answered error: " + message);
  if (problem) return *problem;
  for (size_t i = 0; i < outputs.size(); ++i)
    std::memcpy(bindings.outputs[i], states[i].bytes.data() + outputs[i].lead, outputs[i].bytes);
  return ExecuteResult::Done();
}

}  // namespace dmlconf::serve
