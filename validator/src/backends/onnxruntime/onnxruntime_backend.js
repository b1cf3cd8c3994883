#!/usr/bin/env node
// ONNX Runtime adapter for dmlconf: the persistent protocol (serve:, protocol 2).
//
// Run it as `serve:node validator/src/backends/onnxruntime/onnxruntime_backend.js`, with
// npm `onnxruntime-node@1.30.0` installed in tools/node (tools/bootstrap.sh does it).
// With `--ep dml` it runs on ONNX Runtime's DirectML execution provider instead and is
// named `ort-dml`: under Wine, on Windows Node, with onnxruntime-node's Windows build
// (tools/directml/dmlconf-ort-dml starts it so; `--onnxruntime DIR` names the folder
// holding that node_modules, `--directml VERSION` the DirectML.dll it bundles, for
// describe). A node that ONNX Runtime did not place on the DirectML EP is answered
// unsupported at create, naming where it went (ORT's own profile of one run says), and so
// is one whose placement ORT does not tell while the session lives (1.17.3 writes its
// profile only at exit); a session the DirectML EP cannot initialize (DirectML refusing
// the descriptor the EP built) is answered rejected, quoting ORT. Sessions live in worker
// processes (session_workers.js).
//
// Each descriptor becomes a one-node ONNX model (opset 13, built in memory by the small
// protobuf encoder below), run on the CPU execution provider. Sessions are cached per
// descriptor shape. Strided, padded and broadcast tensors: the adapter gathers each
// input's logical elements into a packed tensor, ORT runs on packed tensors, and the
// adapter scatters the packed result to the output's strided positions (writing no
// other byte).
//   SPLIT                 Split (the outputs' sizes along Axis as the `split` input)
//   JOIN                  Concat
//   GATHER                Gather on the input and the K trailing index dimensions
//                         (UINT32 / UINT64 indices widened to int64)
//   DEPTH_TO_SPACE1       DepthToSpace, mode DCR (DEPTH_COLUMN_ROW) or CRD (COLUMN_ROW_DEPTH)
//   SPACE_TO_DEPTH1       SpaceToDepth (DEPTH_COLUMN_ROW only)
//   DEPTH_TO_SPACE, SPACE_TO_DEPTH   DepthToSpace mode DCR, SpaceToDepth (feature level 1_0:
//                         no Order, the DEPTH_COLUMN_ROW layout)
//   REVERSE_SUBSEQUENCES  ReverseSequence, time_axis 0 and batch_axis 1, on [T, lines]: the
//                         adapter reads the input and writes the output with Axis moved
//                         first (a strided view like any other); lengths beyond the axis are
//                         given as the axis size, as DirectML's page reads them (on the
//                         DirectML EP as they are: an ONNX model may hold them)
//   GATHER_ELEMENTS       GatherElements (indices as int64)
//   SCATTER_ELEMENTS      ScatterElements, no reduction (indices as int64; which of
//                         colliding updates lands is ORT's choice)
//   GATHER_ND, GATHER_ND1 GatherND on the meaningful dimensions of input and indices, with
//                         batch_dims = BatchDimensionCount (indices as int64)
//   SCATTER_ND            ScatterND, no reduction, on the meaningful dimensions of input,
//                         indices and updates (indices as int64; which of colliding tuples
//                         lands is ORT's choice)
//   SLICE                 Slice, starts Offsets, ends one past the last element reached,
//                         steps Strides (int64 initializers; a stride of 0, contract point
//                         K1, is refused: ONNX's steps may not be 0)
//   PADDING, PADDING1     Pad, mode constant, edge, reflect, or wrap (opset 19, the first to
//                         have it); pads and the constant value as inputs (PADDING's FLOAT
//                         converted as contract point V1 says, here in JavaScript; PADDING1's
//                         the element's bits)
//   SLICE1                Slice with negative steps: starts at the window's last element,
//                         ends one past the last element reached (-1 as INT64_MIN's
//                         "before the start")
//   TILE                  Tile (repeats as an int64 initializer)
// Answered unsupported:
//   - SPACE_TO_DEPTH1 COLUMN_ROW_DEPTH (ONNX SpaceToDepth has no mode);
//   - GATHER with a leading index dimension larger than 1 (erratum G4, implementation-defined);
//   - GATHER_ND / GATHER_ND1 / SCATTER_ND where contract points M1 (a padding dimension above 1) or M2
//     (batch sizes that differ) leave the result implementation-defined;
//   - any operator / data type for which ORT's CPU EP has no kernel, with ORT's own message
//     (1.30: DepthToSpace and SpaceToDepth take only FLOAT64, FLOAT32, FLOAT16, INT8, UINT8);
//   - at execute, a GATHER, GATHER_ELEMENTS, SCATTER_ELEMENTS, GATHER_ND, GATHER_ND1 or
//     SCATTER_ND index outside [-size, size-1]: ONNX defines it as an error;
//   - SYMMETRIC padding (ONNX Pad has no such mode), and a reflection or wrap as wide as
//     the dimension or wider (ONNX Pad folds once; erratum PD2's folds).
// `create` checks the descriptor's own rules (ranks, sizes, strides, buffer sizes, counts;
// an output whose strides map two elements to one location is refused, contract point A1);
// DirectML's per-level support tables are not ONNX Runtime's, so the feature level is not
// looked at. Reason codes are not reported. Logs go to standard error only.
//
// The channel reads requests from fd 0 and writes replies to fd 1 with synchronous
// ReadFile/WriteFile-style calls (fs.readSync, fs.writeSync), never process.stdin/stdout.
// Under Wine a Unix pipe given to a Windows program is a plain file object whose
// GetFileType says PIPE (ntdll reports FIFOs as FILE_DEVICE_NAMED_PIPE), so Node opens
// process.stdout as a libuv pipe stream, whose SetNamedPipeHandleState reaches Wine's
// server as set_named_pipe_info on an object that is no named pipe: OBJECT_TYPE_MISMATCH,
// ERROR_INVALID_HANDLE, EBADF. ReadFile and WriteFile work on that object, and on real
// pipes, files and consoles everywhere else; requests and replies strictly alternate, so
// a blocking read between requests costs nothing.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const options = parseArguments(process.argv.slice(2));
function parseArguments(args) {
  const o = { ep: 'cpu', onnxruntime: null, directml: null, unixRoot: 'Z:', worker: false, profileDir: null };
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]];
    if (value === undefined) usage(`${flag} takes a value`);
    if (flag === '--ep' && (value === 'cpu' || value === 'dml')) o.ep = value;
    else if (flag === '--onnxruntime') o.onnxruntime = value;
    else if (flag === '--directml') o.directml = value;
    else if (flag === '--unix-root') o.unixRoot = value;
    else if (flag === '--worker') o.worker = value === '1';
    else if (flag === '--profile-dir') o.profileDir = value;
    else usage(`unknown argument ${flag} ${value}`);
  }
  return o;
}
function usage(why) {
  if (require.main !== module) return;
  logLine(`onnxruntime_backend.js: ${why}; usage: [--ep cpu|dml] [--onnxruntime DIR] `
          + '[--directml VERSION] [--unix-root ROOT]');
  process.exit(2);
}
// A log line on fd 2, written as the replies are (see the channel above).
function logLine(text) {
  try { fs.writeSync(2, `${text}\n`); } catch (e) { /* no standard error: nothing to tell */ }
}

// ONNX Runtime 1.30's Linux build starts Microsoft's telemetry SDK, which tries HTTPS
// uploads and leaves .ses and mat-debug-PID.log files in $TMPDIR. Off, before the library
// loads (ORT_DISABLE_TELEMETRY is ONNX Runtime's own switch).
process.env.ORT_DISABLE_TELEMETRY = '1';
const ort = require(require.resolve('onnxruntime-node', {
  paths: options.onnxruntime ? [options.onnxruntime]
    : [path.join(__dirname, '..', '..', '..', '..', 'tools', 'node'), __dirname],
}));

// ---- data types ------------------------------------------------------------------------
// DirectML name -> [element size, ONNX TensorProto.DataType, ort.Tensor type, typed array]
const TYPES = {
  FLOAT64: [8, 11, 'float64', Float64Array], FLOAT32: [4, 1, 'float32', Float32Array],
  FLOAT16: [2, 10, 'float16', Uint16Array], INT64: [8, 7, 'int64', BigInt64Array],
  INT32: [4, 6, 'int32', Int32Array], INT16: [2, 5, 'int16', Int16Array],
  INT8: [1, 3, 'int8', Int8Array], UINT64: [8, 13, 'uint64', BigUint64Array],
  UINT32: [4, 12, 'uint32', Uint32Array], UINT16: [2, 4, 'uint16', Uint16Array],
  UINT8: [1, 2, 'uint8', Uint8Array],
};
const INDEX_TYPES = ['INT64', 'INT32', 'UINT64', 'UINT32'];
const LENGTH_TYPES = ['UINT64', 'UINT32'];

class Rejected extends Error {}
class Unsupported extends Error {}
function require_(ok, message) { if (!ok) throw new Rejected(message); }
function integer(value, what) {  // a descriptor number: an integer (or its decimal text), nothing else
  const n = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
  require_(Number.isSafeInteger(n), `${what} ${JSON.stringify(value)} is not an integer`);
  return n;
}

// ---- a minimal protobuf writer for the ONNX messages used --------------------------------
function varint(n) {  // n: a non-negative Number or BigInt
  let v = BigInt(n);
  if (v < 0n) v += 1n << 64n;
  const out = [];
  while (v >= 0x80n) { out.push(Number(v & 0x7fn) | 0x80); v >>= 7n; }
  out.push(Number(v));
  return Buffer.from(out);
}
const key = (field, wire) => varint((field << 3) | wire);
const pInt = (field, n) => Buffer.concat([key(field, 0), varint(n)]);
const pBytes = (field, bytes) => {
  const b = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
  return Buffer.concat([key(field, 2), varint(b.length), b]);
};
const pStr = (field, s) => pBytes(field, Buffer.from(s, 'utf8'));
const pMsg = (field, parts) => pBytes(field, Buffer.concat(parts));

const attrInt = (name, i) => pMsg(5, [pStr(1, name), pInt(3, i), pInt(20, 2)]);     // INT
const attrStr = (name, s) => pMsg(5, [pStr(1, name), pStr(4, s), pInt(20, 3)]);     // STRING
function valueInfo(field, name, elemType, dims) {  // ValueInfoProto in GraphProto.input/output
  const shape = dims ? [pMsg(2, dims.map(d => pMsg(1, [pInt(1, d)])))] : [];
  return pMsg(field, [pStr(1, name), pMsg(2, [pMsg(1, [pInt(1, elemType), ...shape])])]);
}
function int64Initializer(name, values) {  // TensorProto, 1-D int64
  return pMsg(5, [pInt(1, values.length), pInt(2, 7), pStr(8, name),
                  pBytes(9, Buffer.from(new BigInt64Array(values.map(BigInt)).buffer))]);
}
// One node; inputs / outputs: [name, ONNX type, dims]; attrs: encoded AttributeProtos.
function oneNodeModel(opType, inputs, outputs, attrs, initializers = [], opset = 13) {
  const node = pMsg(1, [...inputs.map(i => pStr(1, i[0])),
                        ...initializers.map(i => pStr(1, i[0])),
                        ...outputs.map(o => pStr(2, o[0])), pStr(4, opType), ...attrs]);
  const graph = [node, pStr(2, 'dmlconf'),
                 ...initializers.map(([name, values]) => int64Initializer(name, values)),
                 ...inputs.map(([n, t, d]) => valueInfo(11, n, t, d)),
                 ...outputs.map(([n, t]) => valueInfo(12, n, t, null))];
  return Buffer.concat([pInt(1, 7), pStr(2, 'dmlconf'), pMsg(7, graph),
                        pMsg(8, [pStr(1, ''), pInt(2, opset)])]);
}

// ---- tensors: the descriptor's rules, and moving logical elements ------------------------
const product = a => a.reduce((p, x) => p * x, 1);

function tensor(desc, role, isOutput) {
  require_(desc && typeof desc === 'object', `${role} is missing`);
  const type = String(desc.DataType).replace('DML_TENSOR_DATA_TYPE_', '');
  require_(type in TYPES, `${role}.DataType ${desc.DataType} is not one of the eleven`);
  const el = TYPES[type][0];
  require_(Array.isArray(desc.Sizes), `${role}.Sizes is not a list`);
  const sizes = desc.Sizes.map(s => integer(s, `${role}.Sizes`));
  const rank = sizes.length;
  require_(rank >= 1 && rank <= 8, `${role} has rank ${rank}; it must be 1..8`);
  require_(sizes.every(s => s >= 1), `${role}.Sizes ${sizes} has a size below 1`);
  let strides;
  if (desc.Strides !== undefined) {
    require_(Array.isArray(desc.Strides), `${role}.Strides is not a list`);
    strides = desc.Strides.map(s => integer(s, `${role}.Strides`));
    require_(strides.length === rank, `${role}.Strides has ${strides.length} entries for rank ${rank}`);
    require_(strides.every(s => s >= 0), `${role}.Strides ${strides} is not all >= 0`);
  } else {
    strides = sizes.map((_, d) => product(sizes.slice(d + 1)));
  }
  const count = product(sizes);
  require_(count <= 0xffffffff, `${role} holds ${count} elements; at most 2^32-1`);
  const last = sizes.reduce((s, n, d) => s + (n - 1) * strides[d], 0);
  const minimum = Math.ceil(((last + 1) * el) / 4) * 4;
  const total = desc.TotalTensorSizeInBytes !== undefined
    ? integer(desc.TotalTensorSizeInBytes, `${role}.TotalTensorSizeInBytes`) : minimum;
  require_(total >= minimum, `${role}.TotalTensorSizeInBytes ${total} < ${minimum}`);
  const align = integer(desc.GuaranteedBaseOffsetAlignment ?? 0, `${role}.GuaranteedBaseOffsetAlignment`);
  require_(align === 0 || ((align & (align - 1)) === 0 && align >= el),
           `${role}.GuaranteedBaseOffsetAlignment ${align}: 0 or a power of two >= ${el}`);
  require_(integer(desc.Flags ?? 0, `${role}.Flags`) === 0, `${role}.Flags must be 0`);
  if (isOutput) {  // no two elements at one location (A1: refused here)
    let extent = 1;
    const dims = sizes.map((n, d) => [n, strides[d]]).filter(p => p[0] > 1).sort((a, b) => a[1] - b[1]);
    for (const [n, s] of dims) {
      require_(s >= extent, `${role}.Strides ${strides} map two elements to one location`);
      extent += (n - 1) * s;
    }
  }
  const packed = strides.every((s, d) => sizes[d] === 1 || s === product(sizes.slice(d + 1)));
  return { role, type, el, sizes, strides, count, total, packed };
}

// Calls visit(byteOffset of the run's first element, elements in the run, stride in bytes)
// over the logical elements in row-major order, one call per innermost line.
function forEachLine(t, visit) {
  const rank = t.sizes.length;
  const inner = t.sizes[rank - 1];
  const innerStride = t.strides[rank - 1] * t.el;
  const coord = new Array(rank).fill(0);
  const lines = t.count / inner;
  let base = 0;
  for (let line = 0; line < lines; line++) {
    visit(base, inner, innerStride);
    for (let d = rank - 2; d >= 0; d--) {  // next line: carry through the outer coordinates
      coord[d]++;
      base += t.strides[d] * t.el;
      if (coord[d] < t.sizes[d]) break;
      base -= coord[d] * t.strides[d] * t.el;
      coord[d] = 0;
    }
  }
}

// The tensor's logical elements, packed, from a file's bytes at `offset`.
function gather(t, file, offset) {
  const out = new Uint8Array(t.count * t.el);
  if (t.packed) {
    out.set(file.subarray(offset, offset + out.length));
    return out;
  }
  let at = 0;
  forEachLine(t, (base, n, stride) => {
    if (stride === t.el) {
      out.set(file.subarray(offset + base, offset + base + n * t.el), at);
      at += n * t.el;
      return;
    }
    for (let i = 0, src = offset + base; i < n; i++, src += stride)
      for (let b = 0; b < t.el; b++) out[at++] = file[src + b];
  });
  return out;
}

// Writes packed logical elements to their strided positions in `file` at `offset`.
function scatter(t, packed, file, offset) {
  if (t.packed) {
    file.set(packed, offset);
    return;
  }
  let at = 0;
  forEachLine(t, (base, n, stride) => {
    if (stride === t.el) {
      file.set(packed.subarray(at, at + n * t.el), offset + base);
      at += n * t.el;
      return;
    }
    for (let i = 0, dst = offset + base; i < n; i++, dst += stride)
      for (let b = 0; b < t.el; b++) file[dst + b] = packed[at++];
  });
}

function ortTensor(t, bytes, dims) {
  const [, , name, Typed] = TYPES[t.type];
  return new ort.Tensor(name, new Typed(bytes.buffer, bytes.byteOffset, t.count), dims);
}

function asBytes(ortValue) {
  const d = ortValue.data;
  return new Uint8Array(d.buffer, d.byteOffset, d.byteLength);
}

// Index or length values as BigInts (UINT64 above 2^63 stays positive).
function integers(t, bytes) {
  const Typed = TYPES[t.type][3];
  const typed = new Typed(bytes.buffer, bytes.byteOffset, t.count);
  return Array.from(typed, v => BigInt(v));
}

// ---- the operators: check(descriptor) -> plan with a session key and how to run it -------
function sameRankAndType(ts) {
  require_(new Set(ts.map(t => t.sizes.length)).size === 1, "the tensors' ranks differ");
  require_(new Set(ts.map(t => t.type)).size === 1, "the tensors' data types differ");
}
function axisOf(d, rank) {
  const axis = integer(d.Axis, 'Axis');
  require_(axis >= 0 && axis < rank, `Axis ${d.Axis} is outside rank ${rank}`);
  return axis;
}
const offAxisEqual = (a, b, axis) => a.every((s, d) => d === axis || s === b[d]);

function checkSplit(d) {
  require_(Array.isArray(d.OutputTensors) && d.OutputTensors.length >= 1, 'OutputCount must be at least 1');
  require_(d.OutputCount === undefined || integer(d.OutputCount, 'OutputCount') === d.OutputTensors.length,
           'OutputCount differs from the list');
  const x = tensor(d.InputTensor, 'InputTensor', false);
  const outs = d.OutputTensors.map((t, i) => tensor(t, `OutputTensors[${i}]`, true));
  sameRankAndType([x, ...outs]);
  const axis = axisOf(d, x.sizes.length);
  for (const o of outs) require_(offAxisEqual(o.sizes, x.sizes, axis), `${o.role}.Sizes differ off Axis`);
  require_(outs.reduce((s, o) => s + o.sizes[axis], 0) === x.sizes[axis], "the outputs' sizes along Axis do not add up");
  const split = outs.map(o => o.sizes[axis]);
  return {
    inputs: [x], outputs: outs, key: ['Split', x.type, x.sizes, axis, split],
    model: () => oneNodeModel('Split', [['x', TYPES[x.type][1], x.sizes]],
                              outs.map((o, i) => [`y${i}`, TYPES[x.type][1]]),
                              [attrInt('axis', axis)], [['split', split]]),
    feeds: ([bx]) => ({ x: ortTensor(x, bx, x.sizes) }),
  };
}

function checkJoin(d) {
  require_(Array.isArray(d.InputTensors) && d.InputTensors.length >= 1, 'InputCount must be at least 1');
  require_(d.InputCount === undefined || integer(d.InputCount, 'InputCount') === d.InputTensors.length,
           'InputCount differs from the list');
  const ins = d.InputTensors.map((t, i) => tensor(t, `InputTensors[${i}]`, false));
  const y = tensor(d.OutputTensor, 'OutputTensor', true);
  sameRankAndType([...ins, y]);
  const axis = axisOf(d, y.sizes.length);
  for (const t of ins) require_(offAxisEqual(t.sizes, y.sizes, axis), `${t.role}.Sizes differ off Axis`);
  require_(ins.reduce((s, t) => s + t.sizes[axis], 0) === y.sizes[axis], "the inputs' sizes along Axis do not add up");
  return {
    inputs: ins, outputs: [y], key: ['Concat', y.type, ins.map(t => t.sizes), axis],
    model: () => oneNodeModel('Concat', ins.map((t, i) => [`x${i}`, TYPES[t.type][1], t.sizes]),
                              [['y', TYPES[y.type][1]]], [attrInt('axis', axis)]),
    feeds: bytes => Object.fromEntries(ins.map((t, i) => [`x${i}`, ortTensor(t, bytes[i], t.sizes)])),
  };
}

function gatherSizes(inSizes, idxSizes, axis, k) {
  const rank = inSizes.length;
  // Seed 002: original rank (before the leading 1s) + IndexDimensions - 1 <= DimensionCount.
  let original = rank;
  while (original > 1 && inSizes[rank - original] === 1) original -= 1;
  require_(original + k - 1 <= rank, `original rank ${original} + IndexDimensions ${k} - 1 exceeds ${rank}`);
  const sizes = [...inSizes.slice(0, axis), ...idxSizes.slice(rank - k), ...inSizes.slice(axis + 1)];
  const surplus = sizes.length - rank;
  if (surplus > 0) {
    require_(sizes.slice(0, surplus).every(s => s === 1), `gathered sizes ${sizes} do not fit rank ${rank}`);
    return sizes.slice(surplus);
  }
  return [...new Array(-surplus).fill(1), ...sizes];
}

// GATHER's and the ND operators' three tensors: input, indices and output of one rank, the
// output of the input's type.
function indexedTensors(d) {
  const x = tensor(d.InputTensor, 'InputTensor', false);
  const idx = tensor(d.IndicesTensor, 'IndicesTensor', false);
  const y = tensor(d.OutputTensor, 'OutputTensor', true);
  const rank = x.sizes.length;
  require_(idx.sizes.length === rank && y.sizes.length === rank, "the tensors' ranks differ");
  require_(x.type === y.type, 'input and output data types differ');
  return { x, idx, y, rank };
}

function checkGather(d) {
  const { x, idx, y, rank } = indexedTensors(d);
  const axis = axisOf(d, rank);
  require_(INDEX_TYPES.includes(idx.type), `IndicesTensor.DataType ${idx.type} is not an index type`);
  const k = integer(d.IndexDimensions, 'IndexDimensions');
  require_(k >= 0 && k <= rank, `IndexDimensions ${d.IndexDimensions} is outside [0, ${rank}]`);
  const expected = gatherSizes(x.sizes, idx.sizes, axis, k);
  require_(expected.every((s, i) => s === y.sizes[i]), `OutputTensor.Sizes ${y.sizes} should be ${expected}`);
  if (idx.sizes.slice(0, rank - k).some(s => s > 1))
    throw new Unsupported('a leading (non-index) dimension of IndicesTensor is larger than 1: '
                          + 'implementation-defined (erratum G4), not mapped to ONNX Gather');
  const idxDims = idx.sizes.slice(rank - k);
  const wide = idx.type.startsWith('U');  // unsigned indices go to ONNX as int64
  const onnxIndexType = idx.type === 'INT32' ? 6 : 7;
  return {
    inputs: [x, idx], outputs: [y], key: ['Gather', x.type, x.sizes, idx.type, idxDims, axis],
    model: () => oneNodeModel('Gather', [['x', TYPES[x.type][1], x.sizes], ['i', onnxIndexType, idxDims]],
                              [['y', TYPES[y.type][1]]], [attrInt('axis', axis)]),
    feeds: ([bx, bi]) => {
      let indices;
      if (wide) {
        const values = integers(idx, bi);
        const size = BigInt(x.sizes[axis]);
        if (values.some(v => v >= size)) throw new Unsupported(outOfRange);
        indices = new ort.Tensor('int64', BigInt64Array.from(values), idxDims);
      } else {
        const size = BigInt(x.sizes[axis]);
        if (integers(idx, bi).some(v => v >= size || v < -size)) throw new Unsupported(outOfRange);
        indices = ortTensor(idx, bi, idxDims);
      }
      return { x: ortTensor(x, bx, x.sizes), i: indices };
    },
  };
}
const outOfRange = 'an index lies outside [-size, size-1] of the Axis dimension: ONNX Gather defines '
  + 'that as an error (ORT fails the run), where DirectML runs with unspecified values';

// GATHER_ELEMENTS and SCATTER_ELEMENTS: indices of the input's sizes off Axis (stricter
// than ONNX, which allows smaller ones), the output the indices' (GATHER_ELEMENTS) or the
// input's sizes (SCATTER_ELEMENTS, updates of the indices' sizes).
function checkElements(op, d) {
  const x = tensor(d.InputTensor, 'InputTensor', false);
  const idx = tensor(d.IndicesTensor, 'IndicesTensor', false);
  const y = tensor(d.OutputTensor, 'OutputTensor', true);
  const scatter_ = op === 'SCATTER_ELEMENTS';
  const u = scatter_ ? tensor(d.UpdatesTensor, 'UpdatesTensor', false) : null;
  const rank = x.sizes.length;
  const all = scatter_ ? [x, idx, u, y] : [x, idx, y];
  require_(all.every(t => t.sizes.length === rank), "the tensors' ranks differ");
  require_(x.type === y.type && (!u || u.type === x.type), 'the data types differ');
  const axis = axisOf(d, rank);
  require_(INDEX_TYPES.includes(idx.type), `IndicesTensor.DataType ${idx.type} is not an index type`);
  require_(idx.sizes.every((s, i) => i === axis || s === x.sizes[i]),
           `IndicesTensor.Sizes ${idx.sizes} differ from InputTensor.Sizes ${x.sizes} off Axis`);
  const same = (a, b) => a.length === b.length && a.every((s, i) => s === b[i]);
  if (scatter_) {
    require_(same(u.sizes, idx.sizes), 'UpdatesTensor.Sizes differ from IndicesTensor.Sizes');
    require_(same(y.sizes, x.sizes), 'OutputTensor.Sizes differ from InputTensor.Sizes');
  } else {
    require_(same(y.sizes, idx.sizes), 'OutputTensor.Sizes differ from IndicesTensor.Sizes');
  }
  const opType = scatter_ ? 'ScatterElements' : 'GatherElements';
  const modelInputs = [['x', TYPES[x.type][1], x.sizes], ['i', 7, idx.sizes]];
  if (scatter_) modelInputs.push(['u', TYPES[u.type][1], u.sizes]);
  return {
    inputs: scatter_ ? [x, idx, u] : [x, idx], outputs: [y],
    key: [opType, x.type, x.sizes, idx.type, idx.sizes, axis],
    model: () => oneNodeModel(opType, modelInputs, [['y', TYPES[y.type][1]]], [attrInt('axis', axis)]),
    feeds: ([bx, bi, bu]) => {
      const size = BigInt(x.sizes[axis]);
      const values = integers(idx, bi);
      if (values.some(v => v >= size || v < -size)) throw new Unsupported(outOfRange);
      const feeds = { x: ortTensor(x, bx, x.sizes),
                      i: new ort.Tensor('int64', BigInt64Array.from(values), idx.sizes) };
      if (scatter_) feeds.u = ortTensor(u, bu, u.sizes);
      return feeds;
    },
  };
}

// GATHER_ND and GATHER_ND1: the output is the indices' meaningful sizes without the tuple,
// then the input's after batch and tuple, right-aligned (erratum N1, N2). SCATTER_ND: those
// are the updates' sizes, and the output has the input's.
function checkNd(op, d) {
  const { x, idx, y, rank } = indexedTensors(d);
  const scatter_ = op === 'SCATTER_ND';
  const u = scatter_ ? tensor(d.UpdatesTensor, 'UpdatesTensor', false) : null;
  require_(!u || (u.sizes.length === rank && u.type === x.type), 'UpdatesTensor differs in rank or type');
  require_(INDEX_TYPES.includes(idx.type), `IndicesTensor.DataType ${idx.type} is not an index type`);
  const nIn = integer(d.InputDimensionCount, 'InputDimensionCount');
  const nIdx = integer(d.IndicesDimensionCount, 'IndicesDimensionCount');
  const b = op === 'GATHER_ND1' ? integer(d.BatchDimensionCount, 'BatchDimensionCount') : 0;
  require_(nIn >= 1 && nIn <= rank, `InputDimensionCount ${nIn} is outside [1, ${rank}]`);
  require_(nIdx >= 1 && nIdx <= rank, `IndicesDimensionCount ${nIdx} is outside [1, ${rank}]`);
  require_(b >= 0 && b < rank, `BatchDimensionCount ${b} is outside [0, ${rank})`);
  const t = idx.sizes[rank - 1];
  require_(t <= rank, `the tuple of ${t} is longer than rank ${rank}`);
  require_(t <= nIn && b < nIdx && b + t <= nIn, 'the counts leave the tuple no room (M3)');
  const xDims = x.sizes.slice(rank - nIn), iDims = idx.sizes.slice(rank - nIdx);
  const gathered = [...iDims.slice(0, -1), ...xDims.slice(b + t)];
  require_(gathered.length <= rank, `the gathered sizes ${gathered} are longer than rank ${rank}`);
  const expected = [...new Array(rank - gathered.length).fill(1), ...gathered];
  const sized = scatter_ ? u : y;
  require_(expected.every((s, i) => s === sized.sizes[i]), `${sized.role}.Sizes ${sized.sizes} should be ${expected}`);
  require_(!scatter_ || x.sizes.every((s, i) => s === y.sizes[i]), 'OutputTensor.Sizes differ from InputTensor.Sizes');
  if ([...x.sizes.slice(0, rank - nIn), ...idx.sizes.slice(0, rank - nIdx)].some(s => s > 1))
    throw new Unsupported('a padding dimension is larger than 1: implementation-defined (M1)');
  if (xDims.slice(0, b).some((s, i) => s !== iDims[i]))
    throw new Unsupported('the batch sizes of input and indices differ: implementation-defined (M2)');
  const selected = xDims.slice(b, b + t).map(BigInt);
  const indices = bi => {
    const values = integers(idx, bi);
    if (values.some((v, n) => v >= selected[n % t] || v < -selected[n % t]))
      throw new Unsupported(outOfRange);
    return new ort.Tensor('int64', BigInt64Array.from(values), iDims);
  };
  if (scatter_)
    return {
      inputs: [x, idx, u], outputs: [y], key: ['ScatterND', x.type, xDims, idx.type, iDims],
      model: () => oneNodeModel('ScatterND', [['x', TYPES[x.type][1], xDims], ['i', 7, iDims],
                                              ['u', TYPES[u.type][1], gathered]],
                                [['y', TYPES[y.type][1]]], []),
      feeds: ([bx, bi, bu]) => ({ x: ortTensor(x, bx, xDims), i: indices(bi), u: ortTensor(u, bu, gathered) }),
    };
  return {
    inputs: [x, idx], outputs: [y], key: ['GatherND', x.type, xDims, idx.type, iDims, b],
    model: () => oneNodeModel('GatherND', [['x', TYPES[x.type][1], xDims], ['i', 7, iDims]],
                              [['y', TYPES[y.type][1]]], [attrInt('batch_dims', b)]),
    feeds: ([bx, bi]) => ({ x: ortTensor(x, bx, xDims), i: indices(bi) }),
  };
}

// DEPTH_TO_SPACE and SPACE_TO_DEPTH (1_0) have no Order: DEPTH_COLUMN_ROW's layout.
function orderOf(op, d) {
  if (!op.endsWith('1')) return 'DEPTH_COLUMN_ROW';
  let order = String(d.Order).replace('DML_DEPTH_SPACE_ORDER_', '');
  order = { 0: 'DEPTH_COLUMN_ROW', 1: 'COLUMN_ROW_DEPTH' }[order] || order;
  require_(order === 'DEPTH_COLUMN_ROW' || order === 'COLUMN_ROW_DEPTH', `Order ${d.Order} is not defined`);
  return order;
}

function checkDepthSpace(op, d) {
  const x = tensor(d.InputTensor, 'InputTensor', false);
  const y = tensor(d.OutputTensor, 'OutputTensor', true);
  sameRankAndType([x, y]);
  require_(x.sizes.length === 4, 'the tensors must be {N, C, H, W}');
  const b = integer(d.BlockSize, 'BlockSize');
  require_(b >= 1, 'BlockSize must be at least 1');
  const order = orderOf(op, d);
  const [n, c, h, w] = x.sizes;
  let expected;
  const toSpace = op.startsWith('DEPTH_TO_SPACE');
  if (toSpace) {
    require_(c % (b * b) === 0, `C ${c} is not divisible by BlockSize^2`);
    expected = [n, c / (b * b), h * b, w * b];
  } else {
    require_(h % b === 0 && w % b === 0, `H ${h} and W ${w} must be divisible by BlockSize ${b}`);
    expected = [n, c * b * b, h / b, w / b];
  }
  require_(expected.every((s, i) => s === y.sizes[i]), `OutputTensor.Sizes ${y.sizes} should be ${expected}`);
  const onnxOp = toSpace ? 'DepthToSpace' : 'SpaceToDepth';
  const attrs = [attrInt('blocksize', b)];
  if (onnxOp === 'DepthToSpace') attrs.push(attrStr('mode', order === 'DEPTH_COLUMN_ROW' ? 'DCR' : 'CRD'));
  else if (order !== 'DEPTH_COLUMN_ROW')
    throw new Unsupported('ONNX SpaceToDepth has only the DCR layout; COLUMN_ROW_DEPTH has no ONNX operator');
  return {
    inputs: [x], outputs: [y], key: [onnxOp, x.type, x.sizes, b, order],
    model: () => oneNodeModel(onnxOp, [['x', TYPES[x.type][1], x.sizes]], [['y', TYPES[y.type][1]]], attrs),
    feeds: ([bx]) => ({ x: ortTensor(x, bx, x.sizes) }),
  };
}

function checkReverse(d) {
  const x = tensor(d.InputTensor, 'InputTensor', false);
  const lens = tensor(d.SequenceLengthsTensor, 'SequenceLengthsTensor', false);
  const y = tensor(d.OutputTensor, 'OutputTensor', true);
  const rank = x.sizes.length;
  require_(lens.sizes.length === rank && y.sizes.length === rank, "the tensors' ranks differ");
  require_(x.type === y.type, 'input and output data types differ');
  const axis = axisOf(d, rank);
  require_(LENGTH_TYPES.includes(lens.type), `SequenceLengthsTensor.DataType ${lens.type} is not UINT32 or UINT64`);
  const line = x.sizes.map((s, i) => (i === axis ? 1 : s));
  require_(line.every((s, i) => s === lens.sizes[i]), `SequenceLengthsTensor.Sizes ${lens.sizes} should be ${line}`);
  require_(y.sizes.every((s, i) => s === x.sizes[i]), 'OutputTensor.Sizes differ from InputTensor.Sizes');
  // ReverseSequence takes one length per batch index: the adapter reads the input (and
  // writes the output) with Axis moved first, a strided view like any other, so ORT sees
  // [T, lines] with time_axis 0 and batch_axis 1, one length per line.
  const T = x.sizes[axis], lines = x.count / T;
  const axisFirst = t => Object.assign({}, t, {
    sizes: [t.sizes[axis], ...t.sizes.filter((_, i) => i !== axis)],
    strides: [t.strides[axis], ...t.strides.filter((_, i) => i !== axis)],
    packed: axis === 0 && t.packed,
  });
  const shape = [T, lines];
  return {
    inputs: [axisFirst(x), lens], outputs: [axisFirst(y)], key: ['ReverseSequence', x.type, shape],
    model: () => oneNodeModel('ReverseSequence', [['x', TYPES[x.type][1], shape], ['lens', 7, [lines]]],
                              [['y', TYPES[y.type][1]]],
                              [attrInt('batch_axis', 1), attrInt('time_axis', 0)]),
    feeds: ([bx, bl]) => {
      const big = BigInt(T);
      const values = integers(lens, bl);
      // On the CPU EP a length beyond the axis is given as the axis size (DirectML's page:
      // "as if the value were clamped"), since ORT's CPU kernel refuses it. On the DirectML
      // EP it is given as it is, so the EP shows what an ONNX model with that length gets
      // (E1, E2 of reports/directml/ERRATA.md); ONNX's int64 holds lengths below 2^63.
      if (onDml && values.some(v => v >= 1n << 63n))
        throw new Unsupported('a sequence length of 2^63 or more has no ONNX int64 value');
      const perLine = BigInt64Array.from(values, v => (onDml || v <= big ? v : big));
      return { x: ortTensor(x, bx, shape), lens: new ort.Tensor('int64', perLine, [lines]) };
    },
  };
}

// The window family's arrays: one entry per dimension (their count, DimensionCount).
function windowArrays(d, names, rank, count = 'DimensionCount') {
  const arrays = names.map(name => {
    require_(Array.isArray(d[name]), `${name} is not a list`);
    return d[name].map((v, i) => integer(v, `${name}[${i}]`));
  });
  arrays.forEach((a, i) => require_(a.length === rank, `${names[i]} has ${a.length} entries but the rank is ${rank}`));
  require_(d[count] === undefined || integer(d[count], count) === rank, `${count} differs from the rank ${rank}`);
  return arrays;
}

// SLICE and SLICE1 as one ONNX Slice over every axis (starts, ends, steps as initializers).
function slicePlan(x, y, starts, ends, steps) {
  const axes = starts.map((_, i) => i);
  return {
    inputs: [x], outputs: [y], key: ['Slice', x.type, x.sizes, starts, ends, steps],
    model: () => oneNodeModel('Slice', [['x', TYPES[x.type][1], x.sizes]], [['y', TYPES[y.type][1]]], [],
                              [['starts', starts], ['ends', ends], ['axes', axes], ['steps', steps]]),
    feeds: ([bx]) => ({ x: ortTensor(x, bx, x.sizes) }),
  };
}

function checkSlice(d) {
  const x = tensor(d.InputTensor, 'InputTensor', false);
  const y = tensor(d.OutputTensor, 'OutputTensor', true);
  sameRankAndType([x, y]);
  const rank = x.sizes.length;
  const [offsets, sizes, strides] = windowArrays(d, ['Offsets', 'Sizes', 'Strides'], rank);
  require_(sizes.every((n, i) => n === y.sizes[i]), `Sizes ${sizes} differ from OutputTensor.Sizes ${y.sizes}`);
  require_(strides.every(s => s > 0), 'a stride of 0 (K1): ONNX Slice takes no step 0');
  const ends = offsets.map((o, i) => o + strides[i] * (sizes[i] - 1) + 1);
  require_(ends.every((e, i) => e <= x.sizes[i]), 'the window leaves the input');
  return slicePlan(x, y, offsets, ends, strides);
}

function checkSlice1(d) {
  const x = tensor(d.InputTensor, 'InputTensor', false);
  const y = tensor(d.OutputTensor, 'OutputTensor', true);
  sameRankAndType([x, y]);
  const rank = x.sizes.length;
  const [offsets, sizes, strides] =
      windowArrays(d, ['InputWindowOffsets', 'InputWindowSizes', 'InputWindowStrides'], rank);
  const starts = [], ends = [];
  for (let i = 0; i < rank; i++) {
    const [o, n, s, out] = [offsets[i], sizes[i], strides[i], y.sizes[i]];
    require_(n >= 1 && o + n <= x.sizes[i], `the window leaves the input along dimension ${i}`);
    require_(s !== 0, `InputWindowStrides[${i}] is 0`);
    require_(out <= 1 + Math.floor((n - 1) / Math.abs(s)), `OutputTensor.Sizes[${i}] is past the window's reach`);
    const start = s < 0 ? o + n - 1 : o;
    const end = start + s * (out - 1) + Math.sign(s);
    starts.push(start);
    ends.push(end < 0 ? -(2 ** 53) : end);  // before the first element: any end below -size
  }
  return slicePlan(x, y, starts, ends, strides);
}

function checkTile(d) {
  const x = tensor(d.InputTensor, 'InputTensor', false);
  const y = tensor(d.OutputTensor, 'OutputTensor', true);
  sameRankAndType([x, y]);
  const [repeats] = windowArrays(d, ['Repeats'], x.sizes.length, 'RepeatsCount');
  require_(repeats.every(r => r >= 1), 'a Repeats entry is 0');
  require_(y.sizes.every((s, i) => s === x.sizes[i] * repeats[i]), 'OutputTensor.Sizes differ from InputTensor.Sizes times Repeats');
  return {
    inputs: [x], outputs: [y], key: ['Tile', x.type, x.sizes, repeats],
    model: () => oneNodeModel('Tile', [['x', TYPES[x.type][1], x.sizes]], [['y', TYPES[y.type][1]]], [],
                              [['repeats', repeats]]),
    feeds: ([bx]) => ({ x: ortTensor(x, bx, x.sizes) }),
  };
}

// FLOAT32 bits -> FLOAT16 bits, rounded to nearest even (V1; a NaN: the quiet NaN).
function float16Bits(f32bits) {
  const sign = (f32bits >>> 16) & 0x8000;
  const exp = (f32bits >>> 23) & 0xff;
  const mant = f32bits & 0x7fffff;
  if (exp === 0xff) return sign | (mant ? 0x7e00 : 0x7c00);
  const e = exp - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  const full = (mant | (exp ? 0x800000 : 0));  // 24 significant bits
  const shift = e > 0 ? 13 : 14 - e;  // subnormal halves lose more
  if (shift > 24) return sign;
  const kept = Math.floor(full / 2 ** shift);
  const rest = full - kept * 2 ** shift, half = 2 ** (shift - 1);
  const rounded = kept + (rest > half || (rest === half && (kept & 1)) ? 1 : 0);
  // A normal's 11 bits hold the implicit 1 (0x400): a carry out of them moves the exponent.
  return sign | Math.min(e > 0 ? (e << 10) + rounded - 0x400 : rounded, 0x7c00);
}

// The padding element's bytes in the output's type.
function paddingElement(op, d, y) {
  const bits = BigInt(String(d.PaddingValue ?? '0x0'));
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, bits, true);
  if (op === 'PADDING1') return bytes.subarray(0, y.el);
  const f = new DataView(bytes.buffer).getFloat32(0, true);
  const out = new DataView(new ArrayBuffer(8));
  if (y.type === 'FLOAT32') return bytes.subarray(0, 4);
  if (y.type === 'FLOAT64') out.setFloat64(0, f, true);
  else if (y.type === 'FLOAT16') out.setUint16(0, float16Bits(Number(bits)), true);
  else if (Number.isFinite(f)) out.setBigUint64(0, BigInt.asUintN(64, BigInt(Math.trunc(f))), true);
  return new Uint8Array(out.buffer, 0, y.el);  // NaN, infinities: unspecified (V1), 0 here
}

const PAD_MODES = { CONSTANT: 'constant', EDGE: 'edge', REFLECTION: 'reflect', WRAP: 'wrap' };

function checkPadding(op, d) {
  const x = tensor(d.InputTensor, 'InputTensor', false);
  const y = tensor(d.OutputTensor, 'OutputTensor', true);
  sameRankAndType([x, y]);
  const rank = x.sizes.length;
  const start = (d.StartPadding || []).map(v => integer(v, 'StartPadding'));
  const end = (d.EndPadding || []).map(v => integer(v, 'EndPadding'));
  require_(start.length === rank && end.length === rank, `DimensionCount differs from the rank ${rank}`);
  require_(y.sizes.every((s, i) => s === x.sizes[i] + start[i] + end[i]),
           `OutputTensor.Sizes ${y.sizes} are not InputTensor.Sizes + StartPadding + EndPadding`);
  if (op === 'PADDING1')
    require_(String(d.PaddingValueDataType).replace('DML_TENSOR_DATA_TYPE_', '') === y.type,
             "PaddingValueDataType differs from the output's DataType");
  let mode = String(d.PaddingMode).replace('DML_PADDING_MODE_', '');
  mode = ['CONSTANT', 'EDGE', 'REFLECTION', 'SYMMETRIC', 'WRAP'][mode] || mode;
  require_(['CONSTANT', 'EDGE', 'REFLECTION', 'SYMMETRIC', 'WRAP'].includes(mode), `PaddingMode ${d.PaddingMode} is not defined`);
  if (!(mode in PAD_MODES)) throw new Unsupported(`ONNX Pad has no ${mode} mode`);
  // ONNX Pad folds once: ORT 1.30's reflect refuses a width of the size or more, its wrap
  // returns wrong values past the size (measured on {3} padded (7, 5): zeros).
  if ((mode === 'REFLECTION' || mode === 'WRAP') && x.sizes.some((n, i) => start[i] >= n || end[i] >= n))
    throw new Unsupported(`ONNX Pad's ${PAD_MODES[mode]} folds only within the dimension (a width below its size)`);
  const pads = [...start, ...end];
  const element = paddingElement(op, d, y);
  const opset = mode === 'WRAP' ? 19 : 13;
  return {
    inputs: [x], outputs: [y], key: ['Pad', x.type, x.sizes, pads, mode, [...element]],
    model: () => oneNodeModel('Pad', [['x', TYPES[x.type][1], x.sizes], ['pads', 7, [pads.length]],
                                      ['c', TYPES[x.type][1], []]],
                              [['y', TYPES[y.type][1]]], [attrStr('mode', PAD_MODES[mode])], [], opset),
    feeds: ([bx]) => ({
      x: ortTensor(x, bx, x.sizes),
      pads: new ort.Tensor('int64', BigInt64Array.from(pads.map(BigInt)), [pads.length]),
      c: ortTensor(Object.assign({}, x, { count: 1 }), Uint8Array.from(element), []),
    }),
  };
}

const CHECKS = {
  SPLIT: checkSplit, JOIN: checkJoin, GATHER: checkGather,
  DEPTH_TO_SPACE1: d => checkDepthSpace('DEPTH_TO_SPACE1', d),
  SPACE_TO_DEPTH1: d => checkDepthSpace('SPACE_TO_DEPTH1', d),
  REVERSE_SUBSEQUENCES: checkReverse,
  DEPTH_TO_SPACE: d => checkDepthSpace('DEPTH_TO_SPACE', d),
  SPACE_TO_DEPTH: d => checkDepthSpace('SPACE_TO_DEPTH', d),
  GATHER_ELEMENTS: d => checkElements('GATHER_ELEMENTS', d),
  SCATTER_ELEMENTS: d => checkElements('SCATTER_ELEMENTS', d),
  GATHER_ND: d => checkNd('GATHER_ND', d),
  GATHER_ND1: d => checkNd('GATHER_ND1', d),
  SCATTER_ND: d => checkNd('SCATTER_ND', d),
  SLICE: checkSlice,
  PADDING: d => checkPadding('PADDING', d),
  PADDING1: d => checkPadding('PADDING1', d),
  SLICE1: checkSlice1,
  TILE: checkTile,
};

// ---- sessions, cached per descriptor shape (least recently used dropped past a bound) ----
const sessions = new Map();  // key -> Promise<InferenceSession>
const onDml = options.ep === 'dml';
// On the DirectML EP the sessions live in worker processes (session_workers.js), a fresh
// one after every DML_WORKER_SESSIONS sessions, since a session cannot be released there.
const SESSION_LIMIT = onDml ? Infinity : 256;
const DML_WORKER_SESSIONS = 3;
const sessionOptions = { executionProviders: [options.ep], intraOpNumThreads: 1, interOpNumThreads: 1,
                         logSeverityLevel: 3 };
// The DirectML EP runs without memory patterns and sequentially (ORT turns both off for it
// anyway, with a warning); each session profiles its first run, which tells where ORT
// placed the node, into a folder of this process's own, removed at exit.
// The folder is the parent's (--profile-dir), which outlives its terminated workers.
// Releases before 1.30 write the profile only when the session ends, which a session here
// never does: there the session's verbose log tells instead ("All nodes placed on [...]",
// at creation), which only the parent sees (session_workers.js reads the worker's standard
// error), so the worker's reply asks it to (`placement_from_log`).
let profileDir = options.profileDir;
let profiled = 0;
let placementFromLog = false;  // a session of this request: its placement is in the log
if (onDml && options.worker)
  Object.assign(sessionOptions, { enableMemPattern: false, executionMode: 'sequential', enableProfiling: true,
                                  logSeverityLevel: 0 });
if (onDml && !profileDir) {
  profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dmlconf-ort-dml-'));
  process.on('exit', () => fs.rmSync(profileDir, { recursive: true, force: true }));
}

// The execution providers that ran the plan's node, from ORT's profile of one run on
// zero-filled inputs (zero is a valid index and sequence length): the 'Node' events'
// providers, Memcpy nodes (moving tensors between providers) left out.
async function providersOf(session, plan, prefix) {
  await session.run(plan.feeds(plan.inputs.map(t => new Uint8Array(t.count * t.el))));
  session.endProfiling();
  const base = `${path.basename(prefix)}_`;
  const providers = new Set();
  for (const file of fs.readdirSync(profileDir).filter(f => f.startsWith(base))) {
    const where = path.join(profileDir, file);
    for (const event of JSON.parse(fs.readFileSync(where, 'utf8'))) {
      const args = event.args || {};
      if (event.cat === 'Node' && args.provider && !String(args.op_name).startsWith('Memcpy'))
        providers.add(args.provider);
    }
    fs.unlinkSync(where);
  }
  return [...providers];
}

// A session on the DirectML EP, kept only when ORT placed the node there (or, with no
// profile to tell, when the parent finds so in the log).
async function dmlSession(plan) {
  const prefix = path.join(profileDir, `p${process.pid}s${++profiled}`);
  const session = await ort.InferenceSession.create(
    plan.model(), Object.assign({ profileFilePrefix: prefix }, sessionOptions));
  const providers = await providersOf(session, plan, prefix);
  if (providers.length === 1 && providers[0] === 'DmlExecutionProvider') return session;
  if (providers.length === 0) {
    placementFromLog = true;
    return session;
  }
  // Not released: releasing a DirectML session crashes under Wine (session_workers.js).
  throw new Unsupported(`ONNX Runtime ${ort.env.versions.common} placed the ${plan.key[0]} node on `
                        + `${providers.join(', ')} (its profile of a run), not on the DirectML execution provider`);
}

function sessionFor(plan) {
  const k = JSON.stringify(plan.key);
  let s = sessions.get(k);
  if (s) {  // most recently used goes last
    sessions.delete(k);
    sessions.set(k, s);
    return s;
  }
  s = (onDml ? dmlSession(plan) : ort.InferenceSession.create(plan.model(), sessionOptions)).catch(failure => {
    if (failure instanceof Unsupported) throw failure;
    const why = String(failure.message || failure);
    // The DirectML EP took the node, then DirectML refused the descriptor the EP built: a
    // valid ONNX model refused (reports/peers/README.md, ORT1), not a missing kernel.
    if (onDml && why.includes('Exception during initialization'))
      throw new Rejected(`ONNX Runtime's DirectML EP could not initialize the session: ${why.split('\n')[0]}`);
    throw new Unsupported(`ONNX Runtime ${ort.env.versions.common} cannot build the ${plan.key[0]} `
                          + `${plan.key[1]} model: ${String(failure.message || failure).split('\n')[0]}`);
  });
  s.catch(() => {});  // a failure is answered when awaited, and stays cached
  sessions.set(k, s);
  if (sessions.size > SESSION_LIMIT) {
    const [oldKey, old] = sessions.entries().next().value;
    sessions.delete(oldKey);
    old.then(x => x.release(), () => {});
  }
  return s;
}

// ---- the protocol ----------------------------------------------------------------------
function planOf(request) {
  const check = CHECKS[request.operator];
  if (!check) throw new Unsupported(`operator ${request.operator} is not implemented here`);
  if (!request.descriptor || typeof request.descriptor !== 'object') throw new Rejected('no descriptor');
  return check(request.descriptor);
}

async function create(request) {
  try {
    await sessionFor(planOf(request));
  } catch (e) {
    if (e instanceof Unsupported) return { status: 'unsupported', message: e.message };
    return { status: 'rejected', message: e instanceof Rejected ? e.message : `malformed descriptor: ${e}` };
  }
  return { status: 'ok' };
}

// A request's Unix path as this process opens it: on Windows (Wine), under the Unix root
// (Wine's drive Z:, or --unix-root).
function localPath(unixPath) {
  return process.platform === 'win32' && unixPath.startsWith('/') ? options.unixRoot + unixPath : unixPath;
}

async function execute(request) {
  const plan = planOf(request);
  const session = await sessionFor(plan);
  const inBytes = plan.inputs.map((t, i) => {
    const b = request.inputs[i];
    return gather(t, fs.readFileSync(localPath(b.path)), b.offset);
  });
  const results = await session.run(plan.feeds(inBytes));
  plan.outputs.forEach((t, i) => {
    const b = request.outputs[i];
    const produced = asBytes(results[session.outputNames[i]]);
    if (produced.length !== t.count * t.el)
      throw new Error(`${t.role}: ORT produced ${produced.length} bytes, ${t.count * t.el} expected`);
    const fd = fs.openSync(localPath(b.path), 'r+');
    try {
      const region = Buffer.alloc(b.bytes);
      fs.readSync(fd, region, 0, b.bytes, b.offset);
      scatter(t, produced, region, 0);
      fs.writeSync(fd, region, 0, b.bytes, b.offset);  // only the tensor's bytes go back
    } finally {
      fs.closeSync(fd);
    }
  });
  return { status: 'ok' };
}

async function answer(request) {
  switch (request.action) {
    case 'describe':
      // The name is the identity reports, baselines and xfail entries use: no version in it.
      return { status: 'ok', name: onDml ? 'ort-dml' : 'onnxruntime', version: ort.env.versions.common,
               description: onDml ? `DirectML execution provider (DirectML ${options.directml || 'as bundled'}, `
                                    + `Node ${process.version} on ${process.platform})`
                 : 'CPU execution provider',
               max_feature_level: '6_4', reports_reason_codes: false };
    case 'create':
      return create(request);
    case 'execute':
      try {
        return await execute(request);
      } catch (e) {
        if (e instanceof Unsupported) return { status: 'unsupported', message: e.message };
        logLine(e && e.stack ? e.stack : String(e));
        return { status: 'error', message: String(e && e.message ? e.message : e) };
      }
    default:
      return { status: 'error', message: `unknown action ${request.action}` };
  }
}

async function handle(line, workers) {
  if (!line.trim()) return;
  const request = JSON.parse(line);
  let reply;
  try {
    reply = workers && request.action !== 'describe' ? await workers.ask(line, request) : await answer(request);
  } catch (e) {
    logLine(e && e.stack ? e.stack : String(e));
    reply = { status: 'error', message: String(e) };
  }
  reply.id = request.id;
  if (options.worker) reply.sessions = profiled;
  if (placementFromLog && reply.status === 'ok') reply.placement_from_log = true;
  placementFromLog = false;
  writeAll(1, `${JSON.stringify(reply)}\n`);
}

// ---- the channel: synchronous reads of fd 0 and writes to fd 1 (see the header) ----------
function writeAll(fd, text) {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length;) at += retrying(() => fs.writeSync(fd, bytes, at, bytes.length - at));
}
// A descriptor left non-blocking by whoever shared it answers EAGAIN: wait and try again.
function retrying(call) {
  for (;;) {
    try {
      return call();
    } catch (e) {
      if (e.code !== 'EAGAIN') throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
}
// The next line of fd 0 (without its newline), or null at the end of input.
function lineReader(fd) {
  let pending = Buffer.alloc(0);
  const chunk = Buffer.alloc(1 << 16);
  return () => {
    for (;;) {
      const newline = pending.indexOf(10);
      if (newline >= 0) {
        const line = pending.subarray(0, newline).toString('utf8');
        pending = pending.subarray(newline + 1);
        return line;
      }
      let n;
      try {
        n = retrying(() => fs.readSync(fd, chunk, 0, chunk.length, null));
      } catch (e) {
        if (e.code === 'EOF') n = 0;
        else throw e;
      }
      if (n === 0) {
        const last = pending.length ? pending.toString('utf8') : null;
        pending = Buffer.alloc(0);
        return last;
      }
      pending = Buffer.concat([pending, chunk.subarray(0, n)]);
    }
  };
}

async function serve() {
  let workers = null;
  if (onDml && !options.worker) {
    const { SessionWorkers } = require('./session_workers');
    workers = new SessionWorkers(process.execPath,
                                 [__filename, ...process.argv.slice(2), '--worker', '1', '--profile-dir', profileDir],
                                 DML_WORKER_SESSIONS, logLine);
  }
  const next = lineReader(0);
  for (let line = next(); line !== null; line = next()) await handle(line, workers);
  if (workers) await workers.stop();
  process.exit(0);
}

if (require.main === module) {
  serve().catch(e => {
    logLine(e && e.stack ? e.stack : String(e));
    process.exit(1);
  });
} else {
  module.exports = { oneNodeModel, attrInt, attrStr, ort };
}
