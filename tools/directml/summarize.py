#!/usr/bin/env python3
"""Turns a dmlconf run's report.json into the per operator x feature level table of
reports/directml/README.md (Markdown on stdout). Standard library only.

    python3 tools/directml/summarize.py reports/directml/report.json

A case's feature level is the one its name and file give (`fl2_1` is 2_1); external
vectors without one count under their `feature_level` field. Columns: cases, passed,
xfail, skipped, failed + error + xpass (0 in a clean run), padding writes (P1), the
sum of the cases' own `seconds` and that sum divided by the number of cases.
"""

import collections
import json
import sys

LEVELS = ["1_0", "2_0", "2_1", "3_0", "3_1", "4_0", "4_1", "5_0", "5_1", "5_2",
          "6_0", "6_1", "6_2", "6_3", "6_4"]


def level_key(level):
    return LEVELS.index(level) if level in LEVELS else len(LEVELS)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "reports/directml/report.json"
    with open(path) as f:
        report = json.load(f)
    rows = collections.defaultdict(lambda: collections.Counter())
    seconds = collections.defaultdict(float)
    for case in report["cases"]:
        key = (case["operator"], case.get("feature_level", "?"))
        rows[key][case["status"]] += 1
        rows[key]["cases"] += 1
        rows[key]["padding"] += 1 if case.get("padding_bytes_written") else 0
        seconds[key] += case.get("seconds") or 0.0

    print("| operator | level | cases | passed | xfail | skipped | failed/error/xpass | padding writes | seconds | ms per case |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    total = collections.Counter()
    total_seconds = 0.0
    for key in sorted(rows, key=lambda k: (k[0], level_key(k[1]))):
        c = rows[key]
        bad = c["failed"] + c["error"] + c["xpass"]
        print("| %s | %s | %d | %d | %d | %d | %d | %d | %.2f | %.2f |" % (
            key[0], key[1], c["cases"], c["passed"], c["xfail"], c["skipped"], bad,
            c["padding"], seconds[key], 1000 * seconds[key] / c["cases"]))
        total.update(c)
        total_seconds += seconds[key]
    bad = total["failed"] + total["error"] + total["xpass"]
    print("| **all** | | %d | %d | %d | %d | %d | %d | %.2f | %.2f |" % (
        total["cases"], total["passed"], total["xfail"], total["skipped"], bad, total["padding"],
        total_seconds, 1000 * total_seconds / max(total["cases"], 1)))


if __name__ == "__main__":
    main()
