#!/usr/bin/env bash
# Compares the public Swift API of the modules users import (directly or through the Flipbook
# product's re-exports) with the last release's, and fails on a break that
# scripts/api-breakage-allowlist.txt does not name as decided (CHANGELOG.md says why each is).
#
# `swift package diagnose-api-breaking-changes` compares library products' own modules only, and
# the Flipbook product re-exports FlipbookCore, FlipbookRender, … without declaring them, so it
# sees nothing there; this runs the same tool it runs (swift-api-digester) on every module.
#
# The allowlist holds one accepted break per line, exactly as printed here, and nothing else
# (swift-api-digester ignores a whole allowlist that has a comment line).
#
# Usage: scripts/api_breakage.sh [BASELINE]   (default: the tag v0.3.0, else its commit)
set -euo pipefail
cd "$(dirname "$0")/.."

baseline="${1:-}"
if [ -z "$baseline" ]; then
  baseline=$(git rev-parse -q --verify 'v0.3.0^{commit}' || echo fb591b257a0f0bc0ea8e22c7281aba09fa747a13)
fi
modules=(FlipbookCore FlipbookUIKit FlipbookRender FlipbookScenario FlipbookComparison FlipbookGolden FlipbookCompare FlipbookTesting FlipbookLottie
         QuartzCore Lottie ImageIO MobileCoreServices UniformTypeIdentifiers)
work=$(mktemp -d -t flipbook-api.XXXXXX)
trap 'git worktree remove --force "$work/baseline" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

# The digester loads each module as a client would: it needs the C modules' maps and headers.
digest() {  # tree build-dir module output
  local tree=$1 build=$2 module=$3 out=$4
  local args=(-dump-sdk -module "$module" -I "$build/Modules")
  while IFS= read -r map; do args+=(-Xcc "-fmodule-map-file=$map" -Xcc "-I$(dirname "$map")"); done < <(
    # A package plugin's tools are built a second time for the host (NAME-tool.build): one map each.
    find -L "$build" -maxdepth 2 -name module.modulemap -not -path '*-tool.build/*'
    find "$tree/Sources" -maxdepth 2 -name module.modulemap
    find -L "$(dirname "$build")/checkouts" -name module.modulemap 2>/dev/null)
  for inc in "$tree"/Sources/C*/include; do args+=(-Xcc "-I$inc"); done
  for flag in $(pkg-config --cflags-only-I cairo pangocairo libwebp 2>/dev/null); do args+=(-Xcc "$flag"); done
  swift-api-digester "${args[@]}" -o "$out" >/dev/null 2>&1 || return 1
  grep -q '"printedName": "NO_MODULE"' "$out" && return 1
  return 0
}

# The baseline's API is read once per commit and kept under .build (a clean clone reads it again).
cache=".build/api-baseline/$(git rev-parse "$baseline^{commit}")"
if [ ! -f "$cache/complete" ]; then
  echo "api: building the baseline ($(git rev-parse --short "$baseline"))"
  git worktree add -q --detach "$work/baseline" "$baseline"
  (cd "$work/baseline" && swift build -q --scratch-path "$work/baseline/.build" >/dev/null)
  rm -rf "$cache" && mkdir -p "$cache"
  for module in "${modules[@]}"; do
    [ -d "$work/baseline/Sources/$module" ] || continue
    if ! digest "$work/baseline" "$work/baseline/.build/debug" "$module" "$cache/$module.json"; then
      echo "api: could not read the baseline's $module (swift-api-digester failed)"
      exit 1
    fi
  done
  touch "$cache/complete"
fi
echo "api: building this tree"
swift build -q >/dev/null
this_build=".build/debug"

status=0
for module in "${modules[@]}"; do
  if [ ! -f "$cache/$module.json" ]; then
    echo "api: $module is new since the baseline"
    continue
  fi
  cp "$cache/$module.json" "$work/base-$module.json"
  if ! digest "$PWD" "$this_build" "$module" "$work/this-$module.json"; then
    echo "api: BREAK: module $module has been removed"
    status=1
    continue
  fi
  report="$work/$module.txt"
  swift-api-digester -diagnose-sdk -input-paths "$work/base-$module.json" -input-paths "$work/this-$module.json" \
    -breakage-allowlist-path scripts/api-breakage-allowlist.txt -o "$report" >/dev/null 2>&1 || true
  breaks=$(grep -v '^/\*' "$report" | grep -v '^\s*$' || true)
  if [ -n "$breaks" ]; then
    echo "api: BREAK in $module (add a deprecated forward, or name it in scripts/api-breakage-allowlist.txt and CHANGELOG.md):"
    echo "$breaks" | sed 's/^/  /'
    echo "  (to accept one, add its line as printed to the allowlist: no comments there, the digester"
    echo "   then reads none of it)"
    status=1
  else
    echo "api: $module keeps its $(git rev-parse --short "$baseline") API"
  fi
done
exit $status
