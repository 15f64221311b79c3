#!/usr/bin/env bash
# The project's lint (`make lint`, part of `make test`): swift-format's rules as .swift-format
# sets them (the ones the code follows; the layout it does not use is off, see below), and no
# line of code over 140 characters.
#
# swift-format's pretty printer would re-lay out most files (the project aligns continuation
# lines by hand and keeps short statements on one line), and its lint cannot leave the printer
# out, so its layout findings (Indentation, Spacing, AddLines, RemoveLine, TrailingComma,
# LineLength, EndOfLineComment) are dropped here; line length is checked below instead, with
# lines holding or inside a string literal exempt (a message or an HTML fragment reads best unbroken).
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Sources Tests Examples Fuzz/Sources Package.swift)
layout='\[(Indentation|Spacing|AddLines|RemoveLine|TrailingComma|LineLength|EndOfLineComment)\]'
findings=$(swift format lint --configuration .swift-format --recursive --parallel "${paths[@]}" 2>&1 | grep -vE "$layout" | grep -E "warning|error" || true)
long=$(find "${paths[@]}" -name '*.swift' -print0 | xargs -0 python3 -c '
import sys
for path in sys.argv[1:]:
    in_literal = False  # inside a """ multi-line string literal (help text, YAML, HTML)
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        exempt = in_literal or "\"" in line
        if line.count("\"\"\"") % 2 == 1:
            in_literal = not in_literal
        if len(line.rstrip("\n")) > 140 and not exempt:
            print(f"{path}:{number}: line of {len(line.rstrip())} characters (at most 140)")
')
if [[ -n "$findings$long" ]]; then
  printf '%s\n' "$findings" "$long" | grep -v '^$'
  exit 1
fi
echo "lint: swift-format rules and line length pass"
