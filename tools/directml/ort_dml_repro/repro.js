#!/usr/bin/env node
// Standalone reproducers of what ONNX Runtime's DirectML execution provider does where ONNX
// defines otherwise: a one-node model beside this script, run with onnxruntime-node on the
// 'dml' execution provider (and on 'cpu', for comparison). Needs only onnxruntime-node's
// Windows build and Node for Windows (on Windows, or under Wine as tools/directml sets up).
//
//   node repro.js CHECK [--onnxruntime NODE_MODULES]
//   tools/directml/dmlconf-ort-dml [--onnxruntime-node RELEASE] --repro CHECK
//
// CHECK: gather-index-out-of-range, gather-output-rank-9 and gather-nd-scalar-output (the
// EP's own deviations from ONNX), e1-length-past-time-axis and e2-length-2-32 (DirectML's
// E1 and E2, reports/directml/ERRATA.md, reached through ONNX). Prints expected and actual; exits 1
// while the behaviour is there ("BUG PRESENT"), 0 when it is gone, 2 for an unknown CHECK.
// Each EP runs in a child process of this script: a session the DirectML EP fails to
// initialize ends its process under Wine, after ORT logged why.
'use strict';

const fs = require('fs');
const path = require('path');
const { runToExit } = require('./run_to_exit.js');

const [check, flag, modules, only] = process.argv.slice(2);
const say = text => fs.writeSync(1, `${text}\n`);
const ort = require(require.resolve('onnxruntime-node', { paths: flag === '--onnxruntime' ? [modules] : [__dirname] }));

const CHECKS = {
  // ONNX Gather: "It is an error if any of the index values are out of bounds."
  'gather-index-out-of-range': {
    model: 'gather_1d.onnx',
    feeds: () => ({ data: new ort.Tensor('uint32', Uint32Array.from([100, 101, 102]), [3]),
                    indices: new ort.Tensor('int64', BigInt64Array.from([3n]), [1]) }),
    expected: 'an error (index 3 is outside [-3, 2])',
    bug: out => Array.isArray(out),
  },
  // A sequence length past the time axis: reversing the whole axis ([3, 2, 1, 0]) is what
  // DirectML's own page promises (clamping); ORT's CPU EP refuses the length.
  // ONNX Gather's output has rank r + q - 1 for any ranks; the DirectML EP takes the node
  // and fails the session when that passes 8, instead of leaving it to the CPU EP.
  'gather-output-rank-9': {
    model: 'gather_output_rank_9.onnx',
    feeds: () => ({ data: new ort.Tensor('uint32', Uint32Array.from([100, 101, 102, 103, 104, 105]), [3, 2]),
                    indices: new ort.Tensor('int64', BigInt64Array.from([2n, 0n]), [1, 1, 1, 1, 1, 1, 1, 2]) }),
    expected: '[104, 105, 100, 101] (output shape [1,1,1,1,1,1,1,2,2])',
    bug: out => !Array.isArray(out) || out.join() !== '104,105,100,101',
  },
  // ONNX GatherND's output is indices.shape[:-1] + data.shape[batch_dims + k:]: a scalar
  // when one index tuple reaches every data axis. The DirectML EP takes the node and
  // fails the session, instead of leaving it to the CPU EP.
  'gather-nd-scalar-output': {
    model: 'gather_nd_scalar_output.onnx',
    feeds: () => ({ data: new ort.Tensor('uint32', Uint32Array.from([100, 101, 102]), [3]),
                    indices: new ort.Tensor('int64', BigInt64Array.from([1n]), [1]) }),
    expected: '[101] (output shape [], a scalar)',
    bug: out => !Array.isArray(out) || out.join() !== '101',
  },
  'e1-length-past-time-axis': {
    model: 'reverse_sequence_4x1.onnx',
    feeds: () => ({ input: new ort.Tensor('uint32', Uint32Array.from([0, 1, 2, 3]), [4, 1]),
                    sequence_lens: new ort.Tensor('int64', BigInt64Array.from([5n]), [1]) }),
    expected: '[3, 2, 1, 0], or an error as on the CPU EP',
    bug: out => Array.isArray(out) && out.join() !== '3,2,1,0',
  },
  'e2-length-2-32': {
    model: 'reverse_sequence_4x1.onnx',
    feeds: () => ({ input: new ort.Tensor('uint32', Uint32Array.from([0, 1, 2, 3]), [4, 1]),
                    sequence_lens: new ort.Tensor('int64', BigInt64Array.from([2n ** 32n]), [1]) }),
    expected: '[3, 2, 1, 0], or an error as on the CPU EP',
    bug: out => Array.isArray(out) && out.join() !== '3,2,1,0',
  },
};

async function runOn(ep, c) {
  try {
    const session = await ort.InferenceSession.create(path.join(__dirname, c.model),
                                                      { executionProviders: [ep], logSeverityLevel: 3 });
    const out = await session.run(c.feeds());
    return Array.from(out[session.outputNames[0]].data);
  } catch (e) {
    return `error: ${String(e.message || e).split('\n')[0]}`;
  }
}
const show = v => (Array.isArray(v) ? `[${v.join(', ')}]` : v);

// One execution provider's result, from a child process (its JSON line, or what it logged
// before it died).
function runApart(ep) {
  const child = runToExit([__filename, check, flag || '--onnxruntime', modules || __dirname, ep]);
  try {
    return JSON.parse(child.stdout);
  } catch (e) {
    const log = (child.stderr || '').replace(/\u0000/g, '');
    const why = /Exception during initialization: ([^\n]*)/.exec(log);
    return `error: ${why ? why[1].trim() : log.trim().split('\n').slice(-1)[0]} (the process then ended, status ${child.status})`;
  }
}

(async () => {
  const c = CHECKS[check];
  if (!c) {
    say(`usage: repro.js ${Object.keys(CHECKS).join('|')} [--onnxruntime NODE_MODULES]`);
    process.exit(2);
  }
  if (only) {  // the child: one EP, its result as a JSON line
    say(JSON.stringify(await runOn(only, c)));
    process.exit(0);  // exit, never release a DirectML session (it crashes under Wine)
  }
  say(`onnxruntime-node ${ort.env.versions.common}, model ${c.model}`);
  const cpu = runApart('cpu'), dml = runApart('dml');
  say(`expected: ${c.expected}\ncpu EP:   ${show(cpu)}\ndml EP:   ${show(dml)}`);
  const bug = c.bug(dml);
  say(bug ? 'BUG PRESENT' : 'fixed');
  process.exit(bug ? 1 : 0);
})();
