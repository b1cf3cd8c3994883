// --report-dir: the run's four reports written as one set, into the folder the user named.
#pragma once

#include <filesystem>
#include <string>

#include "dmlconf/reports/run_report.h"

namespace dmlconf::cli {

// Why dmlconf could not write into the folder `dir` once it is made ("" when it could):
// the folder, or the nearest part of its path that exists, must be a folder dmlconf may
// write in. Nothing is made. run's and fuzz's folders are checked with it before the
// first case.
std::string WhyNotWritableFolder(const std::filesystem::path& dir);

// Called before the first case (run) and before writing (WriteReportSet): checks `dir`
// with WhyNotWritableFolder and, when it exists, removes what runs killed earlier left
// there (saying so on stderr, one line each) and checks that the four report names are
// free or regular files, so that a folder that cannot take the reports is found before
// the work, not after it; a missing folder is made only when the reports are written (an
// interrupted or refused run leaves none). Throws std::runtime_error naming the folder
// and the reason.
void PrepareReportDir(const std::filesystem::path& dir);

// Writes report.json, junit.xml, report.md and report.html into `dir`, the folder the
// user named: it is never replaced (it keeps its inode, and a shell standing in it sees
// the new reports), and no file in it but the four is touched. All four are written
// first into a temporary folder inside it (.dmlconf-tmp-PID-XXXXXX), then renamed over
// the old four one by one with every signal that can be held held, so that a reader,
// or a run stopped at any point, sees the complete old set or the complete new one. A
// SIGKILL within those few renames leaves the temporary folder marked as installing;
// the next PrepareReportDir there finishes the set. The temporary folder is registered
// with children:: so that an interrupt's clean-up removes it (the old set stays), and
// an interrupt that comes once the renames have begun waits for them and says the new
// set is in place. Throws std::runtime_error naming the folder and the reason; nothing
// of the old set is replaced then.
void WriteReportSet(const RunReport& report, const std::filesystem::path& dir);

}  // namespace dmlconf::cli
