// A worker process that does the adapter's ONNX Runtime work, replaced by a fresh one once
// it has built `limit` sessions: for the DirectML execution provider under Wine, where each
// session holds a Direct3D 12 device of its own (about 1 GB resident on lavapipe) and
// releasing one crashes the process (onnxruntime_backend.js, --ep dml). A worker that has
// made its sessions is terminated (TerminateProcess: no session is released, nothing of it
// runs any more), the only ending that costs no time there.
//
// The worker is this adapter started again with `--worker 1`, speaking the same protocol
// on its stdin/stdout (pipes libuv creates: Windows named pipes, which Node's streams use
// as they are). Each worker reply carries `sessions` (how many it has built); a new worker
// is started only before a `create`, so an `execute` always reaches the worker that
// created its session.
'use strict';

const { spawn } = require('child_process');

class Worker {
  constructor(command, args, log) {
    this.log = log;
    this.placements = null;  // the providers the log named since the request in flight began
    this.sessions = 0;
    this.stderrTail = '';
    this.pending = null;  // { resolve } of the request in flight
    this.buffer = '';
    this.exited = new Promise(resolve => {
      this.child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
      this.child.on('exit', (code, signal) => {
        this.dead = `exit status ${code === null ? signal : code}`;
        this.answer(null);
        resolve();
      });
    });
    this.child.on('error', e => { this.dead = String(e.message || e); this.answer(null); });
    this.child.stdin.on('error', () => {});  // a dead worker's pipe: its exit answers
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', text => {
      this.buffer += text;
      for (let nl = this.buffer.indexOf('\n'); nl >= 0; nl = this.buffer.indexOf('\n')) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        this.answer(line);
      }
    });
    this.child.stderr.setEncoding('utf8');
    this.stderrLine = '';
    this.child.stderr.on('data', raw => {
      // ONNX Runtime's Windows build logs UTF-16: its ASCII without the NULs.
      const lines = (this.stderrLine + raw.replace(/\u0000/g, '')).split('\n');
      this.stderrLine = lines.pop();
      lines.forEach(l => this.stderrLineOf(l));
    });
  }

  // One line of the worker's standard error: ORT's verbose and info lines (the sessions log
  // verbosely, onnxruntime_backend.js) are read for the node's placement, not passed on.
  stderrLineOf(line) {
    const placed = /placed on \[(\w+)\]/.exec(line);
    if (placed && this.placements) this.placements.push(placed[1]);
    if (/\[[VI]:onnxruntime/.test(line)) return;
    this.log(line);
    this.stderrTail = (this.stderrTail + line + '\n').slice(-2000);
  }

  // A reply whose session's placement is in the log (`placement_from_log`): as it is when
  // ORT placed the node on the DirectML EP alone, else unsupported, saying where it went.
  // The log comes on another pipe than the reply: it is waited for, up to 5 s.
  async placedOnDml(reply) {
    delete reply.placement_from_log;
    for (let waited = 0; !this.placements.length && !this.dead && waited < 5000; waited += 50)
      await new Promise(resolve => setTimeout(resolve, 50));
    const providers = [...new Set(this.placements)];
    if (providers.length === 1 && providers[0] === 'DmlExecutionProvider') return reply;
    return { status: 'unsupported', message: providers.length
      ? `ONNX Runtime placed the node on ${providers.join(', ')} (its verbose log of the session), `
        + 'not on the DirectML execution provider'
      : 'ONNX Runtime wrote neither a profile of the run nor a placement in its log, so where it '
        + 'placed the node is not known: not counted as DirectML' };
  }

  // Resolves the request in flight with the worker's reply line, or (null) with what its
  // end means. A worker that logged ORT's "Exception during initialization" and then died
  // was refused the session by the DirectML EP (DirectML's CreateOperator refusing the
  // descriptor the EP built; the crash is the unwinding under Wine): `rejected`, quoting it.
  answer(line) {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    if (line === null) {
      const refusal = /Exception during initialization: ([^\n]*)/.exec(this.stderrTail);
      const ended = `the ONNX Runtime worker process ended (${this.dead})`;
      pending.resolve(refusal && pending.action === 'create'
        ? { status: 'rejected', message: `ONNX Runtime's DirectML EP could not initialize the session: `
                                         + `${refusal[1].trim()}; then ${ended}` }
        : { status: 'error', message: `${ended} before replying; its standard error ends: ${this.stderrTail.trim()}`,
            endedAtInput: this.dead === 'exit status 0' });
      return;
    }
    try {
      const reply = JSON.parse(line);
      this.sessions = reply.sessions || this.sessions;
      delete reply.sessions;
      pending.resolve(reply);
    } catch (e) {
      pending.resolve({ status: 'error', message: `the ONNX Runtime worker replied '${line}': ${e}` });
    }
  }

  async ask(line, action) {
    this.placements = [];
    const reply = await new Promise(resolve => {
      this.pending = { resolve, action };
      if (this.dead) this.answer(null);
      else this.child.stdin.write(`${line}\n`);
    });
    return reply.placement_from_log ? this.placedOnDml(reply) : reply;
  }

  async stop() {
    if (!this.dead) this.child.kill();
    await this.exited;
  }
}

// A descriptor's `create` is answered once: dmlconf asks again at a case's own feature
// level, and the adapter ignores levels. An `execute` reaching a worker without the session
// builds it there.
class SessionWorkers {
  constructor(command, args, limit, log) {
    Object.assign(this, { command, args, limit, log, worker: null, created: new Map() });
  }

  async ask(line, request) {
    const key = request.action === 'create' && `${request.operator} ${JSON.stringify(request.descriptor)}`;
    if (key && this.created.has(key)) return Object.assign({}, this.created.get(key));
    const reply = await this.forward(line, request);
    if (key && reply.status !== 'error') this.created.set(key, Object.assign({}, reply));
    return reply;
  }

  // A worker that ended with exit status 0 before replying read the end of its input,
  // which this side never closes while it lives: under Wine, now and then, a pipe read
  // says so early (seen in about one of 30 DirectML sessions, exit status 0 and nothing on
  // standard error). The request goes once more to a fresh worker, and the log says so.
  async forward(line, request) {
    for (let attempt = 1; ; ++attempt) {
      const w = this.worker;
      if (w && (w.dead || (request.action === 'create' && w.sessions >= this.limit))) {
        await w.stop();
        this.worker = null;
      }
      if (!this.worker) this.worker = new Worker(this.command, this.args, this.log);
      const reply = await this.worker.ask(line, request.action);
      const again = reply.endedAtInput && attempt === 1;
      delete reply.endedAtInput;
      if (!again) return reply;
      this.log(`session_workers: ${reply.message}; asking a fresh worker once more`);
    }
  }

  async stop() {
    if (this.worker) await this.worker.stop();
  }
}

module.exports = { SessionWorkers };
