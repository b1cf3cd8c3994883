#!/usr/bin/python3
"""bench.numpy_peer_small: benchmarks/numpy_peer.py on the binary's small shapes.

    numpy_peer_test.py NUMPY_PEER DMLCONF_BENCHMARKS WORK_DIR

Every result the peer writes is either a figure whose output check passed or an error
with a reason, at least one window-family and one index-family shape gets a figure, and a
wrong output (a mapping off by one element, an output that is a view of its input) is
caught by the peer's check. WORK_DIR (under the build tree) is emptied first and removed
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


def check_faults(peer, shapes, problems):
    """The peer's check refuses a wrong element and a view of an input."""
    sys.dont_write_bytecode = True  # no __pycache__ in the source tree
    spec = importlib.util.spec_from_file_location("numpy_peer", peer)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
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
    check_faults(peer, shapes, problems)
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
