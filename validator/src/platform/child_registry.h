// What dmlconf started outside itself (backend process groups, request and
// run folders), so that no run, however it ends, leaves any of it behind: a
// normal end, an error, SIGINT (Ctrl-C), SIGTERM or SIGHUP.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <vector>

namespace dmlconf::children {

// A backend's process group (its leader's pid) while it may be running.
void AddGroup(pid_t pgid);
void RemoveGroup(pid_t pgid);
// A folder dmlconf made and removes when done (with everything in it).
void AddFolder(const std::filesystem::path& folder);
void RemoveFolder(const std::filesystem::path& folder);

// Called once, first thing in `dmlconf run`, before any thread or child exists:
// - SIGINT, SIGTERM and SIGHUP are blocked in every thread and taken by one
//   thread of their own (sigwait, so the clean-up is ordinary code, not a
//   signal handler), which stops the calling thread where it stands (a
//   real-time signal whose handler only pauses: no more cases, backends or
//   reports), has the watchdog (below) kill every marked process and every
//   process descended from dmlconf and remove every registered folder (a
//   process of its own: the frozen thread may hold malloc's lock), says so on
//   stderr in one line, and lets the signal end dmlconf (exit status 128 + N;
//   no report is written, unless the reports were already going in: BeginInstall);
// - dmlconf becomes its descendants' subreaper, so that a backend's child
//   whose parent died is still found by that sweep;
// - at exit (in the process that called this, not in forked children), the
//   same sweep and removal, as a last net behind the backends' destructors;
// - a watchdog process (run_watchdog.h) does the same if dmlconf dies without
//   a word (SIGKILL): every program dmlconf starts carries the run's token.
void InstallRunCleanup();

// Called before dmlconf makes a backend folder or process: once an interrupt
// has begun the clean-up, it never returns (dmlconf's own threads wait there
// for the clean-up to end the process; a forked case's child exits), so that
// nothing new appears behind the clean-up's back.
void Checkpoint();

// The one step an interrupt must not cut in two: renaming a report set into place
// (`where`), done by the run's thread with every signal held. BeginInstall returns
// false once an interrupt has begun (nothing may be installed then); otherwise an
// interrupt from here on waits for EndInstall before it cleans up, and its closing line
// says the new reports are in `where` instead of "no report written" (when `installed`).
bool BeginInstall(const std::filesystem::path& where);
void EndInstall(bool installed);

// Kills (SIGKILL) every process descended from dmlconf. Returns how many.
int KillDescendants();
// The processes descended from dmlconf now, and a kill of every one but those: what a
// request left running after it ended (a daemon that setsid'd out of the request's
// process group, which dmlconf, as subreaper, adopts). Returns how many were killed.
std::vector<pid_t> LiveDescendants();
int KillDescendantsBut(const std::vector<pid_t>& keep);

// Reaps the dead orphans dmlconf adopted as subreaper (what a backend's killed
// group leaves), so that a long run does not pile up zombies; never a process
// someone waits for. Called before a backend starts a process.
void ReapAdopted();

// In a forked child before exec: the signal mask and dispositions a program
// expects (not dmlconf's blocked SIGINT/SIGTERM). Async-signal-safe.
void ResetSignalsForExec();

}  // namespace dmlconf::children
