#!/usr/bin/env bash
# Writes the generated part of schema/scenario.schema.json (each animatable layer property, from
# LayerPropertyDescriptor.all: see ScenarioSchema) into the file; SchemaTests, in `make test`,
# fails while the file differs from what this writes.
set -euo pipefail
cd "$(dirname "$0")/.."
FLIPBOOK_RECORD_SCHEMA=1 swift test --filter SchemaTests
git --no-pager diff --stat -- schema/scenario.schema.json
