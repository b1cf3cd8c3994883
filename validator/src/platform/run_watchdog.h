// The net behind a dmlconf that dies without a word (SIGKILL, a crash): a small
// process forked when the run's clean-up is installed, which outlives dmlconf only
// long enough to kill what the run started and remove the folders it made.
//
// Every program dmlconf starts inherits the run's token in its environment
// (DMLCONF_RUN_TOKEN); so do the programs those start, daemons that left the
// request's session included. The watchdog blocks on a socket whose other end only
// dmlconf holds (close-on-exec: no backend inherits it). When the socket ends, or its
// parent is no longer dmlconf, dmlconf is gone: it kills every process whose
// /proc/PID/environ carries the token (and the groups they lead), removes the folders
// dmlconf told it of, and exits. Nothing without the token is ever killed. When dmlconf
// ends in its own way, it stops the watchdog itself (Stop), after its own clean-up.
#pragma once

#include <sys/types.h>

#include <filesystem>

namespace dmlconf::children::watchdog {

// Sets the run's token in dmlconf's environment and forks the watchdog. Called once,
// before any thread exists (the watchdog is a copy of a single-threaded dmlconf).
void Start();
// The watchdog's pid (0 before Start, or once stopped): not a backend process.
pid_t Pid();
// Tells the watchdog of a folder dmlconf made, or removed itself.
void AddFolder(const std::filesystem::path& folder);
void RemoveFolder(const std::filesystem::path& folder);
// dmlconf's own ending: the watchdog exits without a sweep, and is reaped.
void Stop();
// An interrupt's sweep, done by the watchdog while dmlconf's run thread stands frozen:
// every marked process and every process descended from dmlconf killed, the folders
// removed, the counts returned, the watchdog ended and reaped. Uses no heap and no lock
// (the frozen thread may hold malloc's). False when there is no watchdog or it did not
// answer: the caller then cleans up itself.
bool SweepNow(int* killed, int* removed);

}  // namespace dmlconf::children::watchdog
