#!/usr/bin/env python3
"""A sample dmlconf process backend (validator/BACKENDS.md): JOIN only, standard library only.

Usage: join_backend.py REQUEST_DIR. Reads request.json, writes result.json (and, to execute,
updates the output files in place). Every other operator is answered "unsupported".
"""
import json
import os
import sys

ELEMENT_SIZE = {"FLOAT64": 8, "FLOAT32": 4, "FLOAT16": 2, "INT64": 8, "INT32": 4, "INT16": 2,
                "INT8": 1, "UINT64": 8, "UINT32": 4, "UINT16": 2, "UINT8": 1}
STD8 = {"FLOAT32", "FLOAT16", "INT32", "INT16", "INT8", "UINT32", "UINT16", "UINT8"}
OLD6 = STD8 - {"INT8", "UINT8"}


class Reject(Exception):
    """A broken rule: the reason code, and a sentence."""


def strides(t):
    if "Strides" in t:
        return t["Strides"]
    out, step = [], 1
    for size in reversed(t["Sizes"]):
        out.insert(0, step)
        step *= size
    return out


def check_tensor(t, role, is_output):
    sizes = t["Sizes"]
    if not 1 <= len(sizes) <= 8:
        raise Reject("TENSOR_RANK_INVALID", f"{role} has rank {len(sizes)}")
    if 0 in sizes:
        raise Reject("TENSOR_SIZE_ZERO", f"{role}.Sizes {sizes} has a zero")
    if len(strides(t)) != len(sizes):
        raise Reject("TENSOR_STRIDES_RANK_MISMATCH", f"{role}.Strides {t['Strides']}")
    count = 1
    for size in sizes:
        count *= size
    if count > 0xFFFFFFFF:
        raise Reject("TENSOR_TOO_MANY_ELEMENTS", f"{role} has {count} elements")
    last = sum((size - 1) * stride for size, stride in zip(sizes, strides(t)))
    minimum = ((last + 1) * ELEMENT_SIZE[t["DataType"]] + 3) // 4 * 4
    total = t.get("TotalTensorSizeInBytes", minimum)
    if total < minimum:
        raise Reject("TENSOR_TOTAL_SIZE_TOO_SMALL", f"{role}: {total} < {minimum} bytes")
    # At least the minimum is the only size rule: the minimum + 2 is legal.
    align = t.get("GuaranteedBaseOffsetAlignment", 0)
    # Contract point T1: 0, or a power of two no smaller than the element size.
    if align and (align & (align - 1) or align < ELEMENT_SIZE[t["DataType"]]):
        raise Reject("TENSOR_ALIGNMENT_INVALID", f"{role}: alignment {align}")
    extent = 1  # each stride, smallest first, must reach past what the smaller ones span
    for size, stride in sorted((p for p in zip(sizes, strides(t)) if p[0] > 1), key=lambda p: p[1]):
        if is_output and stride < extent:
            raise Reject("TENSOR_OUTPUT_ALIASED", f"{role}.Strides {strides(t)}")
        extent += (size - 1) * stride


def check_join(d, level):
    pieces, out, axis = d["InputTensors"], d["OutputTensor"], d["Axis"]
    if not pieces:
        raise Reject("TENSOR_COUNT_ZERO", "InputCount is 0")
    for i, t in enumerate(pieces):
        check_tensor(t, f"InputTensors[{i}]", False)
    check_tensor(out, "OutputTensor", True)
    rank = len(out["Sizes"])
    if any(len(t["Sizes"]) != rank for t in pieces):
        raise Reject("RANK_MISMATCH", "the tensors' ranks differ")
    ranks = range(1, 9) if level >= (4, 1) else range(4, 6) if level >= (3, 0) else range(4, 5)
    if rank not in ranks:
        raise Reject("RANK_NOT_SUPPORTED", f"rank {rank} at level {level}")
    if any(t["DataType"] != out["DataType"] for t in pieces):
        raise Reject("DATA_TYPE_MISMATCH", "the tensors' data types differ")
    types = set(ELEMENT_SIZE) if level >= (4, 1) else STD8 if level >= (2, 1) else OLD6
    if out["DataType"] not in types:
        raise Reject("DATA_TYPE_NOT_SUPPORTED", f"{out['DataType']} at level {level}")
    if axis >= rank:
        raise Reject("AXIS_OUT_OF_RANGE", f"Axis {axis}, rank {rank}")
    for i, t in enumerate(pieces):
        if any(a != b for d_, (a, b) in enumerate(zip(t["Sizes"], out["Sizes"])) if d_ != axis):
            raise Reject("JOIN_SIZES_MISMATCH", f"InputTensors[{i}].Sizes {t['Sizes']}")
    if sum(t["Sizes"][axis] for t in pieces) != out["Sizes"][axis]:
        raise Reject("JOIN_AXIS_SIZES_MISMATCH", "the inputs' sizes along Axis")


def coordinates(sizes):
    """Every coordinate of `sizes`, last dimension fastest."""
    coord = [0] * len(sizes)
    while True:
        yield coord
        d = len(sizes)
        while d > 0:
            coord[d - 1] += 1
            if coord[d - 1] < sizes[d - 1]:
                break
            coord[d - 1] = 0
            d -= 1
        if d == 0:
            return


def execute(request, directory):
    d = request["descriptor"]
    out, axis, size = d["OutputTensor"], d["Axis"], ELEMENT_SIZE[d["OutputTensor"]["DataType"]]
    out_path = os.path.join(directory, request["outputs"][0]["file"])
    with open(out_path, "rb") as f:
        result = bytearray(f.read())  # starts as the runner's buffer: keep what we do not write
    offset = 0
    for t, buffer in zip(d["InputTensors"], request["inputs"]):
        with open(os.path.join(directory, buffer["file"]), "rb") as f:
            data = f.read()
        src_strides, dst_strides, row = strides(t), strides(out), t["Sizes"][-1]
        for c in coordinates(t["Sizes"][:-1] + [1]):  # one row (last dimension) at a time
            dst_c = c[:axis] + [c[axis] + offset] + c[axis + 1:]
            src = sum(i * s for i, s in zip(c, src_strides))
            dst = sum(i * s for i, s in zip(dst_c, dst_strides))
            if src_strides[-1] == dst_strides[-1] == 1:  # both rows contiguous: one slice
                result[dst * size:(dst + row) * size] = data[src * size:(src + row) * size]
                continue
            for k in range(row):
                at_dst, at_src = (dst + k * dst_strides[-1]) * size, (src + k * src_strides[-1]) * size
                result[at_dst:at_dst + size] = data[at_src:at_src + size]
        offset += t["Sizes"][axis]
    with open(out_path, "wb") as f:
        f.write(result)


def answer(request, directory):
    if request["action"] == "describe":
        return {"status": "ok", "name": "sample-python-join", "max_feature_level": "6_4",
                "reports_reason_codes": True}
    if request["operator"] != "JOIN":
        return {"status": "unsupported", "reason": "this sample implements JOIN only"}
    level = tuple(int(part) for part in request["feature_level"].split("_"))
    try:
        check_join(request["descriptor"], level)
    except Reject as refusal:
        return {"status": "rejected", "reason": refusal.args[0], "message": refusal.args[1]}
    if request["action"] == "execute":
        execute(request, directory)
    return {"status": "ok"}


def main():
    directory = sys.argv[1]
    with open(os.path.join(directory, "request.json")) as f:
        request = json.load(f)
    with open(os.path.join(directory, "result.json"), "w") as f:
        json.dump(answer(request, directory), f)


if __name__ == "__main__":
    main()
