// A worker process that does the adapter's ONNX Runtime work, replaced by a fresh one once
// it has built `limit` sessions: for the DirectML execution provider under Wine, where each
// session holds a Direct3D 12 device of its own (about 1 GB resident on lavapipe) and
// releasing one crashes the process (onnxruntime_backend.js, --ep dml). A worker that has
// made its sessions exits at the end of its input, never releasing one.
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
    this.child.stderr.on('data', text => {
      log(text.replace(/\n$/, ''));
      this.stderrTail = (this.stderrTail + text).slice(-2000);
    });
  }

  // Resolves the request in flight with the worker's reply line, or (null) with an error.
  answer(line) {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    if (line === null) {
      pending.resolve({ status: 'error', message: `the ONNX Runtime worker process ended (${this.dead}) `
                        + `before replying; its standard error ends: ${this.stderrTail.trim()}` });
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

  ask(line) {
    return new Promise(resolve => {
      if (this.dead) {
        this.pending = { resolve };
        this.answer(null);
        return;
      }
      this.pending = { resolve };
      this.child.stdin.write(`${line}\n`);
    });
  }

  // End of input: the worker exits by itself; one that does not is killed after 20 s.
  async stop() {
    if (!this.dead) this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill(), 20000);
    await this.exited;
    clearTimeout(timer);
  }
}

class SessionWorkers {
  constructor(command, args, limit, log) {
    Object.assign(this, { command, args, limit, log, worker: null });
  }

  async ask(line, request) {
    const w = this.worker;
    if (w && (w.dead || (request.action === 'create' && w.sessions >= this.limit))) {
      await w.stop();
      this.worker = null;
    }
    if (!this.worker) this.worker = new Worker(this.command, this.args, this.log);
    return this.worker.ask(line);
  }

  async stop() {
    if (this.worker) await this.worker.stop();
  }
}

module.exports = { SessionWorkers };
