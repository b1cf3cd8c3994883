// The buffers of a serve: request (protocol 2, validator/BACKENDS.md), as files
// of the run folder: the runner's tensor bytes between guard bytes of dmlconf's
// own, the tensor at an offset that obeys contract point T1; and afterwards,
// what the program did to them, judged as the runner judges its own buffers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "backends/protocol_replies.h"
#include "dmlconf/backend.h"

namespace dmlconf::serve {

// One buffer file, and what was written into it, to compare afterwards.
struct BufferFile {
  std::filesystem::path path;
  std::string role;
  size_t lead = 0, bytes = 0;  // guard bytes before the tensor, the tensor's bytes
  std::vector<std::byte> guards_and_data;
  bool kept = false;  // --keep-run-dir: the file stays, and messages name it

  // What a message calls the file: by its role, since it is deleted after the reply.
  std::string Name() const;
  bool InTensor(size_t at) const { return at >= lead && at < lead + bytes; }
};

// One file per slot, `folder`/`prefix`N.bin ("7-in0.bin"), holding the tensor
// `tensors[N]` points at; throws BackendError when a file cannot be written.
std::vector<BufferFile> WriteBufferFiles(const std::filesystem::path& folder,
                                         const std::string& prefix,
                                         const std::vector<TensorSlot>& slots,
                                         const std::byte* const* tensors, bool keep);

// The request's `inputs` or `outputs` list: path, role, offset, bytes.
nlohmann::json BufferListJson(const std::vector<BufferFile>& files);

// Removes the files unless they are kept.
void RemoveBufferFiles(const std::vector<BufferFile>& files);

// The verdict of an execute, from its reply and its buffer files: a write
// outside every tensor, or into an input, fails the case whatever the program
// answered; on `ok` the output tensors' bytes are copied into `bindings` for the
// runner to judge as it judges every backend.
ExecuteResult ReadBack(const protocol::Reply& reply, const std::vector<BufferFile>& inputs,
                       const std::vector<BufferFile>& outputs, const Bindings& bindings);

}  // namespace dmlconf::serve
