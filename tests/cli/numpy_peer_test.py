#!/usr/bin/python3
"""bench.numpy_peer_small: benchmarks/numpy_peer.py on the binary's small shapes.

    numpy_peer_test.py NUMPY_PEER DMLCONF_BENCHMARKS WORK_DIR

Every result the peer writes is either a figure whose output check passed or an error
with a reason, at least one window-family and one index-family shape gets a figure, and a
wrong output (a mapping off by one element, an output that is a view of its input) is
caught by the peer's check; np.pad's modes, on made-up shapes (the binary has no small
PADDING), match DirectML's. WORK_DIR (under the build tree) is emptied first and removed
after a pass. Exit 77 (skipped) without python3-numpy.
"""

import importlib.util
import json
import math
import os
import shutil
import subprocess
import sys

try:
    import numpy  # noqa: F401  only whether it is there
except ImportError:
    print("skipped: python3-numpy is not installed (Debian's python3-numpy, for /usr/bin/python3)")
    sys.exit(77)

SMALL = "^[^/]+/small[a-z_]*/"  # the binary's small shapes: a few KiB each
WINDOW = {"Slice", "Slice1", "Padding", "Padding1", "Tile"}
INDEX = {"GatherElements", "ScatterElements", "GatherNd", "GatherNd1", "ScatterNd"}


def check_results(document, shapes, problems):
    """The peer's JSON: context, one result per small shape, each a checked figure or an
    error with a reason. Returns the operators that got a figure."""
    context = document.get("context", {})
    for key in ("numpy", "python", "runs", "checks"):
        if not context.get(key):
            problems.append(f"context has no {key}")
    wanted = {f"{s['prefix']}/numpy/threads:1" for s in shapes if s["kind"] == "small"}
    names = [r.get("name") for r in document.get("results", [])]
    if set(names) != wanted or len(names) != len(wanted):
        problems.append(f"results for {sorted(set(names) ^ wanted)} (one per small shape wanted)")
    figured = set()
    for result in document.get("results", []):
        name = result.get("name", "?")
        if "error" in result:
            if not isinstance(result["error"], str) or not result["error"].strip():
                problems.append(f"{name}: an error without a reason")
            if "seconds" in result:
                problems.append(f"{name}: both an error and a figure")
            continue
        seconds = result.get("seconds")
        if not (isinstance(seconds, float) and math.isfinite(seconds) and seconds > 0):
            problems.append(f"{name}: seconds {seconds!r}")
        if result.get("checked") != 64:
            problems.append(f"{name}: a figure without its 64-element check")
        if not isinstance(result.get("allocates"), bool) or not result.get("runs"):
            problems.append(f"{name}: no allocates or runs")
        figured.add(name.split("/")[0])
    return figured


def shifted(source):
    """A mapping off by one element, as a wrong output would be."""
    def wrong(k, index):
        which, at = source(k, index)
        return which, 1 if at == 0 else at - 1
    return wrong


def load_peer(peer):
    sys.dont_write_bytecode = True  # no __pycache__ in the source tree
    spec = importlib.util.spec_from_file_location("numpy_peer", peer)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check_faults(module, shapes, problems):
    """The peer's check refuses a wrong element and a view of an input."""
    for prefix in ("Slice1/small/f32", "ScatterNd/small_rows/u8", "Tile/small/u8"):
        shape = next(s for s in shapes if s["prefix"] == prefix)
        case = module.build_case(shape)
        case.source = shifted(case.source)
        try:
            module.measure(shape, case, 2)
            problems.append(f"{prefix}: a mapping off by one element passed the check")
        except ValueError as error:
            if "the operator gives" not in str(error):
                problems.append(f"{prefix}: off by one refused for another reason: {error}")
    shape = next(s for s in shapes if s["prefix"] == "Slice/small/f32")
    case = module.build_case(shape)
    x = case.inputs[0]
    case.run = lambda: [x[4:36, 4:36]]  # the window itself, not copied
    try:
        module.measure(shape, case, 2)
        problems.append("Slice/small/f32: a view of the input passed the check")
    except ValueError as error:
        if "not contiguous" not in str(error) and "shares memory" not in str(error):
            problems.append(f"Slice/small/f32: a view refused for another reason: {error}")


def check_padding_modes(module, problems):
    """The binary has no small PADDING: each DML_PADDING_MODE on a made-up row of three,
    padded by two on each side, against DirectML's pages (REFLECTION leaves the edge out,
    SYMMETRIC repeats it)."""
    # Which input element each output element holds (None: the constant 0).
    wanted = {0: [None, None, 0, 1, 2, None, None], 1: [0, 0, 0, 1, 2, 2, 2],
              2: [2, 1, 0, 1, 2, 1, 0], 3: [1, 0, 0, 1, 2, 2, 1], 4: [1, 2, 0, 1, 2, 0, 1]}
    for mode in range(6):
        padding = {"prefix": f"Padding/mode{mode}/u16", "operator": "PADDING",
                   "data_type": "UINT16", "kind": "small", "beyond_cache": False,
                   "inputs": [[3]], "outputs": [[7]], "padding_mode": mode,
                   "padding_value": 0, "start_padding": [2], "end_padding": [2]}
        if mode not in wanted:  # no such DML_PADDING_MODE
            try:
                module.build_case(padding)
                problems.append(f"PADDING mode {mode} accepted")
            except module.Unsupported:
                pass
            continue
        try:
            case = module.build_case(padding)
            got = case.run()[0].tolist()
            want = [0 if i is None else module.value_at("UINT16", i) for i in wanted[mode]]
            result = module.measure(padding, case, 2)
            if got != want or not result["allocates"]:
                problems.append(f"PADDING mode {mode}: {got}, DirectML gives {want}")
        except (module.Unsupported, ValueError) as error:
            problems.append(f"PADDING mode {mode}: {error}")


def main():
    peer, binary, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    shapes_path, out_path = os.path.join(work, "shapes.json"), os.path.join(work, "numpy.json")
    with open(shapes_path, "w") as f:
        subprocess.run([binary, "--dmlconf_shapes_json"], stdout=f, check=True)
    subprocess.run([sys.executable, peer, shapes_path, out_path, "--runs", "2",
                    "--filter", SMALL], check=True)
    with open(shapes_path) as f:
        shapes = json.load(f)
    with open(out_path) as f:
        document = json.load(f)
    problems = []
    figured = check_results(document, shapes, problems)
    if not figured & WINDOW:
        problems.append("no window-family shape got a figure")
    if not figured & INDEX:
        problems.append("no index-family shape got a figure")
    module = load_peer(peer)
    check_faults(module, shapes, problems)
    check_padding_modes(module, problems)
    for problem in problems:
        print(f"numpy_peer_test: {problem}")
    results = document.get("results", [])
    print(f"numpy_peer_test: {len(results)} results, "
          f"{sum('seconds' in r for r in results)} figures, "
          f"{sum('error' in r for r in results)} errors, {len(problems)} problems")
    if problems:
        sys.exit(1)
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
