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
    this.child.stderr.on('data', raw => {
      // ONNX Runtime's Windows build logs UTF-16: its ASCII without the NULs.
      const text = raw.replace(/\u0000/g, '');
      log(text.replace(/\n$/, ''));
      this.stderrTail = (this.stderrTail + text).slice(-2000);
    });
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
        : { status: 'error', message: `${ended} before replying; its standard error ends: ${this.stderrTail.trim()}` });
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

  ask(line, action) {
    return new Promise(resolve => {
      this.pending = { resolve, action };
      if (this.dead) this.answer(null);
      else this.child.stdin.write(`${line}\n`);
    });
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

  async forward(line, request) {
    const w = this.worker;
    if (w && (w.dead || (request.action === 'create' && w.sessions >= this.limit))) {
      await w.stop();
      this.worker = null;
    }
    if (!this.worker) this.worker = new Worker(this.command, this.args, this.log);
    return this.worker.ask(line, request.action);
  }

  async stop() {
    if (this.worker) await this.worker.stop();
  }
}

module.exports = { SessionWorkers };
