#!/usr/bin/env python3
"""Prints the functions of PROGRAM that ran in the callgrind profiles given, one a line: the
symbol ordering file the release link uses (Makefile, RELEASE_BUILD). Functions every profiled
command ran come first, then those fewer commands ran, each group in the order of the first
profile that ran them, by name within it: a run then touches few pages holding functions only
other commands need (sorting all by name cost pulse3 0.5 MB of resident code), and a new
recording moves only the functions that started or stopped running somewhere.

Usage: hot_functions.py PROGRAM PROFILE...

A name the program's symbol table holds more than once is left out: those are local helpers
(merged `...Tm` functions, outlined copies) that many object files define, and lld would move
every section defining one, with all the cold code sharing those sections, to the front.
"""
import collections
import os
import re
import subprocess
import sys


def functions_that_ran(program, profile):
    """Names callgrind saw running inside `program` (its `ob=` lines name the object file)."""
    names, objects, current, ran = {}, {}, None, []
    line_pattern = re.compile(r"^(c?fn|c?ob)=\((\d+)\)(?: (.*))?$")
    with open(profile, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            match = line_pattern.match(line.rstrip("\n"))
            if not match:
                continue
            kind, number, name = match.groups()
            if kind in ("ob", "cob"):
                if name:
                    objects[number] = name
                if kind == "ob":
                    current = os.path.realpath(objects.get(number, ""))
                continue
            if name:
                # callgrind marks recursion levels with a 'N suffix.
                names[number] = re.sub(r"'\d+$", "", name)
            if kind == "fn" and current == program:
                ran.append(names[number])
    return ran


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    program, profiles = os.path.realpath(sys.argv[1]), sys.argv[2:]
    symbols = subprocess.run(["nm", "--defined-only", program], check=True, capture_output=True, text=True)
    definitions = collections.Counter(line.split(None, 2)[2] for line in symbols.stdout.splitlines() if len(line.split(None, 2)) == 3)
    ran_in = collections.defaultdict(set)
    for index, profile in enumerate(profiles):
        for name in functions_that_ran(program, profile):
            if definitions[name] == 1:
                ran_in[name].add(index)
    order = sorted(ran_in, key=lambda name: (-len(ran_in[name]), min(ran_in[name]), name))
    sys.stdout.write("".join(name + "\n" for name in order))


if __name__ == "__main__":
    main()
