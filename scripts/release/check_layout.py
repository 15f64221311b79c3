#!/usr/bin/env python3
"""Checks that a release program was linked as the Makefile's RELEASE_BUILD asks: position
independent, relative relocations packed (RELR), and the functions of
scripts/release/hot-functions.txt placed together at the front of .text. A link that lost one of
those still works but maps megabytes more at every run (docs/benchmarks.md, "Memory: the
program's own pages").

Usage: check_layout.py PROGRAM [HOT_FUNCTIONS]
Prints what it found; exits 1 when a check fails.
"""
import os
import subprocess
import sys

# Unordered, the hot functions spread over the whole of .text (the last at ~96 %); ordered, they
# end within the first 40 % (the sections they share with cold code included).
HOT_SPAN_LIMIT = 0.5


def tool_output(*arguments):
    return subprocess.run(arguments, check=True, capture_output=True, text=True).stdout


def text_section(program):
    """(start address, size) of the program's .text."""
    for line in tool_output("readelf", "-SW", program).splitlines():
        fields = line.replace("[ ", "[").split()
        if len(fields) > 5 and fields[1] == ".text":
            return int(fields[3], 16), int(fields[5], 16)
    raise SystemExit(f"{program}: no .text section")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    program = sys.argv[1]
    default_list = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hot-functions.txt")
    hot_list = sys.argv[2] if len(sys.argv) > 2 else default_list
    failures = []

    header = tool_output("readelf", "-hW", program)
    if "DYN (Position-Independent Executable file)" not in header:
        failures.append("not a position-independent executable")
    dynamic = tool_output("readelf", "-dW", program)
    if "(RELR)" not in dynamic:
        failures.append("relative relocations not packed (no RELR entry)")

    addresses = {}
    for line in tool_output("nm", "--defined-only", program).splitlines():
        fields = line.split(None, 2)
        if len(fields) == 3:
            addresses[fields[2]] = int(fields[0], 16)
    with open(hot_list, encoding="utf-8") as names:
        listed = [name.rstrip("\n") for name in names if name.rstrip("\n") in addresses]
    start, size = text_section(program)
    span = max((addresses[name] - start for name in listed), default=size) / size
    if not listed or span > HOT_SPAN_LIMIT:
        failures.append(f"hot functions spread over {span:.0%} of .text (at most {HOT_SPAN_LIMIT:.0%} when ordered)")

    print(f"{program}: {len(listed)} hot functions within the first {span:.0%} of .text ({size / 2**20:.1f} MB)")
    for failure in failures:
        print(f"{program}: {failure}", file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
