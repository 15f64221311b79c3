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
if not files:
    failed += 1
    print("no scenarios found")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
