#!/usr/bin/env bash
# Renders the two benchmark scenes with flipbook and with the hand-written C floor
# (../shared/bench/floor.c), interleaved in one run, and prints for each scene:
#   wall time, CPU time (user + system) and peak RSS (medians of RUNS, whole process, measured
#   by bench/runstat.c) of flipbook and of the floor's `gifdiff exact`, and their ratios; GIF
#   bytes of both, gifsicle -O3 of the floor's GIF, ffmpeg's palettegen+paletteuse on our
#   truecolor PNG frames (encode time and bytes), PSNR/SSIM of each GIF against our truecolor
#   frames (../shared/bench/gifquality.py), and PNG frames: flipbook --frames against the
#   floor's `png` mode (Cairo's writer).
# Record the figures in docs/benchmarks.md.
# Usage: bench/render-vs-floor.sh [RUNS]   (needs ../shared/bench beside the repository)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
shared=${SHARED:-../shared}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for tool in gifsicle ffmpeg; do
  command -v "$tool" >/dev/null || apt-get install -y -qq "$tool" >/dev/null 2>&1 || echo "($tool not available)"
done
python3 -c "import numpy, PIL, skimage" 2>/dev/null || pip install -q numpy pillow scikit-image >/dev/null 2>&1 || echo "(gifquality.py needs numpy, Pillow, scikit-image)"
gcc -O2 -o "$work/floor" "$shared/bench/floor.c" $(pkg-config --cflags --libs cairo) -lgif -lm
gcc -O2 -o "$work/runstat" bench/runstat.c
make --no-print-directory flipbook >/dev/null 2>&1   # the release build users get (static runtime)
flipbook=.build/release/flipbook
scripts/release/check_layout.py "$flipbook"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# Appends "wall cpu maxrss-KB" of one run of the command to the file $1.
timed() { local out=$1; shift; "$work/runstat" "$@" >> "$out"; }
quality() { python3 "$shared/bench/gifquality.py" "$1" "$2" 2>/dev/null | python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print("%s dB mean, %s dB min, SSIM min %s" % (d["psnr_mean"], d["psnr_min"], d["ssim_min"]))' 2>/dev/null || echo "n/a"; }
for scene in pulse3 wave; do
  : > "$work/ours.t"; : > "$work/floor.t"
  for _ in $(seq "$runs"); do
    timed "$work/ours.t" "$flipbook" render "scenarios/bench-$scene.yaml" -o "$work/ours-$scene.gif" --quiet
    timed "$work/floor.t" "$work/floor" "$scene" gifdiff "$work" exact
  done
  ours_t=$(awk '{print $1}' "$work/ours.t" | median); ours_c=$(awk '{print $2}' "$work/ours.t" | median)
  ours_m=$(awk '{print $3}' "$work/ours.t" | median)
  floor_t=$(awk '{print $1}' "$work/floor.t" | median); floor_c=$(awk '{print $2}' "$work/floor.t" | median)
  floor_m=$(awk '{print $3}' "$work/floor.t" | median)
  ours_b=$(stat -c %s "$work/ours-$scene.gif"); floor_b=$(stat -c %s "$work/floor_${scene}_gifdiff_exact.gif")
  sicle="n/a"
  if command -v gifsicle >/dev/null; then gifsicle -O3 "$work/floor_${scene}_gifdiff_exact.gif" -o "$work/sicle.gif"; sicle=$(stat -c %s "$work/sicle.gif"); fi
  printf '%s: flipbook %ss wall %ss CPU %sKB RSS %s bytes | floor %ss wall %ss CPU %sKB RSS %s bytes | gifsicle -O3 of floor %s bytes\n' \
    "$scene" "$ours_t" "$ours_c" "$ours_m" "$ours_b" "$floor_t" "$floor_c" "$floor_m" "$floor_b" "$sicle"
  awk -v o="$ours_t" -v f="$floor_t" -v oc="$ours_c" -v fc="$floor_c" -v ob="$ours_b" -v sb="$sicle" -v om="$ours_m" -v fm="$floor_m" 'BEGIN {
    printf "  ratios: wall %.2fx floor, CPU %.2fx floor, bytes %s gifsicle -O3, RSS floor + %.1f MB\n", o / f, oc / fc,
      (sb == "n/a" ? "n/a" : sprintf("%.3fx", ob / sb)), (om - fm) / 1024 }'
  # Truecolor reference frames, and the PNG-frames comparison.
  : > "$work/png-ours.t"; : > "$work/png-floor.t"
  rm -rf "$work/frames" "$work/floorpng"; mkdir -p "$work/floorpng"
  timed "$work/png-ours.t" "$flipbook" render "scenarios/bench-$scene.yaml" --frames "$work/frames" --quiet
  timed "$work/png-floor.t" "$work/floor" "$scene" png "$work/floorpng"
  printf '  PNG frames: flipbook %ss (%s) | floor through Cairo'"'"'s writer %ss (%s)\n' \
    "$(awk '{print $1}' "$work/png-ours.t")" "$(du -sh "$work/frames" | cut -f1)" \
    "$(awk '{print $1}' "$work/png-floor.t")" "$(du -sh "$work/floorpng" | cut -f1)"
  fps=$(grep -E '^fps:' "scenarios/bench-$scene.yaml" | awk '{print $2}')
  if command -v ffmpeg >/dev/null; then
    start=$(date +%s.%N)
    ffmpeg -loglevel error -y -framerate "$fps" -i "$work/frames/frame-%04d.png" \
      -vf "split[a][b];[a]palettegen[p];[b][p]paletteuse" "$work/ffmpeg-$scene.gif"
    end=$(date +%s.%N)
    printf '  ffmpeg palettegen+paletteuse (encode only, from our PNG frames): %.2fs %s bytes\n' \
      "$(echo "$end - $start" | bc)" "$(stat -c %s "$work/ffmpeg-$scene.gif")"
  fi
  echo "  quality against our truecolor frames:"
  echo "    flipbook: $(quality "$work/frames/*.png" "$work/ours-$scene.gif")"
  echo "    floor:    $(quality "$work/frames/*.png" "$work/floor_${scene}_gifdiff_exact.gif")"
  [ -f "$work/ffmpeg-$scene.gif" ] && echo "    ffmpeg:   $(quality "$work/frames/*.png" "$work/ffmpeg-$scene.gif")"
done
