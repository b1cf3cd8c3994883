#!/usr/bin/env python3
"""Writes reports/directml/versions.md (Markdown on stdout) from the runs of
tools/directml/matrix.sh:

    python3 tools/directml/versions_report.py OUT_DIR

OUT_DIR/<version>/ holds one run of the whole suite on that DirectML version (report.json,
seconds, exit_code, release, describe.json) and repro.txt, each reproducer's exit code
(0 fixed, 1 bug present, 2 could not run). Which expected-failure entries belong to which
deviation comes from the `# [E<n>]` headings of tools/directml/expected-failures.txt, the
deviations' titles and reproducers from DEVIATIONS below (reports/directml/ERRATA.md has
each in full). Standard library only.
"""

import fnmatch
import json
import os
import re
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
XFAIL = os.path.join(ROOT, "tools", "directml", "expected-failures.txt")
VERSIONS = os.path.join(ROOT, "tools", "directml", "versions.txt")

# ERRATA.md's deviations: id, title, reproducer in tools/directml/repro.
DEVIATIONS = [
    ("E1", "REVERSE_SUBSEQUENCES: a sequence length past the axis size is not clamped",
     "reverse_subsequences_length_past_axis"),
    ("E2", "REVERSE_SUBSEQUENCES: a UINT64 sequence length is read as its low 32 bits",
     "reverse_subsequences_uint64_length"),
    ("E3", "GATHER: a descriptor breaking the original-rank rule is accepted",
     "gather_original_rank_overflow_accepted"),
    ("E4", "GATHER: an Axis inside the input's leading 1s writes wrong elements",
     "gather_axis_in_leading_ones"),
    ("E5", "GATHER: with IndexDimensions 0 the output's leading size is not checked",
     "gather_index_dimensions_0_output_size_unchecked"),
    ("E6", "SLICE: a stride of 2^31 or more is refused where the window never steps",
     "slice_stride_2_31_refused"),
    ("E7", "SCATTER_ELEMENTS: a FLOAT16 signalling NaN is quieted across a change of layout",
     "scatter_elements_float16_snan_strided_copy"),
    ("E8", "PADDING1: an 8- or 16-bit padding value is read as 32 bits",
     "padding1_scalar_union_upper_bytes"),
    ("E9", "SCATTER_ND: a FLOAT16 signalling NaN is quieted across a change of layout",
     "scatter_nd_float16_snan_strided_copy"),
    ("E10", "SCATTER_ND: a tuple longer than InputDimensionCount ends the process",
     "scatter_nd_tuple_longer_than_input_dims_ends_process"),
    ("E11", "SLICE1: a whole-input window into a smaller output copies the first elements",
     "slice1_whole_window_smaller_output"),
    ("E12", "SCATTER_ND: updates of another DimensionCount, differing only by leading 1s, "
     "are accepted", "scatter_nd_updates_of_another_rank_accepted"),
]
REPRO_VERDICT = {"0": "fixed", "1": "present", "2": "could not run"}


def xfail_entries():
    """(deviation id, backend, glob) for every entry, by its `# [E<n>]` heading."""
    entries, current = [], None
    with open(XFAIL) as f:
        for line in f:
            heading = re.match(r"#\s*\[(E\d+)\]", line)
            if heading:
                current = heading.group(1)
                continue
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            backend, _, glob = text.rpartition(":")
            entries.append((current, backend, glob))
    return entries


def releases():
    with open(VERSIONS) as f:
        rows = [line.split("#", 1)[0].split() for line in f]
    return [row[0] for row in rows if row]


def read(path, default=""):
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return default


def load_runs(out):
    runs = []
    for name in sorted(os.listdir(out)):
        folder = os.path.join(out, name)
        report_path = os.path.join(folder, "report.json")
        if not os.path.isfile(report_path):
            continue
        with open(report_path) as f:
            report = json.load(f)
        try:
            describe = json.loads(read(os.path.join(folder, "describe.json"), "{}"))
        except ValueError:
            describe = {}
        repro = dict(line.split() for line in read(os.path.join(folder, "repro.txt")).splitlines()
                     if len(line.split()) == 2)
        runs.append({"version": name, "release": read(os.path.join(folder, "release"), "?"),
                     "report": report, "describe": describe, "repro": repro,
                     "seconds": read(os.path.join(folder, "seconds"), "?"),
                     "exit_code": read(os.path.join(folder, "exit_code"), "?")})
    order = releases()
    runs.sort(key=lambda r: order.index(r["release"]) if r["release"] in order else len(order))
    return runs


def deviation_of(case, entries, version):
    for deviation, backend, glob in entries:
        if backend in ("", "directml", "directml@" + version) and fnmatch.fnmatchcase(case["name"], glob):
            return deviation
    return None


def not_passed(case):
    return case["status"] not in ("passed", "skipped", "xpass")


def per_version_table(runs):
    print("| onnxruntime-node | DirectML | feature level | cases | passed | xfail | skipped "
          "| failed | error | xpass | seconds | exit |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for run in runs:
        s = run["report"]["summary"]
        print("| %s | %s | %s | %d | %d | %d | %d | %d | %d | %d | %s | %s |" % (
            run["release"], run["version"], run["describe"].get("max_feature_level", "?"),
            s["total"], s["passed"], s["xfail"], s["skipped"], s["failed"], s["error"], s["xpass"],
            run["seconds"], run["exit_code"]))


def stack_table(runs):
    """What ran beneath each version: describe's description, whose parts the host joins
    with "; " (validator/src/backends/directml/stack.h): the adapter with Wine and vkd3d,
    the Vulkan device and driver, the Direct3D 12 capabilities."""
    print("| DirectML | feature level | adapter (translation layer) | Vulkan device and driver "
          "| Direct3D 12 capabilities |")
    print("| --- | --- | --- | --- | --- |")
    for run in runs:
        parts = run["describe"].get("description", "?").split("; ")
        adapter = parts[0]
        vulkan = next((p for p in parts if p.startswith("Vulkan: ")), "Vulkan: not reported")
        d3d12 = next((p for p in parts if p.startswith("D3D12: ")), "D3D12: not reported")
        print("| %s | %s | %s | %s | %s |" % (
            run["version"], run["describe"].get("max_feature_level", "?"), adapter,
            vulkan[len("Vulkan: "):], d3d12[len("D3D12: "):]))


def per_deviation_table(runs, entries):
    counts = {}  # (deviation, version) -> cases that did not pass
    unexplained = {}
    for run in runs:
        for case in run["report"]["cases"]:
            if not not_passed(case):
                continue
            deviation = deviation_of(case, entries, run["version"])
            if deviation is None:
                unexplained.setdefault(run["version"], []).append(case["name"])
            else:
                key = (deviation, run["version"])
                counts[key] = counts.get(key, 0) + 1
    print("| deviation | " + " | ".join(run["version"] for run in runs) + " | shown by |")
    print("| --- |" + " --- |" * len(runs) + " --- |")
    for deviation, title, repro in DEVIATIONS:
        cells, showing = [], []
        for run in runs:
            cases = counts.get((deviation, run["version"]), 0)
            verdict = REPRO_VERDICT.get(run["repro"].get(repro), "not run")
            cells.append("%d %s; repro %s" % (cases, "case" if cases == 1 else "cases", verdict))
            if cases or verdict == "present":
                showing.append(run["version"])
        shown = ("every version" if len(showing) == len(runs)
                 else ", ".join(showing) if showing else "none")
        print("| %s: %s | %s | %s |" % (deviation, title, " | ".join(cells), shown))
    return unexplained


def skips(runs):
    for run in runs:
        levels = sorted({c.get("feature_level", "?") for c in run["report"]["cases"]
                         if c["status"] == "skipped"})
        skipped = run["report"]["summary"]["skipped"]
        if skipped:
            print("- %s: %d skipped, at %s (above its level)" % (run["version"], skipped, ", ".join(levels)))


def paragraph(text):
    print(textwrap.fill(text, 92, break_on_hyphens=False) + "\n")


def implementation_defined(runs):
    """Per version, how the refuse_or_run cases went: refused or run (and passed)."""
    print("| | " + " | ".join(run["version"] for run in runs) + " |")
    print("| --- |" + " ---: |" * len(runs))
    rows = [("alignment 1-8 (T1 below 16, erratum D1): refused", lambda c: "alignment-" in c["name"], "refused"),
            ("alignment 1-8: ran", lambda c: "alignment-" in c["name"], "ran"),
            ("other refuse_or_run (A1, G4): refused", lambda c: "alignment-" not in c["name"], "refused"),
            ("other refuse_or_run (A1, G4): ran", lambda c: "alignment-" not in c["name"], "ran"),
            ("refuse_or_run not passed", lambda c: True, None)]
    for label, kind, how in rows:
        cells = []
        for run in runs:
            n = 0
            for c in run["report"]["cases"]:
                if c["expect"] != "refuse_or_run" or not kind(c):
                    continue
                if how is None:
                    n += c["status"] not in ("passed", "skipped")
                else:
                    n += c["status"] == "passed" and c.get("message", "").startswith(how)
            cells.append(str(n))
        print("| %s | %s |" % (label, " | ".join(cells)))


def same_as_newest(runs):
    """Per version: do its non-passes equal the newest version's, over the cases both ran?
    A case one of them skipped (above an older version's level) says nothing either way."""
    def ran(run):
        return {c["name"] for c in run["report"]["cases"] if c["status"] != "skipped"}

    def non_passes(run, names):
        return {(c["name"], c["status"]) for c in run["report"]["cases"]
                if not_passed(c) and c["name"] in names}
    for run in runs[:-1]:
        both = ran(run) & ran(runs[-1])
        newest = non_passes(runs[-1], both)
        mine = non_passes(run, both)
        print("- %s: %d newly failing, %d newly passing against %s (skips aside)" % (
            run["version"], len(mine - newest), len(newest - mine), runs[-1]["version"]))


def main():
    if len(sys.argv) != 2:
        print("usage: versions_report.py OUT_DIR", file=sys.stderr)
        return 2
    runs = load_runs(sys.argv[1])
    if not runs:
        print("versions_report.py: no <version>/report.json under %s" % sys.argv[1], file=sys.stderr)
        return 1
    entries = xfail_entries()
    first = runs[0]["report"]
    print("# DirectML, version by version\n")
    paragraph("Written by `tools/bootstrap.sh directml-matrix` (`tools/directml/matrix.sh`, then "
          "`tools/directml/versions_report.py`). Every distinct `DirectML.dll` of npm's "
          "onnxruntime-node releases (`tools/directml/versions.txt`) ran the whole committed "
          "suite (`%s`) as `--backend directml@VERSION` with "
          "`tools/directml/expected-failures.txt`, in one long-lived host each, under Wine "
          "on software Vulkan (the stack below); then each deviation's reproducer "
          "(`tools/directml/repro/`) ran "
          "against the same DLL. Started %s." % (
              " ".join(first.get("case_paths", ["cases"])), first.get("started_at", "?")))
    print("## The stack\n")
    paragraph("What each version ran on, as its host's `describe` names it: the DXGI adapter "
              "with Wine's and vkd3d's versions, the Vulkan device and driver vkd3d used "
              "(`VkPhysicalDeviceDriverProperties`), and what Direct3D 12's "
              "`CheckFeatureSupport` told DirectML, which picks its shaders by it.")
    stack_table(runs)
    print()
    print("## Per version\n")
    paragraph("`feature level` is what `CheckFeatureSupport(DML_FEATURE_FEATURE_LEVELS)` reports; "
              "cases above it are skipped. `seconds` is the run's wall time, Wine's start-up "
              "included; `exit` is dmlconf's exit code (0: every non-pass an expected failure).")
    per_version_table(runs)
    print()
    skips(runs)
    print("\n## Per deviation\n")
    paragraph("Cases of the suite that did not pass under the deviation's expected-failure "
              "entries, and its reproducer's verdict (`present`: exit 1, `fixed`: exit 0). "
              "[`ERRATA.md`](ERRATA.md) has each deviation in full.")
    unexplained = per_deviation_table(runs, entries)
    print("\n## Implementation-defined cases\n")
    paragraph("The `refuse_or_run` cases pass refused or run (a run compared in full where "
              "outputs have locations of their own), with no expected-failure entry.")
    implementation_defined(runs)
    print("\n## Against the newest\n")
    same_as_newest(runs)
    if unexplained:
        print("\n## Non-passes no entry explains\n")
        for version, names in unexplained.items():
            print("- %s: %s" % (version, ", ".join(sorted(names)[:20])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
