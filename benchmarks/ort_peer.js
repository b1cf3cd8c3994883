#!/usr/bin/env node
// The ONNX Runtime benchmark peer: each shape of `dmlconf_benchmarks
// --dmlconf_shapes_json` as a one-node ONNX model (written here as protobuf
// bytes, no ONNX package needed), run on ONNX Runtime's CPU execution provider
// (npm onnxruntime-node, installed in tools/node) with intra-op threads 1 and
// the machine's cores, timed by ORT's own profiler: the node's kernel time,
// not the Node binding's copies of inputs and outputs, which would dominate.
//
//   node benchmarks/ort_peer.js SHAPES.json OUT.json [--threads 1,2] [--runs 15]
//       [--filter REGEX]     (on the result names, <prefix>/onnxruntime/threads:<n>)
//
// OUT.json: {"context": {...}, "results": [{"name": "<prefix>/onnxruntime/
// threads:<n>", "seconds": median kernel time, "cv": stddev/mean, "runs": n,
// "wall_seconds": median of session.run}] or {"name", "error"} where ORT has
// no kernel for the type, refuses the model, or its time or output fails a
// check: each session profiles into a directory of its own, its profile must
// hold exactly one kernel event of the op per run, the kernel time must not
// exceed session.run's wall time, and the output must match the operator's
// at 64 elements. context.checks names these checks; tools/bench_report.py
// shows no ONNX Runtime figure from a JSON without it (written before them).
//
// Operators: SPLIT = Split, JOIN = Concat, GATHER = Gather (int32 indices,
// random with a fixed seed like the benchmark binary's), DEPTH_TO_SPACE1 =
// DepthToSpace (DEPTH_COLUMN_ROW = mode DCR, COLUMN_ROW_DEPTH = CRD),
// SPACE_TO_DEPTH1 = SpaceToDepth (DCR only: ONNX has no other order),
// REVERSE_SUBSEQUENCES = ReverseSequence (rank 2, every length the full axis,
// as the binary's problems), GATHER_ELEMENTS = GatherElements, SCATTER_ELEMENTS =
// ScatterElements (int32 indices; a scatter's rotate each line, so no two updates
// collide), GATHER_ND, GATHER_ND1 = GatherND (batch_dims), SCATTER_ND = ScatterND
// (int64 tuples on the meaningful dimensions; a scatter's name distinct blocks),
// SLICE and SLICE1 = Slice (negative steps for SLICE1's),
// TILE = Tile, PADDING = Pad (constant with the value 0, edge, reflect: opset 13 has no
// symmetric or wrap). Opset 13.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

// ONNX Runtime 1.30's Linux build starts Microsoft's telemetry SDK, which tries HTTPS
// uploads and leaves .ses and mat-debug-PID.log files in $TMPDIR. Off, before the library
// loads (ORT_DISABLE_TELEMETRY is ONNX Runtime's own switch).
process.env.ORT_DISABLE_TELEMETRY = '1';
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

// Input values: a hash of the element's flat position (and of which input it
// is), so that the output check below tells apart elements that a wrong index
// mapping would confuse (a plain counter repeats every 128 or 256 elements).
function valueAt(type, position, input = 0) {
  const hash = Math.imul((position + Math.imul(input, 0x3c6ef372)) | 0, 0x9e3779b1) >>> 0;
  switch (type) {
    case 'UINT8': return hash >>> 24;
    case 'UINT16': return hash >>> 16;
    case 'FLOAT32': return hash >>> 8;                     // 24 bits: exact in a float
    case 'UINT64': return BigInt(hash);
    default: return hash | 0;
  }
}

function filled(type, dims, input = 0) {
  const count = dims.reduce((a, b) => a * b, 1);
  const array = new ARRAY[type](count);
  for (let i = 0; i < count; ++i) array[i] = valueAt(type, i, input);
  return new ort.Tensor(ORT_TYPE[type], array, dims);
}

// The flat position of a multi-index in a row-major tensor of these dims.
function flat(dims, index) {
  return index.reduce((position, i, axis) => position * dims[axis] + i, 0);
}
function unflat(dims, position) {
  const index = new Array(dims.length);
  for (let axis = dims.length - 1; axis >= 0; --axis) {
    index[axis] = position % dims[axis];
    position = Math.floor(position / dims[axis]);
  }
  return index;
}
const prefixSums = (values) => values.map((_, i) => values.slice(0, i).reduce((a, b) => a + b, 0));

// PADDING's modes ONNX's Pad has (DML_PADDING_MODE 0, 1, 2), and where along one axis
// of size n the output's coordinate c (relative to the input's start) reads from: null
// for the constant.
const PAD_MODES = {0: 'constant', 1: 'edge', 2: 'reflect'};
function padSource(c, n, mode) {
  if (c >= 0 && c < n) return c;
  if (mode === 'constant') return null;
  if (mode === 'edge' || n === 1) return c < 0 ? 0 : n - 1;
  const period = 2 * (n - 1), m = ((c % period) + period) % period;  // reflect
  return m < n ? m : period - m;
}

// SLICE and SLICE1: one Slice over every axis; output element c reads starts + steps * c.
function sliceCase(t, dims, outputs, starts, ends, steps) {
  return {op: 'Slice',
          bytes: model({op: 'Slice', inputs: ['x', 'starts', 'ends', 'axes', 'steps'],
                        outputs: outputs.map(([n]) => n), attributes: []},
                       [['x', t, dims]], outputs,
                       [['starts', starts], ['ends', ends], ['axes', dims.map((_, i) => i)],
                        ['steps', steps]]),
          feeds: {x: filled(t, dims)},
          source: (k, index) => [0, flat(dims, index.map((c, i) => starts[i] + steps[i] * c))]};
}

// Each case: the model's bytes, its feeds, the ONNX op (the profile's
// kernel events must name it) and source(k, index): where the operator takes
// element `index` of output k from, as [input number, flat position in it].
function buildCase(shape) {
  const t = shape.data_type;
  const outputs = shape.outputs.map((dims, i) => [`y${i}`, t, dims]);
  const names = (list) => list.map(([n]) => n);
  const axis = shape.axis;
  switch (shape.operator) {
    case 'SPLIT': {
      const dims = shape.inputs[0];
      const parts = shape.outputs.map((d) => d[axis]);
      const offsets = prefixSums(parts);
      return {op: 'Split',
              bytes: model({op: 'Split', inputs: ['x', 'split'], outputs: names(outputs),
                            attributes: [intAttribute('axis', axis)]},
                           [['x', t, dims]], outputs, [['split', parts]]),
              feeds: {x: filled(t, dims)},
              source: (k, index) => {
                const from = [...index];
                from[axis] += offsets[k];
                return [0, flat(dims, from)];
              }};
    }
    case 'JOIN': {
      const inputs = shape.inputs.map((dims, i) => [`x${i}`, t, dims]);
      const feeds = {};
      inputs.forEach(([n, , d], i) => { feeds[n] = filled(t, d, i); });
      const offsets = prefixSums(shape.inputs.map((d) => d[axis]));
      return {op: 'Concat',
              bytes: model({op: 'Concat', inputs: names(inputs), outputs: names(outputs),
                            attributes: [intAttribute('axis', axis)]}, inputs, outputs, []),
              feeds,
              source: (k, index) => {
                let input = offsets.length - 1;
                while (offsets[input] > index[axis]) --input;
                const from = [...index];
                from[axis] -= offsets[input];
                return [input, flat(shape.inputs[input], from)];
              }};
    }
    case 'GATHER': {
      const [data, indexDims] = shape.inputs;
      const count = indexDims.reduce((a, b) => a * b, 1);
      const next = random(12345);
      const indices = Int32Array.from({length: count}, () => next() % data[axis]);
      return {op: 'Gather',
              bytes: model({op: 'Gather', inputs: ['x', 'i'], outputs: names(outputs),
                            attributes: [intAttribute('axis', axis)]},
                           [['x', t, data], ['i', 'INT32', [count]]], outputs, []),
              feeds: {x: filled(t, data), i: new ort.Tensor('int32', indices, [count])},
              // The indices are one-dimensional here, so ORT's output has the
              // data's rank, axis `axis` running over the indices.
              source: (k, index) => {
                const from = [...index];
                from[axis] = indices[index[axis]];
                return [0, flat(data, from)];
              }};
    }
    case 'DEPTH_TO_SPACE1':
    case 'SPACE_TO_DEPTH1': {
      const toSpace = shape.operator === 'DEPTH_TO_SPACE1';
      const dcr = shape.order === 'DEPTH_COLUMN_ROW';
      if (!toSpace && !dcr) return {error: 'ONNX SpaceToDepth has only the DCR order'};
      const dims = shape.inputs[0];
      const b = shape.block_size;
      const attributes = [intAttribute('blocksize', b)];
      if (toSpace) attributes.push(stringAttribute('mode', dcr ? 'DCR' : 'CRD'));
      const op = toSpace ? 'DepthToSpace' : 'SpaceToDepth';
      // NCHW. DCR puts the block offset (i, j) outermost in the channel,
      // CRD innermost; ONNX's SpaceToDepth is DCR.
      const source = toSpace ?
          (k, [n, c, y, x]) => {
            const [i, j] = [y % b, x % b];
            const channel = dcr ? (i * b + j) * (dims[1] / (b * b)) + c : (c * b + i) * b + j;
            return [0, flat(dims, [n, channel, Math.floor(y / b), Math.floor(x / b)])];
          } :
          (k, [n, channel, h, w]) => {
            const [block, c] = [Math.floor(channel / dims[1]), channel % dims[1]];
            return [0, flat(dims, [n, c, h * b + Math.floor(block / b), w * b + block % b])];
          };
      return {op, bytes: model({op, inputs: ['x'], outputs: names(outputs), attributes},
                               [['x', t, dims]], outputs, []),
              feeds: {x: filled(t, dims)}, source};
    }
    case 'REVERSE_SUBSEQUENCES': {
      const dims = shape.inputs[0];
      if (dims.length !== 2) return {error: 'ReverseSequence takes rank 2 here'};
      const time = axis, batch = 1 - axis;
      const lengths = new BigInt64Array(dims[batch]).fill(BigInt(dims[time]));
      return {op: 'ReverseSequence',
              bytes: model({op: 'ReverseSequence', inputs: ['x', 'lengths'],
                            outputs: names(outputs),
                            attributes: [intAttribute('batch_axis', batch),
                                         intAttribute('time_axis', time)]},
                           [['x', t, dims], ['lengths', 'INT64', [dims[batch]]]], outputs, []),
              feeds: {x: filled(t, dims),
                      lengths: new ort.Tensor('int64', lengths, [dims[batch]])},
              // Every length is the whole axis: the whole axis reversed.
              source: (k, index) => {
                const from = [...index];
                from[time] = dims[time] - 1 - from[time];
                return [0, flat(dims, from)];
              }};
    }
    case 'SLICE': {
      const dims = shape.inputs[0];
      const {offsets, sizes, strides} = shape;
      if (strides.some((s) => s === 0)) return {error: 'ONNX Slice takes no step 0'};
      const ends = offsets.map((o, i) => o + strides[i] * (sizes[i] - 1) + 1);
      return sliceCase(t, dims, outputs, offsets, ends, strides);
    }
    case 'SLICE1': {
      const dims = shape.inputs[0];
      const offsets = shape.input_window_offsets, sizes = shape.input_window_sizes;
      const strides = shape.input_window_strides, out = shape.outputs[0];
      const starts = offsets.map((o, i) => (strides[i] < 0 ? o + sizes[i] - 1 : o));
      const ends = starts.map((s, i) => s + strides[i] * (out[i] - 1) + Math.sign(strides[i]))
          .map((e) => (e < 0 ? -(2 ** 53) : e));  // before the first element
      return sliceCase(t, dims, outputs, starts, ends, strides);
    }
    case 'PADDING': {
      const dims = shape.inputs[0];
      const mode = PAD_MODES[shape.padding_mode];
      if (!mode) return {error: `ONNX Pad (opset 13) has no DML_PADDING_MODE ${shape.padding_mode}`};
      if (shape.padding_value !== 0) return {error: 'a padding value other than 0'};
      const start = shape.start_padding;
      return {op: 'Pad',
              bytes: model({op: 'Pad', inputs: ['x', 'pads'], outputs: names(outputs),
                            attributes: [stringAttribute('mode', mode)]},
                           [['x', t, dims]], outputs, [['pads', [...start, ...shape.end_padding]]]),
              feeds: {x: filled(t, dims)},
              source: (k, index) => {
                const from = index.map((c, i) => padSource(c - start[i], dims[i], mode));
                return from.includes(null) ? [null, 0] : [0, flat(dims, from)];
              }};
    }
    case 'TILE': {
      const dims = shape.inputs[0];
      return {op: 'Tile',
              bytes: model({op: 'Tile', inputs: ['x', 'repeats'], outputs: names(outputs),
                            attributes: []},
                           [['x', t, dims]], outputs, [['repeats', shape.repeats]]),
              feeds: {x: filled(t, dims)},
              source: (k, index) => [0, flat(dims, index.map((c, i) => c % dims[i]))]};
    }
    case 'GATHER_ELEMENTS':
    case 'SCATTER_ELEMENTS': {
      const [data, indexDims] = shape.inputs;
      const n = data[axis];
      const count = indexDims.reduce((a, b) => a * b, 1);
      const next = random(12345);
      // A scatter's indices rotate each line by one shift, so no two updates collide.
      const scatter = shape.operator === 'SCATTER_ELEMENTS';
      const shift = next() % n;
      const indices = Int32Array.from({length: count},
                                      (_, p) => scatter ? (unflat(indexDims, p)[axis] + shift) % n
                                                        : next() % n);
      const op = scatter ? 'ScatterElements' : 'GatherElements';
      const inputs = [['x', t, data], ['i', 'INT32', indexDims]];
      const feeds = {x: filled(t, data), i: new ort.Tensor('int32', indices, indexDims)};
      if (scatter) {
        inputs.push(['u', t, indexDims]);
        feeds.u = filled(t, indexDims, 2);
      }
      return {op, bytes: model({op, inputs: names(inputs), outputs: names(outputs),
                                attributes: [intAttribute('axis', axis)]}, inputs, outputs, []),
              feeds,
              source: (k, index) => {
                if (!scatter) {
                  const from = [...index];
                  from[axis] = indices[flat(indexDims, index)];
                  return [0, flat(data, from)];
                }
                const from = [...index];
                from[axis] = (index[axis] - shift + n) % n;  // the update landing here, if any
                if (from.every((c, d) => c < indexDims[d])) return [2, flat(indexDims, from)];
                return [0, flat(data, index)];
              }};
    }
    case 'GATHER_ND':
    case 'GATHER_ND1':
    case 'SCATTER_ND': {
      // ONNX takes the meaningful dimensions only; the tuples are the indices' last one.
      const rank = shape.inputs[0].length;
      const data = shape.inputs[0].slice(rank - shape.input_dimension_count);
      const indexDims = shape.inputs[1].slice(rank - shape.indices_dimension_count);
      const b = shape.batch_dimension_count || 0;
      const tuple = indexDims[indexDims.length - 1];
      const selected = data.slice(b, b + tuple);
      const block = data.slice(b + tuple);
      const blockCount = block.reduce((a, c) => a * c, 1);
      const tuples = indexDims.slice(0, -1).reduce((a, c) => a * c, 1);
      const places = selected.reduce((a, c) => a * c, 1);
      const next = random(12345);
      const scatter = shape.operator === 'SCATTER_ND';
      if (scatter && (b > 0 || tuples > places)) return {error: 'more tuples than blocks'};
      // A scatter's tuples name distinct blocks (a partial shuffle), so no two collide.
      const order = scatter ? Int32Array.from({length: places}, (_, q) => q) : null;
      const picks = Int32Array.from({length: tuples}, (_, j) => {
        if (!scatter) return next() % places;
        const other = j + next() % (places - j);
        [order[j], order[other]] = [order[other], order[j]];
        return order[j];
      });
      const values = new Int32Array(tuples * tuple);
      picks.forEach((q, j) => values.set(unflat(selected, q), j * tuple));
      const gathered = [...indexDims.slice(0, -1), ...block];
      const op = scatter ? 'ScatterND' : 'GatherND';
      const inputs = [['x', t, data], ['i', 'INT64', indexDims]];
      const feeds = {x: filled(t, data),
                     i: new ort.Tensor('int64', BigInt64Array.from(values, BigInt), indexDims)};
      if (scatter) {
        inputs.push(['u', t, gathered]);
        feeds.u = filled(t, gathered, 2);
      }
      const landing = new Map();
      if (scatter) picks.forEach((q, j) => landing.set(q, j));
      const onnxOutputs = [['y0', t, scatter ? data : gathered]];  // not right-aligned
      return {op, bytes: model({op, inputs: names(inputs), outputs: ['y0'],
                                attributes: b > 0 ? [intAttribute('batch_dims', b)] : []},
                               inputs, onnxOutputs, []),
              feeds,
              // ORT's output has the gathered sizes (GatherND) or the data's (ScatterND).
              source: (k, index) => {
                const rest = flat(block, index.slice(index.length - block.length));
                if (scatter) {
                  const j = landing.get(flat(selected, index.slice(0, tuple)));
                  return j === undefined ? [0, flat(data, index)] : [2, j * blockCount + rest];
                }
                const j = flat(indexDims.slice(0, -1), index.slice(0, indexDims.length - 1));
                const batch = index.slice(0, b);
                const q = flat([...data.slice(0, b), ...selected],
                               [...batch, ...values.slice(j * tuple, (j + 1) * tuple)]);
                return [0, q * blockCount + rest];
              }};
    }
  }
  return {error: `no ONNX formulation of ${shape.operator}`};
}

// Checks a run's outputs at their first and last elements and 62 random ones
// against what the operator must give: a time is published only for a node
// that really wrote its output (not aliased, deferred or wrong).
function checkOutputs(shape, built, results) {
  shape.outputs.forEach((dims, k) => {
    const tensor = results[`y${k}`];
    const count = dims.reduce((a, b) => a * b, 1);
    if (!tensor || tensor.data.length !== count) {
      throw new Error(`output y${k} has ${tensor ? tensor.data.length : 'no'} elements, ` +
                      `the operator gives ${count}`);
    }
    const next = random(k + 1);
    const positions = [0, count - 1, ...Array.from({length: 62}, () => next() % count)];
    for (const position of positions) {
      const index = unflat(tensor.dims, position);
      const [input, from] = built.source(k, index);
      const zero = shape.data_type === 'UINT64' ? 0n : 0;  // PADDING's constant
      const want = input === null ? zero : valueAt(shape.data_type, from, input);
      if (tensor.data[position] !== want) {
        throw new Error(`output y${k}[${index}] is ${tensor.data[position]}, the operator ` +
                        `gives ${want}`);
      }
    }
  });
}

// ---- Timing through the profiler.

// The node's kernel times (seconds) from a profile, one per run in run order:
// only the events of our one node ('node', so 'node_kernel_time') running
// `op`, and exactly `expected` of them, or no figure at all. (Before this
// check a stale profile of another session went unnoticed: see measure.)
function kernelSeconds(profilePath, op, expected) {
  const events = JSON.parse(fs.readFileSync(profilePath, 'utf8'));
  const kernels = events.filter((e) => e.cat === 'Node' && e.name === 'node_kernel_time')
      .sort((a, b) => a.ts - b.ts);
  const foreign = kernels.find((e) => !e.args || e.args.op_name !== op);
  if (foreign) {
    throw new Error(`the profile's kernel events are of ${foreign.args && foreign.args.op_name}, ` +
                    `not ${op}`);
  }
  if (kernels.length !== expected) {
    throw new Error(`the profile holds ${kernels.length} kernel events for ${expected} runs`);
  }
  return kernels.map((e) => e.dur * 1e-6);
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

// Recorded in the context: bench_report.py trusts no figure from a peer without them.
const CHECKS = 'profile per session; one kernel event of the op per run; kernel <= wall; ' +
               'output checked';

async function measure(shape, built, threads, runs, workDir) {
  // A fresh directory per session, removed whatever happens: ORT names the
  // profile after the prefix and the session's start time, and writes one even
  // for a session it refuses to create (no kernel for the type). Picking "the"
  // file by prefix in a shared directory read that leftover, then every later
  // session's figure from the session before it.
  const dir = fs.mkdtempSync(path.join(workDir, `threads${threads}_`));
  try {
    const session = await ort.InferenceSession.create(built.bytes, {
      executionProviders: ['cpu'], intraOpNumThreads: threads, interOpNumThreads: 1,
      graphOptimizationLevel: 'disabled', enableProfiling: true,
      profileFilePrefix: path.join(dir, 'ort'),
    });
    const wall = [];
    let outputs;
    try {
      // One warm-up run (allocator arena, first touch), dropped below.
      for (let r = 0; r <= runs; ++r) {
        const start = process.hrtime.bigint();
        outputs = await session.run(built.feeds);
        wall.push(Number(process.hrtime.bigint() - start) * 1e-9);
      }
      session.endProfiling();
    } finally {
      await session.release();
    }
    checkOutputs(shape, built, outputs);
    const profiles = fs.readdirSync(dir);
    if (profiles.length !== 1) throw new Error(`${profiles.length} profiles for one session`);
    const times = kernelSeconds(path.join(dir, profiles[0]), built.op, runs + 1).slice(1);
    // session.run's wall time holds the kernel plus the binding's work
    // (feeds wrapped, outputs copied into JavaScript): a kernel time above it
    // is not the kernel's.
    const seconds = median(times), wallSeconds = median(wall.slice(1));
    if (seconds > wallSeconds) {
      throw new Error(`kernel time ${seconds} s above session.run's wall time ${wallSeconds} s`);
    }
    return {seconds, cv: cv(times), runs: times.length, wall_seconds: wallSeconds};
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
}

// ---- Self-test: the checks above on tiny made-up shapes (about a second).

async function selfTest() {
  const small = (operator, data_type, inputs, outputs, extra) =>
    ({prefix: `${operator}/test/${data_type}`, operator, data_type, inputs, outputs,
      kind: 'small', beyond_cache: false, ...extra});
  const shapes = [
    small('SPLIT', 'UINT8', [[4, 6]], [[4, 2], [4, 4]], {axis: 1}),
    small('JOIN', 'FLOAT32', [[3, 2], [3, 5]], [[3, 7]], {axis: 1}),
    small('GATHER', 'UINT64', [[9, 5], [7]], [[7, 5]], {axis: 0}),
    small('DEPTH_TO_SPACE1', 'FLOAT32', [[1, 8, 2, 3]], [[1, 2, 4, 6]],
          {block_size: 2, order: 'DEPTH_COLUMN_ROW'}),
    small('DEPTH_TO_SPACE1', 'FLOAT32', [[1, 8, 2, 3]], [[1, 2, 4, 6]],
          {block_size: 2, order: 'COLUMN_ROW_DEPTH'}),
    small('SPACE_TO_DEPTH1', 'UINT8', [[1, 2, 4, 6]], [[1, 8, 2, 3]],
          {block_size: 2, order: 'DEPTH_COLUMN_ROW'}),
    small('REVERSE_SUBSEQUENCES', 'UINT16', [[3, 5], [3, 1]], [[3, 5]], {axis: 1}),
    small('GATHER_ELEMENTS', 'FLOAT32', [[4, 6], [4, 6]], [[4, 6]], {axis: 1}),
    small('SCATTER_ELEMENTS', 'UINT8', [[5, 3], [4, 3], [4, 3]], [[5, 3]], {axis: 0}),
    small('GATHER_ND', 'UINT16', [[1, 7, 4], [1, 5, 1]], [[1, 5, 4]],
          {input_dimension_count: 2, indices_dimension_count: 2}),
    small('GATHER_ND1', 'FLOAT32', [[3, 6, 4], [3, 5, 1]], [[3, 5, 4]],
          {input_dimension_count: 3, indices_dimension_count: 3, batch_dimension_count: 1}),
    small('SCATTER_ND', 'FLOAT32', [[9, 4], [5, 1], [5, 4]], [[9, 4]],
          {input_dimension_count: 2, indices_dimension_count: 2}),
    small('SLICE1', 'FLOAT32', [[4, 5]], [[2, 3]],
          {input_window_offsets: [1, 0], input_window_sizes: [3, 5], input_window_strides: [-2, 2]}),
    small('TILE', 'UINT8', [[2, 3]], [[4, 9]], {repeats: [2, 3]}),
    small('PADDING', 'UINT8', [[3, 4]], [[6, 9]],
          {padding_mode: 2, padding_value: 0, start_padding: [1, 3], end_padding: [2, 2]}),
    small('PADDING', 'FLOAT32', [[3, 4]], [[4, 6]],
          {padding_mode: 0, padding_value: 0, start_padding: [1, 1], end_padding: [0, 1]}),
  ];
  const refused = small('SPACE_TO_DEPTH1', 'UINT16', [[1, 2, 4, 6]], [[1, 8, 2, 3]],
                        {block_size: 2, order: 'DEPTH_COLUMN_ROW'});
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dmlconf_ort_test_'));
  const failures = [];
  let checks = 0;
  const expect = (condition, what) => { ++checks; if (!condition) failures.push(what); };
  const outcome = async (shape, built, runs = 3) => {
    try {
      return await measure(shape, built, 1, runs, workDir);
    } catch (e) {
      return {error: String(e.message || e)};
    }
  };
  try {
    // A refused session first: its leftover profile used to become the next
    // shape's figure.
    const refusal = await outcome(refused, buildCase(refused));
    expect(/Could not find an implementation/.test(refusal.error || ''),
           `ORT refuses SpaceToDepth on uint16 (got ${JSON.stringify(refusal)})`);
    expect(fs.readdirSync(workDir).length === 0, 'a refused session leaves no profile behind');
    for (const shape of shapes) {
      const result = await outcome(shape, buildCase(shape), 4);
      expect(result.runs === 4 && result.seconds >= 0 && result.seconds <= result.wall_seconds,
             `${shape.prefix} ${shape.order || ''}: 4 checked runs ` +
             `(got ${JSON.stringify(result)})`);
    }
    // A wrong element in the output is caught: here the check's own mapping
    // is off by one element, as ORT's output would be if it were wrong.
    for (const shape of [shapes[0], shapes[4], shapes[6], shapes[8], shapes[9], shapes[11]]) {
      const built = buildCase(shape);
      const source = built.source;
      built.source = (k, index) => {
        const [input, position] = source(k, index);
        return [input, position === 0 ? 1 : position - 1];
      };
      const result = await outcome(shape, built);
      expect(/^output y\d+\[/.test(result.error || ''),
             `${shape.prefix}: a wrong output element is caught (got ${JSON.stringify(result)})`);
    }
    // A profile of another op, or with a kernel event missing, gives no figure.
    const profile = path.join(workDir, 'profile.json');
    const event = (op, ts) => ({cat: 'Node', name: 'node_kernel_time', ts, dur: 5,
                                args: {op_name: op}});
    fs.writeFileSync(profile, JSON.stringify([event('Split', 1), event('Concat', 2)]));
    const refusalOf = (op, runs) => {
      try {
        kernelSeconds(profile, op, runs);
        return '';
      } catch (e) {
        return e.message;
      }
    };
    expect(/not Split/.test(refusalOf('Split', 2)), "another op's kernel event is refused");
    fs.writeFileSync(profile, JSON.stringify([event('Split', 1), event('Split', 2)]));
    expect(/2 kernel events for 3 runs/.test(refusalOf('Split', 3)),
           'a missing kernel event is refused');
    expect(kernelSeconds(profile, 'Split', 2).length === 2, 'a whole profile is read');
  } finally {
    fs.rmSync(workDir, {recursive: true, force: true});
  }
  for (const failure of failures) console.error(`self-test FAILED: ${failure}`);
  console.log(`ort_peer self-test: ${checks} checks, ${failures.length} failed`);
  return failures.length === 0;
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length === 1 && args[0] === '--self-test') {
    process.exitCode = (await selfTest()) ? 0 : 1;
    return;
  }
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
    // Small problems are single-threaded in the binary too. The filter sees
    // whole result names, as the binary's --benchmark_filter sees its own.
    const threads = (shape.kind === 'small' ? [1] : [...new Set(threadList)])
        .filter((t) => filter.test(`${shape.prefix}/onnxruntime/threads:${t}`));
    if (threads.length === 0) continue;
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
        const result = await measure(shape, built, t, count, workDir);
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
                   node: process.version, execution_provider: 'cpu', runs, checks: CHECKS};
  fs.writeFileSync(outPath, JSON.stringify({context, results}, null, 1) + '\n');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
