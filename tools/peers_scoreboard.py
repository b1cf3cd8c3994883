#!/usr/bin/env python3
"""Runs the suite on the ONNX Runtime, PyTorch and NumPy adapters under the values
profile and writes the scoreboard: reports/peers/scoreboard.json (per adapter and
operator: passed / failed / skipped, the failures with their reproducers, the time),
each adapter's report.md, and the table README.md quotes. Standard library only.

    tools/peers_scoreboard.py [--dmlconf build/dmlconf] [--out reports/peers]
"""
import argparse
import collections
import json
import os
import re
import subprocess
import tempfile
import time

ADAPTERS = {
    "numpy": "serve:/usr/bin/python3 validator/src/backends/numpy/numpy_backend.py",
    "torch": "serve:/usr/bin/python3 validator/src/backends/torch/torch_backend.py",
    "onnxruntime": "serve:node validator/src/backends/onnxruntime/onnxruntime_backend.js",
}
# The operators in ops.inc's order, read from the list itself so that a new one gets a row.
OPERATORS = re.findall(r"^DMLCONF_OPERATOR\(\w+, (\w+),",
                       open("reference/include/dmlconf/ops.inc").read(), re.M)
# The WebNN vectors, an optional extra (README.md, "The external opinion"), when present.
WEBNN = os.environ.get("DMLCONF_WEBNN_DIR", "")


def run(dmlconf, backend, report_dir):
    paths = ["cases"] + ([WEBNN] if os.path.isdir(WEBNN) else [])
    start = time.monotonic()
    subprocess.run([dmlconf, "run", *paths, "--profile", "values", "--backend", backend,
                    "--report-dir", report_dir], stdout=subprocess.DEVNULL, check=False)
    return time.monotonic() - start


def tally(report):
    counts = collections.defaultdict(collections.Counter)
    failures = []
    for case in report["cases"]:
        group = "WebNN vectors" if case["name"].startswith("external/") else case["operator"]
        status = case["status"]
        counts[group][status] += 1
        counts["all"][status] += 1
        if status in ("failed", "error"):
            failures.append({k: case[k] for k in ("name", "status", "message", "reproducer")})
    return counts, failures


def cell(counter):
    return f"{counter['passed']} / {counter['failed'] + counter['error']} / {counter['skipped']}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dmlconf", default="build/dmlconf")
    parser.add_argument("--out", default="reports/peers")
    args = parser.parse_args()
    board = {"profile": "values", "adapters": {}}
    for name, backend in ADAPTERS.items():
        with tempfile.TemporaryDirectory() as tmp:
            seconds = run(args.dmlconf, backend, tmp)
            with open(os.path.join(tmp, "report.json")) as f:
                counts, failures = tally(json.load(f))
            os.makedirs(os.path.join(args.out, name), exist_ok=True)
            with open(os.path.join(tmp, "report.md")) as src, \
                 open(os.path.join(args.out, name, "report.md"), "w") as dst:
                dst.write(src.read())
        board["adapters"][name] = {"backend": backend, "seconds": round(seconds, 1),
                                   "counts": {g: dict(c) for g, c in counts.items()},
                                   "failures": failures}
        print(f"{name}: {cell(counts['all'])} (passed / failed / skipped) in {seconds:.1f} s")
    with open(os.path.join(args.out, "scoreboard.json"), "w") as f:
        json.dump(board, f, indent=2)
        f.write("\n")
    print("\n| operator | " + " | ".join(ADAPTERS) + " |\n| --- |" + " --- |" * len(ADAPTERS))
    for group in OPERATORS + ["WebNN vectors", "all"]:
        row = [cell(collections.Counter(board["adapters"][a]["counts"].get(group, {})))
               for a in ADAPTERS]
        print(f"| {group} | " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
