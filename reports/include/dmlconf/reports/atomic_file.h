// Report files, written and read whole. Written: readers of `path` see either the old
// file or the complete new one, never a partial write.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace dmlconf {

// Writes `contents` to a new temporary file beside `path` (same directory, so the
// rename cannot cross file systems), fsyncs it and renames it over `path`. On any
// failure the temporary file is removed and std::runtime_error names `path`, the step
// that failed and the system's reason.
void WriteFileAtomically(const std::filesystem::path& path, std::string_view contents);

// The whole of a file a report reader was given. A folder opens and reads as empty and
// a FIFO blocks, so either is refused first: std::runtime_error names `path` and says
// what it is ("a folder, not a report file", with `what` for "report").
std::string ReadReportFile(const std::filesystem::path& path, std::string_view what = "report");

}  // namespace dmlconf
