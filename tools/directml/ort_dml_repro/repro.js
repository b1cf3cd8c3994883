#!/usr/bin/env node
// Standalone reproducers of what ONNX Runtime's DirectML execution provider does where ONNX
// defines otherwise: a one-node model beside this script, run with onnxruntime-node on the
// 'dml' execution provider (and on 'cpu', for comparison). Needs only onnxruntime-node's
// Windows build and Node for Windows (on Windows, or under Wine as tools/directml sets up).
//
//   node repro.js CHECK [--onnxruntime NODE_MODULES]
//   tools/directml/dmlconf-ort-dml [--onnxruntime-node RELEASE] --repro CHECK
//
// CHECK: gather-index-out-of-range (the EP's own deviation from ONNX), e1-length-past-time-axis
// and e2-length-2-32 (DirectML's E1 and E2, reports/directml/ERRATA.md, reached through ONNX).
// Prints expected and actual; exits 1 while the behaviour is there ("BUG PRESENT"), 0 when
// it is gone, 2 when it could not run.
'use strict';

const fs = require('fs');
const path = require('path');

const [check, flag, modules] = process.argv.slice(2);
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

(async () => {
  const c = CHECKS[check];
  if (!c) {
    say(`usage: repro.js ${Object.keys(CHECKS).join('|')} [--onnxruntime NODE_MODULES]`);
    process.exit(2);
  }
  say(`onnxruntime-node ${ort.env.versions.common}, model ${c.model}`);
  const cpu = await runOn('cpu', c), dml = await runOn('dml', c);
  say(`expected: ${c.expected}\ncpu EP:   ${show(cpu)}\ndml EP:   ${show(dml)}`);
  if (typeof dml === 'string' && !dml.startsWith('error: Non-zero status')) {
    say('could not run on the DirectML EP');
    process.exit(2);
  }
  say(c.bug(dml) ? 'BUG PRESENT' : 'fixed');
  process.exit(c.bug(dml) ? 1 : 0);  // exit, never release a DirectML session (it crashes under Wine)
})();
