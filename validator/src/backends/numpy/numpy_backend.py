#!/usr/bin/python3
"""NumPy sample backend for dmlconf: the persistent protocol (serve:, protocol 2).

Run it as `serve:/usr/bin/python3 validator/src/backends/numpy/numpy_backend.py`
(Debian's python3-numpy; the python3 on PATH may not see Debian's modules).

Maps all seventeen operators, all eleven data types, ranks 1-8, strides, padding and zero
strides, each written the way reference/OPERATORS.md states it:
  SPLIT                 slabs of the input along Axis
  JOIN                  numpy.concatenate along Axis
  GATHER                numpy.take along Axis (negative indices from the end)
  DEPTH_TO_SPACE1       reshape + transpose (DEPTH_COLUMN_ROW and COLUMN_ROW_DEPTH)
  SPACE_TO_DEPTH1       the inverse reshape + transpose
  REVERSE_SUBSEQUENCES  numpy.take_along_axis with i -> L-1-i below each line's length
  DEPTH_TO_SPACE, SPACE_TO_DEPTH   the two above in DEPTH_COLUMN_ROW (feature level 1_0)
  GATHER_ELEMENTS       numpy.take_along_axis (negative indices from the end)
  SCATTER_ELEMENTS      numpy.put_along_axis on a copy of the input (colliding updates:
                        numpy's last one in row-major order lands)
  GATHER_ND, GATHER_ND1 advanced indexing of the input's meaningful dimensions by the
                        tuples' coordinates (and the batch coordinates as aranges)
  SCATTER_ND            index assignment into a copy of the input, one tuple at a time in
                        row-major order (colliding tuples: the last one lands)
  SLICE                 basic slicing x[o:o+s*(n-1)+1:s] per dimension (a stride of 0,
                        contract point K1, is refused as DirectML refuses it)
  PADDING, PADDING1     numpy.pad ('constant', 'edge', 'reflect', 'symmetric', 'wrap'), each
                        side of each dimension padded on its own (erratum PD2: numpy.pad folds a
                        side over the other side's padding); on the elements' bits, so a
                        PADDING1 value is written as it came, and PADDING's FLOAT is first cast
                        to the data type by numpy (float16: nearest even; integers: truncated)
  SLICE1                basic slicing with negative steps from the window's last element
  TILE                  numpy.tile (the repeats have the input's rank)
Each tensor is a numpy view of its buffer file at its `offset`, with the descriptor's
strides (numpy.ndarray(buffer=..., strides=...), i.e. as_strided with bounds checks).

`create` applies the DML_BUFFER_TENSOR_DESC rules, the operator's consistency rules and
the spec's support tables at the requested feature level (JOIN at 3_1/4_0 takes ranks
1-8: erratum J1), and rejects what breaks them; it answers without reason codes.
Implementation-defined choices: an output whose strides alias is refused (A1); GATHER
reads coordinate 0 of any leading index dimension (G4) and clamps an out-of-range index
to the axis (the values are unspecified there), as GATHER_ELEMENTS does; SCATTER_ELEMENTS
drops an update whose index is out of range, and SCATTER_ND a tuple with a coordinate out
of range; GATHER_ND and GATHER_ND1 clamp each tuple coordinate likewise; the three refuse what contract points M1 (a padding dimension above 1), M2
(batch sizes that differ) and M3 (counts that leave the tuple no room) leave open. Nothing
is answered unsupported.
Errors go to standard error; standard output carries only protocol replies.
"""
import json
import math
import sys
import traceback

import numpy as np

DTYPES = {"FLOAT64": "<f8", "FLOAT32": "<f4", "FLOAT16": "<f2", "INT64": "<i8", "INT32": "<i4",
          "INT16": "<i2", "INT8": "i1", "UINT64": "<u8", "UINT32": "<u4", "UINT16": "<u2",
          "UINT8": "u1"}
ALL11 = set(DTYPES)
STD8 = {"FLOAT32", "FLOAT16", "INT32", "INT16", "INT8", "UINT32", "UINT16", "UINT8"}
OLD6 = STD8 - {"INT8", "UINT8"}
IDX4 = {"INT64", "INT32", "UINT64", "UINT32"}

# The support tables: (from level, ranks, data types, index / lengths types), highest first.
R18, R45, R4 = range(1, 9), range(4, 6), range(4, 5)
SUPPORT = {
    "SPLIT": [((4, 1), R18, ALL11, None), ((3, 0), R18, STD8, None), ((2, 1), R4, STD8, None),
              ((1, 0), R4, OLD6, None)],
    "JOIN": [((4, 1), R18, ALL11, None), ((3, 1), R18, STD8, None),  # 3_1: erratum J1
             ((3, 0), R45, STD8, None), ((2, 1), R4, STD8, None), ((1, 0), R4, OLD6, None)],
    "GATHER": [((4, 1), R18, ALL11, IDX4), ((3, 0), R18, STD8, IDX4),
               ((2, 1), R4, STD8, {"UINT32"}), ((1, 0), R4, {"FLOAT32", "FLOAT16"}, {"UINT32"})],
    "DEPTH_TO_SPACE1": [((5, 0), R4, ALL11, None), ((2, 1), R4, STD8, None)],
    "SPACE_TO_DEPTH1": [((5, 0), R4, ALL11, None), ((2, 1), R4, STD8, None)],
    "DEPTH_TO_SPACE": [((5, 0), R4, ALL11, None), ((2, 1), R4, STD8, None),
                       ((1, 0), R4, {"FLOAT32", "FLOAT16"}, None)],
    "SPACE_TO_DEPTH": [((5, 0), R4, ALL11, None), ((2, 1), R4, STD8, None),
                       ((1, 0), R4, {"FLOAT32", "FLOAT16"}, None)],
    "REVERSE_SUBSEQUENCES": [((5, 0), R18, ALL11, {"UINT64", "UINT32"}),
                             ((4, 0), R18, STD8, {"UINT32"}), ((3, 0), R45, STD8, {"UINT32"}),
                             ((2, 1), R4, STD8, {"UINT32"})],
    "GATHER_ELEMENTS": [((4, 1), R18, ALL11, IDX4), ((3, 0), R18, STD8, IDX4),
                        ((2, 1), R4, STD8, {"UINT32"})],
    "SCATTER_ELEMENTS": [((4, 1), R18, ALL11, IDX4), ((3, 0), R18, STD8, IDX4),
                         ((2, 1), R4, STD8, {"UINT32"}),
                         ((2, 0), R4, {"FLOAT32", "FLOAT16"}, {"UINT32"})],  # SC1
    "GATHER_ND": [((4, 1), R18, ALL11, IDX4), ((3, 0), R18, STD8, IDX4),
                  ((2, 1), R4, STD8, {"UINT32"})],
    "GATHER_ND1": [((4, 1), R18, ALL11, IDX4), ((3, 0), R18, STD8, IDX4)],
    "SCATTER_ND": [((4, 1), R18, ALL11, IDX4), ((3, 0), R18, STD8, IDX4),
                   ((2, 1), R4, STD8, {"UINT32"})],
    "SLICE": [((4, 1), R18, ALL11, None), ((3, 0), R18, STD8, None), ((2, 1), R45, STD8, None),
              ((1, 0), R45, OLD6, None)],
    # Rank 5 below 3_1 is erratum PD4's: refused here.
    "PADDING": [((5, 0), R18, ALL11, None), ((3, 1), R18, STD8, None), ((2, 1), R4, STD8, None),
                ((1, 0), R4, {"FLOAT32", "FLOAT16"}, None)],
    "PADDING1": [((5, 0), R18, ALL11, None)],
    # SL4: from 4_1 the 64-bit types as well, which DirectML computes (refuse_or_run cases).
    "SLICE1": [((4, 1), R18, ALL11, None), ((3, 0), R18, STD8, None), ((2, 1), R45, STD8, None)],
    # TL2: FLOAT64 from 4_1 as well, which DirectML computes (a refuse_or_run case).
    "TILE": [((4, 1), R18, ALL11, None), ((3, 1), R18, STD8, None), ((2, 1), R4, STD8, None),
             ((1, 0), R4, {"FLOAT32", "FLOAT16"}, None)],
}
# DML_PADDING_MODE: numpy.pad's name and the level the mode appears at.
PADDING_MODES = {"CONSTANT": ("constant", (1, 0)), "EDGE": ("edge", (1, 0)),
                 "REFLECTION": ("reflect", (1, 0)), "SYMMETRIC": ("symmetric", (3, 0)),
                 "WRAP": ("wrap", (6, 4))}


class Rejected(Exception):
    """The descriptor breaks a rule; the message says which."""


def require(condition, message):
    if not condition:
        raise Rejected(message)


def integer(value, what):
    """A descriptor number: an integer (or its decimal text), nothing else."""
    require(not isinstance(value, bool) and isinstance(value, (int, str)), f"{what} {value!r} is not an integer")
    try:
        return int(value)
    except ValueError:
        raise Rejected(f"{what} {value!r} is not an integer") from None


# ---- tensors ---------------------------------------------------------------------------

class Tensor:
    """One DML_BUFFER_TENSOR_DESC, checked on its own."""

    def __init__(self, desc, role, is_output):
        self.role = role
        name = str(desc["DataType"]).replace("DML_TENSOR_DATA_TYPE_", "")
        require(name in DTYPES, f"{role}.DataType {desc['DataType']} is not one of the eleven")
        self.type_name, self.dtype = name, np.dtype(DTYPES[name])
        self.sizes = [integer(s, f"{role}.Sizes") for s in desc["Sizes"]]
        rank = len(self.sizes)
        require(1 <= rank <= 8, f"{role} has rank {rank}; it must be 1..8")
        require(all(s >= 1 for s in self.sizes), f"{role}.Sizes {self.sizes} has a size below 1")
        if "Strides" in desc:
            self.strides = [integer(s, f"{role}.Strides") for s in desc["Strides"]]
            require(len(self.strides) == rank, f"{role}.Strides has {len(self.strides)} entries for rank {rank}")
            require(all(s >= 0 for s in self.strides), f"{role}.Strides has a negative stride")
        else:
            self.strides = [math.prod(self.sizes[d + 1:]) for d in range(rank)]  # packed row-major
        self.count = math.prod(self.sizes)
        require(self.count <= 0xFFFFFFFF, f"{role} holds {self.count} elements; at most 2^32-1")
        size = self.dtype.itemsize
        last = sum((n - 1) * s for n, s in zip(self.sizes, self.strides))
        minimum = ((last + 1) * size + 3) // 4 * 4
        self.total = integer(desc.get("TotalTensorSizeInBytes", minimum), f"{role}.TotalTensorSizeInBytes")
        require(self.total >= minimum, f"{role}.TotalTensorSizeInBytes {self.total} < {minimum}")
        align = integer(desc.get("GuaranteedBaseOffsetAlignment", 0), f"{role}.GuaranteedBaseOffsetAlignment")
        require(align == 0 or (align & (align - 1) == 0 and align >= size),
                f"{role}.GuaranteedBaseOffsetAlignment {align}: 0 or a power of two >= {size}")
        require(integer(desc.get("Flags", 0), f"{role}.Flags") == 0, f"{role}.Flags must be 0")
        if is_output:  # no two elements may share a location (A1: refused here)
            extent = 1
            for n, s in sorted((p for p in zip(self.sizes, self.strides) if p[0] > 1), key=lambda p: p[1]):
                require(s >= extent, f"{role}.Strides {self.strides} map two elements to one location")
                extent += (n - 1) * s

    def view(self, raw, offset):
        """The tensor as a numpy array over `raw` (a file's bytes), starting at `offset`."""
        require(len(raw) >= offset + self.total, f"{self.role}: the file is shorter than offset + bytes")
        item = self.dtype.itemsize
        return np.ndarray(self.sizes, self.dtype, buffer=raw, offset=offset,
                          strides=[s * item for s in self.strides])


def level_of(text):
    major, minor = str(text).split("_")
    return int(major), int(minor)


def support_row(op, level):
    rows = SUPPORT[op]
    require(level >= rows[-1][0], f"{op} does not exist below feature level "
            f"{rows[-1][0][0]}_{rows[-1][0][1]}")
    return next(row for row in rows if level >= row[0])


def check_support(op, level, rank, data_type, index_type=None):
    _, ranks, types, index_types = support_row(op, level)
    require(rank in ranks, f"{op} does not take rank {rank} at this feature level")
    require(data_type in types, f"{op} does not take {data_type} at this feature level")
    if index_types is not None:
        require(index_type in index_types, f"{op} does not take {index_type} indices / lengths here")


def same_rank_and_type(ins, outs):
    everything = ins + outs
    require(len({len(t.sizes) for t in everything}) == 1, "the tensors' ranks differ")
    require(len({t.type_name for t in everything}) == 1, "the tensors' data types differ")


# ---- the operators: check(descriptor, level) -> plan; run(plan, inputs, outputs) ------

def check_split(d, level):
    listed = d["OutputTensors"]
    require(len(listed) >= 1, "OutputCount must be at least 1")
    require(integer(d.get("OutputCount", len(listed)), "OutputCount") == len(listed), "OutputCount differs from the list")
    x = Tensor(d["InputTensor"], "InputTensor", False)
    outs = [Tensor(t, f"OutputTensors[{i}]", True) for i, t in enumerate(listed)]
    same_rank_and_type([x], outs)
    axis = integer(d["Axis"], "Axis")
    require(0 <= axis < len(x.sizes), f"Axis {axis} is outside rank {len(x.sizes)}")
    check_support("SPLIT", level, len(x.sizes), x.type_name)
    for o in outs:
        require(all(a == b for i, (a, b) in enumerate(zip(o.sizes, x.sizes)) if i != axis),
                f"{o.role}.Sizes {o.sizes} differ from the input's {x.sizes} off Axis")
    require(sum(o.sizes[axis] for o in outs) == x.sizes[axis], "the outputs' sizes along Axis do not add up")
    return {"inputs": [x], "outputs": outs, "axis": axis}


def run_split(plan, ins, outs):
    (x,), axis, start = ins, plan["axis"], 0
    for out in outs:  # output i is the slab [start, start + size) along Axis
        size = out.shape[axis]
        out[...] = x[(slice(None),) * axis + (slice(start, start + size),)]
        start += size


def check_join(d, level):
    listed = d["InputTensors"]
    require(len(listed) >= 1, "InputCount must be at least 1")
    require(integer(d.get("InputCount", len(listed)), "InputCount") == len(listed), "InputCount differs from the list")
    ins = [Tensor(t, f"InputTensors[{i}]", False) for i, t in enumerate(listed)]
    y = Tensor(d["OutputTensor"], "OutputTensor", True)
    same_rank_and_type(ins, [y])
    axis = integer(d["Axis"], "Axis")
    require(0 <= axis < len(y.sizes), f"Axis {axis} is outside rank {len(y.sizes)}")
    check_support("JOIN", level, len(y.sizes), y.type_name)
    for t in ins:
        require(all(a == b for i, (a, b) in enumerate(zip(t.sizes, y.sizes)) if i != axis),
                f"{t.role}.Sizes {t.sizes} differ from the output's {y.sizes} off Axis")
    require(sum(t.sizes[axis] for t in ins) == y.sizes[axis], "the inputs' sizes along Axis do not add up")
    return {"inputs": ins, "outputs": [y], "axis": axis}


def run_join(plan, ins, outs):
    outs[0][...] = np.concatenate(ins, axis=plan["axis"])


def gather_sizes(input_sizes, index_sizes, axis, k):
    """input[0..Axis) ++ indices[D-K..D) ++ input[Axis+1..D), right-aligned into D slots."""
    rank = len(input_sizes)
    # Seed 002: "the original rank of InputTensor + IndexDimensions - 1 ... must be less
    # than or equal to the OutputTensor's DimensionCount", the original rank being the
    # rank before the leading 1s.
    original = rank
    while original > 1 and input_sizes[rank - original] == 1:
        original -= 1
    require(original + k - 1 <= rank, f"original rank {original} + IndexDimensions {k} - 1 exceeds {rank}")
    sizes = input_sizes[:axis] + index_sizes[rank - k:] + input_sizes[axis + 1:]
    surplus = len(sizes) - rank
    if surplus > 0:
        require(all(s == 1 for s in sizes[:surplus]), f"gathered sizes {sizes} do not fit rank {rank}")
        return sizes[surplus:]
    return [1] * -surplus + sizes


def check_gather(d, level):
    x = Tensor(d["InputTensor"], "InputTensor", False)
    idx = Tensor(d["IndicesTensor"], "IndicesTensor", False)
    y = Tensor(d["OutputTensor"], "OutputTensor", True)
    rank = len(x.sizes)
    require(len(idx.sizes) == rank == len(y.sizes), "the tensors' ranks differ")
    require(x.type_name == y.type_name, "input and output data types differ")
    axis, k = integer(d["Axis"], "Axis"), integer(d["IndexDimensions"], "IndexDimensions")
    require(0 <= axis < rank, f"Axis {axis} is outside rank {rank}")
    check_support("GATHER", level, rank, x.type_name, idx.type_name)
    require(0 <= k <= rank, f"IndexDimensions {k} is outside [0, {rank}]")
    expected = gather_sizes(x.sizes, idx.sizes, axis, k)
    require(y.sizes == expected, f"OutputTensor.Sizes {y.sizes} should be {expected}")
    return {"inputs": [x, idx], "outputs": [y], "axis": axis, "k": k}


def run_gather(plan, ins, outs):
    x, indices = ins
    axis, k, size = plan["axis"], plan["k"], ins[0].shape[plan["axis"]]
    j = indices[(0,) * (indices.ndim - k)]  # the K meaningful trailing dimensions (G4)
    if j.dtype.kind == "u":
        j = np.minimum(j, size).astype(np.int64)  # beyond the axis either way
    j = j.astype(np.int64)
    j = np.where(j < 0, j + size, j)  # negative: counted from the end
    j = np.clip(j, 0, size - 1)  # out of range: unspecified values, reads stay inside
    gathered = np.take(x, j, axis=axis)  # output[outer, j, inner] = input[outer, indices[j], inner]
    outs[0][...] = gathered.reshape(outs[0].shape)


def check_depth_space(op, d, level):
    x = Tensor(d["InputTensor"], "InputTensor", False)
    y = Tensor(d["OutputTensor"], "OutputTensor", True)
    same_rank_and_type([x], [y])
    check_support(op, level, len(x.sizes), x.type_name)
    require(len(x.sizes) == 4, "the tensors must be {N, C, H, W}")
    b = integer(d["BlockSize"], "BlockSize")
    require(b >= 1, "BlockSize must be at least 1")
    # DEPTH_TO_SPACE and SPACE_TO_DEPTH (1_0) have no Order: DEPTH_COLUMN_ROW's layout.
    order = str(d["Order"] if op.endswith("1") else "DEPTH_COLUMN_ROW")
    order = order.replace("DML_DEPTH_SPACE_ORDER_", "")
    order = {"0": "DEPTH_COLUMN_ROW", "1": "COLUMN_ROW_DEPTH"}.get(order, order)
    require(order in ("DEPTH_COLUMN_ROW", "COLUMN_ROW_DEPTH"), f"Order {order} is not defined")
    n, c, h, w = x.sizes
    if op.startswith("DEPTH_TO_SPACE"):
        require(c % (b * b) == 0, f"C {c} is not divisible by BlockSize^2 {b * b}")
        expected = [n, c // (b * b), h * b, w * b]
    else:
        require(h % b == 0 and w % b == 0, f"H {h} and W {w} must be divisible by BlockSize {b}")
        expected = [n, c * b * b, h // b, w // b]
    require(y.sizes == expected, f"OutputTensor.Sizes {y.sizes} should be {expected}")
    return {"inputs": [x], "outputs": [y], "b": b, "order": order}


def run_depth_to_space(plan, ins, outs):
    x, b = ins[0], plan["b"]
    n, c, h, w = x.shape
    c2 = c // (b * b)
    if plan["order"] == "DEPTH_COLUMN_ROW":  # depth laid out as (bh, bw, c')
        t = x.reshape(n, b, b, c2, h, w).transpose(0, 3, 4, 1, 5, 2)
    else:  # COLUMN_ROW_DEPTH: depth laid out as (c', bh, bw)
        t = x.reshape(n, c2, b, b, h, w).transpose(0, 1, 4, 2, 5, 3)
    outs[0][...] = t.reshape(n, c2, h * b, w * b)  # t is (n, c', h, bh, w, bw)


def run_space_to_depth(plan, ins, outs):
    x, b = ins[0], plan["b"]
    n, c, h, w = x.shape
    t = x.reshape(n, c, h // b, b, w // b, b)  # (n, c, h', bh, w', bw)
    if plan["order"] == "DEPTH_COLUMN_ROW":  # depth (bh, bw, c)
        t = t.transpose(0, 3, 5, 1, 2, 4)
    else:  # COLUMN_ROW_DEPTH: depth (c, bh, bw)
        t = t.transpose(0, 1, 3, 5, 2, 4)
    outs[0][...] = t.reshape(n, c * b * b, h // b, w // b)


def check_reverse(d, level):
    x = Tensor(d["InputTensor"], "InputTensor", False)
    lengths = Tensor(d["SequenceLengthsTensor"], "SequenceLengthsTensor", False)
    y = Tensor(d["OutputTensor"], "OutputTensor", True)
    rank = len(x.sizes)
    require(len(lengths.sizes) == rank == len(y.sizes), "the tensors' ranks differ")
    require(x.type_name == y.type_name, "input and output data types differ")
    axis = integer(d["Axis"], "Axis")
    require(0 <= axis < rank, f"Axis {axis} is outside rank {rank}")
    check_support("REVERSE_SUBSEQUENCES", level, rank, x.type_name, lengths.type_name)
    line = [1 if i == axis else s for i, s in enumerate(x.sizes)]
    require(lengths.sizes == line, f"SequenceLengthsTensor.Sizes {lengths.sizes} should be {line}")
    require(y.sizes == x.sizes, "OutputTensor.Sizes differ from InputTensor.Sizes")
    return {"inputs": [x, lengths], "outputs": [y], "axis": axis}


def run_reverse(plan, ins, outs):
    x, lengths = ins
    axis = plan["axis"]
    size = x.shape[axis]
    length = np.minimum(lengths, size).astype(np.int64)  # beyond the axis: the axis size
    i = np.arange(size).reshape([size if d == axis else 1 for d in range(x.ndim)])
    source = np.where(i < length, length - 1 - i, i)  # positions i < L take L-1-i
    outs[0][...] = np.take_along_axis(x, source, axis=axis)


def check_elements(op, d, level):
    """GATHER_ELEMENTS and SCATTER_ELEMENTS: indices of the input's sizes off Axis."""
    x = Tensor(d["InputTensor"], "InputTensor", False)
    idx = Tensor(d["IndicesTensor"], "IndicesTensor", False)
    y = Tensor(d["OutputTensor"], "OutputTensor", True)
    values = [x] + ([Tensor(d["UpdatesTensor"], "UpdatesTensor", False)] if "UpdatesTensor" in d else [])
    rank = len(x.sizes)
    require(all(len(t.sizes) == rank for t in values + [idx, y]), "the tensors' ranks differ")
    require(len({t.type_name for t in values + [y]}) == 1, "the data types differ")
    axis = integer(d["Axis"], "Axis")
    require(0 <= axis < rank, f"Axis {axis} is outside rank {rank}")
    check_support(op, level, rank, x.type_name, idx.type_name)
    require(all(i == a for d_, (i, a) in enumerate(zip(idx.sizes, x.sizes)) if d_ != axis),
            f"IndicesTensor.Sizes {idx.sizes} differ from InputTensor.Sizes {x.sizes} off Axis")
    if op == "GATHER_ELEMENTS":
        require(y.sizes == idx.sizes, "OutputTensor.Sizes differ from IndicesTensor.Sizes")
    else:
        require(values[1].sizes == idx.sizes, "UpdatesTensor.Sizes differ from IndicesTensor.Sizes")
        require(y.sizes == x.sizes, "OutputTensor.Sizes differ from InputTensor.Sizes")
    return {"inputs": [x, idx] + values[1:], "outputs": [y], "axis": axis}


def axis_positions(indices, size):
    """Indices as positions along an axis of `size`: negative ones from the end; those out
    of range stay out of range (>= size or < 0)."""
    j = indices
    if j.dtype.kind == "u":
        j = np.minimum(j, size)  # beyond the axis either way
    j = j.astype(np.int64)
    return np.where(j < 0, j + size, j)


def run_gather_elements(plan, ins, outs):
    x, indices = ins
    size = x.shape[plan["axis"]]
    j = np.clip(axis_positions(indices, size), 0, size - 1)  # out of range: unspecified
    outs[0][...] = np.take_along_axis(x, j, axis=plan["axis"])


def run_scatter_elements(plan, ins, outs):
    x, indices, updates = ins
    axis, size = plan["axis"], x.shape[plan["axis"]]
    y = np.array(x)
    j = axis_positions(indices, size)
    keep = (j >= 0) & (j < size)  # out of range: the update is dropped
    # One update at a time in row-major order, so the last of colliding ones lands.
    for at in zip(*np.nonzero(keep)):
        target = list(at)
        target[axis] = j[at]
        y[tuple(target)] = updates[at]
    outs[0][...] = y


def check_nd(op, d, level):
    """GATHER_ND and GATHER_ND1: the output is the indices' meaningful sizes without the
    tuple, then the input's after batch and tuple, right-aligned (erratum N1, N2). SCATTER_ND:
    those are the updates' sizes, and the output has the input's."""
    x = Tensor(d["InputTensor"], "InputTensor", False)
    idx = Tensor(d["IndicesTensor"], "IndicesTensor", False)
    y = Tensor(d["OutputTensor"], "OutputTensor", True)
    values = [x] + ([Tensor(d["UpdatesTensor"], "UpdatesTensor", False)] if "UpdatesTensor" in d else [])
    rank = len(x.sizes)
    require(all(len(t.sizes) == rank for t in values + [idx, y]), "the tensors' ranks differ")
    require(len({t.type_name for t in values + [y]}) == 1, "the data types differ")
    check_support(op, level, rank, x.type_name, idx.type_name)
    n_in = integer(d["InputDimensionCount"], "InputDimensionCount")
    n_idx = integer(d["IndicesDimensionCount"], "IndicesDimensionCount")
    b = integer(d["BatchDimensionCount"], "BatchDimensionCount") if op == "GATHER_ND1" else 0
    require(1 <= n_in <= rank, f"InputDimensionCount {n_in} is outside [1, {rank}]")
    require(1 <= n_idx <= rank, f"IndicesDimensionCount {n_idx} is outside [1, {rank}]")
    require(0 <= b < rank, f"BatchDimensionCount {b} is outside [0, {rank})")
    t = idx.sizes[-1]
    require(t <= rank, f"the tuple of {t} is longer than rank {rank}")
    require(t <= n_in and b < n_idx and b + t <= n_in, "the counts leave the tuple no room (M3)")
    require(all(s == 1 for s in x.sizes[:rank - n_in] + idx.sizes[:rank - n_idx]),
            "a padding dimension is larger than 1 (M1)")
    x_sizes, i_sizes = x.sizes[rank - n_in:], idx.sizes[rank - n_idx:]
    require(x_sizes[:b] == i_sizes[:b], "the batch sizes differ (M2)")
    gathered = i_sizes[:-1] + x_sizes[b + t:]
    require(len(gathered) <= rank, f"the gathered sizes {gathered} are longer than rank {rank}")
    expected = [1] * (rank - len(gathered)) + gathered
    if op == "SCATTER_ND":
        require(values[1].sizes == expected, f"UpdatesTensor.Sizes {values[1].sizes} should be {expected}")
        require(y.sizes == x.sizes, "OutputTensor.Sizes differ from InputTensor.Sizes")
    else:
        require(y.sizes == expected, f"OutputTensor.Sizes {y.sizes} should be {expected}")
    return {"inputs": [x, idx] + values[1:], "outputs": [y], "meaningful": (n_in, n_idx), "batch": b}


def run_gather_nd(plan, ins, outs):
    n_in, n_idx = plan["meaningful"]
    b = plan["batch"]
    x = ins[0].reshape(ins[0].shape[ins[0].ndim - n_in:])
    tuples = ins[1].reshape(ins[1].shape[ins[1].ndim - n_idx:])
    where = tuples.shape[:-1]  # (batch..., further...)
    grid = [np.arange(where[k]).reshape([-1 if j == k else 1 for j in range(len(where))])
            for k in range(b)]
    coords = [np.clip(axis_positions(tuples[..., k], x.shape[b + k]), 0, x.shape[b + k] - 1)
              for k in range(tuples.shape[-1])]  # out of range: unspecified
    outs[0][...] = x[tuple(grid + coords)].reshape(outs[0].shape)


def run_scatter_nd(plan, ins, outs):
    n_in, n_idx = plan["meaningful"]
    y = np.array(ins[0]).reshape(ins[0].shape[ins[0].ndim - n_in:])
    tuples = ins[1].reshape(ins[1].shape[ins[1].ndim - n_idx:])
    t = tuples.shape[-1]
    tuples = tuples.reshape(-1, t)
    updates = ins[2].reshape((tuples.shape[0],) + y.shape[t:])
    coords = np.stack([axis_positions(tuples[:, k], y.shape[k]) for k in range(t)], axis=1)
    keep = np.all((coords >= 0) & (coords < np.array(y.shape[:t])), axis=1)  # else dropped
    # One tuple at a time in row-major order, so the last of colliding ones lands.
    for j in np.nonzero(keep)[0]:
        y[tuple(coords[j])] = updates[j]
    outs[0][...] = y.reshape(outs[0].shape)


def window_arrays(d, names, rank, count="DimensionCount"):
    """The window family's arrays: each one entry per dimension (DimensionCount)."""
    arrays = [[integer(v, f"{name}[{i}]") for i, v in enumerate(d[name])] for name in names]
    for name, values in zip(names, arrays):
        require(len(values) == rank, f"{name} has {len(values)} entries ({count}) but the rank is {rank}")
    require(integer(d.get(count, rank), count) == rank, f"{count} differs from the rank {rank}")
    return arrays


def window_tensors(op, d, level):
    """The window family's input and output: one rank and data type, in the support table."""
    x = Tensor(d["InputTensor"], "InputTensor", False)
    y = Tensor(d["OutputTensor"], "OutputTensor", True)
    same_rank_and_type([x], [y])
    check_support(op, level, len(x.sizes), x.type_name)
    return x, y, len(x.sizes)


def check_slice(d, level):
    x, y, rank = window_tensors("SLICE", d, level)
    offsets, sizes, strides = window_arrays(d, ["Offsets", "Sizes", "Strides"], rank)
    require(sizes == y.sizes, f"Sizes {sizes} differ from OutputTensor.Sizes {y.sizes}")
    require(all(s > 0 for s in strides), "a stride of 0 (K1): refused here, as DirectML does")
    for i, (o, n, s) in enumerate(zip(offsets, sizes, strides)):
        require(o + s * (n - 1) < x.sizes[i], f"the window leaves the input along dimension {i}")
    return {"inputs": [x], "outputs": [y],
            "window": tuple(slice(o, o + s * (n - 1) + 1, s) for o, n, s in zip(offsets, sizes, strides))}


def run_slice(plan, ins, outs):
    outs[0][...] = ins[0][plan["window"]]


def padding_value_bits(text, width):
    """A padding value as dmlconf sends it: its bits in hex (validator/BACKENDS.md)."""
    bits = int(str(text), 16)
    require(bits >> (8 * width) == 0, f"PaddingValue {text} is wider than its type")
    return bits


def check_padding(op, d, level):
    x = Tensor(d["InputTensor"], "InputTensor", False)
    y = Tensor(d["OutputTensor"], "OutputTensor", True)
    same_rank_and_type([x], [y])
    rank = len(x.sizes)
    check_support(op, level, rank, x.type_name)
    start = [integer(v, "StartPadding") for v in d["StartPadding"]]
    end = [integer(v, "EndPadding") for v in d["EndPadding"]]
    require(len(start) == len(end) == rank, f"DimensionCount differs from the rank {rank}")
    require(y.sizes == [n + a + b for n, a, b in zip(x.sizes, start, end)],
            f"OutputTensor.Sizes {y.sizes} are not InputTensor.Sizes + StartPadding + EndPadding")
    if op == "PADDING1":
        value_type = str(d["PaddingValueDataType"]).replace("DML_TENSOR_DATA_TYPE_", "")
        require(value_type == y.type_name, "PaddingValueDataType differs from the output's")
    mode = str(d["PaddingMode"]).replace("DML_PADDING_MODE_", "")
    require(mode in PADDING_MODES, f"PaddingMode {mode} is not one of the five")
    require(level >= PADDING_MODES[mode][1], f"PaddingMode {mode} does not exist at this level")
    bits_type = np.dtype(f"<u{x.dtype.itemsize}")
    if op == "PADDING1":
        value = padding_value_bits(d.get("PaddingValue", "0x0"), 8) & ((1 << (8 * x.dtype.itemsize)) - 1)
    else:  # V1: numpy's cast of the FLOAT; NaN and out-of-range values are unspecified
        f = np.array([padding_value_bits(d.get("PaddingValue", "0x0"), 4)], np.uint32).view(np.float32)
        with np.errstate(invalid="ignore", over="ignore"):
            value = int(f.astype(x.dtype).view(bits_type)[0])
    return {"inputs": [x], "outputs": [y], "mode": PADDING_MODES[mode][0], "start": start,
            "end": end, "value": value, "bits": bits_type}


def run_padding(plan, ins, outs):
    y = ins[0].view(plan["bits"])  # bits, never values: a NaN's payload stays
    for axis, (before, after) in enumerate(zip(plan["start"], plan["end"])):
        def side(widths):
            frame = [(0, 0)] * y.ndim
            frame[axis] = widths
            if plan["mode"] == "constant":
                return np.pad(y, frame, "constant", constant_values=plan["value"])
            return np.pad(y, frame, plan["mode"])
        n = y.shape[axis]
        left = np.take(side((before, 0)), range(before), axis=axis)
        right = np.take(side((0, after)), range(n, n + after), axis=axis)
        y = np.concatenate([left, y, right], axis=axis)
    outs[0].view(plan["bits"])[...] = y
def check_slice1(d, level):
    x, y, rank = window_tensors("SLICE1", d, level)
    offsets, sizes, strides = window_arrays(
        d, ["InputWindowOffsets", "InputWindowSizes", "InputWindowStrides"], rank)
    window = []
    for i, (o, n, s, out) in enumerate(zip(offsets, sizes, strides, y.sizes)):
        require(n >= 1, f"InputWindowSizes[{i}] is 0")
        require(o + n <= x.sizes[i], f"the window leaves the input along dimension {i}")
        require(s != 0, f"InputWindowStrides[{i}] is 0")
        require(out <= 1 + (n - 1) // abs(s), f"OutputTensor.Sizes[{i}] is past the window's reach")
        start = o + n - 1 if s < 0 else o
        stop = start + s * (out - 1) + (1 if s > 0 else -1)
        window.append(slice(start, stop if stop >= 0 else None, s))
    return {"inputs": [x], "outputs": [y], "window": tuple(window)}


def check_tile(d, level):
    x, y, rank = window_tensors("TILE", d, level)
    (repeats,) = window_arrays(d, ["Repeats"], rank, "RepeatsCount")
    require(all(r >= 1 for r in repeats), "a Repeats entry is 0")
    require(y.sizes == [n * r for n, r in zip(x.sizes, repeats)],
            f"OutputTensor.Sizes {y.sizes} differ from InputTensor.Sizes times Repeats")
    return {"inputs": [x], "outputs": [y], "repeats": repeats}


def run_tile(plan, ins, outs):
    outs[0][...] = np.tile(ins[0], plan["repeats"])


OPERATORS = {
    "SPLIT": (check_split, run_split),
    "JOIN": (check_join, run_join),
    "GATHER": (check_gather, run_gather),
    "DEPTH_TO_SPACE1": (lambda d, l: check_depth_space("DEPTH_TO_SPACE1", d, l), run_depth_to_space),
    "SPACE_TO_DEPTH1": (lambda d, l: check_depth_space("SPACE_TO_DEPTH1", d, l), run_space_to_depth),
    "DEPTH_TO_SPACE": (lambda d, l: check_depth_space("DEPTH_TO_SPACE", d, l), run_depth_to_space),
    "SPACE_TO_DEPTH": (lambda d, l: check_depth_space("SPACE_TO_DEPTH", d, l), run_space_to_depth),
    "REVERSE_SUBSEQUENCES": (check_reverse, run_reverse),
    "GATHER_ELEMENTS": (lambda d, l: check_elements("GATHER_ELEMENTS", d, l), run_gather_elements),
    "SCATTER_ELEMENTS": (lambda d, l: check_elements("SCATTER_ELEMENTS", d, l), run_scatter_elements),
    "GATHER_ND": (lambda d, l: check_nd("GATHER_ND", d, l), run_gather_nd),
    "GATHER_ND1": (lambda d, l: check_nd("GATHER_ND1", d, l), run_gather_nd),
    "SCATTER_ND": (lambda d, l: check_nd("SCATTER_ND", d, l), run_scatter_nd),
    "SLICE": (check_slice, run_slice),
    "PADDING": (lambda d, l: check_padding("PADDING", d, l), run_padding),
    "PADDING1": (lambda d, l: check_padding("PADDING1", d, l), run_padding),
    "SLICE1": (check_slice1, run_slice),
    "TILE": (check_tile, run_tile),
}


# ---- the protocol ----------------------------------------------------------------------

def create(request):
    op = request["operator"]
    if op not in OPERATORS:
        return {"status": "unsupported", "message": f"operator {op} is not implemented here"}
    try:
        OPERATORS[op][0](request["descriptor"], level_of(request["feature_level"]))
    except Rejected as broken:
        return {"status": "rejected", "message": str(broken)}
    except Exception as broken:  # a malformed must-reject descriptor (a missing field, ...)
        return {"status": "rejected", "message": f"malformed descriptor: {broken!r}"}
    return {"status": "ok"}


def read_file(buffer):
    with open(buffer["path"], "rb") as f:
        return bytearray(f.read())


def write_outputs(raws, request):
    """Only each output tensor's bytes go back to its file; the guards stay as they came."""
    for raw, b in zip(raws, request["outputs"]):
        with open(b["path"], "r+b") as f:
            f.seek(b["offset"])
            f.write(raw[b["offset"]:b["offset"] + b["bytes"]])


def execute(request):
    check, run = OPERATORS[request["operator"]]
    plan = check(request["descriptor"], level_of(request["feature_level"]))
    ins = [t.view(read_file(b), b["offset"]) for t, b in zip(plan["inputs"], request["inputs"])]
    raws = [read_file(b) for b in request["outputs"]]
    outs = [t.view(raw, b["offset"]) for t, raw, b in zip(plan["outputs"], raws, request["outputs"])]
    run(plan, ins, outs)
    write_outputs(raws, request)
    return {"status": "ok"}


def answer(request):
    action = request.get("action")
    if action == "describe":
        # The name is the identity reports, baselines and xfail entries use: no version in it.
        return {"status": "ok", "name": "numpy", "version": np.__version__,
                "description": "the NumPy sample adapter",
                "max_feature_level": "6_4", "reports_reason_codes": False}
    if action == "create":
        return create(request)
    if action == "execute":
        try:
            return execute(request)
        except Exception as failure:  # an accepted descriptor that could not run
            traceback.print_exc(file=sys.stderr)
            return {"status": "error", "message": f"{type(failure).__name__}: {failure}"}
    return {"status": "error", "message": f"unknown action {action!r}"}


def serve(answer_request):
    """The protocol loop: one request line in, one reply line out, with the request's id.
    The PyTorch adapter serves its own answers through it too."""
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            reply = answer_request(request)
        except Exception as failure:
            traceback.print_exc(file=sys.stderr)
            reply = {"status": "error", "message": f"{type(failure).__name__}: {failure}"}
        reply["id"] = request.get("id")
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve(answer)
