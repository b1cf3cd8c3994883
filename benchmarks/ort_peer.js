#!/usr/bin/env node
// The ONNX Runtime benchmark peer: each shape of `dmlconf_benchmarks
// --dmlconf_shapes_json` as a one-node ONNX model (written here as protobuf
// bytes, no ONNX package needed), run on ONNX Runtime's CPU execution provider
// (npm onnxruntime-node, installed in tools/node) with intra-op threads 1 and
// the machine's cores, timed by ORT's own profiler: the node's kernel time,
// not the Node binding's copies of inputs and outputs, which would dominate.
//
//   node benchmarks/ort_peer.js SHAPES.json OUT.json [--threads 1,2] [--runs 15]
//
// OUT.json: {"context": {...}, "results": [{"name": "<prefix>/onnxruntime/
// threads:<n>", "seconds": median, "cv": stddev/mean, "runs": n}] or
// {"name", "error"} where ORT has no kernel for the type or refuses the model.
//
// Operators: SPLIT = Split, JOIN = Concat, GATHER = Gather (int32 indices,
// random with a fixed seed like the benchmark binary's), DEPTH_TO_SPACE1 =
// DepthToSpace (DEPTH_COLUMN_ROW = mode DCR, COLUMN_ROW_DEPTH = CRD),
// SPACE_TO_DEPTH1 = SpaceToDepth (DCR only: ONNX has no other order),
// REVERSE_SUBSEQUENCES = ReverseSequence (rank 2, every length the full axis,
// as the binary's problems). Opset 13.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const ort = require(path.join(__dirname, '..', 'tools', 'node', 'node_modules', 'onnxruntime-node'));

// ---- Protobuf, the few wire types an ONNX model needs.

function varint(value) {
  const bytes = [];
  let v = BigInt(value);
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    bytes.push(byte);
  } while (v > 0n);
  return Buffer.from(bytes);
}
const key = (field, wire) => varint((field << 3) | wire);
const int = (field, value) => Buffer.concat([key(field, 0), varint(value)]);
function bytes(field, content) {
  const data = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
  return Buffer.concat([key(field, 2), varint(data.length), data]);
}
const message = (field, parts) => bytes(field, Buffer.concat(parts));

// ---- ONNX messages (onnx.proto field numbers).

const ONNX_TYPE = {UINT8: 2, UINT16: 4, FLOAT32: 1, UINT64: 13, INT32: 6, INT64: 7};
const ORT_TYPE = {UINT8: 'uint8', UINT16: 'uint16', FLOAT32: 'float32', UINT64: 'uint64',
                  INT32: 'int32', INT64: 'int64'};
const ARRAY = {UINT8: Uint8Array, UINT16: Uint16Array, FLOAT32: Float32Array,
               UINT64: BigUint64Array, INT32: Int32Array, INT64: BigInt64Array};

function valueInfo(name, type, dims) {
  const shape = dims.map((d) => message(1, [int(1, d)]));                 // Dimension.dim_value
  const tensorType = [int(1, ONNX_TYPE[type]), message(2, shape)];        // elem_type, shape
  return [bytes(1, name), message(2, [message(1, tensorType)])];          // name, TypeProto.tensor_type
}
function intAttribute(name, value) {
  return [bytes(1, name), int(3, value), int(20, 2)];                     // i, type INT
}
function stringAttribute(name, value) {
  return [bytes(1, name), bytes(4, value), int(20, 3)];                   // s, type STRING
}
function int64Initializer(name, values) {
  const raw = Buffer.alloc(8 * values.length);
  values.forEach((v, i) => raw.writeBigInt64LE(BigInt(v), 8 * i));
  return [int(1, values.length), int(2, ONNX_TYPE.INT64), bytes(8, name), bytes(9, raw)];
}

// node: {op, inputs, outputs, attributes}; graph inputs / outputs as
// [name, type, dims]; initializers: [name, int64 values].
function model(node, inputs, outputs, initializers) {
  const nodeProto = [
    ...node.inputs.map((n) => bytes(1, n)), ...node.outputs.map((n) => bytes(2, n)),
    bytes(3, 'node'), bytes(4, node.op),
    ...node.attributes.map((a) => message(5, a))];
  const graph = [
    message(1, nodeProto), bytes(2, 'dmlconf'),
    ...initializers.map(([name, values]) => message(5, int64Initializer(name, values))),
    ...inputs.map(([n, t, d]) => message(11, valueInfo(n, t, d))),
    ...outputs.map(([n, t, d]) => message(12, valueInfo(n, t, d)))];
  return Buffer.concat([int(1, 7), bytes(2, 'dmlconf'), message(7, graph),
                        message(8, [bytes(1, ''), int(2, 13)])]);        // ir_version 7, opset 13
}

// ---- One shape as a model plus its feeds.

// A deterministic generator (xorshift), so every run gathers the same rows.
function random(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s;
  };
}

function filled(type, dims) {
  const count = dims.reduce((a, b) => a * b, 1);
  const array = new ARRAY[type](count);
  if (type === 'UINT64') for (let i = 0; i < count; ++i) array[i] = BigInt(i & 0xffff);
  else for (let i = 0; i < count; ++i) array[i] = i & 0x7f;
  return new ort.Tensor(ORT_TYPE[type], array, dims);
}

function buildCase(shape) {
  const t = shape.data_type;
  const outputs = shape.outputs.map((dims, i) => [`y${i}`, t, dims]);
  const names = (list) => list.map(([n]) => n);
  switch (shape.operator) {
    case 'SPLIT': {
      const parts = shape.outputs.map((d) => d[shape.axis]);
      return {bytes: model({op: 'Split', inputs: ['x', 'split'], outputs: names(outputs),
                            attributes: [intAttribute('axis', shape.axis)]},
                           [['x', t, shape.inputs[0]]], outputs, [['split', parts]]),
              feeds: {x: filled(t, shape.inputs[0])}};
    }
    case 'JOIN': {
      const inputs = shape.inputs.map((dims, i) => [`x${i}`, t, dims]);
      const feeds = {};
      inputs.forEach(([n, , d]) => { feeds[n] = filled(t, d); });
      return {bytes: model({op: 'Concat', inputs: names(inputs), outputs: names(outputs),
                            attributes: [intAttribute('axis', shape.axis)]}, inputs, outputs, []),
              feeds};
    }
    case 'GATHER': {
      const [data, indexDims] = shape.inputs;
      const count = indexDims.reduce((a, b) => a * b, 1);
      const next = random(12345);
      const indices = Int32Array.from({length: count}, () => next() % data[shape.axis]);
      return {bytes: model({op: 'Gather', inputs: ['x', 'i'], outputs: names(outputs),
                            attributes: [intAttribute('axis', shape.axis)]},
                           [['x', t, data], ['i', 'INT32', [count]]], outputs, []),
              feeds: {x: filled(t, data), i: new ort.Tensor('int32', indices, [count])}};
    }
    case 'DEPTH_TO_SPACE1':
    case 'SPACE_TO_DEPTH1': {
      const toSpace = shape.operator === 'DEPTH_TO_SPACE1';
      const dcr = shape.order === 'DEPTH_COLUMN_ROW';
      if (!toSpace && !dcr) return {error: 'ONNX SpaceToDepth has only the DCR order'};
      const attributes = [intAttribute('blocksize', shape.block_size)];
      if (toSpace) attributes.push(stringAttribute('mode', dcr ? 'DCR' : 'CRD'));
      return {bytes: model({op: toSpace ? 'DepthToSpace' : 'SpaceToDepth', inputs: ['x'],
                            outputs: names(outputs), attributes},
                           [['x', t, shape.inputs[0]]], outputs, []),
              feeds: {x: filled(t, shape.inputs[0])}};
    }
    case 'REVERSE_SUBSEQUENCES': {
      const dims = shape.inputs[0];
      if (dims.length !== 2) return {error: 'ReverseSequence takes rank 2 here'};
      const time = shape.axis, batch = 1 - shape.axis;
      const lengths = new BigInt64Array(dims[batch]).fill(BigInt(dims[time]));
      return {bytes: model({op: 'ReverseSequence', inputs: ['x', 'lengths'],
                            outputs: names(outputs),
                            attributes: [intAttribute('batch_axis', batch),
                                         intAttribute('time_axis', time)]},
                           [['x', t, dims], ['lengths', 'INT64', [dims[batch]]]], outputs, []),
              feeds: {x: filled(t, dims),
                      lengths: new ort.Tensor('int64', lengths, [dims[batch]])}};
    }
  }
  return {error: `no ONNX formulation of ${shape.operator}`};
}

// ---- Timing through the profiler.

// The node's kernel times (seconds) from a profile, one per run.
function kernelSeconds(profilePath) {
  const events = JSON.parse(fs.readFileSync(profilePath, 'utf8'));
  return events.filter((e) => e.cat === 'Node' && /_kernel_time$/.test(e.name))
      .map((e) => e.dur * 1e-6);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
function cv(values) {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
  return mean > 0 ? Math.sqrt(variance) / mean : 0;
}

async function measure(built, threads, runs, workDir) {
  const prefix = path.join(workDir, `ort_${threads}`);
  const session = await ort.InferenceSession.create(built.bytes, {
    executionProviders: ['cpu'], intraOpNumThreads: threads, interOpNumThreads: 1,
    graphOptimizationLevel: 'disabled', enableProfiling: true, profileFilePrefix: prefix,
  });
  // One warm-up run (allocator arena, first touch), dropped below.
  for (let r = 0; r <= runs; ++r) await session.run(built.feeds);
  session.endProfiling();
  await session.release();
  const profile = fs.readdirSync(workDir).find((f) => f.startsWith(`ort_${threads}`));
  const times = kernelSeconds(path.join(workDir, profile)).slice(1);
  fs.unlinkSync(path.join(workDir, profile));
  if (times.length === 0) throw new Error('the profile holds no kernel time');
  return {seconds: median(times), cv: cv(times), runs: times.length};
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(name);
    return at >= 0 ? args.splice(at, 2)[1] : fallback;
  };
  const threadList = option('--threads', `1,${os.cpus().length}`).split(',').map(Number);
  const runs = Number(option('--runs', '15'));
  const filter = new RegExp(option('--filter', '.'));
  const [shapesPath, outPath] = args;
  if (!shapesPath || !outPath) {
    console.error('usage: ort_peer.js SHAPES.json OUT.json [--threads 1,2] [--runs 15] [--filter RE]');
    process.exit(2);
  }
  const shapes = JSON.parse(fs.readFileSync(shapesPath, 'utf8'));
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dmlconf_ort_'));
  const results = [];
  for (const shape of shapes) {
    if (!filter.test(shape.prefix)) continue;
    // Small problems are single-threaded in the binary too.
    const threads = shape.kind === 'small' ? [1] : [...new Set(threadList)];
    const built = buildCase(shape);
    for (const t of threads) {
      const name = `${shape.prefix}/onnxruntime/threads:${t}`;
      if (built.error) {
        results.push({name, error: built.error});
        continue;
      }
      try {
        // Fewer runs where one call moves hundreds of MiB, more where it
        // takes microseconds (the profiler counts whole microseconds).
        const count = shape.beyond_cache ? 5 : shape.kind === 'small' ? 10 * runs : runs;
        const result = await measure(built, t, count, workDir);
        results.push({name, ...result});
        console.error(`${name}: ${(result.seconds * 1e6).toFixed(1)} us (cv ${result.cv.toFixed(2)})`);
      } catch (e) {
        results.push({name, error: String(e.message || e).split('\n')[0]});
        console.error(`${name}: ${results[results.length - 1].error}`);
      }
    }
  }
  fs.rmSync(workDir, {recursive: true, force: true});
  const context = {onnxruntime: require(path.join(__dirname, '..', 'tools', 'node', 'node_modules',
                                                  'onnxruntime-node', 'package.json')).version,
                   node: process.version, execution_provider: 'cpu', runs};
  fs.writeFileSync(outPath, JSON.stringify({context, results}, null, 1) + '\n');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
