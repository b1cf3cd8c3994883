// Runs this Node again as a child process, to its end: { status, stdout, stderr }.
//
// The child's output goes through files, never pipes. Under Wine, the first process to
// touch the display (DirectML creating its device) starts explorer.exe /desktop, and Wine
// hands a new process duplicates of its creator's standard handles. Through a pipe, the
// end-of-file a parent waits for would then come only when Wine's desktop ends: never,
// while the parent waits (one run in two hung so). A file has no end to wait for: the
// parent waits for the child's exit alone.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

function runToExit(args) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dmlconf-child-'));
  const files = { stdout: path.join(dir, 'stdout'), stderr: path.join(dir, 'stderr') };
  try {
    const out = fs.openSync(files.stdout, 'w'), err = fs.openSync(files.stderr, 'w');
    let child;
    try {
      child = spawnSync(process.execPath, args, { stdio: ['ignore', out, err], windowsHide: true });
    } finally {
      fs.closeSync(out);
      fs.closeSync(err);
    }
    return { status: child.status,
             stdout: fs.readFileSync(files.stdout, 'utf8'), stderr: fs.readFileSync(files.stderr, 'utf8') };
  } finally {
    // The desktop process may still hold the files open: what cannot go now stays in the
    // Wine prefix's temporary folder, never in the caller's.
    try { fs.rmSync(dir, { recursive: true, force: true }); } catch (e) { /* see above */ }
  }
}

module.exports = { runToExit };
