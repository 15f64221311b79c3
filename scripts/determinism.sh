#!/usr/bin/env bash
# The golden suite's result is the same bytes whatever the build and the thread count: records
# every scenario's goldens with the debug build on one thread, the debug build with two jobs on
# two threads and the release build with two jobs, and compares the three folders byte for
# byte (frames and manifests). Part of `make test` (docs/ci.md: goldens must match across machines).
# Usage: scripts/determinism.sh [DEBUG-FLIPBOOK] [RELEASE-FLIPBOOK]
set -euo pipefail
cd "$(dirname "$0")/.."
debug=${1:-.build/debug/flipbook}
release=${2:-.build/release/flipbook}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
CI=true "$debug" test --record all --golden-dir "$work/debug-1" --jobs 1 --threads 1 --artifacts "$work/a1" > /dev/null
CI=true "$debug" test --record all --golden-dir "$work/debug-2" --jobs 2 --threads 2 --artifacts "$work/a2" > /dev/null
CI=true "$release" test --record all --golden-dir "$work/release-2" --jobs 2 --threads 2 --artifacts "$work/a3" > /dev/null
files=$(find "$work/debug-1" -type f | wc -l)
diff -r "$work/debug-1" "$work/debug-2"
diff -r "$work/debug-1" "$work/release-2"
echo "determinism: $files golden files identical across debug (1 thread, 2 jobs × 2 threads) and release (2 jobs × 2 threads)"
