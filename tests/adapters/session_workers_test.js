// session_workers.js reads where ORT placed a session's node from the worker's verbose
// log when the worker's reply says the profile could not tell (onnxruntime-node releases
// before 1.30): the DirectML EP alone passes, anything else is unsupported and says
// where it went, no placement at all is unsupported as not known; ORT's verbose lines are
// read, never passed on to the adapter's own log. A worker that ends with status 0 before
// replying is replaced and asked once more; one that does so again is an error.
//   node session_workers_test.js PATH/session_workers.js
'use strict';

const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');

const { SessionWorkers } = require(path.resolve(process.argv[2]));

async function main() {
  const logged = [];
  const workers = new SessionWorkers(process.execPath, [path.join(__dirname, 'fake_session_worker.js')], 100,
                                     text => logged.push(text));
  let n = 0;
  const create = placement => {
    const request = { action: 'create', operator: 'GATHER', descriptor: { n: ++n }, placement };
    return workers.ask(JSON.stringify(request), request);
  };
  const dml = await create(['DmlExecutionProvider']);
  assert.strictEqual(dml.status, 'ok', JSON.stringify(dml));
  assert.ok(!('placement_from_log' in dml), 'the parent consumes placement_from_log');
  const cpu = await create(['CPUExecutionProvider']);
  assert.strictEqual(cpu.status, 'unsupported');
  assert.match(cpu.message, /placed the node on CPUExecutionProvider/);
  const split = await create(['DmlExecutionProvider', 'CPUExecutionProvider']);
  assert.strictEqual(split.status, 'unsupported');
  assert.match(split.message, /DmlExecutionProvider, CPUExecutionProvider/);
  const unknown = await create([]);
  assert.strictEqual(unknown.status, 'unsupported');
  assert.match(unknown.message, /not known/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'session-workers-'));
  try {
    const once = { action: 'execute', operator: 'GATHER', placement: ['DmlExecutionProvider'],
                   exit_once: path.join(dir, 'ended') };
    const retried = await workers.ask(JSON.stringify(once), once);
    assert.strictEqual(retried.status, 'ok', JSON.stringify(retried));
    assert.ok(logged.some(l => l.includes('asking a fresh worker once more')), `the retry is logged: ${logged}`);
    const always = { action: 'execute', operator: 'GATHER', exit_always: true };
    const ended = await workers.ask(JSON.stringify(always), always);
    assert.strictEqual(ended.status, 'error', JSON.stringify(ended));
    assert.ok(!('endedAtInput' in ended), 'the retry flag stays inside');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await workers.stop();
  assert.ok(logged.includes('a line of its own'), `the worker's own lines are passed on: ${logged}`);
  assert.ok(!logged.some(l => l.includes('[V:onnxruntime')), `ORT's verbose lines are not: ${logged}`);
  console.log('session_workers: placement from the log and the one retry: 6 of 6 as expected');
}

main().catch(e => {
  console.error(e && e.stack ? e.stack : String(e));
  process.exit(1);
});
