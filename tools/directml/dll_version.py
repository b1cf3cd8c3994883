#!/usr/bin/env python3
"""Prints a Windows DLL's file version ("1.15.4") from its version resource, read on
Linux without Windows: the VS_FIXEDFILEINFO structure, found by its signature.

    python3 tools/directml/dll_version.py DirectML.dll

VS_FIXEDFILEINFO starts with the signature 0xFEEF04BD and the structure version
0x00010000, then dwFileVersionMS (major << 16 | minor) and dwFileVersionLS (build << 16
| revision). The fourth part is printed only when it is not 0, as the host's describe
does. Exit 1, with the reason on stderr, when no such structure is in the file.
Standard library only.
"""

import struct
import sys

SIGNATURE = struct.pack("<II", 0xFEEF04BD, 0x00010000)


def file_version(data):
    at = data.find(SIGNATURE)
    if at < 0 or at + 16 > len(data):
        return None
    ms, ls = struct.unpack_from("<II", data, at + 8)
    parts = [ms >> 16, ms & 0xFFFF, ls >> 16, ls & 0xFFFF]
    if parts[3] == 0:
        parts.pop()
    return ".".join(str(p) for p in parts)


def main():
    if len(sys.argv) != 2:
        print("usage: dll_version.py FILE.dll", file=sys.stderr)
        return 2
    try:
        with open(sys.argv[1], "rb") as f:
            data = f.read()
    except OSError as e:
        print("dll_version.py: %s: %s" % (sys.argv[1], e.strerror), file=sys.stderr)
        return 1
    version = file_version(data)
    if version is None:
        print("dll_version.py: %s holds no VS_FIXEDFILEINFO (not a DLL with a version resource)"
              % sys.argv[1], file=sys.stderr)
        return 1
    print(version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
