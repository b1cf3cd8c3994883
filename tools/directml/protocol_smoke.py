#!/usr/bin/env python3
"""Talks protocol 2 (validator/BACKENDS.md, "serve:COMMAND") to the DirectML host and
checks a few hand-made cases bit for bit, before dmlconf's own serve: client exists.

    python3 tools/directml/protocol_smoke.py [--launcher COMMAND] [--repeat N] [--only GLOB]
                                             [--pause SECONDS]

Each buffer file is laid out as the protocol says: guard bytes, the tensor's
TotalTensorSizeInBytes at `offset` (a multiple of max(16, GuaranteedBaseOffsetAlignment)
and not of twice that: contract point T1), guard bytes. Inputs' gaps, outputs and
guards are filled with position-dependent patterns, so any stray write shows. Expected
values are computed here from reference/OPERATORS.md's formulas. Padding bytes
inside an output's TotalTensorSizeInBytes may change (contract point P1): they are
reported, not failed. Exit 0 when every check passed. Standard library only.

The cost of an isolated case (a GATHER the host runs in a process of its own, with its
warm spares or, with `--launcher "tools/directml/dmlconf-directml-host --warm-spares 0"`,
cold): `--only 'gather/hazard/*' --repeat 10 --pause 1`, where --pause stands for the
normal cases a run serves between two isolated ones.
"""

import argparse
import fnmatch
import itertools
import json
import os
import shlex
import struct
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ELEMENT_SIZE = {"FLOAT64": 8, "FLOAT32": 4, "FLOAT16": 2, "INT64": 8, "INT32": 4,
                "INT16": 2, "INT8": 1, "UINT64": 8, "UINT32": 4, "UINT16": 2, "UINT8": 1}
TRAILING_GUARD = 40  # not a multiple of 16, so a file's length promises nothing either


# ---------------------------------------------------------------- tensors and layout

def product(values):
    result = 1
    for v in values:
        result *= v
    return result


def packed_strides(sizes):
    strides, step = [], 1
    for s in reversed(sizes):
        strides.insert(0, step)
        step *= s
    return strides


class Layout:
    """Where a tensor's logical elements lie inside its TotalTensorSizeInBytes."""

    def __init__(self, desc):
        self.sizes = desc["Sizes"]
        self.element = ELEMENT_SIZE[desc["DataType"]]
        self.strides = desc.get("Strides") or packed_strides(self.sizes)
        span = sum((s - 1) * t for s, t in zip(self.sizes, self.strides)) + 1
        minimum = (span * self.element + 3) // 4 * 4
        self.total = desc.get("TotalTensorSizeInBytes", minimum)
        self.alignment = desc.get("GuaranteedBaseOffsetAlignment", 0)

    def coords(self):
        return itertools.product(*[range(s) for s in self.sizes])

    def byte_offset(self, coord):
        return sum(c * t for c, t in zip(coord, self.strides)) * self.element

    def element_bytes(self):
        """Every byte position that belongs to an element."""
        taken = set()
        for coord in self.coords():
            start = self.byte_offset(coord)
            taken.update(range(start, start + self.element))
        return taken

    def binding_offset(self):
        # T1: a multiple of max(16, alignment), never of twice that.
        unit = max(16, self.alignment)
        return unit * 3


def pattern(seed, length):
    """Position-dependent bytes no element value below is made of."""
    return bytes(((seed * 37 + i * 11) ^ 0x5A) & 0xFF for i in range(length))


def place(layout, values, gap_seed):
    """The tensor's bytes: values (row-major bit patterns) at their strided places."""
    data = bytearray(pattern(gap_seed, layout.total))
    for coord, value in zip(layout.coords(), values):
        at = layout.byte_offset(coord)
        data[at:at + layout.element] = value.to_bytes(layout.element, "little")
    return bytes(data)


def read_elements(layout, data):
    return [int.from_bytes(data[layout.byte_offset(c):layout.byte_offset(c) + layout.element], "little")
            for c in layout.coords()]


# ------------------------------------------------- expected values, from the spec

def flat_index(coord, sizes):
    index = 0
    for c, s in zip(coord, sizes):
        index = index * s + c
    return index


def join(inputs, sizes_in, axis):
    sizes_out = list(sizes_in[0])
    sizes_out[axis] = sum(s[axis] for s in sizes_in)
    out = []
    for coord in itertools.product(*[range(s) for s in sizes_out]):
        c, k = list(coord), 0
        while c[axis] >= sizes_in[k][axis]:
            c[axis] -= sizes_in[k][axis]
            k += 1
        out.append(inputs[k][flat_index(c, sizes_in[k])])
    return out


def split(values, sizes, axis, parts):
    outs, start = [], 0
    for part in parts:
        out_sizes = list(sizes)
        out_sizes[axis] = part
        outs.append([values[flat_index([c[i] + (start if i == axis else 0) for i in range(len(c))], sizes)]
                     for c in itertools.product(*[range(s) for s in out_sizes])])
        start += part
    return outs


def gather_one_index_dim(values, sizes, indices, axis):
    """IndexDimensions 1 with the indices' leading sizes all 1: output sizes are the
    input's with Axis replaced by the index count; a negative index counts from the end."""
    out_sizes = list(sizes)
    out_sizes[axis] = len(indices)
    out = []
    for coord in itertools.product(*[range(s) for s in out_sizes]):
        c = list(coord)
        index = indices[c[axis]]
        c[axis] = index + sizes[axis] if index < 0 else index
        out.append(values[flat_index(c, sizes)])
    return out


def depth_to_space(values, sizes, block, order):
    n, c, h, w = sizes
    c_out = c // (block * block)
    out = []
    for on, oc, oh, ow in itertools.product(range(n), range(c_out), range(h * block), range(w * block)):
        bh, bw = oh % block, ow % block
        if order == "DEPTH_COLUMN_ROW":
            ic = (bh * block + bw) * c_out + oc
        else:
            ic = oc * block * block + bh * block + bw
        out.append(values[flat_index([on, ic, oh // block, ow // block], sizes)])
    return out


def reverse_subsequences(values, sizes, lengths, axis):
    length_sizes = list(sizes)
    length_sizes[axis] = 1
    out = []
    for coord in itertools.product(*[range(s) for s in sizes]):
        line = list(coord)
        line[axis] = 0
        limit = min(lengths[flat_index(line, length_sizes)], sizes[axis])
        i = coord[axis]
        source = list(coord)
        source[axis] = limit - 1 - i if i < limit else i
        out.append(values[flat_index(source, sizes)])
    return out


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


# ---------------------------------------------------------------------- the cases

def iota(count, start, step=1, bits=32):
    return [(start + i * step) % (1 << bits) for i in range(count)]


def cases():
    """(name, operator, descriptor, inputs in binding order, expected outputs or None,
    expect) with expect "match", "xfail" (a known deviation: values must differ),
    "reject" or "record" (run, check guards and inputs, report the values without
    comparing them)."""
    result = []

    # JOIN, FLOAT32, with NaN payloads, -0.0, infinities and a subnormal among the values.
    a = [f32(1.0), 0x7FC00001, 0xFF800000, 0x80000000, 0x00000001, 0x7F800001]
    b = iota(8, 0x40000000, 0x00010001)
    d = {"InputTensors": [{"DataType": "FLOAT32", "Sizes": [1, 1, 2, 3]},
                          {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 4]}],
         "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 7]}, "Axis": 3}
    result.append(("join/float32-axis3", "JOIN", d, [a, b],
                   [join([a, b], [[1, 1, 2, 3], [1, 1, 2, 4]], 3)], "match"))

    # SPLIT, INT16, rank 2, three outputs.
    x = iota(12, 0x8001, 0x0F0F, 16)
    d = {"InputTensor": {"DataType": "INT16", "Sizes": [2, 6]},
         "OutputTensors": [{"DataType": "INT16", "Sizes": [2, 1]}, {"DataType": "INT16", "Sizes": [2, 2]},
                           {"DataType": "INT16", "Sizes": [2, 3]}], "Axis": 1}
    result.append(("split/int16-rank2-three-outputs", "SPLIT", d, [x], split(x, [2, 6], 1, [1, 2, 3]), "match"))

    # GATHER with negative INT32 indices along axis 1.
    x = iota(12, 0xA0B0C000, 0x01010101)
    idx = [-1, 1, -4]
    d = {"InputTensor": {"DataType": "UINT32", "Sizes": [3, 4]},
         "IndicesTensor": {"DataType": "INT32", "Sizes": [1, 3]},
         "OutputTensor": {"DataType": "UINT32", "Sizes": [3, 3]}, "Axis": 1, "IndexDimensions": 1}
    result.append(("gather/negative-int32-indices", "GATHER", d, [x, [i & 0xFFFFFFFF for i in idx]],
                   [gather_one_index_dim(x, [3, 4], idx, 1)], "match"))

    # DEPTH_TO_SPACE1, both orders, UINT16, block 2.
    x = iota(48, 0x1100, 0x0101, 16)
    for order in ("DEPTH_COLUMN_ROW", "COLUMN_ROW_DEPTH"):
        d = {"InputTensor": {"DataType": "UINT16", "Sizes": [1, 8, 2, 3]},
             "OutputTensor": {"DataType": "UINT16", "Sizes": [1, 2, 4, 6]}, "BlockSize": 2, "Order": order}
        result.append(("depth_to_space1/" + order.lower(), "DEPTH_TO_SPACE1", d, [x],
                       [depth_to_space(x, [1, 8, 2, 3], 2, order)], "match"))

    # SPACE_TO_DEPTH1 undoes DEPTH_TO_SPACE1: its input is D2S's output.
    y = depth_to_space(x, [1, 8, 2, 3], 2, "COLUMN_ROW_DEPTH")
    d = {"InputTensor": {"DataType": "UINT16", "Sizes": [1, 2, 4, 6]},
         "OutputTensor": {"DataType": "UINT16", "Sizes": [1, 8, 2, 3]}, "BlockSize": 2, "Order": 1}
    result.append(("space_to_depth1/column_row_depth-round-trip", "SPACE_TO_DEPTH1", d, [y], [x], "match"))

    # REVERSE_SUBSEQUENCES along axis 0, lengths 0, 2, 3 and the axis size.
    x = iota(16, 0x3C00, 0x0111, 16)
    rs = {"InputTensor": {"DataType": "FLOAT16", "Sizes": [4, 4]},
          "SequenceLengthsTensor": {"DataType": "UINT32", "Sizes": [1, 4]},
          "OutputTensor": {"DataType": "FLOAT16", "Sizes": [4, 4]}, "Axis": 0}
    lengths = [0, 2, 3, 4]
    result.append(("reverse_subsequences/float16-axis0", "REVERSE_SUBSEQUENCES", rs, [x, lengths],
                   [reverse_subsequences(x, [4, 4], lengths, 0)], "match"))
    # A length past the axis size "behaves as if clamped to the maximum" (seed 004);
    # DirectML 1.15.4 instead clamps each source position: position i reads
    # min(L-1-i, size-1). Kept as a known deviation, so a fix shows as "xpass".
    lengths = [1, 5, 7, 100]
    result.append(("reverse_subsequences/length-past-axis-size", "REVERSE_SUBSEQUENCES", rs, [x, lengths],
                   [reverse_subsequences(x, [4, 4], lengths, 0)], "xfail"))

    # FLOAT16 signalling NaNs with payloads must come through unquieted.
    a = [0x7C01, 0xFD55, 0x7E01, 0x8000]
    b = [0x0001, 0x7C00, 0xFC00, 0x7D00]
    d = {"InputTensors": [{"DataType": "FLOAT16", "Sizes": [1, 1, 1, 4]},
                          {"DataType": "FLOAT16", "Sizes": [1, 1, 1, 4]}],
         "OutputTensor": {"DataType": "FLOAT16", "Sizes": [1, 1, 2, 4]}, "Axis": 2}
    result.append(("join/float16-signalling-nan-payloads", "JOIN", d, [a, b], [a + b], "match"))

    # A strided output with padding between rows and after the last element, and a
    # strided input, with a promised alignment of 64 on the output (bound at 192).
    a = iota(6, 0x11223344, 0x01000001)
    b = iota(8, 0x55667788, 0x00010100)
    d = {"InputTensors": [{"DataType": "UINT32", "Sizes": [1, 1, 2, 3], "Strides": [6, 6, 3, 1]},
                          {"DataType": "UINT32", "Sizes": [1, 1, 2, 4]}],
         "OutputTensor": {"DataType": "UINT32", "Sizes": [1, 1, 2, 7], "Strides": [18, 18, 9, 1],
                          "TotalTensorSizeInBytes": 80, "GuaranteedBaseOffsetAlignment": 64}, "Axis": 3}
    result.append(("join/strided-output-with-padding", "JOIN", d, [a, b],
                   [join([a, b], [[1, 1, 2, 3], [1, 1, 2, 4]], 3)], "match"))

    # P1 probes: outputs whose elements do not fill their 4-byte words, or that have
    # padding between elements, for every element size below 4 and one above.
    x = iota(5, 0x81, 0x13, 8)
    d = {"InputTensor": {"DataType": "UINT8", "Sizes": [1, 1, 1, 5]},
         "OutputTensors": [{"DataType": "UINT8", "Sizes": [1, 1, 1, 2]},
                           {"DataType": "UINT8", "Sizes": [1, 1, 1, 3], "Strides": [6, 6, 6, 2]}], "Axis": 3}
    result.append(("split/uint8-odd-and-strided-outputs", "SPLIT", d, [x], split(x, [1, 1, 1, 5], 3, [2, 3]),
                   "match"))
    x = iota(24, 0x1234, 0x0101, 16)
    d = {"InputTensor": {"DataType": "FLOAT16", "Sizes": [1, 4, 2, 3]},
         "OutputTensor": {"DataType": "FLOAT16", "Sizes": [1, 1, 4, 6], "Strides": [40, 40, 10, 1],
                          "TotalTensorSizeInBytes": 100}, "BlockSize": 2, "Order": "DEPTH_COLUMN_ROW"}
    result.append(("depth_to_space1/float16-strided-output", "DEPTH_TO_SPACE1", d, [x],
                   [depth_to_space(x, [1, 4, 2, 3], 2, "DEPTH_COLUMN_ROW")], "match"))
    x = iota(6, 0x0102030405060708, 0x1111111111111111, 64)
    d = {"InputTensor": {"DataType": "INT64", "Sizes": [2, 3]},
         "IndicesTensor": {"DataType": "UINT32", "Sizes": [1, 1]},
         "OutputTensor": {"DataType": "INT64", "Sizes": [2, 1], "Strides": [2, 1],
                          "GuaranteedBaseOffsetAlignment": 16}, "Axis": 1, "IndexDimensions": 1}
    result.append(("gather/int64-strided-output", "GATHER", d, [x, [2]],
                   [gather_one_index_dim(x, [2, 3], [2], 1)], "match"))
    x = iota(7, 0xE1, 1, 8)
    d = {"InputTensor": {"DataType": "INT8", "Sizes": [7]}, "SequenceLengthsTensor": {"DataType": "UINT64", "Sizes": [1]},
         "OutputTensor": {"DataType": "INT8", "Sizes": [7], "TotalTensorSizeInBytes": 16}, "Axis": 0}
    result.append(("reverse_subsequences/int8-uint64-lengths-trailing-padding", "REVERSE_SUBSEQUENCES", d,
                   [x, [5]], [reverse_subsequences(x, [7], [5], 0)], "match"))

    # An input flagged DML_TENSOR_FLAG_OWNED_BY_DML is bound at initialization only.
    a, b = iota(6, 0x0A0B0C01, 3), iota(8, 0x0D0E0F01, 5)
    d = {"InputTensors": [{"DataType": "UINT32", "Sizes": [1, 1, 2, 3], "Flags": 1},
                          {"DataType": "UINT32", "Sizes": [1, 1, 2, 4]}],
         "OutputTensor": {"DataType": "UINT32", "Sizes": [1, 1, 2, 7]}, "Axis": 3}
    result.append(("join/owned-by-dml-input", "JOIN", d, [a, b],
                   [join([a, b], [[1, 1, 2, 3], [1, 1, 2, 4]], 3)], "match"))

    # A larger JOIN, for timing: 3 x 32,768 FLOAT32 elements.
    n = 32768
    parts = [iota(n, 0x3F800000 + k, 7) for k in range(3)]
    d = {"InputTensors": [{"DataType": "FLOAT32", "Sizes": [1, 1, 1, n]} for _ in range(3)],
         "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 3, n]}, "Axis": 2}
    result.append(("join/large-3x32768", "JOIN", d, parts, [parts[0] + parts[1] + parts[2]], "match"))

    # Must-reject: the output is one element short along the axis.
    d = {"InputTensors": [{"DataType": "FLOAT32", "Sizes": [1, 1, 2, 3]},
                          {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 4]}],
         "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 6]}, "Axis": 3}
    result.append(("join/reject/output-size-wrong", "JOIN", d, None, None, "reject"))
    # Must-reject descriptors breaking the rules a DML desc can still express...
    d = {"InputTensors": [{"DataType": "UINT8", "Sizes": [1] * 9}],
         "OutputTensor": {"DataType": "UINT8", "Sizes": [1] * 9}, "Axis": 0}
    result.append(("join/reject/rank-9", "JOIN", d, None, None, "reject"))
    d = {"InputTensor": {"DataType": "INT8", "Sizes": [2, 0]},
         "OutputTensors": [{"DataType": "INT8", "Sizes": [2, 0]}], "Axis": 1}
    result.append(("split/reject/zero-size", "SPLIT", d, None, None, "reject"))
    # ...and ones it cannot: Strides and Sizes of different lengths, a count mismatch.
    d = {"InputTensors": [{"DataType": "FLOAT32", "Sizes": [1, 1, 2, 3], "Strides": [6, 3, 1]}],
         "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 3]}, "Axis": 3}
    result.append(("join/reject/strides-count", "JOIN", d, None, None, "reject"))
    d = {"InputCount": 3, "InputTensors": [{"DataType": "FLOAT32", "Sizes": [1, 1, 2, 3]}],
         "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 3]}, "Axis": 3}
    result.append(("join/reject/input-count-mismatch", "JOIN", d, None, None, "reject"))

    # Implementation-defined points, recorded: an out-of-range GATHER index (values
    # unspecified) and an aliased output (A1: a zero stride maps two elements to one).
    x = iota(12, 0xC0000000, 0x00000101)
    d = {"InputTensor": {"DataType": "UINT32", "Sizes": [3, 4]},
         "IndicesTensor": {"DataType": "INT32", "Sizes": [1, 2]},
         "OutputTensor": {"DataType": "UINT32", "Sizes": [3, 2]}, "Axis": 1, "IndexDimensions": 1}
    result.append(("gather/out-of-range-indices-7-and-minus-9", "GATHER", d, [x, [7, (-9) & 0xFFFFFFFF]],
                   None, "record"))
    # G4: a leading index dimension larger than 1 ({2,2} indices, IndexDimensions 1).
    x = [0x10, 0x11, 0x12, 0x20, 0x21, 0x22]
    d = {"InputTensor": {"DataType": "UINT32", "Sizes": [2, 3]},
         "IndicesTensor": {"DataType": "UINT32", "Sizes": [2, 2]},
         "OutputTensor": {"DataType": "UINT32", "Sizes": [2, 2]}, "Axis": 1, "IndexDimensions": 1}
    result.append(("gather/leading-index-dimension-2 (G4)", "GATHER", d, [x, [0, 1, 2, 0]], None, "record"))
    x = iota(4, 0xD0000000, 1)
    d = {"InputTensor": {"DataType": "UINT32", "Sizes": [1, 1, 2, 2]},
         "OutputTensors": [{"DataType": "UINT32", "Sizes": [1, 1, 2, 2], "Strides": [2, 2, 0, 1]}], "Axis": 3}
    result.append(("split/aliased-output-zero-stride (A1)", "SPLIT", d, [x], None, "record"))
    return result


def hazard_cases():
    """Cases that corrupt DirectML's memory: run only when named with --only, since a
    corrupted heap can fail or crash any later case in the same process."""
    # GATHER whose input rank + IndexDimensions - 1 exceeds 8 (valid: the surplus
    # leading output entries are 1 and dropped). DirectML 1.15.4 writes garbage, and
    # sometimes crashes in CreateOperator or at exit; rank 4 with K = 4 is fine.
    x = list(range(100, 106))
    d = {"InputTensor": {"DataType": "UINT32", "Sizes": [3, 1, 1, 1, 2]},
         "IndicesTensor": {"DataType": "UINT32", "Sizes": [1, 1, 1, 1, 2]},
         "OutputTensor": {"DataType": "UINT32", "Sizes": [2, 1, 1, 1, 2]}, "Axis": 0, "IndexDimensions": 5}
    # Valid by seed 002 (original rank 1 + 5 - 1 <= 5), but the Axis lies inside the
    # input's leading 1s: DirectML 1.15.4 returns heap bytes from element 1 on.
    y = [100, 101, 102]
    e = {"InputTensor": {"DataType": "UINT32", "Sizes": [1, 1, 1, 1, 3]},
         "IndicesTensor": {"DataType": "UINT32", "Sizes": [1, 1, 1, 1, 2]},
         "OutputTensor": {"DataType": "UINT32", "Sizes": [2, 1, 1, 1, 3]}, "Axis": 0, "IndexDimensions": 5}
    return [("gather/hazard/rank5-index-dimensions-5", "GATHER", d, [x, [2, 0]],
             [gather_one_index_dim(x, [3, 1, 1, 1, 2], [2, 0], 0)], "match"),
            ("gather/hazard/axis-in-leading-ones", "GATHER", e, [y, [0, 0]], [y + y], "match")]


# -------------------------------------------------------------------- the protocol

class Host:
    def __init__(self, command, log):
        self.started = time.monotonic()
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=log, start_new_session=True)
        self.next_id = 1

    def request(self, action, **fields):
        message = {"protocol": 2, "id": self.next_id, "action": action, **fields}
        self.next_id += 1
        begin = time.monotonic()
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        elapsed = time.monotonic() - begin
        if not line.endswith(b"\n"):
            raise RuntimeError("the host closed its output (%r)" % line)
        reply = json.loads(line)
        if reply.get("id") != message["id"]:
            raise RuntimeError("reply id %r to request %d" % (reply.get("id"), message["id"]))
        return reply, elapsed, message["id"]

    def close(self):
        self.process.stdin.close()
        leftover = self.process.stdout.read()
        code = self.process.wait(timeout=30)
        return leftover, code


def check_case(host, folder, case, report):
    name, operator, descriptor, inputs, expected, expect = case
    reply, create_time, create_id = host.request("create", operator=operator, feature_level="6_4",
                                                 descriptor=descriptor)
    if expect == "reject":
        ok = reply["status"] == "rejected"
        report.append((ok, name, "%s: %s" % (reply["status"], reply.get("message", ""))))
        return create_time, None
    if reply["status"] != "ok":
        ok = expect == "record"
        report.append((ok, name, "create %s: %s" % (reply["status"], reply.get("message", ""))))
        return create_time, None

    roles_in, roles_out = binding_roles(operator, descriptor)
    entries, files = {"inputs": [], "outputs": []}, []
    for k, (role, desc) in enumerate(roles_in):
        layout = Layout(desc)
        body = place(layout, inputs[k], 100 + k)
        files.append(write_buffer(folder, "in%d" % k, layout, body, entries["inputs"], role, 10 + k))
    for k, (role, desc) in enumerate(roles_out):
        layout = Layout(desc)
        body = pattern(200 + k, layout.total)  # poison
        files.append(write_buffer(folder, "out%d" % k, layout, body, entries["outputs"], role, 20 + k))

    reply, execute_time, _ = host.request("execute", operator=operator, feature_level="6_4",
                                          descriptor=descriptor, created=create_id, **entries)
    if reply["status"] != "ok":
        report.append((False, name, "execute %s: %s" % (reply["status"], reply.get("message", ""))))
        return create_time, execute_time
    problems, notes = [], []
    for k, (path, layout, before, offset) in enumerate(files):
        after = open(path, "rb").read()
        is_output = k >= len(roles_in)
        if len(after) != len(before):
            problems.append("%s changed length %d -> %d" % (os.path.basename(path), len(before), len(after)))
            continue
        if not is_output:
            if after != before:
                problems.append("input %s was written" % os.path.basename(path))
            continue
        guards = [i for i in range(len(before)) if not offset <= i < offset + layout.total and before[i] != after[i]]
        if guards:
            problems.append("output %s: %d guard bytes written (first at file byte %d)"
                            % (os.path.basename(path), len(guards), guards[0]))
        tensor_before, tensor_after = before[offset:offset + layout.total], after[offset:offset + layout.total]
        elements = layout.element_bytes()
        padding = [i for i in range(layout.total) if i not in elements]
        clobbered = [i for i in padding if tensor_before[i] != tensor_after[i]]
        if padding:
            notes.append("P1: %d of %d padding bytes changed%s" % (
                len(clobbered), len(padding),
                "" if not clobbered else " (to %s)" % bytes(tensor_after[i] for i in clobbered[:8]).hex()))
        got = read_elements(layout, tensor_after)
        out_index = k - len(roles_in)
        if expected is None:
            notes.append("values %s" % " ".join("%x" % v for v in got))
        elif got != expected[out_index]:
            first = next(i for i in range(len(got)) if got[i] != expected[out_index][i])
            problems.append("output %d element %d: expected 0x%x, got 0x%x" % (
                out_index, first, expected[out_index][first], got[first]))
    detail = "; ".join(problems + notes) or "bit-exact"
    if not problems and expected is not None:
        detail = "bit-exact" + ("; " + "; ".join(notes) if notes else "")
    if expect == "xfail":
        value_problems = [p for p in problems if "element" in p]
        if value_problems and len(value_problems) == len(problems):
            report.append((True, name, "xfail (known DirectML deviation): " + detail))
        else:
            report.append((False, name, "xpass or other failure: " + detail))
        return create_time, execute_time
    report.append((not problems, name, detail))
    return create_time, execute_time


def binding_roles(operator, d):
    if operator == "SPLIT":
        return ([("InputTensor", d["InputTensor"])],
                [("OutputTensors[%d]" % i, t) for i, t in enumerate(d["OutputTensors"])])
    if operator == "JOIN":
        return ([("InputTensors[%d]" % i, t) for i, t in enumerate(d["InputTensors"])],
                [("OutputTensor", d["OutputTensor"])])
    second = {"GATHER": "IndicesTensor", "REVERSE_SUBSEQUENCES": "SequenceLengthsTensor"}.get(operator)
    inputs = [("InputTensor", d["InputTensor"])] + ([(second, d[second])] if second else [])
    return inputs, [("OutputTensor", d["OutputTensor"])]


def write_buffer(folder, stem, layout, body, entries, role, guard_seed):
    offset = layout.binding_offset()
    contents = pattern(guard_seed, offset) + body + pattern(guard_seed + 50, TRAILING_GUARD)
    path = os.path.join(folder, stem + ".bin")
    with open(path, "wb") as f:
        f.write(contents)
    entries.append({"path": path, "role": role, "offset": offset, "bytes": layout.total})
    return path, layout, contents, offset


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--launcher", default=os.path.join(ROOT, "tools/directml/dmlconf-directml-host"),
                        help="the host's command, arguments included")
    parser.add_argument("--repeat", type=int, default=20, help="extra rounds of all cases, for timing")
    parser.add_argument("--only", metavar="GLOB", help="run only the cases so named (hazard cases included)")
    parser.add_argument("--pause", type=float, default=0.0, metavar="SECONDS",
                        help="idle time before each case of the timing rounds")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="dmlconf-smoke-") as folder, \
            open(os.path.join(folder, "host.log"), "wb") as log:
        host = Host(shlex.split(args.launcher), log)
        describe, _, _ = host.request("describe")
        startup = time.monotonic() - host.started
        print("describe: %s (start-up %.2f s)" % (json.dumps(describe), startup))
        report, execute_by_name = [], {}
        all_cases = cases()
        if args.only:
            all_cases = [c for c in all_cases + hazard_cases() if fnmatch.fnmatch(c[0], args.only)]
        for case in all_cases:
            _, execute_by_name[case[0]] = check_case(host, folder, case, report)
        for ok, name, detail in report:
            print("%-6s %-58s %s" % ("ok" if ok else "FAILED", name, detail))
        # Timing rounds: the same cases again (reports kept only for failures).
        timed_create, timed_execute, repeat_failures = [], [], 0
        for _ in range(args.repeat):
            for case in all_cases:
                if case[0].startswith("join/large"):
                    continue
                rounds = []
                time.sleep(args.pause)
                c, e = check_case(host, folder, case, rounds)
                timed_create.append(c)
                if e is not None:
                    timed_execute.append(e)
                repeat_failures += sum(1 for ok, _, _ in rounds if not ok)
        leftover, code = host.close()
        log.flush()
        failed = sum(1 for ok, _, _ in report if not ok) + repeat_failures
        if leftover:
            print("FAILED: the host wrote %r after its last reply" % leftover[:200])
            failed += 1
        median = lambda xs: sorted(xs)[len(xs) // 2] * 1000 if xs else 0.0
        print("timing: start-up to describe reply %.2f s; create median %.1f ms (max %.1f), "
              "execute median %.1f ms (max %.1f) over %d repeats; large JOIN execute %.1f ms; host exit code %d"
              % (startup, median(timed_create), max(timed_create or [0]) * 1000, median(timed_execute),
                 max(timed_execute or [0]) * 1000, args.repeat,
                 (execute_by_name.get("join/large-3x32768") or 0.0) * 1000, code))
        if failed:
            print("--- host stderr ---")
            print(open(log.name, "rb").read().decode(errors="replace")[-2000:])
        passed = len(report) - sum(1 for ok, _, _ in report if not ok)
        print("%d passed, %d failed" % (passed, failed))
        return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
