#!/usr/bin/env python3
"""Runs the benchmark suite (or reads its JSON) and writes reports/benchmarks.md.

Every figure is a ratio between siblings measured in the same binary on the
same shape (the machine is shared and noisy; absolute times are not
comparable between runs). Each target of the performance issue gets PASS or
MISS next to its figure.

    tools/bench_report.py --binary build-bench/benchmarks/dmlconf_benchmarks
    tools/bench_report.py --binary ... --quick     # without the 256 MiB shapes
    tools/bench_report.py --json reports/benchmarks.json     # re-render only
    tools/bench_report.py --self-test     # the peer-figure rules on made-up runs

With --binary it also runs the ONNX Runtime peer (benchmarks/ort_peer.js,
Node and tools/node's onnxruntime-node; --no-onnxruntime to skip) and the
NumPy peer (benchmarks/numpy_peer.py, Debian's python3-numpy; --no-numpy to
skip) on the binary's own shape list, and keeps their figures in the same JSON.

Standard library only.
"""

import argparse
import datetime
import fnmatch
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

# The targets (issue 11): blocked time over memcpy time of the same
# output bytes, same thread count, for f32 and u8; lower is better.
LONG_RUN_MAX = 1.1          # every long-run shape...
WHOLE_ROWS_MAX = 1.15       # ...but GATHER of whole rows
ND_ROWS_MAX = 1.3           # GATHER_ND / GATHER_ND1 / SCATTER_ND with short tuples, each moving a row (issue 27)
DEPTH_SPACE_MAX = 1.25      # DEPTH_TO_SPACE1 / SPACE_TO_DEPTH1, any order, block 2-4
REVERSE_INNER_MAX = 1.5     # REVERSE_SUBSEQUENCES along the innermost axis
GATHER_ELEMENTS_MAX = 3.0   # GATHER of single elements, GATHER_ELEMENTS, SCATTER_ELEMENTS
PADDING_FOLD_MAX = 1.3      # reflection and symmetric PADDING (issue 30; constant: long runs)
NEGATIVE_STRIDE_MAX = 1.3   # SLICE1 with a negative innermost stride (issue 30)
JUDGED_TYPES = ("f32", "u8")
PEER_MIN_BYTES = 1 << 20    # ahead of every peer on shapes of 1 MiB or more
NAIVE_MIN_SPEEDUP = 10.0  # naive time / blocked time, problems of >= 1 MiB
NAIVE_MIN_BYTES = 1 << 20
OVERHEAD_MAX_NS = 500.0   # small problems: blocked time - memcpy time
ALLOC_MAX_BYTES = 4096    # per call, on every shape: a constant, not a tensor
# A ratio is judged only when both of its times are steady: above this
# coefficient of variation (stddev / mean over the repetitions) on either side
# the figure is shown, marked NOISY, and neither passes nor misses.
CV_MAX = 0.10
# A peer time under this fraction of memcpy's time for the same output bytes
# and threads (shapes of PEER_MIN_BYTES or more) would mean the peer moved the
# data at more than twice memory speed: a measuring fault, not a figure. Such a
# figure is shown, marked IMPLAUSIBLE, and judged neither way.
PEER_MIN_MEMCPY_FRACTION = 0.5
PEERS = ("eigen", "onednn", "onnxruntime", "numpy")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORT_PEER = os.path.join(ROOT, "benchmarks", "ort_peer.js")
NUMPY_PEER = os.path.join(ROOT, "benchmarks", "numpy_peer.py")
# Debian's interpreter, as for the project's other NumPy scripts: python3-numpy is
# installed for it, and the python3 on PATH may not see Debian's modules.
SYSTEM_PYTHON = "/usr/bin/python3"
# The peers run outside the binary, each kept in the JSON under its own key.
OUTSIDE_PEERS = {"onnxruntime": "dmlconf_onnxruntime", "numpy": "dmlconf_numpy"}


def memcpy_target(op, shape, kind):
    """(name, limit) of the blocked/memcpy time target for a shape, or None."""
    if kind == "long_runs":
        if op.startswith("Padding") and shape.startswith(("reflection", "symmetric")):
            return "PADDING reflection / symmetric", PADDING_FOLD_MAX
        if op == "Gather":
            return "GATHER whole rows", WHOLE_ROWS_MAX
        if op.startswith("GatherNd"):  # each short tuple moves a whole row
            return "GATHER_ND whole rows", ND_ROWS_MAX
        if op == "ScatterNd":  # the input's copy, then each short tuple writes a whole row
            return "SCATTER_ND whole rows", ND_ROWS_MAX
        return "long runs", LONG_RUN_MAX
    if kind != "element_granular":
        return None
    if op.startswith(("DepthToSpace", "SpaceToDepth")):  # every member of the family
        return "depth/space family", DEPTH_SPACE_MAX
    if op == "ReverseSubsequences":
        return "REVERSE_SUBSEQUENCES innermost axis", REVERSE_INNER_MAX
    if op == "Gather":
        return "GATHER element-granular", GATHER_ELEMENTS_MAX
    if op == "Slice1":  # a negative innermost stride: every row reversed
        return "SLICE1 negative innermost stride", NEGATIVE_STRIDE_MAX
    if op in ("GatherElements", "ScatterElements"):  # one index per element moved
        return "GATHER_ELEMENTS / SCATTER_ELEMENTS", GATHER_ELEMENTS_MAX
    return None  # element-granular SPLIT / JOIN: measured, no target

NAME = re.compile(r"^(?P<op>[^/]+)/(?P<shape>[^/]+)/(?P<type>[^/]+)/(?P<impl>[^/]+)"
                  r"/threads:(?P<threads>\d+)")


@dataclass
class Sample:
    seconds: float
    alloc_bytes: float = 0.0
    cv: float = 0.0  # coefficient of variation over the repetitions; 0 without them
    allocates: bool = False  # a peer's call that allocates its result (numpy_peer.py)


@dataclass
class Variant:
    """One operator, shape and element type, with every sibling's time."""
    op: str
    shape: str
    type: str
    kind: str = ""
    output_bytes: float = 0.0
    samples: dict = field(default_factory=dict)  # (impl, threads) -> Sample

    @property
    def prefix(self):
        return f"{self.op}/{self.shape}/{self.type}"

    def time(self, impl, threads):
        sample = self.samples.get((impl, threads))
        return sample.seconds if sample else None

    def cv(self, *keys):
        """The worst coefficient of variation among these (impl, threads) samples."""
        return max((self.samples[k].cv for k in keys if k in self.samples), default=0.0)

    def thread_counts(self):
        return sorted({t for (impl, t) in self.samples if impl == "blocked"})


def run_binary(binary, repetitions, min_time, extra):
    """Runs the suite once and returns the path of its JSON."""
    extra = list(extra)
    out = tempfile.NamedTemporaryFile(prefix="dmlconf_bench_", suffix=".json", delete=False)
    out.close()
    command = [binary, f"--benchmark_out={out.name}", "--benchmark_out_format=json",
               f"--benchmark_min_time={min_time}"]
    if repetitions > 1:
        command += [f"--benchmark_repetitions={repetitions}",
                    "--benchmark_report_aggregates_only=true"]
    command += extra
    print("running:", " ".join(command), file=sys.stderr)
    subprocess.run(command, check=True, stdout=sys.stderr)
    return out.name


def run_peers(binary, name_filter, threads, skip):
    """Runs the peers outside the binary (ort_peer.js, numpy_peer.py) on the binary's
    shapes, those of them whose result names match name_filter (the binary's
    --benchmark_filter) if given: {JSON key: the peer's JSON} of those that ran, except
    the peers named in `skip`."""
    commands = {"onnxruntime": ["node", ORT_PEER], "numpy": [SYSTEM_PYTHON, NUMPY_PEER]}
    options = {"onnxruntime": ["--threads", f"1,{threads}"], "numpy": []}
    shapes = tempfile.NamedTemporaryFile(prefix="dmlconf_shapes_", suffix=".json", delete=False)
    shapes.close()
    try:
        with open(shapes.name, "w") as f:
            subprocess.run([binary, "--dmlconf_shapes_json"], check=True, stdout=f)
        documents = {}
        for peer, command in commands.items():
            if peer in skip:
                continue
            document = run_peer(peer, command + [shapes.name], options[peer], name_filter)
            if document:
                documents[OUTSIDE_PEERS[peer]] = document
        return documents
    finally:
        os.unlink(shapes.name)


def run_peer(peer, command, options, name_filter):
    """One peer: command + OUT.json + options; its JSON, or None."""
    out = tempfile.NamedTemporaryFile(prefix=f"dmlconf_{peer}_", suffix=".json", delete=False)
    out.close()
    command = command + [out.name] + options
    if name_filter:
        command += ["--filter", name_filter]
    print("running:", " ".join(command), file=sys.stderr)
    try:
        subprocess.run(command, check=True, stdout=sys.stderr)
        with open(out.name) as f:
            return json.load(f)
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"bench_report: {peer} peer skipped: {error}", file=sys.stderr)
        return None
    finally:
        os.unlink(out.name)


def peer_checked(peer):
    """Whether a peer's figures come from a peer script that checks them (it records its
    checks as context.checks). ort_peer.js before those checks read, after the first
    session ORT refused, each session's figure from the session before: none of its
    figures is shown; numpy_peer.py checks from its first version."""
    return bool((peer or {}).get("context", {}).get("checks"))


def seconds_of(entry, threads):
    """One-thread figures use CPU time: on a shared machine it leaves out the
    time the process waited for a core. Threaded figures need wall time."""
    key = "cpu_time" if threads == 1 else "real_time"
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[entry.get("time_unit", "ns")]
    return entry[key] * scale


def collect(document):
    """Groups the JSON's benchmarks into variants: medians of repetitions when
    the run reported aggregates, else the median of the plain runs."""
    runs = {}  # (prefix parts, impl, threads) -> [entry]
    cvs = {}   # the same key -> coefficient of variation of the time used
    for entry in document.get("benchmarks", []):
        if entry.get("error_occurred"):
            continue
        match = NAME.match(entry.get("run_name", entry["name"]))
        if not match:
            continue
        key = (match["op"], match["shape"], match["type"], match["impl"], int(match["threads"]))
        aggregate = entry.get("aggregate_name")
        if aggregate == "cv":
            cvs[key] = entry["cpu_time" if key[4] == 1 else "real_time"]
        if entry.get("run_type") == "aggregate" and aggregate != "median":
            continue
        runs.setdefault(key, []).append(entry)

    # The medians of the peers outside the binary (ONNX Runtime's profiler, NumPy's
    # thread CPU time), kept in the JSON.
    peer_seconds = {}
    allocating = set()  # peer results whose call allocates its output
    for json_key in OUTSIDE_PEERS.values():
        peer = document.get(json_key) or {}
        for result in peer.get("results", []) if peer_checked(peer) else []:
            match = NAME.match(result["name"])
            if match and "seconds" in result:
                key = (match["op"], match["shape"], match["type"], match["impl"],
                       int(match["threads"]))
                peer_seconds[key] = result["seconds"]
                cvs[key] = result.get("cv", 0.0)
                if result.get("allocates"):
                    allocating.add(key)

    variants = {}
    for (op, shape, type_, impl, threads), seconds in peer_seconds.items():
        if (op, shape, type_) in {k[:3] for k in runs}:
            key = (op, shape, type_, impl, threads)
            variants.setdefault((op, shape, type_), Variant(op, shape, type_)).samples[
                (impl, threads)] = Sample(seconds, 0.0, cvs.get(key, 0.0), key in allocating)
    for (op, shape, type_, impl, threads), entries in runs.items():
        variant = variants.setdefault((op, shape, type_), Variant(op, shape, type_))
        variant.kind = entries[0].get("label", variant.kind)
        variant.output_bytes = entries[0].get("output_bytes", variant.output_bytes)
        variant.samples[(impl, threads)] = Sample(
            statistics.median(seconds_of(e, threads) for e in entries),
            max(e.get("alloc_bytes_per_call", 0.0) for e in entries),
            cvs.get((op, shape, type_, impl, threads), 0.0))
    order = {key[:3]: i for i, key in enumerate(runs)}
    return sorted(variants.values(), key=lambda v: order.get((v.op, v.shape, v.type), 0))


def ratio(numerator, denominator):
    if numerator is None or denominator is None or denominator == 0:
        return None
    return numerator / denominator


@dataclass
class Verdict:
    target: str
    variant: str
    figure: str
    passed: bool
    value: float = 0.0
    higher_is_better: bool = True
    cv: float = 0.0  # the worst of the figure's inputs
    implausible: bool = False  # a peer faster than memcpy can be: see PEER_MIN_MEMCPY_FRACTION

    @property
    def noisy(self):
        return self.cv > CV_MAX and not self.implausible

    @property
    def judged(self):
        return not self.noisy and not self.implausible


def verdict_cell(value, passed, fmt="{:.2f}x", cv=0.0, implausible=None):
    if value is None:
        return "–"
    text = fmt.format(value)
    if implausible is not None:
        return f"{text} IMPLAUSIBLE ({implausible:.2f}x memcpy's time)"
    if passed is None:
        return text
    if cv > CV_MAX:
        return f"{text} NOISY (cv {cv:.2f})"
    return f"{text} {'PASS' if passed else '**MISS**'}"


def evaluate(variant, verdicts):
    """Returns the row of figures for one variant, appending its verdicts."""
    row = {}
    all_threads = max(variant.thread_counts(), default=1)

    def judge(target, value, passed, keys, fmt="{:.2f}x", higher_is_better=True,
              implausible=None, note=""):
        if value is None:
            return "–"
        cv = variant.cv(*keys)
        verdicts.append(Verdict(target, variant.prefix, fmt.format(value) + note, passed, value,
                                higher_is_better, cv, implausible is not None))
        return verdict_cell(value, passed, fmt, cv, implausible) + note

    target = memcpy_target(variant.op, variant.shape, variant.kind)
    for threads in variant.thread_counts():
        slowdown = ratio(variant.time("blocked", threads), variant.time("memcpy", threads))
        column = f"blocked/memcpy {threads}T"
        keys = [("memcpy", threads), ("blocked", threads)]
        if target and variant.type in JUDGED_TYPES:
            name, limit = target
            row[column] = judge(f"{name}: blocked/memcpy time <= {limit:g} ({threads}T)", slowdown,
                                slowdown is not None and slowdown <= limit, keys,
                                higher_is_better=False)
        else:
            row[column] = verdict_cell(slowdown, None)

    speedup = ratio(variant.time("naive", 1), variant.time("blocked", 1))
    if variant.output_bytes >= NAIVE_MIN_BYTES:
        row["naive/blocked"] = judge(f"blocked >= {NAIVE_MIN_SPEEDUP:g}x naive (>= 1 MiB)",
                                     speedup, speedup is not None and speedup >= NAIVE_MIN_SPEEDUP,
                                     [("naive", 1), ("blocked", 1)])
    else:
        row["naive/blocked"] = verdict_cell(speedup, None)

    for peer in PEERS:
        for threads in sorted({t for (impl, t) in variant.samples if impl == peer}):
            figure = ratio(variant.time(peer, threads), variant.time("blocked", threads))
            label = f"{peer}/blocked {threads}T"
            # The peer's idiomatic call allocates its output; blocked writes into one.
            note = " (allocates)" if variant.samples[(peer, threads)].allocates else ""
            if variant.output_bytes >= PEER_MIN_BYTES:
                of_memcpy = ratio(variant.time(peer, threads), variant.time("memcpy", threads))
                implausible = (of_memcpy if of_memcpy is not None
                               and of_memcpy < PEER_MIN_MEMCPY_FRACTION else None)
                row[label] = judge(f"blocked faster than {peer} ({threads}T, >= 1 MiB)", figure,
                                   figure is not None and figure > 1.0,
                                   [(peer, threads), ("blocked", threads)],
                                   implausible=implausible, note=note)
            else:
                row[label] = verdict_cell(figure, None) + (note if figure is not None else "")

    if variant.kind == "small":
        blocked, memcpy = variant.time("blocked", 1), variant.time("memcpy", 1)
        overhead = None if blocked is None or memcpy is None else (blocked - memcpy) * 1e9
        row["overhead ns"] = judge(f"small: per-call overhead < {OVERHEAD_MAX_NS:g} ns", overhead,
                                   overhead is not None and overhead < OVERHEAD_MAX_NS,
                                   [("memcpy", 1), ("blocked", 1)], "{:.0f}",
                                   higher_is_better=False)

    alloc = max((s.alloc_bytes for (impl, _), s in variant.samples.items() if impl == "blocked"),
                default=None)
    # A count of bytes, not a time: noise does not touch it.
    row["alloc B/call"] = judge(f"allocation per call <= {ALLOC_MAX_BYTES} B (not proportional)",
                                alloc, alloc is not None and alloc <= ALLOC_MAX_BYTES, [],
                                "{:.0f}", higher_is_better=False)
    row["_all_threads"] = all_threads
    return row


def cpu_model():
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def human_bytes(count):
    for unit, size in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if count >= size:
            return f"{count / size:g} {unit}"
    return f"{count:g} B"


def render_table(variants, rows, columns):
    lines = ["| shape | output | " + " | ".join(columns) + " |",
             "|---|---:|" + "---:|" * len(columns)]
    for variant in variants:
        row = rows[variant.prefix]
        cells = [row.get(column, "–") for column in columns]
        lines.append(f"| `{variant.prefix}` | {human_bytes(variant.output_bytes)} | "
                     + " | ".join(cells) + " |")
    return lines


def summarize(verdicts):
    lines = ["| target | PASS | MISS | NOISY | IMPLAUSIBLE | worst steady figure |",
             "|---|---:|---:|---:|---:|---|"]
    targets = []
    for v in verdicts:
        if v.target not in targets:
            targets.append(v.target)
    for target in targets:
        mine = [v for v in verdicts if v.target == target]
        steady = [v for v in mine if v.judged]
        misses = [v for v in steady if not v.passed]
        worst = min(steady, key=lambda v: v.value if v.higher_is_better else -v.value,
                    default=None)
        worst_text = f"{worst.figure} (`{worst.variant}`)" if worst else "–"
        lines.append(f"| {target} | {len(steady) - len(misses)} | {len(misses)} | "
                     f"{sum(v.noisy for v in mine)} | {sum(v.implausible for v in mine)} | "
                     f"{worst_text} |")
    return lines


def run_protocol(binary, repetitions):
    """dmlconf_protocol_benchmarks: Create+Execute of a small JOIN through the serve:
    client against an echo backend, beside the in-process reference (issue 9)."""
    fd, path = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    subprocess.run([binary, f"--benchmark_repetitions={repetitions}",
                    "--benchmark_report_aggregates_only=true", f"--benchmark_out={path}",
                    "--benchmark_out_format=json"], check=True, stdout=subprocess.DEVNULL)
    with open(path) as f:
        medians = {b["run_name"]: b["real_time"] for b in json.load(f)["benchmarks"]
                   if b.get("aggregate_name") == "median"}
    os.unlink(path)
    return {"repetitions": repetitions, "median_us": medians}


def render_protocol(protocol):
    if not protocol:
        return []
    us = protocol["median_us"]
    echo, local = us.get("BM_ServeEcho"), us.get("BM_InProcessReference")
    if echo is None or local is None:
        return []
    per_request = (echo - local) / 2  # two requests per iteration; the kernel is not there
    verdict = "PASS" if per_request < 1000 else "MISS"
    return ["", "## The persistent protocol's cost (issue 9)", "",
            "`dmlconf_protocol_benchmarks`: `Create` then `Execute` of the spec's small JOIN "
            "through the `serve:` client against `benchmarks/echo_backend.c`, which answers `ok` "
            "without touching a buffer, beside the same two calls on the in-process reference "
            f"(medians of {protocol['repetitions']} repetitions, wall time). The difference is "
            "dmlconf's side of a request: the JSON line, the buffer files with their guards, "
            "the pipes and the guard checks.", "",
            "| Create+Execute | µs |", "| --- | ---: |",
            f"| in-process reference | {local:.1f} |", f"| serve: echo backend | {echo:.1f} |",
            "", f"Per request on dmlconf's side: **{per_request:.0f} µs** against the target of "
            f"1 ms: {verdict}."]


# Each peer outside the binary: its title in the report, its script, and why a JSON
# without its checks shows none of its figures.
PEER_TITLES = {"onnxruntime": ("ONNX Runtime", "benchmarks/ort_peer.js"),
               "numpy": ("NumPy", "benchmarks/numpy_peer.py")}
UNCHECKED_WHY = {
    "onnxruntime": "That peer picked a session's profile by file name in a shared directory, "
                   "and a session ORT refused (no kernel for the type) left its profile there, "
                   "so from the first refusal on each figure was another session's.",
    "numpy": "Its outputs were not checked against the operator's."}


def render_peer_errors(peer_name, peer, variants):
    """A peer's shapes shown as "–": each reason once, with its shapes."""
    title, script = PEER_TITLES[peer_name]
    heading = ["", f"## {title}: shapes without a figure", ""]
    if peer and not peer_checked(peer):
        return heading + [f"All of them: this JSON's {title} figures come from `{script}` "
                          f"before its checks (no `checks` in its context). "
                          f"{UNCHECKED_WHY[peer_name]} Rerun the peer for {title} figures."]
    shown = {v.prefix for v in variants}
    by_reason = {}  # reason -> {prefix: [threads]}
    for result in (peer or {}).get("results", []):
        match = NAME.match(result["name"])
        if "error" not in result or not match:
            continue
        prefix = f"{match['op']}/{match['shape']}/{match['type']}"
        if prefix in shown:
            by_reason.setdefault(result["error"], {}).setdefault(prefix, []).append(
                int(match["threads"]))
    if not by_reason:
        return []
    lines = heading + [f"`{script}` publishes no time for these (shown as \"–\"), and why:", ""]
    for reason, shapes in by_reason.items():
        listed = ", ".join(f"`{p}` ({', '.join(f'{t}T' for t in sorted(ts))})"
                           for p, ts in shapes.items())
        lines.append(f"- {reason}: {listed}")
    return lines


def peer_line(peer, describe):
    """The Machine section's line for a peer outside the binary: describe(its context)."""
    if not peer:
        return "not run"
    line = describe(peer["context"])
    if not peer_checked(peer):
        line += " (its figures not shown: see the end of the report)"
    return line


# The notes' table of reasons: each row names shapes and targets (globs over a miss's
# variant and target text) and says why they miss. Every miss of a run is printed with
# the first row that matches it, or as having none; a row that matched no miss is listed,
# so that a reason outliving its miss shows.
REASONS_HEADING = "## Why each miss misses"


@dataclass
class Reason:
    shapes: list
    targets: list
    why: str
    line: int  # in the notes, for the unmatched list

    def matches(self, verdict):
        return (any(fnmatch.fnmatchcase(verdict.variant, s) for s in self.shapes)
                and any(fnmatch.fnmatchcase(verdict.target, t) for t in self.targets))


def globs(cell):
    return [g.strip().strip("`") for g in cell.split(",") if g.strip().strip("`")]


def parse_reasons(notes):
    """The rows `| shapes | targets | why |` of the notes' REASONS_HEADING section."""
    reasons, inside = [], False
    for number, line in enumerate(notes.splitlines(), 1):
        if line.startswith("## "):
            inside = line.strip() == REASONS_HEADING
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not inside or not line.lstrip().startswith("|") or len(cells) != 3:
            continue
        if cells[0] == "shapes" or set(cells[0]) <= set("-: "):
            continue  # the header and its rule
        reasons.append(Reason(globs(cells[0]), globs(cells[1]), cells[2], number))
    return reasons


def explain(verdicts, reasons):
    """Each judged miss with the first reason matching it, or None."""
    return [(v, next((r for r in reasons if r.matches(v)), None))
            for v in verdicts if not v.passed and v.judged]


def render_misses(explained, reasons):
    if not explained:
        return ["None."]
    unexplained = sum(reason is None for _, reason in explained)
    out = [f"{len(explained)} {'miss' if len(explained) == 1 else 'misses'}, "
           f"{len(explained) - unexplained} with a reason from the notes' "
           f"\"{REASONS_HEADING[3:]}\" (below), {unexplained} without.", ""]
    out += [f"- `{v.variant}`: {v.target}: {v.figure} — "
            + (f"why: {reason.why}" if reason else "**no reason given**")
            for v, reason in explained]
    used = {reason.line for _, reason in explained if reason}
    stale = [r for r in reasons if r.line not in used]
    if stale:
        out += ["", "Reasons that matched no miss in this run (notes line: shapes):", ""]
        out += [f"- {r.line}: {', '.join(f'`{s}`' for s in r.shapes)}" for r in stale]
    return out


def loudness(variants):
    """How loud the machine was: one thread's memcpy of the 256 MiB shapes, which all copy
    the same bytes, so their spread is the machine's, not the code's."""
    times = sorted(v.time("memcpy", 1) * 1e3 for v in variants
                   if v.shape.endswith("_256m") and v.time("memcpy", 1))
    if not times:
        return "no 256 MiB shape in this run"
    return (f"`memcpy` of 256 MiB on one thread took {times[0]:.1f}-{times[-1]:.1f} ms "
            f"(median {statistics.median(times):.1f}) over the run's {len(times)} "
            f"shape{'s' if len(times) != 1 else ''} of that size, which all copy the same bytes")


def render(document, variants, command, notes=""):
    context = document.get("context", {})
    verdicts = []
    rows = {v.prefix: evaluate(v, verdicts) for v in variants}
    all_threads = max((row["_all_threads"] for row in rows.values()), default=1)
    threads = [1] + ([all_threads] if all_threads > 1 else [])
    load = context.get("load_avg") or []
    ort = document.get("dmlconf_onnxruntime")
    ort_line = peer_line(ort, lambda c: f"onnxruntime-node {c.get('onnxruntime', '?')}, CPU EP, "
                                        f"Node {c.get('node', '?')}")
    numpy = document.get("dmlconf_numpy")
    numpy_line = peer_line(numpy, lambda c: f"NumPy {c.get('numpy', '?')}, Python "
                                            f"{c.get('python', '?')}, one thread, thread CPU time")

    out = ["# Benchmarks", "",
           "Generated by `tools/bench_report.py` from `reports/benchmarks.json`; do not edit by hand.",
           "", "## Machine", "",
           f"- CPU: {cpu_model()}, {os.cpu_count()} logical cores "
           f"(benchmark context: {context.get('num_cpus', '?')} CPUs at "
           f"{context.get('mhz_per_cpu', '?')} MHz)",
           f"- Run on: {context.get('date', '?')}; load average at start: "
           f"{', '.join(f'{x:.2f}' for x in load) or '?'}, at the end: "
           f"{', '.join(f'{x:.2f}' for x in document.get('dmlconf_load_end', [])) or '?'} "
           "(a shared machine)",
           f"- How loud: {loudness(variants)}",
           f"- ONNX Runtime peer: {ort_line}",
           f"- NumPy peer: {numpy_line}",
           f"- oneDNN peer: {context.get('onednn', '?')}; counting allocator: "
           f"{context.get('counting_allocations', '?')}",
           f"- Command: `{command}`", "",
           "## How to read", "",
           "Every figure is a ratio of two implementations measured on the same shape in the "
           "same binary (medians of the repetitions). `blocked/memcpy` is blocked's *time* "
           "over `memcpy`'s time for the same output bytes with the same number of threads "
           "(the threaded `memcpy` splits one copy over an OpenMP team): lower is better, 1.00 "
           "is memory speed. `naive/blocked` and `<peer>/blocked` are how many times faster "
           "blocked is (above 1: blocked wins). One-thread figures use CPU time, threaded ones "
           "wall time. `onnxruntime` is ONNX Runtime's CPU execution provider on a one-node "
           "model of the same shape and thread count, its time the node's kernel time from "
           "ORT's profiler (`benchmarks/ort_peer.js`: one profile per session, exactly one "
           "kernel event of the op per run, the output checked against the operator's at 64 "
           "elements; whole microseconds, so small shapes are coarse); a shape ORT refuses "
           "or whose time fails those checks shows \"–\", its reason listed at the end. "
           "`numpy` is NumPy's idiomatic call for the operator on one thread "
           "(`benchmarks/numpy_peer.py`), its time thread CPU time, the output checked against "
           "the operator's at 64 elements before timing; NumPy writes into a preallocated "
           "output where it takes `out=` or an in-place form, and a figure whose call "
           "allocates its result instead (`np.pad`, `np.tile`, `take_along_axis`, advanced "
           "indexing: allocation and first touch of its pages timed) is marked "
           "\"(allocates)\"; a shape NumPy cannot express shows \"–\", its reason listed "
           "at the end. "
           "A peer figure (shapes of 1 MiB or more) whose peer time is under "
           f"{PEER_MIN_MEMCPY_FRACTION:g}x `memcpy`'s time for the same bytes and threads "
           "would mean more than twice memory speed: it is marked IMPLAUSIBLE (with the "
           "peer's time over memcpy's) and judged neither way. `overhead ns` is blocked "
           "minus memcpy per call on the small problems; "
           "`alloc B/call` is the most bytes the blocked kernel allocated in one call "
           "(counting `malloc` interposed in the binary). Targets are judged for f32 and u8; "
           "other types are shown. Shapes named `*_256m` write 256 MiB, sized as eight times "
           "the 32 MiB L3 of the Zen 4 they were made on (the closing notes say what they are "
           "on a later machine). "
           f"A timed figure either of whose two medians varied by more than {CV_MAX:.0%} "
           "(coefficient of variation over the repetitions) is marked NOISY: it is shown but "
           "judged neither way, since on a shared machine it measures the neighbours.",
           "", "## Targets", ""]
    out += summarize(verdicts)
    columns = ([f"blocked/memcpy {t}T" for t in threads] + ["naive/blocked"]
               + [f"eigen/blocked 1T"] + [f"onednn/blocked {t}T" for t in threads]
               + [f"onnxruntime/blocked {t}T" for t in threads]
               # A JSON from before the NumPy peer re-renders without its column.
               + (["numpy/blocked 1T"] if numpy else []))
    for kind, title in (("long_runs", "Long contiguous runs"),
                        ("element_granular", "Element-granular"),
                        ("small", "Small problems")):
        chosen = [v for v in variants if v.kind == kind]
        if not chosen:
            continue
        extra = ["overhead ns"] if kind == "small" else []
        out += ["", f"## {title}", ""] + render_table(chosen, rows, columns + extra + ["alloc B/call"])
    out += render_protocol(document.get("dmlconf_protocol"))
    reasons = parse_reasons(notes)
    out += ["", "## Misses", ""] + render_misses(explain(verdicts, reasons), reasons)
    noisy = [v for v in verdicts if v.noisy]
    out += ["", "## Too noisy to judge", ""]
    out += [f"- `{v.variant}`: {v.target}: {v.figure} (cv {v.cv:.2f})" for v in noisy] or ["None."]
    implausible = [v for v in verdicts if v.implausible]
    out += ["", "## Implausible peer figures", ""]
    out += [f"- `{v.variant}`: {v.target}: {v.figure}" for v in implausible] or ["None."]
    out += render_peer_errors("onnxruntime", ort, variants)
    out += render_peer_errors("numpy", numpy, variants)
    if notes:
        out += ["", notes.rstrip()]
    return "\n".join(out) + "\n", verdicts


def self_test():
    """Renders made-up runs and checks the rules that guard the peers' figures:
    a peer faster than half memcpy's time is IMPLAUSIBLE and judged neither
    way, a peer's refusal is listed with its reason, a NumPy call that allocates
    its output is marked, figures of a peer without its checks are not shown, each
    miss carries the notes' reason that matches it or says it has none,
    and a JSON from before the NumPy peer re-renders. Returns the failures."""
    mib = 1 << 20

    def entry(prefix, impl, threads, seconds):
        return {"name": f"{prefix}/{impl}/threads:{threads}", "run_type": "iteration",
                "cpu_time": seconds * 1e9, "real_time": seconds * 1e9, "time_unit": "ns",
                "label": "long_runs", "output_bytes": 4 * mib, "alloc_bytes_per_call": 0}

    benchmarks = [entry("Split/big_256m/f32", "memcpy", 1, seconds) for seconds in (0.03, 0.05)]
    for shape in ("fast", "fair", "refused", "slow", "noisy"):
        benchmarks += [entry(f"Split/{shape}/f32", "memcpy", 1, 1e-3),
                       entry(f"Split/{shape}/f32", "blocked", 1, 1e-3)]
    ort = {"context": {"onnxruntime": "test", "checks": "test"}, "results": [
        {"name": "Split/fast/f32/onnxruntime/threads:1", "seconds": 1e-5, "cv": 0.0},
        {"name": "Split/fair/f32/onnxruntime/threads:1", "seconds": 2e-3, "cv": 0.0},
        {"name": "Split/refused/f32/onnxruntime/threads:1", "error": "no kernel for f32"}]}

    def numpy_result(shape, seconds, cv=0.0, allocates=False):
        return {"name": f"Split/{shape}/f32/numpy/threads:1", "seconds": seconds, "cv": cv,
                "runs": 5, "allocates": allocates, "checked": 64}
    numpy = {"context": {"numpy": "test", "python": "test", "checks": "test"}, "results": [
        numpy_result("fast", 1e-5), numpy_result("fair", 3e-3, allocates=True),
        {"name": "Split/refused/f32/numpy/threads:1", "error": "no NumPy formulation"},
        numpy_result("slow", 5e-4), numpy_result("noisy", 2e-3, cv=0.3)]}
    document = {"context": {}, "benchmarks": benchmarks, "dmlconf_onnxruntime": ort,
                "dmlconf_numpy": numpy}
    failures = []
    checks = 0

    def expect(condition, what):
        nonlocal checks
        checks += 1
        if not condition:
            failures.append(what)

    def section(markdown, title):
        return markdown.split(f"## {title}")[1].split("\n## ")[0]

    markdown, verdicts = render(document, collect(document), "self-test")
    by_shape = {v.variant: v for v in verdicts if "onnxruntime" in v.target}
    expect("0.01x IMPLAUSIBLE (0.01x memcpy's time)" in markdown,
           "a peer at 1/100 of memcpy's time is shown IMPLAUSIBLE")
    expect(by_shape["Split/fast/f32"].implausible and not by_shape["Split/fast/f32"].judged,
           "an IMPLAUSIBLE figure is judged neither way")
    expect("`Split/fast/f32`: blocked faster than onnxruntime" not in section(markdown, "Misses"),
           "an IMPLAUSIBLE figure is not a miss")
    expect("2.00x PASS" in markdown and by_shape["Split/fair/f32"].judged,
           "a plausible peer figure is judged")
    expect("- no kernel for f32: `Split/refused/f32` (1T)" in markdown,
           "a refused shape is listed with its reason")
    expect("| blocked faster than onnxruntime (1T, >= 1 MiB) | 1 | 0 | 0 | 1 |" in markdown,
           "the targets table counts 1 PASS and 1 IMPLAUSIBLE")

    # The NumPy peer: the same rules, and its allocating calls marked.
    numpy_verdicts = {v.variant: v for v in verdicts if "numpy" in v.target}
    expect("| blocked faster than numpy (1T, >= 1 MiB) | 1 | 1 | 1 | 1 |" in markdown,
           "NumPy's targets row: 1 PASS, 1 MISS, 1 NOISY, 1 IMPLAUSIBLE")
    expect("3.00x PASS (allocates)" in markdown, "an allocating NumPy figure is marked")
    expect("2.00x NOISY (cv 0.30)" in markdown and not numpy_verdicts["Split/noisy/f32"].judged,
           "a NumPy figure with cv 0.3 is NOISY and judged neither way")
    expect("- `Split/slow/f32`: blocked faster than numpy (1T, >= 1 MiB): 0.50x"
           in section(markdown, "Misses"), "NumPy at half blocked's time is a miss")
    expect(numpy_verdicts["Split/fast/f32"].implausible, "NumPy at 1/100 of memcpy: IMPLAUSIBLE")
    expect("- no NumPy formulation: `Split/refused/f32` (1T)"
           in section(markdown, "NumPy: shapes without a figure"),
           "a shape NumPy cannot do is listed with its reason")

    expect("- How loud: `memcpy` of 256 MiB on one thread took 40.0-40.0 ms (median 40.0) "
           "over the run's 1 shape of" in markdown, "the Machine section says how loud it was")

    # The notes' reasons: a miss printed with the row that matches it, a row that matches
    # no miss listed, a table outside the reasons' section ignored.
    notes = ("## Elsewhere\n\n| shapes | targets | why |\n| --- | --- | --- |\n"
             "| `Split/*` | `*` | not a reason. |\n\n" + REASONS_HEADING + "\n\n"
             "| shapes | targets | why |\n| --- | --- | --- |\n"
             "| `Join/*`, `Split/slow/*` | `blocked faster than numpy*` | NumPy's own loop. |\n"
             "| `Tile/*` | `long runs*` | nothing. |\n")
    misses = section(render(document, collect(document), "self-test", notes)[0], "Misses")
    expect("- `Split/slow/f32`: blocked faster than numpy (1T, >= 1 MiB): 0.50x — why: "
           "NumPy's own loop." in misses, "a miss is printed with the reason that matches it")
    expect("1 miss, 1 with a reason" in misses and "not a reason" not in misses,
           "only the reasons' own section gives reasons")
    expect("- 12: `Tile/*`" in misses, "a reason that matched no miss is listed by its line")
    expect("0.50x — **no reason given**" in section(markdown, "Misses"),
           "without the notes the same miss has no reason")

    del ort["context"]["checks"]
    del numpy["context"]["checks"]
    markdown, verdicts = render(document, collect(document), "self-test")
    expect(not any("onnxruntime" in v.target or "numpy" in v.target for v in verdicts),
           "no ONNX Runtime or NumPy figure from a peer without its checks")
    expect("ONNX Runtime figures come from `benchmarks/ort_peer.js` before its checks" in markdown
           and "NumPy figures come from `benchmarks/numpy_peer.py` before its checks"
           in markdown, "the report says why their figures are missing")

    del document["dmlconf_numpy"]
    markdown, verdicts = render(document, collect(document), "self-test")
    expect("NumPy peer: not run" in markdown and "numpy/blocked" not in markdown,
           "a JSON without NumPy figures renders without the NumPy column")
    for failure in failures:
        print(f"self-test FAILED: {failure}", file=sys.stderr)
    print(f"bench_report self-test: {checks} checks, {len(failures)} failed")
    return failures


def main():
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(1 if self_test() else 0)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--binary", help="the dmlconf_benchmarks binary to run")
    source.add_argument("--json", help="read this Google Benchmark JSON instead of running")
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--min-time", type=float, default=0.1)
    parser.add_argument("--out", default="reports/benchmarks.md")
    parser.add_argument("--json-out", default="reports/benchmarks.json",
                        help="where to keep the raw JSON of a run (with --binary)")
    parser.add_argument("--quick", action="store_true",
                        help="leave out the 256 MiB shapes (about half the run time)")
    parser.add_argument("--no-onnxruntime", action="store_true",
                        help="do not run the ONNX Runtime peer")
    parser.add_argument("--no-numpy", action="store_true", help="do not run the NumPy peer")
    parser.add_argument("--notes", default=os.path.join(ROOT, "benchmarks", "report_notes.md"),
                        help="markdown appended to the report: why each miss misses")
    parser.add_argument("--protocol-binary",
                        help="dmlconf_protocol_benchmarks (default: beside --binary); with "
                             "--json, runs it and adds its figures to that JSON")
    parser.add_argument("extra", nargs="*", help="more flags for the binary (after --)")
    args = parser.parse_args()

    if args.binary:
        extra = list(args.extra)
        if args.quick:
            extra.append("--benchmark_filter=^(?!.*_256m/)")
        load_start = os.getloadavg()
        path = run_binary(args.binary, args.repetitions, args.min_time, extra)
        # The binary takes its last --benchmark_filter; the peer gets the same.
        filters = [a.split("=", 1)[1] for a in extra if a.startswith("--benchmark_filter=")]
        skip = {peer for peer, off in (("onnxruntime", args.no_onnxruntime),
                                       ("numpy", args.no_numpy)) if off}
        peers = run_peers(args.binary, filters[-1] if filters else None,
                          os.cpu_count() or 1, skip)
        command = (f"tools/bench_report.py --binary {args.binary} --repetitions "
                   f"{args.repetitions} --min-time {args.min_time}"
                   + (" --quick" if args.quick else "")
                   + (" --no-onnxruntime" if args.no_onnxruntime else "")
                   + (" --no-numpy" if args.no_numpy else ""))
    else:
        path = args.json
        command = f"(unknown; rendered by tools/bench_report.py --json {args.json})"
    with open(path) as f:
        document = json.load(f)
    protocol_binary = args.protocol_binary or (
        os.path.join(os.path.dirname(args.binary), "dmlconf_protocol_benchmarks")
        if args.binary else None)
    if protocol_binary and os.path.exists(protocol_binary):
        document["dmlconf_protocol"] = run_protocol(protocol_binary, max(args.repetitions, 5))
        if not args.binary:  # keep the added figures with the run they were added to
            with open(args.json, "w") as f:
                json.dump(document, f, indent=1)
                f.write("\n")
    # The JSON remembers the run's command, so that a re-render names the run.
    command = document.setdefault("dmlconf_command", command)
    if args.binary:
        document["dmlconf_load_start"] = list(load_start)
        document["dmlconf_load_end"] = list(os.getloadavg())
        document.update(peers)
        os.makedirs(os.path.dirname(args.json_out) or ".", exist_ok=True)
        with open(args.json_out, "w") as f:
            json.dump(document, f, indent=1)
            f.write("\n")
        os.unlink(path)

    variants = collect(document)
    if not variants:
        sys.exit("bench_report: no benchmark results in the JSON")
    notes = ""
    if args.notes and os.path.exists(args.notes):
        with open(args.notes) as f:
            notes = f.read()
    markdown, verdicts = render(document, variants, command, notes)
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    with open(args.out, "w") as f:
        f.write(markdown)
    misses = sum(not v.passed and v.judged for v in verdicts)
    unexplained = sum(reason is None for _, reason in explain(verdicts, parse_reasons(notes)))
    noisy = sum(v.noisy for v in verdicts)
    implausible = sum(v.implausible for v in verdicts)
    passes = sum(v.passed and v.judged for v in verdicts)
    print(f"bench_report: wrote {args.out}: {passes} PASS, {misses} MISS "
          f"({unexplained} without a reason), {noisy} NOISY, "
          f"{implausible} IMPLAUSIBLE", file=sys.stderr)


if __name__ == "__main__":
    main()
