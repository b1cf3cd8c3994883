#!/usr/bin/env node
// Reproducer for the ONNX Runtime finding in reports/peers/FINDINGS.md: FLOAT16 NaN bits
// through one-node models on the CPU EP, with the adapter's in-memory model builder.
//   node validator/src/backends/onnxruntime/float16_nan_repro.js
// Prints each model's output bits next to its input bits; a data-movement operator must
// return them unchanged.
'use strict';

const { oneNodeModel, attrInt, attrStr, ort } = require('./onnxruntime_backend.js');

const FLOAT16 = 10;
// 12 elements: ORT converts the first 8 with a vector path and the last 4 one by one.
const bits = [0x7d55, 0x7c01, 0xfd55, 0x7e01, 0x7e00, 0x7c00, 0x8000, 0x0001,
              0x7d55, 0x7c01, 0xfd55, 0x7e01];
const hex = a => Array.from(a, v => `0x${v.toString(16).padStart(4, '0')}`).join(' ');

async function run(label, opType, attrs, dims, inputs = 1) {
  const model = oneNodeModel(opType, Array.from({ length: inputs }, (_, i) => [`x${i}`, FLOAT16, dims]),
                             [['y', FLOAT16]], attrs);
  const session = await ort.InferenceSession.create(model, { executionProviders: ['cpu'] });
  const feeds = {};
  for (let i = 0; i < inputs; i++) feeds[`x${i}`] = new ort.Tensor('float16', Uint16Array.from(bits), dims);
  const out = (await session.run(feeds)).y.data;
  const got = new Uint16Array(out.buffer, out.byteOffset, bits.length);
  const same = got.every((v, i) => v === bits[i]);
  console.log(`${label.padEnd(30)} ${hex(got)}  ${same ? 'bits kept' : 'BITS CHANGED'}`);
}

(async () => {
  console.log(`onnxruntime-node ${ort.env.versions.node}, CPU EP, FLOAT16`);
  console.log(`${'input'.padEnd(30)} ${hex(bits)}`);
  await run('Identity', 'Identity', [], [12]);
  await run('Concat (first input)', 'Concat', [attrInt('axis', 0)], [12], 2);
  await run('DepthToSpace DCR blocksize 1', 'DepthToSpace', [attrInt('blocksize', 1), attrStr('mode', 'DCR')], [1, 12, 1, 1]);
  await run('DepthToSpace CRD blocksize 1', 'DepthToSpace', [attrInt('blocksize', 1), attrStr('mode', 'CRD')], [1, 12, 1, 1]);
  await run('SpaceToDepth blocksize 1', 'SpaceToDepth', [attrInt('blocksize', 1)], [1, 12, 1, 1]);
  // The likely cause: no FLOAT16 kernel, so ORT runs the FLOAT32 one between Casts. Cast to
  // FLOAT32 keeps every bit; Cast back quiets in its vector path and drops payloads after it.
  const up = await ort.InferenceSession.create(
    oneNodeModel('Cast', [['x', FLOAT16, [12]]], [['y', 1]], [attrInt('to', 1)]));
  const down = await ort.InferenceSession.create(
    oneNodeModel('Cast', [['x', 1, [12]]], [['y', FLOAT16]], [attrInt('to', FLOAT16)]));
  const wide = (await up.run({ x: new ort.Tensor('float16', Uint16Array.from(bits), [12]) })).y;
  const back = (await down.run({ x: wide })).y.data;
  const w = new Uint32Array(wide.data.buffer, wide.data.byteOffset, 12);
  console.log(`${'Cast to FLOAT32'.padEnd(30)} ${Array.from(w, v => `0x${v.toString(16).padStart(8, '0')}`).join(' ')}`);
  console.log(`${'Cast to FLOAT32 and back'.padEnd(30)} ${hex(back)}  `
              + `${back.every((v, i) => v === bits[i]) ? 'bits kept' : 'BITS CHANGED'}`);
})().catch(e => { console.error(e); process.exit(1); });
