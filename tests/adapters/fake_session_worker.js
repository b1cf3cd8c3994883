// A stand-in for an ONNX Runtime worker (session_workers.js), for session_workers_test.js:
// each request line names in `placement` the providers to log the way ORT's verbose log
// does at session creation (or none), then the reply asks the parent to read them.
// `exit_once` and `exit_always` make it end before replying instead.
'use strict';

const fs = require('fs');
const readline = require('readline');

const lines = readline.createInterface({ input: process.stdin });
let sessions = 0;
lines.on('line', line => {
  const request = JSON.parse(line);
  // Ending at once with status 0, as a worker whose pipe read the end of its input: always,
  // or only the first time (the file `exit_once` names records that it did).
  if (request.exit_always) process.exit(0);
  if (request.exit_once && !fs.existsSync(request.exit_once)) {
    fs.writeFileSync(request.exit_once, '');
    process.exit(0);
  }
  const providers = request.placement || [];
  process.stderr.write('a line of its own\n');
  process.stderr.write('2026-11-27 [V:onnxruntime:, session_state.cc:1146] Node placements\n');
  if (providers.length === 1)
    process.stderr.write(`2026-11-27 [V:onnxruntime:, session_state.cc:1149]  All nodes placed on [${providers[0]}]. Number of nodes: 1\n`);
  else
    for (const p of providers)
      process.stderr.write(`2026-11-27 [V:onnxruntime:, session_state.cc:1152]  Node(s) placed on [${p}]. Number of nodes: 1\n`);
  process.stdout.write(`${JSON.stringify({ status: 'ok', id: request.id, sessions: ++sessions, placement_from_log: true })}\n`);
});
