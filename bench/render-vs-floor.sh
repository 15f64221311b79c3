#!/usr/bin/env bash
# Renders the two benchmark scenes with flipbook and with the hand-written C floor
# (../shared/bench/floor.c), in one run, and prints wall time, peak RSS and GIF bytes
# (plus gifsicle -O3 of the floor's GIF). Record the figures in docs/benchmarks.md.
# Usage: bench/render-vs-floor.sh [RUNS]   (needs ../shared/bench beside the repository)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
shared=${SHARED:-../shared}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v gifsicle >/dev/null || { apt-get install -y -qq gifsicle >/dev/null 2>&1 || echo "(gifsicle not available)"; }
gcc -O2 -o "$work/floor" "$shared/bench/floor.c" $(pkg-config --cflags --libs cairo) -lgif -lm
swift build -c release --product flipbook >/dev/null 2>&1
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for scene in pulse3 wave; do
  : > "$work/ours.t"; : > "$work/floor.t"
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -a -o "$work/ours.t" .build/release/flipbook render "scenarios/bench-$scene.yaml" -o "$work/ours-$scene.gif" --quiet
    /usr/bin/time -f "%e %M" -a -o "$work/floor.t" "$work/floor" "$scene" gifdiff "$work" exact >/dev/null
  done
  ours_t=$(awk '{print $1}' "$work/ours.t" | median); ours_m=$(awk '{print $2}' "$work/ours.t" | median)
  floor_t=$(awk '{print $1}' "$work/floor.t" | median); floor_m=$(awk '{print $2}' "$work/floor.t" | median)
  ours_b=$(stat -c %s "$work/ours-$scene.gif"); floor_b=$(stat -c %s "$work/floor_${scene}_gifdiff_exact.gif")
  sicle="n/a"
  if command -v gifsicle >/dev/null; then gifsicle -O3 "$work/floor_${scene}_gifdiff_exact.gif" -o "$work/sicle.gif"; sicle=$(stat -c %s "$work/sicle.gif"); fi
  printf '%s: flipbook %ss %sKB RSS %s bytes | floor %ss %sKB RSS %s bytes | gifsicle -O3 of floor %s bytes\n' \
    "$scene" "$ours_t" "$ours_m" "$ours_b" "$floor_t" "$floor_m" "$floor_b" "$sicle"
done
