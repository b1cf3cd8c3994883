#!/usr/bin/env python3
"""An independent reader of dmlconf case files, written from cases/README.md alone.

It shares no code with dmlconf: it is the proof that someone writing a backend in
another language can read every committed case. It loads each file with a
failsafe schema (every scalar as its text, as the README asks), decodes every
element of every tensor to its exact bits by the README's grammar, and checks
that each tensor's data has one element per position of its Sizes.

    tools/read_cases.py [--self-test] PATH...

Exit 0 when every file reads; 1 with one line per problem otherwise.
"""
import decimal
import struct
import sys
from pathlib import Path

import yaml  # Debian: python3-yaml

# libyaml's BaseLoader where PyYAML was built with it (Debian's is): the same documents,
# every scalar its text. With the pure-Python one, reading cases/ took 81 s, 23 s with
# libyaml's (1 Dec 2026), most of the test suite's longest test.
BASE_LOADER = getattr(yaml, "CBaseLoader", yaml.BaseLoader)

WIDTH = {"FLOAT64": 8, "FLOAT32": 4, "FLOAT16": 2, "INT64": 8, "INT32": 4, "INT16": 2,
         "INT8": 1, "UINT64": 8, "UINT32": 4, "UINT16": 2, "UINT8": 1}
FLOAT_FORMAT = {"FLOAT64": "<d", "FLOAT32": "<f", "FLOAT16": "<e"}
# Input and output fields per operator; a list field holds one tensor per entry.
FIELDS = {
    "SPLIT": (["InputTensor"], ["OutputTensors"]),
    "JOIN": (["InputTensors"], ["OutputTensor"]),
    "GATHER": (["InputTensor", "IndicesTensor"], ["OutputTensor"]),
    "DEPTH_TO_SPACE1": (["InputTensor"], ["OutputTensor"]),
    "SPACE_TO_DEPTH1": (["InputTensor"], ["OutputTensor"]),
    "REVERSE_SUBSEQUENCES": (["InputTensor", "SequenceLengthsTensor"], ["OutputTensor"]),
    "DEPTH_TO_SPACE": (["InputTensor"], ["OutputTensor"]),
    "SPACE_TO_DEPTH": (["InputTensor"], ["OutputTensor"]),
    "GATHER_ELEMENTS": (["InputTensor", "IndicesTensor"], ["OutputTensor"]),
    "SCATTER_ELEMENTS": (["InputTensor", "IndicesTensor", "UpdatesTensor"], ["OutputTensor"]),
    "GATHER_ND": (["InputTensor", "IndicesTensor"], ["OutputTensor"]),
    "GATHER_ND1": (["InputTensor", "IndicesTensor"], ["OutputTensor"]),
    "SCATTER_ND": (["InputTensor", "IndicesTensor", "UpdatesTensor"], ["OutputTensor"]),
    "SLICE": (["InputTensor"], ["OutputTensor"]),
    "PADDING": (["InputTensor"], ["OutputTensor"]),
    "PADDING1": (["InputTensor"], ["OutputTensor"]),
    "SLICE1": (["InputTensor"], ["OutputTensor"]),
    "TILE": (["InputTensor"], ["OutputTensor"]),
}
# A descriptor field that is one element (optional, 0 when absent), and its type: a name
# of WIDTH, or the descriptor field that names it.
ELEMENT_FIELDS = {"PADDING": ("PaddingValue", "FLOAT32"),
                  "PADDING1": ("PaddingValue", "PaddingValueDataType")}


class CaseError(Exception):
    pass


def bits_of_float(dtype, value):
    return int.from_bytes(struct.pack(FLOAT_FORMAT[dtype], value), "little")


def float_of_bits(dtype, bits):
    return struct.unpack(FLOAT_FORMAT[dtype], bits.to_bytes(WIDTH[dtype], "little"))[0]


def round_decimal(dtype, text):
    """The float of `dtype` nearest to the decimal `text`, ties to even (exactly,
    not through a double: a double can round a second time)."""
    exact = decimal.Decimal(text)
    try:
        guess = bits_of_float(dtype, float(exact))
    except OverflowError:
        raise CaseError(f"'{text}' is out of range for {dtype}")
    best = None
    for cand in (guess - 1, guess, guess + 1):
        if cand < 0 or cand >> (8 * WIDTH[dtype]):
            continue
        value = float_of_bits(dtype, cand)
        # A neighbour across the sign is a NaN pattern, so skipping non-finite
        # values keeps the sign too.
        if value != value or value in (float("inf"), float("-inf")):
            continue
        error = abs(decimal.Decimal(value) - exact)
        if best is None or error < best[0] or (error == best[0] and cand % 2 == 0):
            best = (error, cand)
    if best is None:
        raise CaseError(f"'{text}' is out of range for {dtype}")
    return best[1]


def decode(dtype, text):
    """One element's bits, by the README's table of element forms."""
    width = 8 * WIDTH[dtype]
    t = text.strip()
    if t.lower().startswith("0x"):
        bits = int(t, 16)
        if bits >> width:
            raise CaseError(f"'{text}' does not fit {dtype}")
        return bits
    if dtype in FLOAT_FORMAT:
        word = t.lower().lstrip("+")
        sign = word.startswith("-")
        word = word.lstrip("-").lstrip(".")
        if word in ("inf", "infinity"):
            return bits_of_float(dtype, float("-inf" if sign else "inf"))
        if word == "nan" and not sign:
            return bits_of_float(dtype, float("nan"))
        return round_decimal(dtype, t.lstrip("+"))
    value = int(t)
    signed = dtype.startswith("INT")
    low, high = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, (1 << width) - 1)
    if not low <= value <= high:
        raise CaseError(f"'{text}' is out of range for {dtype}")
    return value & ((1 << width) - 1)


def splitmix64(x):
    mask = (1 << 64) - 1
    x = (x + 0x9E3779B97F4A7C15) & mask
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return z ^ (z >> 31)


def fill(dtype, rule, count):
    width = 8 * WIDTH[dtype]
    mask = (1 << width) - 1
    kind = rule.get("fill")
    if kind == "iota":
        start, step = rule.get("start", "0"), rule.get("step", "1")
        if dtype in FLOAT_FORMAT:
            s, t = float(start), float(step)
            return [round_decimal(dtype, repr(s + i * t)) for i in range(count)]
        s, t = int(start), int(step)
        return [(s + i * t) & mask for i in range(count)]
    if kind == "constant":
        return [decode(dtype, rule["value"])] * count
    if kind == "random":
        seed = int(rule["seed"])
        return [splitmix64((seed + i) & ((1 << 64) - 1)) & mask for i in range(count)]
    raise CaseError(f"unknown fill rule {rule!r}")


def flatten(data):
    if isinstance(data, list):
        return [x for item in data for x in flatten(item)]
    return [data]


def tensor_bits(tensor, data):
    dtype = tensor["DataType"].removeprefix("DML_TENSOR_DATA_TYPE_")
    count = 1
    for size in tensor["Sizes"]:
        count *= int(size)
    if isinstance(data, dict):
        return fill(dtype, data, count)
    elements = flatten(data)
    if len(elements) != count:
        raise CaseError(f"{len(elements)} elements, Sizes {tensor['Sizes']} need {count}")
    return [element_bits(dtype, e) for e in elements]


def element_bits(dtype, element):
    """A plain element's bits; for {one_of: [...]} (a one_of case's contested element), the
    first value's, after checking that the values are two or more and distinct."""
    if not isinstance(element, dict):
        return decode(dtype, element)
    if list(element) != ["one_of"]:
        raise CaseError(f"an element mapping has the one key one_of, not {list(element)}")
    values = [decode(dtype, v) for v in element["one_of"]]
    if len(values) < 2 or len(set(values)) != len(values):
        raise CaseError(f"one_of needs two or more distinct values: {element['one_of']}")
    return values[0]


def read_case(case):
    """Every tensor's bits of one case, {field: [bits per tensor]}."""
    op = case["operator"]
    ins, outs = FIELDS[op]
    expect = case.get("expect", "match")
    descriptor = case["descriptor"]
    decoded = {}
    groups = [("inputs", ins)] if expect != "reject" else []
    if expect in ("match", "one_of"):
        groups.append(("expected", outs))
    for group, fields in groups:
        for field in fields:
            tensors = descriptor[field]
            data = case[group][field]
            if isinstance(tensors, list):
                if len(data) != len(tensors):
                    raise CaseError(f"{group}.{field}: {len(data)} entries for {len(tensors)} tensors")
                decoded[field] = [tensor_bits(t, d) for t, d in zip(tensors, data)]
            else:
                decoded[field] = [tensor_bits(tensors, data)]
    if op in ELEMENT_FIELDS and expect != "reject":
        field, dtype = ELEMENT_FIELDS[op]
        dtype = descriptor.get(dtype, dtype)
        text = descriptor.get(field, "0")
        # PADDING1 may give the whole 8-byte DML_SCALAR_UNION as 16 hex digits.
        whole_union = op == "PADDING1" and text.lower().startswith("0x") and len(text) == 18
        decoded[field] = [[decode("UINT64" if whole_union else dtype, text)]]  # one element
    return decoded


def self_test():
    """The README's own examples of element forms, with their bits worked out by hand."""
    checks = [
        ("FLOAT16", "0x7e01", 0x7E01), ("FLOAT32", "0x7fc00001", 0x7FC00001),
        ("FLOAT64", "0xfff8000000000001", 0xFFF8000000000001), ("INT8", "-128", 0x80),
        ("UINT64", "18446744073709551615", (1 << 64) - 1), ("FLOAT32", "1.5", 0x3FC00000),
        ("FLOAT32", "-0", 0x80000000), ("FLOAT32", "-0.0", 0x80000000),
        ("FLOAT32", "1e-45", 0x00000001), ("FLOAT16", "inf", 0x7C00),
        ("FLOAT64", "-inf", 0xFFF0000000000000), ("FLOAT32", "nan", 0x7FC00000),
        ("FLOAT32", ".inf", 0x7F800000), ("FLOAT16", "65504", 0x7BFF),
        ("FLOAT16", "0.1", 0x2E66), ("FLOAT32", "3.4028235e+38", 0x7F7FFFFF),
        # Halfway between FLOAT16 1.0 (0x3c00) and its successor: ties to even.
        ("FLOAT16", "1.00048828125", 0x3C00),
    ]
    for dtype, text, want in checks:
        got = decode(dtype, text)
        if got != want:
            raise AssertionError(f"{dtype} '{text}': got {got:#x}, want {want:#x}")
    if fill("UINT8", {"fill": "iota", "start": "254", "step": "1"}, 3) != [254, 255, 0]:
        raise AssertionError("iota must wrap modulo 2^bits")
    if splitmix64(0) != 0xE220A8397B1DCDAF:  # the published first output for seed 0
        raise AssertionError("splitmix64 disagrees with its reference value")
    for dtype, text in [("INT8", "128"), ("UINT8", "-1"), ("UINT16", "0x10000"),
                        ("FLOAT16", "70000")]:
        try:
            decode(dtype, text)
        except CaseError:
            continue
        raise AssertionError(f"{dtype} '{text}' must be refused")


def main(argv):
    paths = [a for a in argv if a != "--self-test"]
    if "--self-test" in argv:
        self_test()
    files = []
    for p in map(Path, paths):
        files += sorted(p.rglob("*.yaml")) if p.is_dir() else [p]
    problems, cases, elements = [], 0, 0
    for file in files:
        # BaseLoader: every scalar is its text, so 0x7fc00000, -0 and 1_0 stay as written.
        document = yaml.load(file.read_text(), Loader=BASE_LOADER)
        for case in document["cases"]:
            try:
                for tensors in read_case(case).values():
                    elements += sum(len(t) for t in tensors)
                cases += 1
            except (CaseError, KeyError, ValueError, decimal.InvalidOperation) as e:
                problems.append(f"{file}: {case.get('name', '?')}: {e}")
    for problem in problems:
        print(problem)
    print(f"read {cases} cases in {len(files)} files, {elements} elements decoded, "
          f"{len(problems)} problems")
    return 1 if problems or not cases else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
