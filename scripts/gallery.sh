#!/usr/bin/env bash
# Renders every seed scenario into out/gallery/ (GIF and filmstrip) and, when the reference
# material is there (../shared/reference/), a montage per seed with a GIF: the original frame
# and ours at the same instants, side by side and labelled with the time
# (`flipbook compare --against`), and one at the instant where they differ most (NAME-worst.png).
# Prints the render time and GIF size of each seed, and compare's figures (worst frame first).
# Usage: scripts/gallery.sh [FLIPBOOK] [REFERENCE_DIR]
set -euo pipefail
flipbook=${1:-.build/release/flipbook}
reference=${2:-../shared/reference}
out=out/gallery
mkdir -p "$out"

# seed scenario → original GIF (relative to the reference folder) and the instants to show.
montages=(
  "000-unread-refresh|seed000-unread-refresh/1.gif|1.05,1.8,3.3,5.1,5.8,7.28,7.88,8.92,9.36,9.8"
  "000-dots-on-arcs|seed000-unread-refresh/2.gif|0.5,1.2,1.35,1.5"
  "000-dots-pulse|seed000-unread-refresh/3.gif|0,0.15,0.5,0.85,1.26"
  "002-appcoda-letters|seed002-appcoda-letters/PullRefresh.gif|0.88,1.5,2.2,4.5,6.0,6.9,7.3,9.6"
  "003-wave|seed003-cbpulltoreflesh-wave/dailyui-094.gif|0.5,1.2,1.74,2.0,2.9,4.5,4.9,5.5"
)

total_start=$(date +%s.%N)
for scenario in scenarios/seeds/*.yaml; do
  name=$(basename "$scenario" .yaml)
  start=$(date +%s.%N)
  "$flipbook" render "$scenario" -o "$out/$name.gif" --filmstrip "$out/$name.png" > /dev/null
  end=$(date +%s.%N)
  printf '%-22s render %5.2f s  GIF %8d bytes\n' "$name" "$(awk "BEGIN { print $end - $start }")" "$(stat -c %s "$out/$name.gif")"
done
printf 'gallery total          render %5.2f s\n' "$(awk "BEGIN { print $(date +%s.%N) - $total_start }")"

if [ ! -d "$reference" ]; then
  echo "no $reference: montages against the original GIFs skipped"
  exit 0
fi
for entry in "${montages[@]}"; do
  IFS='|' read -r name original times <<< "$entry"
  [ -f "$reference/$original" ] || { echo "missing $reference/$original: $name skipped"; continue; }
  table=$("$flipbook" compare "scenarios/seeds/$name.yaml" --against "$reference/$original" \
    -o "$out/$name-vs-original.gif" --filmstrip "$out/$name-montage.png" --filmstrip-times "$times" --filmstrip-columns 2)
  sed -n '2,$p' <<< "$table" | sed "s/^/$name: /"
  # The worst frame's instant: the figure after the first "%" on the scene's row.
  worst=$(awk '$1 == "default" { for (i = 2; i < NF; i++) if ($i == "%") { print $(i + 1); exit } }' <<< "$table")
  if [ -n "$worst" ]; then
    "$flipbook" compare "scenarios/seeds/$name.yaml" --against "$reference/$original" -o "$out/.worst-$name.gif" \
      --filmstrip "$out/$name-worst.png" --filmstrip-times "$worst" > /dev/null 2>&1
    rm -f "$out/.worst-$name.gif"
  fi
done
echo "montages: $out/*-montage.png (original | ours at each instant); $out/*-worst.png at each seed's worst frame"
