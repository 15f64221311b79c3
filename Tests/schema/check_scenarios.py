#!/usr/bin/env python3
"""Validates every scenario in scenarios/ against schema/scenario.schema.json.

The schema is what editors use (YAML language servers accept JSON Schema); the Swift loader
is stricter still. Prints one line per file and a closing 'N passed, N failed' line.
"""
import glob
import json
import os
import sys

import jsonschema
import yaml

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
schema = json.load(open(os.path.join(root, "schema", "scenario.schema.json")))
jsonschema.Draft7Validator.check_schema(schema)
validator = jsonschema.Draft7Validator(schema)
files = sorted(glob.glob(os.path.join(root, "scenarios", "**", "*.yaml"), recursive=True))
passed = failed = 0
for path in files:
    data = yaml.safe_load(open(path, encoding="utf-8"))
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.path))
    if errors:
        failed += 1
        for e in errors:
            print(f"{os.path.relpath(path, root)}: {'/'.join(map(str, e.path))}: {e.message}")
    else:
        passed += 1
        print(f"{os.path.relpath(path, root)}: valid")
# The schema must reject what the loader rejects for unknown keys.
bad = {"canvas": {"width": 10, "height": 10}, "duration": 1, "durration": 2}
if validator.is_valid(bad):
    failed += 1
    print("schema accepted an unknown top-level key")
else:
    passed += 1
# The loader takes a $parameter wherever a value goes; so must the schema (issue 23).
parameterised = yaml.safe_load("""
params: { w: 160, damp: 0.7, d: 0.4, c: "#ff0000", f: [0, 0, 10, 10], on: true }
canvas: { width: $w, height: 60, scale: 2 }
duration: $d
layers:
  - { id: box, frame: $f, backgroundColor: $c, hidden: $on }
  - id: table
    type: table
    frame: [0, 0, 160, 60]
    rows: { count: 5 }
refresh:
  headerHeight: 60
  refreshing:
    endsAfter: $d
    close: { duration: $d, curve: linear }
script:
  - { at: $d, animate: { duration: $d, damping: $damp }, set: { box.opacity: 0.5 } }
""")
for e in validator.iter_errors(parameterised):
    failed += 1
    print(f"parameterised fixture: {'/'.join(map(str, e.path))}: {e.message}")
if validator.is_valid(parameterised):
    passed += 1
if not files:
    failed += 1
    print("no scenarios found")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
