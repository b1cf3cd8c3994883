#!/usr/bin/python3
"""PyTorch adapter for dmlconf: the persistent protocol (serve:, protocol 2).

Run it as `serve:/usr/bin/python3 validator/src/backends/torch/torch_backend.py`
(Debian's python3-torch, 1.13 on bookworm).

Every tensor is a torch view of its buffer file (torch.from_numpy over a numpy view
with the descriptor's strides and the file's `offset`), so PyTorch reads the strided
inputs and writes the strided outputs itself (Tensor.copy_). Each operator is PyTorch's
own op:
  SPLIT                 torch.split along Axis
  JOIN                  torch.cat along Axis
  GATHER                torch.index_select along Axis (negative indices wrapped with
                        torch.where; UINT32 indices widened with a mask)
  DEPTH_TO_SPACE1       COLUMN_ROW_DEPTH: torch.pixel_shuffle;
                        DEPTH_COLUMN_ROW: reshape + permute
  SPACE_TO_DEPTH1       COLUMN_ROW_DEPTH: torch.pixel_unshuffle;
                        DEPTH_COLUMN_ROW: reshape + permute
  REVERSE_SUBSEQUENCES  torch.gather along Axis, with the source positions
                        where(i < L, L-1-i, i) built by torch.arange / torch.where
  DEPTH_TO_SPACE, SPACE_TO_DEPTH   as the two above in DEPTH_COLUMN_ROW (feature level
                        1_0: no Order)
  GATHER_ELEMENTS       torch.gather along Axis (negative indices wrapped)
  SCATTER_ELEMENTS      Tensor.scatter along Axis on a copy of the input (which of
                        colliding updates lands is PyTorch's choice)
  GATHER_ND, GATHER_ND1 advanced indexing of the input's meaningful dimensions by the
                        tuples' coordinates (the batch coordinates as aranges)
  SCATTER_ND            index assignment (Tensor.index_put_) into a copy of the input at the
                        tuples' coordinates (which of colliding tuples lands is PyTorch's choice)
  SLICE                 basic slicing x[o:o+s*(n-1)+1:s] per dimension (a stride of 0,
                        contract point K1, refused by the NumPy sample's checks)
  PADDING, PADDING1     torch.nn.functional.pad per side of each dimension ('constant',
                        'reflect', 'replicate' for EDGE, 'circular' for WRAP), on the elements'
                        bits (a signed integer view of their width; 'reflect' and 'replicate',
                        which PyTorch has for floats only, on a float view of 4 or 8 bytes)
  SLICE1                torch.flip along the negative-stride dimensions, then basic slicing
                        (PyTorch's slices take no negative step)
  TILE                  Tensor.repeat
Answered unsupported:
  - SYMMETRIC padding (PyTorch has no such mode), REFLECTION and EDGE padding of 1- and
    2-byte data, and at execute a reflection or wrap wider than PyTorch takes (it refuses
    a reflection as wide as the dimension and a wrap wider than it);
  - UINT16, UINT32 and UINT64 data (PyTorch 1.13 has no such dtypes); UINT32 and UINT64
    indices / sequence lengths are read as int32 / int64 and widened, so they work;
  - at execute, a GATHER, GATHER_ELEMENTS, SCATTER_ELEMENTS, GATHER_ND, GATHER_ND1 or
    SCATTER_ND index outside its dimension: torch.index_select, torch.gather,
    Tensor.scatter and indexing raise, while DirectML runs.
`create` checks the descriptor's own rules (the NumPy sample's checks, at the highest
feature level): DirectML's per-level support tables are not PyTorch's to copy, so the
feature level is not looked at. Reason codes are not reported.
Errors go to standard error; standard output carries only protocol replies.
"""
import os
import sys
import traceback

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "numpy"))
import numpy_backend as rules  # noqa: E402  the descriptor checks and buffer views
import torch  # noqa: E402

TORCH_TYPES = {"FLOAT64": torch.float64, "FLOAT32": torch.float32, "FLOAT16": torch.float16,
               "INT64": torch.int64, "INT32": torch.int32, "INT16": torch.int16,
               "INT8": torch.int8, "UINT8": torch.uint8}
# Index / length types: how to read them (a dtype of the same width) and widen them.
INDEX_READ = {"INT64": "<i8", "INT32": "<i4", "UINT64": "<i8", "UINT32": "<i4"}
TOP = (6, 4)  # the descriptor's own rules only: at the top level every support row is open
CHECKS = {op: check for op, (check, _) in rules.OPERATORS.items()}

torch.set_num_threads(1)  # small tensors; the run may be sharded over the cores


class Unsupported(Exception):
    """What PyTorch cannot do; the message says why."""


# The unsigned types PyTorch lacks, as the signed type of their width (bits unchanged).
INT_OF = {"UINT16": "<i2", "UINT32": "<i4", "UINT64": "<i8"}


def as_torch(array, read_as=None):
    """A torch tensor sharing the numpy view's memory (strides, zero strides included)."""
    if read_as is not None:  # unsigned indices: same bits, a signed dtype torch has
        array = array.view(read_as)
    return torch.from_numpy(array)


def widen_indices(t, type_name):
    """Indices / lengths as int64; an unsigned value PyTorch saw as negative becomes huge."""
    t = t.to(torch.int64)
    if type_name == "UINT32":
        t = t & 0xFFFFFFFF
    elif type_name == "UINT64":
        t = torch.where(t < 0, torch.full_like(t, torch.iinfo(torch.int64).max), t)
    return t


def run_split(plan, ins, outs):
    axis = plan["axis"]
    pieces = torch.split(ins[0], [o.shape[axis] for o in outs], dim=axis)
    for out, piece in zip(outs, pieces):
        out.copy_(piece)


def run_join(plan, ins, outs):
    outs[0].copy_(torch.cat(ins, dim=plan["axis"]))


def run_gather(plan, ins, outs):
    x, indices = ins
    axis, k = plan["axis"], plan["k"]
    size = x.shape[axis]
    j = widen_indices(indices[(0,) * (indices.dim() - k)], plan["index_type"])
    j = torch.where(j < 0, j + size, j)  # negative: counted from the end
    if j.numel() and (int(j.min()) < 0 or int(j.max()) >= size):
        raise Unsupported("an index is outside the Axis dimension: torch.index_select raises "
                          "IndexError, where DirectML runs with unspecified values")
    gathered = torch.index_select(x, axis, j.reshape(-1))  # (outer, K index dims flat, inner)
    outs[0].copy_(gathered.reshape(outs[0].shape))


def run_depth_to_space(plan, ins, outs):
    x, b = ins[0], plan["b"]
    if plan["order"] == "COLUMN_ROW_DEPTH":  # depth (c', bh, bw): pixel_shuffle's layout
        outs[0].copy_(torch.pixel_shuffle(x, b))
        return
    n, c, h, w = x.shape  # DEPTH_COLUMN_ROW: depth (bh, bw, c')
    c2 = c // (b * b)
    t = x.reshape(n, b, b, c2, h, w).permute(0, 3, 4, 1, 5, 2)
    outs[0].copy_(t.reshape(n, c2, h * b, w * b))


def run_space_to_depth(plan, ins, outs):
    x, b = ins[0], plan["b"]
    if plan["order"] == "COLUMN_ROW_DEPTH":  # depth (c, bh, bw): pixel_unshuffle's layout
        outs[0].copy_(torch.pixel_unshuffle(x, b))
        return
    n, c, h, w = x.shape  # DEPTH_COLUMN_ROW: depth (bh, bw, c)
    t = x.reshape(n, c, h // b, b, w // b, b).permute(0, 3, 5, 1, 2, 4)
    outs[0].copy_(t.reshape(n, c * b * b, h // b, w // b))


def run_reverse(plan, ins, outs):
    x, lengths = ins
    axis = plan["axis"]
    size = x.shape[axis]
    length = torch.clamp(widen_indices(lengths, plan["index_type"]), max=size)
    i = torch.arange(size).reshape([size if d == axis else 1 for d in range(x.dim())])
    source = torch.where(i < length, length - 1 - i, i)  # positions i < L take L-1-i
    outs[0].copy_(torch.gather(x, axis, source.expand(x.shape)))


def axis_positions(plan, indices, size):
    """Indices as int64 positions along an axis of `size`; Unsupported when one is outside."""
    j = widen_indices(indices, plan["index_type"])
    j = torch.where(j < 0, j + size, j)  # negative: counted from the end
    if j.numel() and (int(j.min()) < 0 or int(j.max()) >= size):
        raise Unsupported("an index is outside the Axis dimension: PyTorch raises, where "
                          "DirectML runs with unspecified values")
    return j


def run_gather_elements(plan, ins, outs):
    x, indices = ins
    j = axis_positions(plan, indices, x.shape[plan["axis"]])
    outs[0].copy_(torch.gather(x, plan["axis"], j))


def run_scatter_elements(plan, ins, outs):
    x, indices, updates = ins
    j = axis_positions(plan, indices, x.shape[plan["axis"]])
    outs[0].copy_(x.clone().scatter(plan["axis"], j, updates))


def run_gather_nd(plan, ins, outs):
    n_in, n_idx = plan["meaningful"]
    b = plan["batch"]
    x = ins[0].reshape(ins[0].shape[ins[0].dim() - n_in:])
    tuples = ins[1].reshape(ins[1].shape[ins[1].dim() - n_idx:])
    where = tuples.shape[:-1]  # (batch..., further...)
    grid = [torch.arange(where[k]).reshape([-1 if j == k else 1 for j in range(len(where))])
            for k in range(b)]
    coords = [axis_positions(plan, tuples[..., k], x.shape[b + k]) for k in range(tuples.shape[-1])]
    outs[0].copy_(x[tuple(grid + coords)].reshape(outs[0].shape))


def run_scatter_nd(plan, ins, outs):
    n_in, n_idx = plan["meaningful"]
    y = ins[0].reshape(ins[0].shape[ins[0].dim() - n_in:]).clone()
    tuples = ins[1].reshape(ins[1].shape[ins[1].dim() - n_idx:])
    t = tuples.shape[-1]
    tuples = tuples.reshape(-1, t)
    updates = ins[2].reshape((tuples.shape[0],) + tuple(y.shape[t:]))
    coords = tuple(axis_positions(plan, tuples[:, k], y.shape[k]) for k in range(t))
    y.index_put_(coords, updates)
    outs[0].copy_(y.reshape(outs[0].shape))


def run_slice(plan, ins, outs):
    outs[0].copy_(ins[0][plan["window"]])


SIGNED_VIEW = {1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}
FLOAT_VIEW = {4: torch.float32, 8: torch.float64}
TORCH_PAD_MODES = {"constant": "constant", "edge": "replicate", "reflect": "reflect",
                   "wrap": "circular"}


def run_padding(plan, ins, outs):
    width = plan["inputs"][0].dtype.itemsize
    mode = TORCH_PAD_MODES.get(plan["mode"])
    if mode is None:
        raise Unsupported(f"PyTorch has no '{plan['mode']}' padding")
    view = SIGNED_VIEW[width] if mode in ("constant", "circular") else FLOAT_VIEW.get(width)
    if view is None:
        raise Unsupported(f"PyTorch's '{mode}' padding takes floats only: none of {width} bytes")
    value = plan["value"] - (1 << (8 * width)) if plan["value"] >> (8 * width - 1) else plan["value"]
    y = ins[0].view(view)
    for axis, (before, after) in enumerate(zip(plan["start"], plan["end"])):
        moved = y.movedim(axis, -1)
        lines = moved.reshape(-1, 1, moved.shape[-1])  # (N, C, W): one dimension at a time
        try:
            padded = torch.nn.functional.pad(lines, (before, after), mode)
        except RuntimeError as refused:
            raise Unsupported(f"torch.nn.functional.pad refuses it: {refused}") from None
        if mode == "constant":  # F.pad's value is a double: an int64 past 2^53 would round
            element = torch.tensor(value, dtype=view)
            padded[..., :before] = element
            padded[..., padded.shape[-1] - after:] = element
        y = padded.reshape(moved.shape[:-1] + (padded.shape[-1],)).movedim(-1, axis)
    outs[0].view(view).copy_(y)
def run_slice1(plan, ins, outs):
    x = ins[0]
    flipped = [d for d, w in enumerate(plan["window"]) if w.step < 0]
    if flipped:
        x = torch.flip(x, flipped)
    window = []
    for d, w in enumerate(plan["window"]):
        if w.step > 0:
            window.append(w)
        else:  # position p of x is n-1-p of the flipped tensor
            n = x.shape[d]
            window.append(slice(n - 1 - w.start, None, -w.step))
    outs[0].copy_(x[tuple(window)][tuple(slice(0, s) for s in outs[0].shape)])


def run_tile(plan, ins, outs):
    outs[0].copy_(ins[0].repeat(*plan["repeats"]))


RUN = {"SPLIT": run_split, "JOIN": run_join, "GATHER": run_gather,
       "DEPTH_TO_SPACE1": run_depth_to_space, "SPACE_TO_DEPTH1": run_space_to_depth,
       "REVERSE_SUBSEQUENCES": run_reverse,
       "DEPTH_TO_SPACE": run_depth_to_space, "SPACE_TO_DEPTH": run_space_to_depth,
       "GATHER_ELEMENTS": run_gather_elements, "SCATTER_ELEMENTS": run_scatter_elements,
       "GATHER_ND": run_gather_nd, "GATHER_ND1": run_gather_nd, "SCATTER_ND": run_scatter_nd,
       "SLICE": run_slice,
       "PADDING": run_padding, "PADDING1": run_padding,
       "SLICE1": run_slice1, "TILE": run_tile}
PADS_BITS = ("PADDING", "PADDING1")  # bits views: any data type of a width PyTorch has


def plan_of(request):
    """The checked descriptor, or Rejected / Unsupported."""
    op = request["operator"]
    if op not in RUN:
        raise Unsupported(f"operator {op} is not implemented here")
    plan = CHECKS[op](request["descriptor"], TOP)
    for t in plan["inputs"] + plan["outputs"]:
        is_index = t.role in ("IndicesTensor", "SequenceLengthsTensor")
        if not is_index and t.type_name not in TORCH_TYPES and op not in PADS_BITS:
            raise Unsupported(f"PyTorch {torch.__version__} has no {t.type_name} tensors")
        if is_index:
            plan["index_type"] = t.type_name
    return plan


def create(request):
    try:
        plan_of(request)
    except Unsupported as why:
        return {"status": "unsupported", "message": str(why)}
    except rules.Rejected as broken:
        return {"status": "rejected", "message": str(broken)}
    except Exception as broken:  # a malformed must-reject descriptor
        return {"status": "rejected", "message": f"malformed descriptor: {broken!r}"}
    return {"status": "ok"}


def execute(request):
    plan = plan_of(request)
    ins = []
    for t, b in zip(plan["inputs"], request["inputs"]):
        is_index = t.role in ("IndicesTensor", "SequenceLengthsTensor")
        read_as = INDEX_READ.get(t.type_name) if is_index else INT_OF.get(t.type_name)
        ins.append(as_torch(t.view(rules.read_file(b), b["offset"]), read_as))
    raws = [rules.read_file(b) for b in request["outputs"]]
    outs = [as_torch(t.view(raw, b["offset"]), INT_OF.get(t.type_name))
            for t, raw, b in zip(plan["outputs"], raws, request["outputs"])]
    with torch.no_grad():
        RUN[request["operator"]](plan, ins, outs)
    rules.write_outputs(raws, request)
    return {"status": "ok"}


def answer(request):
    action = request.get("action")
    if action == "describe":
        # The name is the identity reports, baselines and xfail entries use: no version in it.
        return {"status": "ok", "name": "pytorch", "version": torch.__version__,
                "description": "CPU", "max_feature_level": "6_4", "reports_reason_codes": False}
    if action == "create":
        return create(request)
    if action == "execute":
        try:
            return execute(request)
        except Unsupported as why:
            return {"status": "unsupported", "message": str(why)}
        except Exception as failure:
            traceback.print_exc(file=sys.stderr)
            return {"status": "error", "message": f"{type(failure).__name__}: {failure}"}
    return {"status": "error", "message": f"unknown action {action!r}"}


if __name__ == "__main__":
    rules.serve(answer)
