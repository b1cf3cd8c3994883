// The loaders read files, not memory: each input is written to one file per
// process and read back through the loader's public entry point, so the
// fuzzer exercises exactly what `dmlconf run FILE` does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace dmlconf::fuzz {

// Writes `data` to this process's scratch file (under $TMPDIR, or /tmp) and
// returns its path. The file name carries `extension` (".yaml", ".json").
const std::string& WriteScratchFile(const uint8_t* data, size_t size, const char* extension);

}  // namespace dmlconf::fuzz
