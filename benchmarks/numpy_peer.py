#!/usr/bin/python3
"""The NumPy benchmark peer: each shape of `dmlconf_benchmarks --dmlconf_shapes_json` as
NumPy's idiomatic call for the operator, timed in thread CPU time on one thread.

    /usr/bin/python3 benchmarks/numpy_peer.py SHAPES.json OUT.json [--runs 15]
        [--filter REGEX]     (on the result names, <prefix>/numpy/threads:1)

Debian's interpreter with python3-numpy (the python3 on PATH may not see Debian's
modules); the standard library and numpy only.

OUT.json: {"context": {...}, "results": [{"name": "<prefix>/numpy/threads:1", "seconds":
median over the runs per call, "cv": stddev/mean, "runs": n, "calls_per_run": 1 (100 on
the small shapes), "allocates": bool, "checked": 64}] or
{"name", "error"} where NumPy has no formulation of the shape or its output fails the
check. The output is the bytes the blocked kernel writes, a contiguous tensor: a view is
no copy, so each call copies it (the copy timed). Where NumPy takes `out=` or an in-place
form the call writes into a preallocated output, as the blocked kernel does; where the
idiomatic call allocates its result (np.pad, np.tile, take_along_axis, advanced indexing)
that call is timed, allocation and first touch of its pages included, and the result says
"allocates": true. Before timing, one call's output is checked: C-contiguous, sharing no
memory with an input, and equal at its first, last and 62 random elements to a plain-Python
computation of where the operator takes each element from (inputs hold hashed values, so
a wrong index mapping shows). Building inputs and the check are never timed.

Operators: SPLIT = copies of np.split's views, JOIN = np.concatenate(out=), GATHER =
np.take(out=), DEPTH_TO_SPACE(1) / SPACE_TO_DEPTH(1) = reshape + transpose copied into the
output (both orders), REVERSE_SUBSEQUENCES = np.flip copied (every length the whole axis, as
in the binary's problems), GATHER_ELEMENTS = np.take_along_axis, SCATTER_ELEMENTS = copy +
np.put_along_axis, GATHER_ND / GATHER_ND1 = advanced indexing (batch coordinates as
aranges), SCATTER_ND = copy + advanced-index assignment, SLICE / SLICE1 = basic slicing
copied (negative steps for SLICE1), PADDING / PADDING1 = np.pad ('constant' with 0, 'edge',
'reflect', 'symmetric', 'wrap'), TILE = np.tile.

Indices as the binary's problems (problem.cc): uniform in range with a fixed seed, in
NumPy's own index type (intp) so that no call converts them. A scatter's indices never
collide (each line a random permutation, each ND tuple a distinct block), so the check
knows which update lands.
"""

import argparse
import json
import math
import os
import platform
import random
import re
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Callable, List

import numpy as np

DTYPES = {"UINT8": np.uint8, "UINT16": np.uint16, "FLOAT32": np.float32, "UINT64": np.uint64}
CHECKED_POSITIONS = 64
# Recorded in the context: bench_report.py shows no NumPy figure from a JSON without it.
CHECKS = (f"output checked at {CHECKED_POSITIONS} elements before timing; output "
          "C-contiguous, sharing no memory with an input; thread CPU time")
INDEX_SEED = 12345  # problem.cc's
SMALL_CALLS = 100  # calls per timed run on the small shapes (a few KiB)


# ---- Input values: a hash of the element's flat position and of which input it is
# (ort_peer.js's), so that the check tells apart elements a wrong mapping would confuse.

def value_at(type_name, position, which=0):
    """Plain Python: the value filled() puts at this flat position."""
    h = ((position + which * 0x3C6EF372) * 0x9E3779B1) & 0xFFFFFFFF
    return {"UINT8": h >> 24, "UINT16": h >> 16, "FLOAT32": h >> 8, "UINT64": h}[type_name]


def filled(type_name, dims, which=0):
    """The same values as value_at, vectorised a few Mi elements at a time."""
    out = np.empty(dims, DTYPES[type_name])
    flat = out.reshape(-1)
    shift = {"UINT8": 24, "UINT16": 16, "FLOAT32": 8, "UINT64": 0}[type_name]
    chunk = 1 << 22
    for start in range(0, flat.size, chunk):
        position = np.arange(start, min(start + chunk, flat.size), dtype=np.uint64)
        h = ((position + np.uint64(which * 0x3C6EF372)) * np.uint64(0x9E3779B1)) \
            & np.uint64(0xFFFFFFFF)
        flat[start:start + position.size] = h >> np.uint64(shift)
    return out


def flat(dims, index):
    position = 0
    for size, i in zip(dims, index):
        position = position * size + i
    return position


def unflat(dims, position):
    index = [0] * len(dims)
    for axis in range(len(dims) - 1, -1, -1):
        index[axis] = position % dims[axis]
        position //= dims[axis]
    return index


def count_of(dims):
    return math.prod(dims)


# ---- One shape as a NumPy call.

@dataclass
class Case:
    """run() performs the operator and returns its outputs; source(k, index) says where
    output k's element at `index` comes from: (input number, flat position in it), or
    (None, 0) for PADDING's constant."""
    run: Callable[[], List[np.ndarray]]
    source: Callable[[int, list], tuple]
    inputs: List[np.ndarray]
    allocates: bool


class Unsupported(Exception):
    """NumPy has no idiomatic formulation of this shape."""


def outputs_of(shape, which=7):
    """Preallocated outputs, filled: first touch done, and holding another input's values,
    so that a call that leaves them alone fails the check."""
    return [filled(shape["data_type"], dims, which) for dims in shape["outputs"]]


def case_split(shape):
    t, axis, dims = shape["data_type"], shape["axis"], shape["inputs"][0]
    x = filled(t, dims)
    outs = outputs_of(shape)
    starts = np.cumsum([0] + [d[axis] for d in shape["outputs"]]).tolist()

    def run():
        for out, view in zip(outs, np.split(x, starts[1:-1], axis=axis)):
            np.copyto(out, view)
        return outs

    def source(k, index):
        at = list(index)
        at[axis] += starts[k]
        return 0, flat(dims, at)
    return Case(run, source, [x], False)


def case_join(shape):
    t, axis = shape["data_type"], shape["axis"]
    xs = [filled(t, dims, i) for i, dims in enumerate(shape["inputs"])]
    (out,) = outputs_of(shape)
    starts = np.cumsum([0] + [d[axis] for d in shape["inputs"]]).tolist()

    def run():
        np.concatenate(xs, axis=axis, out=out)
        return [out]

    def source(k, index):
        which = max(i for i in range(len(xs)) if starts[i] <= index[axis])
        at = list(index)
        at[axis] -= starts[which]
        return which, flat(shape["inputs"][which], at)
    return Case(run, source, xs, False)


def case_gather(shape):
    t, axis = shape["data_type"], shape["axis"]
    data, index_dims = shape["inputs"][0], shape["inputs"][1]
    if shape.get("index_dimensions", 1) != 1 or any(d != 1 for d in index_dims[:-1]):
        raise Unsupported("np.take here takes one index dimension")
    x = filled(t, data)
    rng = np.random.default_rng(INDEX_SEED)
    indices = rng.integers(0, data[axis], size=index_dims[-1], dtype=np.intp)
    taken = data[:axis] + [index_dims[-1]] + data[axis + 1:]
    (out,) = outputs_of(shape)
    if count_of(taken) != out.size:
        raise Unsupported("the output is not np.take's")
    view = out.reshape(taken)

    def run():
        np.take(x, indices, axis=axis, out=view)
        return [out]

    def source(k, index):
        at = unflat(taken, flat(shape["outputs"][0], index))
        at[axis] = int(indices[at[axis]])
        return 0, flat(data, at)
    return Case(run, source, [x], False)


def depth_space_view(shape):
    """(6-D sizes of the input, the permutation that makes it the output's order), as
    problem.cc's DepthSpaceView: DEPTH_COLUMN_ROW has the block offset outermost in the
    depth, COLUMN_ROW_DEPTH innermost."""
    to_space = shape["operator"].startswith("DEPTH_TO_SPACE")
    dcr = shape.get("order", "DEPTH_COLUMN_ROW") == "DEPTH_COLUMN_ROW"
    b = shape["block_size"]
    n, c, h, w = shape["inputs"][0]
    if to_space:
        c_out = c // (b * b)
        if dcr:
            return (n, b, b, c_out, h, w), (0, 3, 4, 1, 5, 2)
        return (n, c_out, b, b, h, w), (0, 1, 4, 2, 5, 3)
    if dcr:
        return (n, c, h // b, b, w // b, b), (0, 3, 5, 1, 2, 4)
    return (n, c, h // b, b, w // b, b), (0, 1, 3, 5, 2, 4)


def case_depth_space(shape):
    dims = shape["inputs"][0]
    if len(dims) != 4:
        raise Unsupported("NCHW only")
    x = filled(shape["data_type"], dims)
    (out,) = outputs_of(shape)
    six, order = depth_space_view(shape)
    moved = x.reshape(six).transpose(order)
    target = out.reshape(moved.shape)

    def run():
        np.copyto(target, moved)
        return [out]

    def source(k, index):
        # Independently of the views above: DEPTH_TO_SPACE's element (n, c, y, x) reads
        # channel (i*b + j)*C' + c (DCR) or (c*b + i)*b + j (CRD) at (y/b, x/b).
        b = shape["block_size"]
        dcr = shape.get("order", "DEPTH_COLUMN_ROW") == "DEPTH_COLUMN_ROW"
        if shape["operator"].startswith("DEPTH_TO_SPACE"):
            n, c, y, xx = index
            i, j = y % b, xx % b
            channel = (i * b + j) * (dims[1] // (b * b)) + c if dcr else (c * b + i) * b + j
            return 0, flat(dims, [n, channel, y // b, xx // b])
        n, channel, y, xx = index
        if dcr:
            block, c = divmod(channel, dims[1])
        else:
            c, block = divmod(channel, b * b)
        return 0, flat(dims, [n, c, y * b + block // b, xx * b + block % b])
    return Case(run, source, [x], False)


def case_reverse(shape):
    axis, dims = shape["axis"], shape["inputs"][0]
    x = filled(shape["data_type"], dims)
    (out,) = outputs_of(shape)

    def run():
        np.copyto(out, np.flip(x, axis))
        return [out]

    def source(k, index):
        at = list(index)
        at[axis] = dims[axis] - 1 - at[axis]
        return 0, flat(dims, at)
    return Case(run, source, [x], False)


def sliced(shape, starts, steps):
    """SLICE and SLICE1: basic slicing of every axis, the view copied."""
    dims, out_dims = shape["inputs"][0], shape["outputs"][0]
    x = filled(shape["data_type"], dims)
    (out,) = outputs_of(shape)
    window = []
    for start, step, size in zip(starts, steps, out_dims):
        stop = start + step * (size - 1) + (1 if step > 0 else -1)
        window.append(slice(start, None if stop < 0 else stop, step))
    view = x[tuple(window)]

    def run():
        np.copyto(out, view)
        return [out]

    def source(k, index):
        return 0, flat(dims, [s + step * c for s, step, c in zip(starts, steps, index)])
    return Case(run, source, [x], False)


def case_slice(shape):
    if 0 in shape["strides"]:
        raise Unsupported("NumPy slicing takes no step 0")
    return sliced(shape, shape["offsets"], shape["strides"])


def case_slice1(shape):
    offsets, sizes = shape["input_window_offsets"], shape["input_window_sizes"]
    steps = shape["input_window_strides"]
    if 0 in steps:
        raise Unsupported("NumPy slicing takes no step 0")
    starts = [o + n - 1 if s < 0 else o for o, n, s in zip(offsets, sizes, steps)]
    return sliced(shape, starts, steps)


# DML_PADDING_MODE and np.pad's mode: REFLECTION = 'reflect', SYMMETRIC = 'symmetric'.
PAD_MODES = {0: "constant", 1: "edge", 2: "reflect", 3: "symmetric", 4: "wrap"}


def pad_source(c, n, mode):
    """Where the output's coordinate c (relative to the input's start) reads from along an
    axis of n elements; None for the constant."""
    if 0 <= c < n:
        return c
    if mode == "constant":
        return None
    if mode == "edge" or n == 1:
        return 0 if c < 0 else n - 1
    if mode == "wrap":
        return c % n
    if mode == "reflect":
        m = c % (2 * (n - 1))
        return m if m < n else 2 * (n - 1) - m
    m = c % (2 * n)  # symmetric
    return m if m < n else 2 * n - 1 - m


def case_padding(shape):
    dims = shape["inputs"][0]
    mode = PAD_MODES.get(shape["padding_mode"])
    if mode is None:
        raise Unsupported(f"np.pad has no DML_PADDING_MODE {shape['padding_mode']}")
    if shape["padding_value"] != 0:
        raise Unsupported("a padding value other than 0")
    start, end = shape["start_padding"], shape["end_padding"]
    # Beyond the input's size np.pad folds a side over the other side's padding
    # (erratum PD2): not DirectML's rule.
    folds = mode in ("reflect", "symmetric", "wrap")
    if folds and any(max(s, e) >= n for s, e, n in zip(start, end, dims)):
        raise Unsupported("padding as wide as the input: np.pad folds differently (PD2)")
    x = filled(shape["data_type"], dims)
    widths = list(zip(start, end))

    def run():
        return [np.pad(x, widths, mode=mode)]

    def source(k, index):
        at = [pad_source(c - s, n, mode) for c, s, n in zip(index, start, dims)]
        return (None, 0) if None in at else (0, flat(dims, at))
    return Case(run, source, [x], True)


def case_tile(shape):
    dims = shape["inputs"][0]
    x = filled(shape["data_type"], dims)
    repeats = shape["repeats"]

    def run():
        return [np.tile(x, repeats)]

    def source(k, index):
        return 0, flat(dims, [c % n for c, n in zip(index, dims)])
    return Case(run, source, [x], True)


def case_gather_elements(shape):
    t, axis = shape["data_type"], shape["axis"]
    data, index_dims = shape["inputs"][0], shape["inputs"][1]
    x = filled(t, data)
    rng = np.random.default_rng(INDEX_SEED)
    indices = rng.integers(0, data[axis], size=index_dims, dtype=np.intp)

    def run():
        return [np.take_along_axis(x, indices, axis)]

    def source(k, index):
        at = list(index)
        at[axis] = int(indices[tuple(index)])
        return 0, flat(data, at)
    return Case(run, source, [x], True)


def case_scatter_elements(shape):
    t, axis = shape["data_type"], shape["axis"]
    data, index_dims = shape["inputs"][0], shape["inputs"][1]
    n = data[axis]
    x, updates = filled(t, data), filled(t, index_dims, 2)
    # Each line a random permutation of the axis (its first index_dims[axis]): uniform
    # like the binary's draws, but no two updates land on one element.
    full = list(index_dims)
    full[axis] = n
    line = np.arange(n, dtype=np.intp).reshape([n if d == axis else 1 for d in range(len(full))])
    rng = np.random.default_rng(INDEX_SEED)
    indices = np.broadcast_to(line, full).copy()
    rng.permuted(indices, axis=axis, out=indices)  # in place: 2 GiB of intp at u8's 256 MiB
    indices = np.ascontiguousarray(indices[tuple(slice(0, d) for d in index_dims)])
    (out,) = outputs_of(shape)

    def run():
        np.copyto(out, x)
        np.put_along_axis(out, indices, updates, axis)
        return [out]

    def source(k, index):
        at = list(index)
        for j in range(index_dims[axis]):  # the update landing here, if any
            at[axis] = j
            inside = all(c < d for c, d in zip(at, index_dims))
            if inside and int(indices[tuple(at)]) == index[axis]:
                return 2, flat(index_dims, at)
        return 0, flat(data, index)
    return Case(run, source, [x, updates], False)


@dataclass
class NdLayout:
    """GATHER_ND, GATHER_ND1 and SCATTER_ND on the meaningful dimensions (the last
    input_dimension_count of the input, the last indices_dimension_count of the indices):
    `lead` the indices' dimensions before the tuples' (batch first), `selected` the
    sizes a tuple picks from, `block` what each tuple moves."""
    data: list
    batch: int
    lead: list
    selected: list
    block: list

    @staticmethod
    def of(shape):
        data = shape["inputs"][0][len(shape["inputs"][0]) - shape["input_dimension_count"]:]
        index_dims = shape["inputs"][1][len(shape["inputs"][1])
                                        - shape["indices_dimension_count"]:]
        b, tuple_size = shape.get("batch_dimension_count", 0), index_dims[-1]
        return NdLayout(data, b, index_dims[:-1], data[b:b + tuple_size],
                        data[b + tuple_size:])

    def where(self, columns):
        """The advanced index: the batch coordinates as aranges, then the tuples'."""
        batches = [np.arange(self.data[i], dtype=np.intp).reshape(
            [self.data[i] if d == i else 1 for d in range(len(self.lead))])
            for i in range(self.batch)]
        return tuple(batches + columns)

    def tuple_of(self, columns, j):
        """Plain Python: tuple j's coordinates, its batch coordinates first."""
        at = unflat(self.lead, j)
        return at[:self.batch] + [int(c[tuple(at)]) for c in columns]


def case_gather_nd(shape):
    nd = NdLayout.of(shape)
    rng = np.random.default_rng(INDEX_SEED)
    columns = [rng.integers(0, n, size=nd.lead, dtype=np.intp) for n in nd.selected]
    where, x = nd.where(columns), filled(shape["data_type"], nd.data)
    block_count = count_of(nd.block)

    def run():
        return [x[where]]

    def source(k, index):
        q = flat(nd.data[:nd.batch] + nd.selected,
                 nd.tuple_of(columns, flat(nd.lead, index[:len(nd.lead)])))
        return 0, q * block_count + flat(nd.block, index[len(nd.lead):])
    return Case(run, source, [x], True)


def case_scatter_nd(shape):
    nd = NdLayout.of(shape)
    tuples, places = count_of(nd.lead), count_of(nd.selected)
    if nd.batch > 0 or tuples > places:
        raise Unsupported("more tuples than blocks: a scatter's tuples would collide")
    # Distinct blocks, so that no two tuples collide.
    picks = np.random.default_rng(INDEX_SEED).choice(places, size=tuples, replace=False)
    columns = [np.ascontiguousarray(c.reshape(nd.lead), dtype=np.intp)
               for c in np.unravel_index(picks, nd.selected)]
    where, x = nd.where(columns), filled(shape["data_type"], nd.data)
    updates = filled(shape["data_type"], nd.lead + nd.block, 2)
    landing = {flat(nd.selected, nd.tuple_of(columns, j)): j for j in range(tuples)}
    (out,) = outputs_of(shape)
    view = out.reshape(nd.data)
    block_count, tuple_size = count_of(nd.block), len(nd.selected)

    def run():
        np.copyto(view, x)
        view[where] = updates
        return [out]

    def source(k, index):
        at = unflat(nd.data, flat(shape["outputs"][0], index))
        j = landing.get(flat(nd.selected, at[:tuple_size]))
        rest = flat(nd.block, at[tuple_size:])
        return (0, flat(nd.data, at)) if j is None else (2, j * block_count + rest)
    return Case(run, source, [x, updates], False)


BUILDERS = {
    "SPLIT": case_split, "JOIN": case_join, "GATHER": case_gather,
    "DEPTH_TO_SPACE": case_depth_space, "SPACE_TO_DEPTH": case_depth_space,
    "DEPTH_TO_SPACE1": case_depth_space, "SPACE_TO_DEPTH1": case_depth_space,
    "REVERSE_SUBSEQUENCES": case_reverse, "GATHER_ELEMENTS": case_gather_elements,
    "SCATTER_ELEMENTS": case_scatter_elements, "GATHER_ND": case_gather_nd,
    "GATHER_ND1": case_gather_nd, "SCATTER_ND": case_scatter_nd, "SLICE": case_slice, "SLICE1": case_slice1,
    "PADDING": case_padding, "PADDING1": case_padding, "TILE": case_tile,
}


def build_case(shape):
    if shape["data_type"] not in DTYPES:
        raise Unsupported(f"no {shape['data_type']} here")
    builder = BUILDERS.get(shape["operator"])
    if builder is None:
        raise Unsupported(f"no NumPy formulation of {shape['operator']}")
    return builder(shape)


# ---- The check.

def check_outputs(shape, case, outputs):
    """Raises where an output is not the operator's: its size, contiguity, its own memory,
    and its values at the first, last and 62 random elements."""
    if len(outputs) != len(shape["outputs"]):
        raise ValueError(f"{len(outputs)} outputs, the operator gives {len(shape['outputs'])}")
    for k, (dims, out) in enumerate(zip(shape["outputs"], outputs)):
        count = count_of(dims)
        if out.size != count:
            raise ValueError(f"output {k} has {out.size} elements, the operator gives {count}")
        if not out.flags["C_CONTIGUOUS"]:
            raise ValueError(f"output {k} is not contiguous (a view, not a copy)")
        if any(np.shares_memory(out, x) for x in case.inputs):
            raise ValueError(f"output {k} shares memory with an input (a view, not a copy)")
        pick = random.Random(k + 1)
        positions = [0, count - 1] + [pick.randrange(count) for _ in range(CHECKED_POSITIONS - 2)]
        for position in positions:
            index = unflat(list(out.shape), position)
            which, at = case.source(k, index)
            want = 0 if which is None else value_at(shape["data_type"], at, which)
            got = out.reshape(-1)[position].item()
            if got != want:
                raise ValueError(f"output {k}{index} is {got}, the operator gives {want}")


# ---- Timing.

def measure(shape, case, runs, calls=1):
    """One call checked, then `runs` timed runs of `calls` calls each: the median of their
    thread CPU time per call."""
    outputs = case.run()
    check_outputs(shape, case, outputs)
    del outputs
    times = []
    for _ in range(runs):
        start = time.thread_time_ns()
        for _ in range(calls):
            outputs = case.run()
        times.append((time.thread_time_ns() - start) * 1e-9 / calls)
        del outputs  # the (last) result of an allocating call freed outside the timing
    mean = statistics.fmean(times)
    cv = statistics.pstdev(times) / mean if mean > 0 else 0.0
    return {"seconds": statistics.median(times), "cv": cv, "runs": runs,
            "calls_per_run": calls, "allocates": case.allocates, "checked": CHECKED_POSITIONS}


def result_for(shape, name, runs):
    """The shape's figure, or an error naming why there is none: one shape's trouble
    (no formulation, a failed check, a field missing from the list, no memory) never
    stops the others."""
    try:
        case = build_case(shape)
        # Fewer runs where one call moves hundreds of MiB; where it takes a microsecond,
        # SMALL_CALLS calls per run, since reading the clock costs a quarter of one.
        if shape["kind"] == "small":
            return {"name": name, **measure(shape, case, runs, SMALL_CALLS)}
        return {"name": name, **measure(shape, case, 5 if shape["beyond_cache"] else runs)}
    except Unsupported as why:
        return {"name": name, "error": str(why)}
    except KeyError as field:
        return {"name": name, "error": f"the shape list gives no {field} for this shape"}
    except Exception as error:  # noqa: BLE001  reported as the shape's error
        text = str(error).splitlines()[0] if str(error) else ""
        return {"name": name, "error": f"{type(error).__name__}: {text}" if text
                else type(error).__name__}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shapes", help="dmlconf_benchmarks --dmlconf_shapes_json's output")
    parser.add_argument("out", help="where to write the results (JSON)")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--filter", default=".", help="regex on the result names")
    args = parser.parse_args()
    name_filter = re.compile(args.filter)
    try:
        with open(args.shapes) as f:
            shapes = json.load(f)
    except (OSError, json.JSONDecodeError) as error:
        sys.exit(f"numpy_peer: {args.shapes}: {error}")
    if not isinstance(shapes, list) or not all(isinstance(s, dict) and "prefix" in s
                                               for s in shapes):
        sys.exit(f"numpy_peer: {args.shapes}: not a list of shapes with a prefix each "
                 "(dmlconf_benchmarks --dmlconf_shapes_json's output)")
    results = []
    for shape in shapes:
        name = f"{shape['prefix']}/numpy/threads:1"
        if not name_filter.search(name):
            continue
        result = result_for(shape, name, args.runs)
        results.append(result)
        if "error" in result:
            print(f"{name}: {result['error']}", file=sys.stderr)
        else:
            print(f"{name}: {result['seconds'] * 1e6:.1f} us (cv {result['cv']:.2f})"
                  + (" allocates" if result["allocates"] else ""), file=sys.stderr)
    context = {"numpy": np.__version__, "python": platform.python_version(), "threads": 1,
               "timer": "time.thread_time_ns", "runs": args.runs, "checks": CHECKS}
    # Whole or not at all: the report never reads a half-written file.
    partial = args.out + ".partial"
    with open(partial, "w") as f:
        json.dump({"context": context, "results": results}, f, indent=1)
        f.write("\n")
    os.replace(partial, args.out)


if __name__ == "__main__":
    main()
