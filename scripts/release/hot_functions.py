#!/usr/bin/env python3
"""Prints the functions of PROGRAM that ran in the callgrind profiles given, one a line, in the
order the profiles first show them: the symbol ordering file the release link uses (Makefile,
RELEASE_BUILD).

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
    listed = {}
    for profile in profiles:
        for name in functions_that_ran(program, profile):
            if definitions[name] == 1:
                listed.setdefault(name, None)
    sys.stdout.write("".join(name + "\n" for name in listed))


if __name__ == "__main__":
    main()
