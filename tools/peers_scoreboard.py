#!/usr/bin/env python3
"""Runs the suite on the ONNX Runtime, PyTorch and NumPy adapters under the values
profile and writes the scoreboard: reports/peers/scoreboard.json (per adapter and
operator: passed / failed / skipped, the failures with their reproducers, the time),
each adapter's report.md, and the table README.md quotes. ONNX Runtime's DirectML
execution provider (ort-dml, under Wine: tools/directml/setup.sh) runs a fixed sample,
every 8th case (a DirectML session costs seconds there), and every case where its verdict
differs from the CPU EP's is listed. Standard library only.

    tools/peers_scoreboard.py [--dmlconf build/dmlconf] [--out reports/peers] [--without-ort-dml]
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
    "ort-dml": "ort-dml",
}
# The adapters that run a sample of the cases, and which.
SAMPLES = {"ort-dml": ["--shard", "0/8"]}
# The operators in ops.inc's order, read from the list itself so that a new one gets a row.
OPERATORS = re.findall(r"^DMLCONF_OPERATOR\(\w+, (\w+),",
                       open("reference/include/dmlconf/ops.inc").read(), re.M)
# The WebNN vectors, an optional extra (README.md, "The external opinion"), when present.
WEBNN = os.environ.get("DMLCONF_WEBNN_DIR", "")


def run(dmlconf, backend, report_dir, sample):
    paths = ["cases"] + ([WEBNN] if os.path.isdir(WEBNN) else [])
    start = time.monotonic()
    subprocess.run([dmlconf, "run", *paths, "--profile", "values", "--backend", backend,
                    *sample, "--report-dir", report_dir], stdout=subprocess.DEVNULL, check=False)
    return time.monotonic() - start


def tally(report):
    counts = collections.defaultdict(collections.Counter)
    failures = []
    verdicts = {}
    for case in report["cases"]:
        verdicts[case["name"]] = {k: case.get(k, "") for k in ("status", "message")}
        group = "WebNN vectors" if case["name"].startswith("external/") else case["operator"]
        status = case["status"]
        counts[group][status] += 1
        counts["all"][status] += 1
        if status in ("failed", "error"):
            failures.append({k: case[k] for k in ("name", "status", "message", "reproducer")})
    return counts, failures, verdicts


def differences(dml, cpu):
    """The cases ort-dml ran whose verdict differs from the CPU EP's, with both messages."""
    return [{"name": name, "ort-dml": verdict, "onnxruntime": cpu.get(name, {"status": "not run"})}
            for name, verdict in sorted(dml.items())
            if verdict["status"] != cpu.get(name, {}).get("status")]


def cell(counter):
    return f"{counter['passed']} / {counter['failed'] + counter['error']} / {counter['skipped']}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dmlconf", default="build/dmlconf")
    parser.add_argument("--out", default="reports/peers")
    parser.add_argument("--without-ort-dml", action="store_true",
                        help="leave out ONNX Runtime's DirectML EP (no Wine set-up here)")
    args = parser.parse_args()
    adapters = {n: b for n, b in ADAPTERS.items() if not (args.without_ort_dml and n == "ort-dml")}
    board = {"profile": "values", "adapters": {}}
    verdicts = {}
    for name, backend in adapters.items():
        with tempfile.TemporaryDirectory() as tmp:
            seconds = run(args.dmlconf, backend, tmp, SAMPLES.get(name, []))
            with open(os.path.join(tmp, "report.json")) as f:
                counts, failures, verdicts[name] = tally(json.load(f))
            os.makedirs(os.path.join(args.out, name), exist_ok=True)
            with open(os.path.join(tmp, "report.md")) as src, \
                 open(os.path.join(args.out, name, "report.md"), "w") as dst:
                dst.write(src.read())
        board["adapters"][name] = {"backend": backend, "seconds": round(seconds, 1),
                                   "sample": " ".join(SAMPLES.get(name, [])) or "every case",
                                   "counts": {g: dict(c) for g, c in counts.items()},
                                   "failures": failures}
        print(f"{name}: {cell(counts['all'])} (passed / failed / skipped) in {seconds:.1f} s")
    if "ort-dml" in verdicts:
        board["ort-dml differs from onnxruntime"] = differences(verdicts["ort-dml"], verdicts["onnxruntime"])
        print(f"ort-dml: {len(board['ort-dml differs from onnxruntime'])} cases whose verdict differs from the CPU EP's")
    with open(os.path.join(args.out, "scoreboard.json"), "w") as f:
        json.dump(board, f, indent=2)
        f.write("\n")
    print("\n| operator | " + " | ".join(adapters) + " |\n| --- |" + " --- |" * len(adapters))
    for group in OPERATORS + ["WebNN vectors", "all"]:
        row = [cell(collections.Counter(board["adapters"][a]["counts"].get(group, {})))
               for a in adapters]
        print(f"| {group} | " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
