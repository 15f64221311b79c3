#!/usr/bin/env bash
# The project's lint (`make lint`, part of `make test`): the code is as swift-format lays it out
# with .swift-format (applied in one commit, listed in .git-blame-ignore-revs; run
# `scripts/format.sh` to apply it), and no line of code is over 140 characters (lines holding or
# inside a string literal are exempt: swift-format does not break strings, and a message or an
# HTML fragment reads best unbroken).
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Sources Tests Examples Fuzz/Sources Plugins Package.swift)
findings=$(swift format lint --strict --configuration .swift-format --recursive --parallel "${paths[@]}" 2>&1 || true)
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
  echo "lint: run scripts/format.sh to lay the code out as .swift-format says" >&2
  exit 1
fi
python3 scripts/api_coverage.py --check
echo "lint: swift-format layout and rules, and line length, pass"
