#!/usr/bin/env python3
"""What a dumped DirectML compute shader does, by its instructions: the evidence
ERRATA.md's "where it is decided" cites (issue 29). Reads the DXBC files
VKD3D_SHADER_DUMP_PATH leaves (DirectML's shaders as it handed them to Direct3D 12, before
vkd3d translates them) and prints, per file, its name as shader_census.py gives it (the
first 12 hex digits of its SHA-1), its size and how often each instruction occurs, by
the Direct3D 11 tokenized program format's opcode names:

    python3 tools/directml/dxbc_ops.py DUMP_DIR_OR_FILE... [--only HASH,...]

Only the instruction tokens are decoded (operands are skipped by each instruction's
length), which says, for example, whether a shader converts FLOAT16 through float32
(f16tof32 / f32tof16, or loads and stores through views declared float:
dcl_uav_typed(float)), reads a constant buffer (dcl_constantbuffer), or writes through a
typed view (store_uav_typed: converted to the view's format) or raw bytes (store_raw).
Standard library only.
"""
import argparse
import collections
import hashlib
import os
import struct
import sys

# Opcode numbers (bits 0-10 of an instruction token) of the instructions a data-movement
# shader uses; any other is printed as op_N.
NAMES = {
    0x00: "add", 0x01: "and", 0x02: "break", 0x03: "breakc", 0x12: "else", 0x15: "endif",
    0x16: "endloop", 0x18: "eq", 0x1b: "ftoi", 0x1c: "ftou", 0x1d: "ge", 0x1e: "iadd",
    0x1f: "if", 0x20: "ieq", 0x21: "ige", 0x22: "ilt", 0x23: "imad", 0x24: "imax",
    0x25: "imin", 0x26: "imul", 0x27: "ine", 0x28: "ineg", 0x29: "ishl", 0x2a: "ishr",
    0x2b: "itof", 0x2d: "ld", 0x30: "loop", 0x31: "lt", 0x32: "mad", 0x33: "min",
    0x34: "max", 0x35: "customdata", 0x36: "mov", 0x37: "movc", 0x38: "mul", 0x39: "ne",
    0x3b: "not", 0x3c: "or", 0x3e: "ret", 0x4c: "switch", 0x4e: "udiv", 0x4f: "ult",
    0x50: "uge", 0x51: "umul", 0x52: "umad", 0x53: "umax", 0x54: "umin", 0x55: "ushr",
    0x56: "utof", 0x57: "xor", 0x58: "dcl_resource", 0x59: "dcl_constantbuffer",
    0x5f: "dcl_input", 0x68: "dcl_temps", 0x69: "dcl_indexabletemp",
    0x6a: "dcl_globalflags", 0x79: "bufinfo", 0x82: "f32tof16", 0x83: "f16tof32",
    0x84: "uaddc", 0x85: "usubb", 0x86: "countbits", 0x8a: "ubfe", 0x8b: "ibfe",
    0x8c: "bfi", 0x8d: "bfrev", 0x9b: "dcl_thread_group", 0x9c: "dcl_uav_typed",
    0x9d: "dcl_uav_raw", 0x9e: "dcl_uav_structured", 0x9f: "dcl_tgsm_raw",
    0xa0: "dcl_tgsm_structured", 0xa1: "dcl_resource_raw",
    0xa2: "dcl_resource_structured", 0xa3: "ld_uav_typed", 0xa4: "store_uav_typed",
    0xa5: "ld_raw", 0xa6: "store_raw", 0xa7: "ld_structured", 0xa8: "store_structured",
    0xbe: "sync", 0xc9: "dtof", 0xca: "ftod",
}
CUSTOMDATA = 0x35
# A typed view's or resource's declaration ends with its return type, 4 bits a component:
# what a load from it gives and a store to it takes (converted to and from the view's
# format, e.g. DXGI_FORMAT_R16_FLOAT through float32).
TYPED_DECLARATIONS = {0x58, 0x9c}
RETURN_TYPES = {1: "unorm", 2: "snorm", 3: "sint", 4: "uint", 5: "float", 6: "mixed", 7: "double"}


def shader_code(data):
    """The SHEX (or SHDR) chunk's dwords of a DXBC container."""
    if data[:4] != b"DXBC":
        raise ValueError("not a DXBC container")
    count = struct.unpack_from("<I", data, 28)[0]
    for i in range(count):
        offset = struct.unpack_from("<I", data, 32 + 4 * i)[0]
        fourcc, size = data[offset:offset + 4], struct.unpack_from("<I", data, offset + 4)[0]
        if fourcc in (b"SHEX", b"SHDR"):
            return struct.unpack_from("<%dI" % (size // 4), data, offset + 8)
    raise ValueError("no SHEX or SHDR chunk")


def instructions(data):
    """Counter of instruction names."""
    code = shader_code(data)
    length = code[1]  # in dwords, the version and length tokens included
    counts = collections.Counter()
    at = 2
    while at < min(length, len(code)):
        token = code[at]
        opcode = token & 0x7ff
        size = code[at + 1] if opcode == CUSTOMDATA else (token >> 24) & 0x7f
        name = NAMES.get(opcode, "op_%d" % opcode)
        if opcode in TYPED_DECLARATIONS and size >= 2:
            kind = code[at + size - 1] & 0xf  # SM 5.0 ends with it; 5.1 too (space after)
            kind = kind or code[at + size - 2] & 0xf
            name += "(%s)" % RETURN_TYPES.get(kind, "?")
        counts[name] += 1
        at += max(size, 1)
    return counts


def files(paths):
    for path in paths:
        if os.path.isdir(path):
            for name in sorted(os.listdir(path)):
                if name.endswith(".dxbc"):
                    yield os.path.join(path, name)
        else:
            yield path


def main():
    p = argparse.ArgumentParser()
    p.add_argument("paths", nargs="+")
    p.add_argument("--only", help="comma-separated SHA-1 prefixes to print")
    a = p.parse_args()
    only = set(a.only.split(",")) if a.only else None
    for path in files(a.paths):
        with open(path, "rb") as f:
            data = f.read()
        name = hashlib.sha1(data).hexdigest()[:12]
        if only and name not in only:
            continue
        try:
            counts = instructions(data)
        except (ValueError, struct.error, IndexError) as e:
            print("%s %s: %s" % (name, path, e))
            continue
        ops = ", ".join("%s %d" % (op, n) for op, n in sorted(counts.items()))
        print("%s (%d bytes, %s): %s" % (name, len(data), os.path.basename(path), ops))
    return 0


if __name__ == "__main__":
    sys.exit(main())
