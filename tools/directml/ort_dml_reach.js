#!/usr/bin/env node
// Which of DirectML's deviations (reports/directml/ERRATA.md, E1 to E5) a valid ONNX model
// reaches through ONNX Runtime's DirectML execution provider: one-node models ("probes")
// run on the DirectML EP and on the CPU EP of the same onnxruntime-node Windows build,
// each compared with the value ONNX defines, computed here independently. Prints one line
// per probe; the reach table of reports/peers/README.md quotes them.
//
//   tools/directml/dmlconf-ort-dml --reach [PROBE...]      (all probes by default)
//
// Run under Windows Node (the launcher's --reach does it); each process builds at most
// three DirectML sessions (see validator/src/backends/onnxruntime/session_workers.js),
// so the probes run in chunks, each in a child process of this script.
'use strict';

const fs = require('fs');
const path = require('path');
const { runToExit } = require('./ort_dml_repro/run_to_exit.js');

const args = process.argv.slice(2);
const modulesAt = args.indexOf('--onnxruntime');
const modules = modulesAt >= 0 ? args.splice(modulesAt, 2)[1] : null;
// The adapter reads its arguments when loaded: only the module folder is meant for it.
process.argv = [process.argv[0], process.argv[1], ...(modules ? ['--onnxruntime', modules] : [])];
const adapter = require(path.join(__dirname, '..', '..', 'validator', 'src', 'backends', 'onnxruntime',
                                  'onnxruntime_backend.js'));
const { oneNodeModel, attrInt, ort } = adapter;
const say = text => fs.writeSync(1, `${text}\n`);

const product = a => a.reduce((p, x) => p * x, 1);
// ONNX Gather: output[o, j..., k] = data[o, index[j...] (negative counts from the end), k].
function gatherOf(data, shape, indices, axis) {
  const outer = product(shape.slice(0, axis)), n = shape[axis], inner = product(shape.slice(axis + 1));
  const out = [];
  for (let o = 0; o < outer; o++)
    for (const raw of indices) {
      const i = raw < 0 ? raw + n : raw;
      for (let k = 0; k < inner; k++) out.push(data[(o * n + i) * inner + k]);
    }
  return out;
}
// ONNX ReverseSequence on [T, batch] (time_axis 0, batch_axis 1): the first len[b] steps
// of column b reversed, a length past T read as T (ONNX's reference implementation slices).
function reverseOf(data, T, batch, lens) {
  const out = data.slice();
  lens.forEach((len, b) => {
    const l = Math.min(Number(len), T);
    for (let t = 0; t < l; t++) out[t * batch + b] = data[(l - 1 - t) * batch + b];
  });
  return out;
}

const UINT32 = 12, INT64 = 7;
function gatherProbe(name, shape, indexShape, indices, axis) {
  const data = Array.from({ length: product(shape) }, (_, i) => 100 + i);
  return {
    name, what: `Gather data ${JSON.stringify(shape)} uint32, indices ${JSON.stringify(indexShape)} `
      + `int64 ${JSON.stringify(indices)}, axis ${axis}`,
    model: oneNodeModel('Gather', [['x', UINT32, shape], ['i', INT64, indexShape]], [['y', UINT32]],
                        [attrInt('axis', axis)]),
    feeds: () => ({ x: new ort.Tensor('uint32', Uint32Array.from(data), shape),
                    i: new ort.Tensor('int64', BigInt64Array.from(indices.map(BigInt)), indexShape) }),
    expected: gatherOf(data, shape, indices, axis),
  };
}
function reverseProbe(name, T, lens) {
  const batch = lens.length, data = Array.from({ length: T * batch }, (_, i) => i);
  return {
    name, what: `ReverseSequence x [${T},${batch}] uint32, sequence_lens ${JSON.stringify(lens.map(String))} `
      + 'int64, time_axis 0, batch_axis 1',
    model: oneNodeModel('ReverseSequence', [['x', UINT32, [T, batch]], ['lens', INT64, [batch]]],
                        [['y', UINT32]], [attrInt('batch_axis', 1), attrInt('time_axis', 0)]),
    feeds: () => ({ x: new ort.Tensor('uint32', Uint32Array.from(data), [T, batch]),
                    lens: new ort.Tensor('int64', BigInt64Array.from(lens.map(BigInt)), [batch]) }),
    expected: reverseOf(data, T, batch, lens),
  };
}

function probes() {
  const list = [];
  // E4: the axis inside the data's leading 1s (first and last of them), with one, two and
  // the most index dimensions the EP takes (output rank <= 8).
  for (let ones = 1; ones <= 4; ones++)
    for (const axis of new Set([0, ones - 1]))
      for (const q of new Set([1, 2, 8 - ones]))
        list.push(gatherProbe(`e4/ones${ones}-axis${axis}-q${q}`, [...Array(ones).fill(1), 3],
                              [...Array(q - 1).fill(1), 2], [0, -1], axis));
  // E3: the output-rank rule's shapes (data with leading size 3, many index dimensions).
  for (let q = 2; q <= 5; q++)
    list.push(gatherProbe(`e3/q${q}`, [3, 1, 1, 2], [...Array(q - 1).fill(1), 2], [2, 0], 0));
  // E5: no index dimension (scalar indices).
  list.push(gatherProbe('e5/scalar-index', [2, 3], [], [1], 0));
  // E1 and E2: sequence lengths past the time axis, and past 2^32.
  list.push(reverseProbe('e1/length-5-of-4', 4, [5]));
  list.push(reverseProbe('e1/length-7-of-4', 4, [7]));
  list.push(reverseProbe('e2/length-2^32', 4, [2n ** 32n]));
  list.push(reverseProbe('e2/length-2^32+2', 4, [2n ** 32n + 2n]));
  // ONNX: "It is an error if any of the index values are out of bounds."
  list.push(Object.assign(gatherProbe('onnx/index-out-of-range', [3], [1], [3], 0),
                          { expected: 'an error' }));
  return list;
}

async function runOn(ep, probe) {
  try {
    const session = await ort.InferenceSession.create(probe.model, { executionProviders: [ep], logSeverityLevel: 3 });
    const out = await session.run(probe.feeds());
    return Array.from(out[session.outputNames[0]].data);
  } catch (e) {
    return `error: ${String(e.message || e).split('\n')[0].replace(/^.*\] /, '').slice(0, 160)}`;
  }
}

const verdict = (got, want) => {
  const same = want === 'an error' ? String(got).startsWith('error') : JSON.stringify(got) === JSON.stringify(want);
  return same ? 'as ONNX' : 'DIFFERS';
};
const show = v => (Array.isArray(v) ? `[${v.join(', ')}]` : v);

async function runProbes(names) {
  for (const probe of probes().filter(p => names.includes(p.name))) {
    const dml = await runOn('dml', probe), cpu = await runOn('cpu', probe);
    say(`${probe.name} | ${probe.what} | expected ${show(probe.expected)} | dml ${verdict(dml, probe.expected)} `
        + `${show(dml)} | cpu ${verdict(cpu, probe.expected)} ${show(cpu)}`);
  }
  process.exit(0);  // never release a DirectML session (it crashes under Wine)
}

if (args[0] === '--chunk') {
  runProbes(args.slice(1));
} else {
  const all = probes().map(p => p.name);
  const names = args.length ? args : all;
  say(`onnxruntime-node ${ort.env.versions.common}: probe | model | expected | DirectML EP | CPU EP`);
  for (let i = 0; i < names.length; i += 3) {
    const child = runToExit([__filename, ...(modules ? ['--onnxruntime', modules] : []), '--chunk', ...names.slice(i, i + 3)]);
    fs.writeSync(1, child.stdout || '');
    if (child.status !== 0)
      say(`${names.slice(i, i + 3).join(', ')} | the probe process ended with ${child.status}: `
          + `${(child.stderr || '').trim().split('\n').slice(-1)[0]}`);
  }
}
