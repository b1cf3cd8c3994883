#!/usr/bin/env python3
"""Counts the Khronos validation layer's messages by VUID, from the log a run under
DMLCONF_VULKAN_VALIDATION=FILE wrote (tools/directml/wine-run):

    python3 tools/directml/vulkan_validation/vuids.py FILE

One line per VUID: how often, and the Vulkan calls the messages name. Then whether any
message names a call made while a case's operator is dispatched (a command recorded into
the command buffer, a submission, a descriptor write or a compute pipeline): only those
could come from the dispatch that computes a deviation's values. Messages of
vkCreatePipelineLayout come from translating a root signature. Exit 0; 2 when the file
cannot be read. Standard library only.
"""
import collections
import re
import sys

MESSAGE = re.compile(r"^Validation (Error|Warning|Performance Warning|Information): \[ ([^ ]+) \]")
CALL = re.compile(r"^(vk[A-Za-z0-9]+)\(\)")
DISPATCH_CALLS = re.compile(r"^vk(Cmd|QueueSubmit|UpdateDescriptorSets|CreateComputePipelines)")


def read_messages(path):
    """(severity, VUID, call) per message: the call opens the line after the header."""
    messages, pending = [], None
    with open(path, errors="replace") as f:
        for line in f:
            header = MESSAGE.match(line)
            if header:
                pending = [header.group(1), header.group(2), "?"]
                messages.append(pending)
                continue
            call = CALL.match(line)
            if pending and call and pending[2] == "?":
                pending[2] = call.group(1)
    return messages


def main():
    if len(sys.argv) != 2:
        print("usage: vuids.py FILE", file=sys.stderr)
        return 2
    try:
        messages = read_messages(sys.argv[1])
    except OSError as e:
        print("vuids.py: %s" % e, file=sys.stderr)
        return 2
    counts = collections.Counter((m[0], m[1]) for m in messages)
    calls = collections.defaultdict(set)
    for severity, vuid, call in messages:
        calls[(severity, vuid)].add(call)
    for (severity, vuid), count in sorted(counts.items()):
        print("%s %s x%d (%s)" % (severity, vuid, count, ", ".join(sorted(calls[(severity, vuid)]))))
    at_dispatch = [m for m in messages if DISPATCH_CALLS.match(m[2])]
    print("%d messages, %d VUIDs; %d name a call of a dispatch%s" % (
        len(messages), len(counts), len(at_dispatch),
        "" if not at_dispatch else ": " + ", ".join(sorted({m[1] for m in at_dispatch}))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
